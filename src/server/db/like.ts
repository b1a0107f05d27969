/**
 * A LIKE pattern matching `text` anywhere, its own characters (`%`, `_`, `!`) matching themselves: use it with
 * `escape '!'` (the same escape on both databases). Case is the caller's: lower both sides to ignore it.
 */
export const likeContains = (text: string): string => `%${text.replace(/[!%_]/g, (c) => `!${c}`)}%`;

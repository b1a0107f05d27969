/**
 * The encoding the app answers in, for an Accept-Encoding header: a kept answer (kept-answers.ts) is kept per
 * encoding served, not per header text, so that 2,000 ways of writing "gzip" are one answer, not 2,000
 * (docs/decisions/239). The app's own choice, in order:
 * - `br`, then `gzip`, each named with q > 0: the pre-compressed bodies (`preferredEncoding`, drinks.routes.ts);
 * - else Hono's `compress()` (app.ts): `gzip` or `deflate` named, or allowed by `*`, the higher q first;
 * - else none: `identity`.
 */
export const servedEncodings = ['br', 'gzip', 'deflate', 'identity'] as const;
export type ServedEncoding = (typeof servedEncodings)[number];

/** Each coding's q, as the header gives it (RFC 9110 §12.5.3): a name without q is 1. */
function qualities(header: string): Map<string, number> {
  const q = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const weight = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (name.trim()) q.set(name.trim(), weight === undefined ? 1 : Number(weight.slice(2)));
  }
  return q;
}

/** Named and not refused, as `preferredEncoding` reads it: only q=0 refuses. */
const named = (q: Map<string, number>, name: string) => q.has(name) && q.get(name) !== 0;
/** A weight Hono's `compress()` can rank: an unreadable q counts as refusing. */
const rank = (value: number | undefined) => (value !== undefined && Number.isFinite(value) ? value : 0);

export function servedEncoding(header: string | undefined): ServedEncoding {
  if (!header) return 'identity';
  const q = qualities(header);
  if (named(q, 'br')) return 'br';
  if (named(q, 'gzip')) return 'gzip';
  const wildcard = rank(q.get('*'));
  const gzip = q.has('gzip') ? rank(q.get('gzip')) : wildcard;
  const deflate = q.has('deflate') ? rank(q.get('deflate')) : wildcard;
  if (gzip > 0 && gzip >= deflate) return 'gzip';
  if (deflate > 0) return 'deflate';
  return 'identity';
}

/** The Accept-Encoding the app is asked with for an encoding: the shortest header it answers that way. */
export function acceptEncodingFor(encoding: ServedEncoding): string | undefined {
  return encoding === 'identity' ? undefined : encoding;
}

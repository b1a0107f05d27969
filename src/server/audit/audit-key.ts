import { createHash, createHmac, hash } from 'node:crypto';

/**
 * AUDIT_KEY (DESIGN.md, "The chain anchored outside the database"; docs/decisions/134): with it, every hash of
 * the chain is HMAC-SHA256 under it instead of SHA-256, so someone holding only the database cannot rebuild a
 * chain that verifies. It is the process's key, as the config is the process's: set once at start (main.ts,
 * `npm run audit:verify`), before the database is opened, and never written to the database.
 */
let key: Buffer | undefined;

export function setAuditKey(value: string | undefined): void {
  key = value ? Buffer.from(value, 'utf8') : undefined;
}

export const auditKeyed = (): boolean => key !== undefined;

/**
 * One link of the chain: hash(previous hash + canonical JSON of the event without its hash). `plain` for a
 * chain as the code before the key wrote it: what migrations 007 and 016 find (016's seal then hashes it
 * again under the key).
 */
export function chainHash(previousHash: string, eventJson: string, { plain = false } = {}): string {
  const text = previousHash + eventJson;
  if (key && !plain) return createHmac('sha256', key).update(text).digest('hex');
  // One call, no Hash object: every audited write hashes each of its events (Node >= 20.12).
  return hash('sha256', text, 'hex');
}

/**
 * PostgreSQL hashes at COMMIT in SQL (migration 011's trigger): it computes the same HMAC with its built-in
 * sha256 from the key's two padded blocks (RFC 2104: the key, hashed first when longer than SHA-256's
 * 64-byte block, zero-padded, XORed with 0x36 and 0x5c). They go to each connection as session settings
 * (database.ts), which live in the server's memory for that session only, never in a table.
 */
export function auditKeyPads(): { inner: string; outer: string } | null {
  if (!key) return null;
  const block = Buffer.alloc(64);
  (key.length > 64 ? createHash('sha256').update(key).digest() : key).copy(block);
  const xor = (byte: number) => Buffer.from(block.map((b) => b ^ byte)).toString('hex');
  return { inner: xor(0x36), outer: xor(0x5c) };
}

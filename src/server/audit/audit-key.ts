import { createHmac, hash } from 'node:crypto';

/**
 * AUDIT_KEY (DESIGN.md, "Books no one can rewrite"; docs/decisions/160): the key the app signs the chain's
 * heads with. The chain itself is plain SHA-256, computed where the order is decided (the app on SQLite, the
 * database's commit trigger on PostgreSQL); the key is used only here, in the app's process, and nothing the
 * database holds or receives contains it (decision 134's padded blocks sent as session settings are gone).
 * It is the process's key, set once at start (main.ts, the scripts) before the database is opened.
 */
let key: Buffer | undefined;

export function setAuditKey(value: string | undefined): void {
  key = value ? Buffer.from(value, 'utf8') : undefined;
}

export const auditKeyed = (): boolean => key !== undefined;

/**
 * One link of the chain: SHA-256 of the previous hash + the canonical JSON of the event without its hash.
 * `legacyKeyed`: a link written between decisions 134 and 160, an HMAC under the key (verify only: the
 * events up to `audit_head.keyed_until` were written so; migration 024).
 */
export function chainHash(previousHash: string, eventJson: string, { legacyKeyed = false } = {}): string {
  const text = previousHash + eventJson;
  if (legacyKeyed && key) return createHmac('sha256', key).update(text).digest('hex');
  // One call, no Hash object: every audited write hashes each of its events (Node >= 20.12).
  return hash('sha256', text, 'hex');
}

/**
 * A signed head: HMAC-SHA256 under the key over the head's seq and hash and the moment it was signed, as a
 * Certificate Transparency log signs its tree heads. Only the app computes it; the database stores the result.
 */
export function headSignature(seq: number, headHash: string, signedAt: string): string {
  if (!key) throw new Error('AUDIT_KEY is not set: there is nothing to sign heads with');
  return createHmac('sha256', key)
    .update(`fridge-check audit head\n${seq}\n${headHash}\n${signedAt}`)
    .digest('hex');
}

/** Whether a stored signed head (a row of `audit_signed_heads`) carries the key's signature. */
export function signatureHolds(head: {
  seq: number;
  hash: string;
  signed_at: string;
  signature: string;
}): boolean {
  return head.signature === headSignature(Number(head.seq), head.hash, head.signed_at);
}

import { createHmac, hkdfSync } from 'node:crypto';

/**
 * The key PMS and webhook secrets are sealed with (seventh stage, docs/decisions/234): `SECRETS_KEY`, 32 random
 * bytes written as 64 hex digits or as base64 (`openssl rand -base64 32`), or, when it is unset, a key derived
 * from `AUDIT_KEY` by HKDF-SHA256 under its own label, so the audit's signing key and this one are never the
 * same bytes. Pure: config.ts checks the format with it, secret-box.ts holds the process's keys.
 */

export const secretsKeyBytes = 32;

export const secretsKeyFormat =
  'SECRETS_KEY must be 32 bytes written as 64 hex digits or as base64 (make one with: openssl rand -base64 32)';

/** The 32 bytes SECRETS_KEY (or SECRETS_KEY_PREVIOUS) writes, or null when it is not a key of that format. */
export function parseSecretsKey(text: string): Buffer | null {
  const value = text.trim();
  if (/^[0-9a-f]{64}$/i.test(value)) return Buffer.from(value, 'hex');
  // Standard or URL-safe base64, padded or not: 43 or 44 characters for 32 bytes.
  if (!/^[A-Za-z0-9+/_-]{43}=?$/.test(value)) return null;
  const bytes = Buffer.from(value.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
  return bytes.length === secretsKeyBytes ? bytes : null;
}

/** HKDF's label for the secrets' key: the audit key's other uses hash under other texts. */
const derivedFromAuditKeyInfo = 'fridge-check secrets at rest v1';

/** The secrets' key when only AUDIT_KEY is set. */
export function secretsKeyFromAuditKey(auditKey: string): Buffer {
  return Buffer.from(
    hkdfSync(
      'sha256',
      Buffer.from(auditKey, 'utf8'),
      Buffer.alloc(0),
      derivedFromAuditKeyInfo,
      secretsKeyBytes,
    ),
  );
}

/**
 * A short name of a key, stored in front of each sealed secret: which key it needs, so a server started with
 * another says so instead of failing to open it. Eight hex digits of an HMAC: nothing of the key can be read
 * back from it.
 */
export function keyIdOf(key: Buffer): string {
  return createHmac('sha256', key).update('fridge-check secrets key id').digest('hex').slice(0, 8);
}

export type SecretsKeySource = 'SECRETS_KEY' | 'AUDIT_KEY';

export interface SecretsKeys {
  /** What new secrets are sealed with, and where it came from; none: stored in plain text (decision 234). */
  current: { key: Buffer; source: SecretsKeySource } | undefined;
  /** Keys secrets sealed before may be under: opened with them, sealed again under `current` at start. */
  previous: Buffer[];
}

/**
 * The keys a server has: SECRETS_KEY, else the one derived from AUDIT_KEY. SECRETS_KEY_PREVIOUS (a change of
 * key) and, when SECRETS_KEY is set beside AUDIT_KEY, the derived one (a move from the derived key to one of
 * its own) open what was sealed before.
 */
export function secretsKeysOf(config: {
  secretsKey: Buffer | undefined;
  secretsKeyPrevious: Buffer | undefined;
  auditKey: string | undefined;
}): SecretsKeys {
  const derived = config.auditKey === undefined ? undefined : secretsKeyFromAuditKey(config.auditKey);
  const current = config.secretsKey
    ? { key: config.secretsKey, source: 'SECRETS_KEY' as const }
    : derived
      ? { key: derived, source: 'AUDIT_KEY' as const }
      : undefined;
  const previous = [config.secretsKeyPrevious, config.secretsKey ? derived : undefined].filter(
    (key): key is Buffer => key !== undefined && !key.equals(current?.key ?? Buffer.alloc(0)),
  );
  return { current, previous };
}

import { createHmac, randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from '../config';
import { isSealed, openSecret, SecretUnreadableError, sealSecret, setSecretsKeys } from './secret-box';
import { keyIdOf, parseSecretsKey, secretsKeyFromAuditKey, secretsKeysOf } from './secrets-key';

const place = { purpose: 'webhook', address: 'https://pms.example.com/hooks' };
const keysWith = (secretsKey?: Buffer, options: { previous?: Buffer; auditKey?: string } = {}) =>
  secretsKeysOf({ secretsKey, secretsKeyPrevious: options.previous, auditKey: options.auditKey });
const unreadable = (stored: string, at = place) => {
  try {
    openSecret(stored, at);
  } catch (error) {
    expect(error).toBeInstanceOf(SecretUnreadableError);
    return (error as Error).message;
  }
  throw new Error('it opened');
};

describe('SECRETS_KEY: its format, checked at start', () => {
  it('takes 32 bytes as 64 hex digits or as base64 (standard or URL-safe, padded or not)', () => {
    const key = randomBytes(32);
    for (const text of [
      key.toString('hex'),
      key.toString('hex').toUpperCase(),
      key.toString('base64'),
      key.toString('base64url'),
      ` ${key.toString('base64')}\n`,
    ])
      expect(parseSecretsKey(text)?.equals(key), text).toBe(true);
  });

  it('refuses anything else at start with what to do, never repeating the value', () => {
    for (const bad of [
      'short',
      randomBytes(16).toString('base64'),
      randomBytes(48).toString('hex'),
      'z'.repeat(64),
    ]) {
      expect(parseSecretsKey(bad), bad).toBeNull();
      let message = '';
      try {
        parseConfig({ SECRETS_KEY: bad });
      } catch (error) {
        expect(error).toBeInstanceOf(ConfigError);
        message = (error as Error).message;
      }
      expect(message).toContain('SECRETS_KEY must be 32 bytes written as 64 hex digits or as base64');
      expect(message).toContain('openssl rand -base64 32');
      expect(message).not.toContain(bad);
    }
    expect(() => parseConfig({ SECRETS_KEY_PREVIOUS: 'short' })).toThrow(
      /SECRETS_KEY_PREVIOUS must be 32 bytes/,
    );
    const key = randomBytes(32);
    expect(parseConfig({ SECRETS_KEY: key.toString('base64') }).secretsKey?.equals(key)).toBe(true);
    expect(parseConfig({}).secretsKey).toBeUndefined();
  });

  it('unset, the key is derived from AUDIT_KEY by HKDF under its own label: not the audit key, nor its HMAC', () => {
    const auditKey = 'k3y-that-lives-only-in-the-environment-0123456789';
    const derived = secretsKeyFromAuditKey(auditKey);
    expect(derived).toHaveLength(32);
    expect(derived.equals(secretsKeyFromAuditKey(auditKey))).toBe(true);
    expect(derived.equals(secretsKeyFromAuditKey(`${auditKey}!`))).toBe(false);
    expect(derived.equals(Buffer.from(auditKey).subarray(0, 32))).toBe(false);
    expect(derived.equals(createHmac('sha256', auditKey).update('').digest())).toBe(false);
    expect(keysWith(undefined, { auditKey }).current).toEqual({ key: derived, source: 'AUDIT_KEY' });
    // SECRETS_KEY wins; the derived key still opens what it sealed (a move to a key of its own).
    const own = randomBytes(32);
    expect(keysWith(own, { auditKey })).toEqual({
      current: { key: own, source: 'SECRETS_KEY' },
      previous: [derived],
    });
    expect(keysWith(undefined)).toEqual({ current: undefined, previous: [] });
  });
});

describe('sealing a secret (AES-256-GCM)', () => {
  afterEach(() => setSecretsKeys(keysWith(undefined)));

  it('seals with a version, the key id and a random nonce, and opens to the same text', () => {
    const key = randomBytes(32);
    setSecretsKeys(keysWith(key));
    const secret = 'whsec_c2VjcmV0LXRoYXQtbXVzdC1uZXZlci1iZS1zdG9yZWQtcGxhaW4=';
    const one = sealSecret(secret, place);
    const two = sealSecret(secret, place);
    expect(one).toMatch(new RegExp(`^fcs1\\.${keyIdOf(key)}\\.[A-Za-z0-9_-]+$`));
    expect(one).not.toBe(two);
    expect(one).not.toContain(secret);
    expect(one).not.toContain(Buffer.from(secret).toString('base64url'));
    expect(isSealed(one)).toBe(true);
    expect(openSecret(one, place)).toBe(secret);
    expect(openSecret(two, place)).toBe(secret);
  });

  it('opens only for the same purpose and address: a secret moved in the database does not open', () => {
    setSecretsKeys(keysWith(randomBytes(32)));
    const sealed = sealSecret('cb-key-0123456789', place);
    expect(unreadable(sealed, { ...place, address: 'https://collector.example/steal' })).toMatch(
      /does not open: it was changed in the database, or its address was/,
    );
    expect(unreadable(sealed, { ...place, purpose: 'pms cloudbeds apiKey' })).toMatch(/does not open/);
    const [v, id, body = ''] = sealed.split('.');
    const flipped = `${body.slice(0, 20)}${body[20] === 'A' ? 'B' : 'A'}${body.slice(21)}`;
    expect(unreadable(`${v}.${id}.${flipped}`)).toMatch(/does not open/);
    expect(unreadable(`${v}.${id}.AAAA`)).toMatch(/does not open/);
  });

  it('under another key: says which key it needs and which this server has, never a garbled secret', () => {
    const old = randomBytes(32);
    setSecretsKeys(keysWith(old));
    const sealed = sealSecret('cb-key-0123456789', place);
    const other = randomBytes(32);
    setSecretsKeys(keysWith(other));
    expect(unreadable(sealed)).toBe(
      `it was encrypted under another key (key id ${keyIdOf(old)}) than this server's (key id ${keyIdOf(other)}): start the server with the key it was stored under (or give that one as SECRETS_KEY_PREVIOUS), or enter the secret again`,
    );
    setSecretsKeys(keysWith(undefined));
    expect(unreadable(sealed)).toMatch(/this server has neither SECRETS_KEY nor AUDIT_KEY/);
    // The old key as SECRETS_KEY_PREVIOUS opens it.
    setSecretsKeys(keysWith(other, { previous: old }));
    expect(openSecret(sealed, place)).toBe('cb-key-0123456789');
  });

  it('without a key, a secret is stored as it is, and a plain one is always read', () => {
    expect(sealSecret('cb-key-0123456789', place)).toBe('cb-key-0123456789');
    setSecretsKeys(keysWith(randomBytes(32)));
    expect(openSecret('cb-key-0123456789', place)).toBe('cb-key-0123456789');
  });
});

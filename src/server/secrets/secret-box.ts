import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { keyIdOf, type SecretsKeySource, type SecretsKeys } from './secrets-key';

/**
 * PMS and webhook secrets at rest (seventh stage, docs/decisions/234): AES-256-GCM under the process's key,
 * never the database's. A sealed secret is `fcs1.<key id>.<base64url of nonce, ciphertext and tag>`: the
 * version says how to open it, the key id which key it needs, the 12-byte nonce is random for each seal.
 *
 * Each is bound (GCM's additional data) to what it is for and the address it goes to: a secret moved to another
 * row, or its row's address changed in the database, does not open, so even someone who can write the database
 * cannot send a stored secret to an address of their choosing.
 *
 * With no key (neither SECRETS_KEY nor AUDIT_KEY) secrets are stored as they are, as before this stage, and the
 * server and the Integrations page say so. A stored secret without the prefix is such a plain one, always read.
 * Like AUDIT_KEY, the keys are the process's, set once at start (main.ts) before the database is opened.
 */

const version = 'fcs1';
const nonceBytes = 12;
const tagBytes = 16;

let keys: SecretsKeys = { current: undefined, previous: [] };
let currentId: string | undefined;
let byId = new Map<string, Buffer>();

export function setSecretsKeys(next: SecretsKeys): void {
  keys = next;
  currentId = next.current ? keyIdOf(next.current.key) : undefined;
  byId = new Map(next.previous.map((key) => [keyIdOf(key), key]));
  if (next.current && currentId) byId.set(currentId, next.current.key);
}

/** Whether new secrets are sealed (a key is set), and with which variable's key. */
export const secretsKeySource = (): SecretsKeySource | null => keys.current?.source ?? null;

/** What a secret is for and the address it goes to: it opens only for the same two. */
export interface SecretPlace {
  purpose: string;
  address: string;
}

const additionalData = ({ purpose, address }: SecretPlace) =>
  Buffer.from(`fridge-check secret\n${purpose}\n${address}`, 'utf8');

/** A secret that cannot be opened here: why, in words an operator can act on. */
export class SecretUnreadableError extends Error {}

export const isSealed = (stored: string): boolean => stored.startsWith(`${version}.`);

/** Sealed under this server's current key: nothing to do at start. Plain ones are not, when there is a key. */
export const sealedUnderCurrentKey = (stored: string): boolean =>
  isSealed(stored) ? stored.split('.')[1] === currentId : currentId === undefined;

/** The secret as stored: sealed under the current key, or itself when there is none. */
export function sealSecret(secret: string, place: SecretPlace): string {
  if (!keys.current || !currentId) return secret;
  const nonce = randomBytes(nonceBytes);
  const cipher = createCipheriv('aes-256-gcm', keys.current.key, nonce);
  cipher.setAAD(additionalData(place));
  const body = Buffer.concat([nonce, cipher.update(secret, 'utf8'), cipher.final(), cipher.getAuthTag()]);
  return `${version}.${currentId}.${body.toString('base64url')}`;
}

/** The secret a stored value holds; throws SecretUnreadableError, never a wrong secret (GCM checks it). */
export function openSecret(stored: string, place: SecretPlace): string {
  if (!isSealed(stored)) return stored;
  const [, id = '', text = ''] = stored.split('.');
  const key = byId.get(id);
  if (!key) {
    throw new SecretUnreadableError(
      currentId
        ? `it was encrypted under another key (key id ${id}) than this server's (key id ${currentId}): start the server with the key it was stored under (or give that one as SECRETS_KEY_PREVIOUS), or enter the secret again`
        : `it is encrypted (key id ${id}) and this server has neither SECRETS_KEY nor AUDIT_KEY: start it with the key it was stored under`,
    );
  }
  const body = Buffer.from(text, 'base64url');
  try {
    if (body.length < nonceBytes + tagBytes) throw new Error('too short');
    const decipher = createDecipheriv('aes-256-gcm', key, body.subarray(0, nonceBytes));
    decipher.setAAD(additionalData(place));
    decipher.setAuthTag(body.subarray(body.length - tagBytes));
    return Buffer.concat([
      decipher.update(body.subarray(nonceBytes, body.length - tagBytes)),
      decipher.final(),
    ]).toString('utf8');
  } catch {
    throw new SecretUnreadableError(
      'it does not open: it was changed in the database, or its address was (a stored secret goes only to the address it was given for); enter it again',
    );
  }
}

import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Db } from '../db/database';

const secretKey = 'sticker_key_secret';

/** One secret per database, read once per process (the settings row is written once and never changes). */
const secrets = new WeakMap<Db, Promise<Buffer>>();

async function readOrCreateSecret(db: Db): Promise<Buffer> {
  const read = () =>
    db.kysely.selectFrom('settings').select('value').where('key', '=', secretKey).executeTakeFirst();
  const stored = await read();
  if (stored) return Buffer.from(stored.value, 'base64');
  // Two servers starting together agree on whichever secret was stored first.
  await db.kysely
    .insertInto('settings')
    .values({ key: secretKey, value: randomBytes(32).toString('base64') })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  const winner = await read();
  if (!winner) throw new Error('Could not store the sticker key secret');
  return Buffer.from(winner.value, 'base64');
}

function secretOf(db: Db): Promise<Buffer> {
  let secret = secrets.get(db);
  if (!secret) {
    secret = readOrCreateSecret(db);
    secret.catch(() => secrets.delete(db));
    secrets.set(db, secret);
  }
  return secret;
}

const keyWith = (secret: Buffer, bungalow: number) =>
  createHmac('sha256', secret).update(`bungalow:${bungalow}`).digest('base64url').slice(0, 22);

/**
 * The key `k` a bungalow's QR sticker carries: an HMAC of its number under a secret kept in the settings
 * (128 bits, base64url). A check sent from a page opened through the sticker carries it, and the server knows
 * it came from someone standing at that fridge, not from a script (docs/decisions/130-verified-checks.md).
 */
export async function stickerKeyOf(db: Db, bungalow: number): Promise<string> {
  return keyWith(await secretOf(db), bungalow);
}

export async function isStickerKey(db: Db, bungalow: number, key: string | undefined): Promise<boolean> {
  if (key === undefined) return false;
  const expected = Buffer.from(keyWith(await secretOf(db), bungalow));
  const given = Buffer.from(key);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { Db } from '../db/database';
import type { Database } from '../db/tables';

const secretKey = 'sticker_key_secret';

/** A sticker key lets at most this many checks an hour a bungalow through the public limits (decision 165). */
export const stickerChecksPerHour = 60;

type Reader = Kysely<Database> | Transaction<Database>;

/**
 * The secret, read each time: another app server may have rotated it a moment ago (an old key must count as
 * no key at once, everywhere). Created on first use; two servers starting together agree on the first stored.
 */
async function readOrCreateSecret(db: Reader): Promise<Buffer> {
  const read = () =>
    db.selectFrom('settings').select('value').where('key', '=', secretKey).executeTakeFirst();
  const stored = await read();
  if (stored) return Buffer.from(stored.value, 'base64');
  await db
    .insertInto('settings')
    .values({ key: secretKey, value: randomBytes(32).toString('base64') })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  const winner = await read();
  if (!winner) throw new Error('Could not store the sticker key secret');
  return Buffer.from(winner.value, 'base64');
}

/** Generation 0 (never rotated on its own) keeps the message of the first stickers, so they stay valid. */
const keyWith = (secret: Buffer, bungalow: number, generation: number) =>
  createHmac('sha256', secret)
    .update(generation === 0 ? `bungalow:${bungalow}` : `bungalow:${bungalow}:${generation}`)
    .digest('base64url')
    .slice(0, 22);

async function generationsOf(db: Reader, bungalows: number[]): Promise<Map<number, number>> {
  if (bungalows.length === 0) return new Map();
  const rows = await db
    .selectFrom('sticker_key_generations')
    .select(['bungalow', 'generation'])
    .where('bungalow', 'in', bungalows)
    .execute();
  return new Map(rows.map((row) => [Number(row.bungalow), Number(row.generation)]));
}

/**
 * The keys `k` the bungalows' QR stickers carry: an HMAC of the number (and how often its key was rotated)
 * under a secret kept in the settings (128 bits, base64url). A check sent from a page opened through the
 * sticker carries it, and the server knows it came from someone standing at that fridge, not from a script
 * (docs/decisions/130-verified-checks.md, 165-sticker-keys-rotated-and-capped.md).
 */
export async function stickerKeysOf(db: Db, bungalows: number[]): Promise<Map<number, string>> {
  const secret = await readOrCreateSecret(db.kysely);
  const generations = await generationsOf(db.kysely, bungalows);
  return new Map(
    bungalows.map((bungalow) => [bungalow, keyWith(secret, bungalow, generations.get(bungalow) ?? 0)]),
  );
}

export async function stickerKeyOf(db: Db, bungalow: number): Promise<string> {
  return (await stickerKeysOf(db, [bungalow])).get(bungalow) ?? '';
}

export async function isStickerKey(db: Db, bungalow: number, key: string | undefined): Promise<boolean> {
  if (key === undefined) return false;
  const expected = Buffer.from(await stickerKeyOf(db, bungalow));
  const given = Buffer.from(key);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * Rotates one bungalow's key (its generation moves on) or every key (a new secret): the old keys then count
 * as no key. Inside the caller's transaction, beside its audit event.
 */
export async function rotateStickerKeys(trx: Transaction<Database>, bungalow: number | null): Promise<void> {
  if (bungalow === null) {
    const secret = randomBytes(32).toString('base64');
    await trx
      .insertInto('settings')
      .values({ key: secretKey, value: secret })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value: secret }))
      .execute();
    return;
  }
  await trx
    .insertInto('sticker_key_generations')
    .values({ bungalow, generation: 1 })
    .onConflict((oc) =>
      oc
        .column('bungalow')
        .doUpdateSet((eb) => ({ generation: eb('sticker_key_generations.generation', '+', 1) })),
    )
    .execute();
}

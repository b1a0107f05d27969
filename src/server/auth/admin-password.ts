import type { Db } from '../db/database';
import { generatePassword, hashPassword } from './password';

const HASH_KEY = 'admin_password_hash';

export interface AdminPasswordResult {
  hash: string;
  /** Set only on the start that generated it, so it can be printed exactly once. */
  generated?: string;
}

/**
 * ADMIN_PASSWORD wins when set (hashed in memory only). Otherwise the first start generates one and keeps
 * only its hash; two servers starting together agree on whichever hash was stored first.
 */
export async function resolveAdminPassword(
  db: Db,
  configured: string | undefined,
): Promise<AdminPasswordResult> {
  if (configured !== undefined) return { hash: await hashPassword(configured) };
  const stored = await readStoredHash(db);
  if (stored) return { hash: stored };
  const generated = generatePassword();
  const hash = await hashPassword(generated);
  const inserted = await db.kysely
    .insertInto('settings')
    .values({ key: HASH_KEY, value: hash })
    .onConflict((oc) => oc.column('key').doNothing())
    .executeTakeFirst();
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 1) return { hash, generated };
  const winner = await readStoredHash(db);
  if (!winner) throw new Error('Could not store the generated admin password hash');
  return { hash: winner };
}

async function readStoredHash(db: Db): Promise<string | undefined> {
  const row = await db.kysely
    .selectFrom('settings')
    .select('value')
    .where('key', '=', HASH_KEY)
    .executeTakeFirst();
  return row?.value;
}

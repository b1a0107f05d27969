import { createHmac, randomBytes } from 'node:crypto';
import { type Kysely, sql, type Transaction } from 'kysely';
import { erasedGuestName, guestRefOf } from '../../shared/privacy';
import type { Database } from '../db/tables';
import { revealStaffTexts } from './staff-texts';

/**
 * Personal data's one home (DESIGN.md, "Guests' personal data"). A guest is a row of `guests`, named
 * elsewhere by its reference `guest:<id>`. The audit never holds a guest's name or email: an event carries a
 * token `{guest, hmac}` in the value's place, the HMAC-SHA256 of the value under the guest's own random key.
 * The value itself sits in `guest_values` beside that key. The chain hashes the token, so erasing the value and
 * the key changes no event, and leaves a commitment nobody can test a guess against (decision 120).
 */

type Writer = Transaction<Database> | Kysely<Database>;

/** What stands in an audit event where a guest's name or email was. */
export interface GuestToken {
  guest: string;
  hmac: string;
}

export const newGuestKey = (): string => randomBytes(32).toString('base64url');

export const commitmentOf = (key: string, value: string): string =>
  createHmac('sha256', Buffer.from(key, 'base64url')).update(value, 'utf8').digest('hex');

export function isGuestToken(value: unknown): value is GuestToken {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
  const keys = Object.keys(value);
  const token = value as Record<string, unknown>;
  return (
    keys.length === 2 &&
    typeof token.guest === 'string' &&
    typeof token.hmac === 'string' &&
    token.guest.startsWith('guest:')
  );
}

/** A guest's email as compared: the same address in any case is the same address. */
export const emailKeyOf = (email: string | null | undefined): string | null =>
  email ? email.trim().toLowerCase() : null;

/** A guest's name as compared: spaces trimmed and folded, any case (decision 167). */
export const nameKeyOf = (name: string): string => name.trim().replace(/\s+/g, ' ').toLowerCase();

/**
 * The guest a stay or the spec's Guest record is about. A guest is a person: an email and a name together
 * (two people sharing an email are two guests, decision 167), and the newest guest not erased with both is
 * reused (a returning guest is one guest). Otherwise `current` (the guest the record had) is kept when it
 * still fits: neither it nor the new values have an email (a name corrected), or it had none and now gets
 * one. Else a new guest. The guest's values become the latest seen.
 */
export async function guestFor(
  trx: Transaction<Database>,
  values: { name: string; email: string | null },
  at: string,
  current: number | null = null,
): Promise<number> {
  const emailKey = emailKeyOf(values.email);
  const nameKey = nameKeyOf(values.name);
  let id: number | null = null;
  if (emailKey) {
    const found = await trx
      .selectFrom('guests')
      .select('id')
      .where('email_key', '=', emailKey)
      .where('name_key', '=', nameKey)
      .where('erased_at', 'is', null)
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
    id = found ? Number(found.id) : null;
  }
  if (id === null && current !== null) {
    const row = await trx
      .selectFrom('guests')
      .select(['email_key', 'name_key', 'erased_at'])
      .where('id', '=', current)
      .executeTakeFirst();
    // With an email on both sides only the same person fits, and that was looked for above.
    if (row && row.erased_at === null && (row.email_key === null || emailKey === null)) id = current;
  }
  if (id === null) {
    const inserted = await trx
      .insertInto('guests')
      .values({
        name: values.name,
        name_key: nameKey,
        email: values.email,
        email_key: emailKey,
        commit_key: newGuestKey(),
        created_at: at,
        changed_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return Number(inserted.id);
  }
  await trx
    .updateTable('guests')
    .set({
      name: values.name,
      name_key: nameKey,
      ...(emailKey ? { email: values.email, email_key: emailKey } : {}),
      changed_at: at,
    })
    .where('id', '=', id)
    .execute();
  return id;
}

/**
 * The token of a guest's value for an audit event, its value kept in `guest_values` (null stays null: an
 * absent email is no personal data).
 */
export async function guestToken(
  trx: Transaction<Database>,
  guestId: number,
  value: string | null,
): Promise<GuestToken | null> {
  if (value === null) return null;
  const guest = await trx
    .selectFrom('guests')
    .select('commit_key')
    .where('id', '=', guestId)
    .executeTakeFirst();
  // An erased guest's record still open somewhere holds "Erased guest", which is nobody's data.
  if (!guest?.commit_key) return { guest: guestRefOf(guestId), hmac: '' };
  const hmac = commitmentOf(guest.commit_key, value);
  await trx
    .insertInto('guest_values')
    .values({ guest_id: guestId, hmac, value })
    .onConflict((oc) => oc.columns(['guest_id', 'hmac']).doNothing())
    .execute();
  return { guest: guestRefOf(guestId), hmac };
}

/** Tokens of several fields of one guest: `{guestName: token, ...}`, nulls kept. */
export async function guestTokens<K extends string>(
  trx: Transaction<Database>,
  guestId: number,
  fields: Partial<Record<K, string | null>>,
): Promise<Partial<Record<K, GuestToken | null>>> {
  const out: Partial<Record<K, GuestToken | null>> = {};
  for (const [key, value] of Object.entries(fields) as [K, string | null | undefined][]) {
    if (value === undefined) continue;
    out[key] = await guestToken(trx, guestId, value);
  }
  return out;
}

const isEmailField = (key: string) => /e-?mail/i.test(key);

function collectTokens(value: unknown, into: Set<string>) {
  if (isGuestToken(value)) {
    into.add(value.hmac);
    return;
  }
  if (Array.isArray(value)) for (const item of value) collectTokens(item, into);
  else if (value !== null && typeof value === 'object')
    for (const inner of Object.values(value)) collectTokens(inner, into);
}

function replaceTokens(value: unknown, key: string, values: Map<string, string>, only?: string): unknown {
  if (isGuestToken(value)) {
    // One guest's export: another guest's value in a shared event (a stay handed from one guest to the next)
    // is not theirs to see; its reference stays, without the value.
    if (only !== undefined && value.guest !== only) return value;
    const known = values.get(value.hmac);
    if (known !== undefined) return known;
    return isEmailField(key) ? null : erasedGuestName;
  }
  if (Array.isArray(value)) return value.map((item) => replaceTokens(item, key, values, only));
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value).map(([inner, item]) => [inner, replaceTokens(item, inner, values, only)]),
  );
}

/**
 * Details with every token replaced by its value, or by "Erased guest" (an email by null) once the guest is
 * erased, and the staff's texts by theirs (staff-texts.ts): what the Activity page and the owner's exports show. One read for all the details given. With
 * `only` (a `guest:<id>`), only that guest's values are revealed: a guest's export shows no one else's.
 */
export async function revealGuestValues<T>(kysely: Writer, given: T[], only?: string): Promise<T[]> {
  // The staff's free text (a void's reason) as it is now, beside the guests' values (decision 168).
  const details = await revealStaffTexts(kysely, given);
  const hmacs = new Set<string>();
  for (const item of details) collectTokens(item, hmacs);
  if (hmacs.size === 0) return details;
  const values = new Map<string, string>();
  const list = [...hmacs];
  for (let i = 0; i < list.length; i += 500) {
    const rows = await kysely
      .selectFrom('guest_values')
      .select(['hmac', 'value'])
      .where('hmac', 'in', list.slice(i, i + 500))
      .execute();
    for (const row of rows) values.set(row.hmac, row.value);
  }
  return details.map((item) => replaceTokens(item, '', values, only) as T);
}

/** SQLite only: what the WAL still holds goes into the file and the WAL is cut to nothing. */
export async function checkpointWal(kysely: Kysely<Database>): Promise<void> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const { rows } = await sql<{ busy: number }>`pragma wal_checkpoint(TRUNCATE)`.execute(kysely);
    if (!rows[0] || Number(rows[0].busy) === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 50 * (attempt + 1)));
  }
}

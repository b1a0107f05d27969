import type { Kysely, Transaction } from 'kysely';
import { addDays, localDayOf, startOfLocalDay } from '../../shared/local-days';
import { appendAudit, type Change, subject } from '../audit/audit-log';
import type { Db } from '../db/database';
import type { Database } from '../db/tables';
import { HttpError, notFound, validationFailed } from '../http/errors';
import { documentUpdate, readTaxContext } from '../tax/tax-documents';

/**
 * A full tax invoice's buyer block (the company that asked for it) is kept as long as the Revenue Code keeps
 * the books (§87/3): 5 years from the last day the month's return could be filed, the 23rd of the month after
 * the month of issue (DESIGN.md, "Books an accountant files"), even once the guest whose checkout it is has been
 * erased; then it goes with the rest. Owner and manager may extend one invoice's hold to a later day (an audit
 * in progress): `held_until`, never shortened.
 */

type Reader = Kysely<Database> | Transaction<Database>;

/** The longest a hold reaches from the day it is set (seventh stage): an audit in progress extends it again. */
export const maxHoldYears = 10;

/** The same day `years` later (29 February to 28 February in a common year). */
function addYears(day: string, years: number): string {
  const [year = 0, month = 1, date = 1] = day.split('-').map(Number);
  const target = year + years;
  const last = new Date(Date.UTC(target, month, 0)).getUTCDate();
  return `${String(target).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(Math.min(date, last)).padStart(2, '0')}`;
}

/** Years the Revenue Code keeps the books, counted from the return's filing deadline. */
export const legalHoldYears = 5;

/** The day of the month after the month of issue by which the month's output-tax return is filed (P.P.30). */
export const filingDeadlineDay = 23;

/** The last day an invoice of `month` (YYYY-MM, the month of its number) is held by law: YYYY-MM-DD. */
export function legalHoldLastDay(month: string): string {
  const [year = 0, monthNumber = 1] = month.split('-').map(Number);
  // The month after, then 5 years on: November 2026 → 23 December 2026 → 23 December 2031.
  const next = monthNumber === 12 ? { y: year + 1, m: 1 } : { y: year, m: monthNumber + 1 };
  return `${String(next.y + legalHoldYears).padStart(4, '0')}-${String(next.m).padStart(2, '0')}-${filingDeadlineDay}`;
}

/** The instant (ISO 8601 UTC) an invoice stops being held: the end of its last day, or of an extension's. */
export function legalHoldEnd(month: string, heldUntil: string | null, timeZone: string): string {
  const law = startOfLocalDay(addDays(legalHoldLastDay(month), 1), timeZone);
  return heldUntil && heldUntil > law ? heldUntil : law;
}

/** The last day (YYYY-MM-DD, the resort's zone) an invoice is held: the day before its hold ends. */
export const heldThrough = (end: string, timeZone: string): string =>
  localDayOf(Date.parse(end) - 1, timeZone);

const heldBuyerColumns = {
  buyer_name: null,
  buyer_address: null,
  buyer_tax_id: null,
  buyer_branch: null,
} as const;

/**
 * Per guest, the last day (YYYY-MM-DD, the resort's zone) the latest-held full invoice on their checkouts keeps
 * its buyer block; a guest with none still held at `now` is not in the map.
 */
export async function legalHoldUntil(
  db: Reader,
  guestIds: number[],
  now: number,
): Promise<Map<number, string>> {
  const out = new Map<number, string>();
  if (guestIds.length === 0) return out;
  const rows = await db
    .selectFrom('tax_documents as d')
    .innerJoin('checkouts as c', 'c.id', 'd.checkout_id')
    .select(['c.guest_id', 'd.month', 'd.held_until'])
    .where('d.type', '=', 'full')
    .where('c.guest_id', 'in', guestIds)
    .execute();
  if (rows.length === 0) return out;
  const { timeZone } = await readTaxContext(db);
  const ends = new Map<number, string>();
  for (const row of rows) {
    const end = legalHoldEnd(row.month, row.held_until, timeZone);
    const guestId = Number(row.guest_id);
    if (Date.parse(end) <= now) continue;
    if ((ends.get(guestId) ?? '') < end) ends.set(guestId, end);
  }
  for (const [guestId, end] of ends) out.set(guestId, heldThrough(end, timeZone));
  return out;
}

/**
 * Every buyer block of a full invoice on an erased guest's checkouts whose hold is over at `now` is erased
 * (`guestId` narrows it to one guest, at that guest's erasure). Returns how many blocks went.
 */
export async function eraseHeldBuyers(db: Reader, now: number, guestId?: number): Promise<number> {
  const candidates = await db
    .selectFrom('tax_documents')
    .select(['checkout_id', 'id', 'month', 'held_until'])
    .where('type', '=', 'full')
    .where('buyer_name', 'is not', null)
    .where('checkout_id', 'in', (eb) =>
      eb
        .selectFrom('checkouts as c')
        .innerJoin('guests as g', 'g.id', 'c.guest_id')
        .select('c.id')
        .where('g.erased_at', 'is not', null)
        .$if(guestId !== undefined, (qb) => qb.where('g.id', '=', guestId ?? 0)),
    )
    .execute();
  if (candidates.length === 0) return 0;
  const { timeZone } = await readTaxContext(db);
  let erased = 0;
  for (const row of candidates) {
    if (Date.parse(legalHoldEnd(row.month, row.held_until, timeZone)) > now) continue;
    const result = await db
      .updateTable('tax_documents')
      .set(heldBuyerColumns)
      .where('checkout_id', '=', row.checkout_id)
      .where('id', '=', row.id)
      .executeTakeFirst();
    erased += Number(result.numUpdatedRows);
  }
  return erased;
}

/**
 * `PUT /api/tax/documents/:number/hold`: a full invoice's buyer block held through `until` (YYYY-MM-DD, the
 * resort's zone), a day later than its hold runs now; audited `document.hold_extended`. 404 for an unknown
 * number, 409 `not_held` for an abbreviated one or one whose buyer block is gone, 422 for a day not later.
 */
export async function extendHold(
  { kysely }: Db,
  number: string,
  until: string,
  change: Change,
): Promise<{ number: string; heldUntil: string }> {
  return kysely.transaction().execute(async (trx) => {
    const document = await trx
      .selectFrom('tax_documents as d')
      .innerJoin('checkouts as c', 'c.id', 'd.checkout_id')
      .select([
        'd.id',
        'd.checkout_id',
        'd.type',
        'd.month',
        'd.held_until',
        'd.buyer_name',
        'd.replaces',
        'c.bungalow',
      ])
      .where('d.number', '=', number)
      .executeTakeFirst();
    if (!document) throw notFound('Tax document');
    if (document.type !== 'full' || document.buyer_name === null) {
      throw new HttpError(409, 'not_held', 'Only a full tax invoice with its buyer block is held');
    }
    const { timeZone } = await readTaxContext(trx);
    const current = legalHoldEnd(document.month, document.held_until, timeZone);
    const end = startOfLocalDay(addDays(until, 1), timeZone);
    if (end <= current) {
      const through = heldThrough(current, timeZone);
      throw validationFailed(`The hold already runs through ${through}: pick a later day`, [
        { path: 'until', message: `Pick a day after ${through}` },
      ]);
    }
    // Seventh stage: at most 10 years from today (a later audit extends it again), never "for ever".
    const latest = addYears(localDayOf(change.at, timeZone), maxHoldYears);
    if (until > latest) {
      throw validationFailed(`A hold runs at most ${maxHoldYears} years: pick a day up to ${latest}`, [
        { path: 'until', message: `Pick a day up to ${latest}` },
      ]);
    }
    await documentUpdate(trx, document).set({ held_until: end }).execute();
    // The documents it replaced (a corrected buyer's cancelled invoice) are the same sale's record: held as long.
    let replaces = document.replaces;
    while (replaces) {
      const replaced = await trx
        .selectFrom('tax_documents')
        .select(['id', 'checkout_id', 'held_until', 'replaces'])
        .where('number', '=', replaces)
        .executeTakeFirst();
      if (!replaced) break;
      if ((replaced.held_until ?? '') < end)
        await documentUpdate(trx, replaced).set({ held_until: end }).execute();
      replaces = replaced.replaces;
    }
    await appendAudit(trx, {
      ...change,
      action: 'document.hold_extended',
      subject: subject('checkout', document.checkout_id),
      details: { bungalow: document.bungalow, number, until },
    });
    return { number, heldUntil: until };
  });
}

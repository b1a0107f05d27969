import type { Kysely, Transaction } from 'kysely';
import { localDayOf } from '../../shared/local-days';
import type { Database } from '../db/tables';
import { readTaxContext } from '../tax/tax-documents';

/**
 * A full tax invoice's buyer block (the company that asked for it) is kept the Revenue Code's 5 years after the
 * invoice, even once the guest whose checkout it is has been erased; then it goes with the rest (DESIGN.md,
 * "Guests' personal data", "Erase"). Each invoice is held for its own 5 years.
 */

type Reader = Kysely<Database> | Transaction<Database>;

/** Years the Revenue Code keeps a tax invoice. */
export const legalHoldYears = 5;

const yearsFrom = (at: string | number, years: number): Date => {
  const date = new Date(at);
  date.setUTCFullYear(date.getUTCFullYear() + years);
  return date;
};

/** The instant an invoice issued at `issuedAt` stops being held. */
export const legalHoldEnd = (issuedAt: string): string => yearsFrom(issuedAt, legalHoldYears).toISOString();

const heldBuyerColumns = {
  buyer_name: null,
  buyer_address: null,
  buyer_tax_id: null,
  buyer_branch: null,
} as const;

/**
 * Per guest, the day (YYYY-MM-DD, the resort's zone) until which the latest full invoice on their checkouts
 * keeps its buyer block; a guest with none still held at `now` is not in the map.
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
    .select(['c.guest_id', (eb) => eb.fn.max('d.issued_at').as('latest')])
    .where('d.type', '=', 'full')
    .where('c.guest_id', 'in', guestIds)
    .groupBy('c.guest_id')
    .execute();
  const held = rows.filter((row) => Date.parse(legalHoldEnd(String(row.latest))) > now);
  if (held.length === 0) return out;
  const { timeZone } = await readTaxContext(db);
  for (const row of held)
    out.set(Number(row.guest_id), localDayOf(legalHoldEnd(String(row.latest)), timeZone));
  return out;
}

/**
 * Every buyer block of a full invoice on an erased guest's checkouts whose 5 years are over at `now` is erased
 * (`guestId` narrows it to one guest, at that guest's erasure). Returns how many blocks went.
 */
export async function eraseHeldBuyers(db: Reader, now: number, guestId?: number): Promise<number> {
  const issuedBefore = yearsFrom(now, -legalHoldYears).toISOString();
  const result = await db
    .updateTable('tax_documents')
    .set(heldBuyerColumns)
    .where('type', '=', 'full')
    .where('buyer_name', 'is not', null)
    .where('issued_at', '<=', issuedBefore)
    .where('checkout_id', 'in', (eb) =>
      eb
        .selectFrom('checkouts as c')
        .innerJoin('guests as g', 'g.id', 'c.guest_id')
        .select('c.id')
        .where('g.erased_at', 'is not', null)
        .$if(guestId !== undefined, (qb) => qb.where('g.id', '=', guestId ?? 0)),
    )
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

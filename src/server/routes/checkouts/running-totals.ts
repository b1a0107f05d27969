import type { QueryCreator, Transaction } from 'kysely';
import type { CheckoutLine } from '../../../shared/api-types';
import { quarterHourOf } from '../../../shared/local-days';
import { isPostgres } from '../../db/database';
import type { Database } from '../../db/tables';

/**
 * The running totals (consumption per quarter hour, restock pending per bungalow), kept in the transaction of
 * the checkout, revision or void that moves them. Call these last in that transaction: their rows are shared
 * by every checkout of the quarter hour and locked from the upsert to the commit, so any statement after them
 * makes every other checkout wait one more round trip.
 */

type Trx = Transaction<Database>;
type CountedLine = Pick<CheckoutLine, 'drinkName' | 'quantity' | 'lineTotal'>;

interface Counted {
  bungalow: number;
  createdAt: string;
  lines: readonly CountedLine[];
}

interface DrinkDelta {
  drinkName: string;
  units: number;
  thb: number;
}

/**
 * What `after` adds to `before`, summed per drink name and sorted. One row per key in a multi-row upsert
 * (PostgreSQL refuses to update a row twice in one statement), and every transaction locks the running-total
 * rows in the same order (drink names, consumption before restock): concurrent checkouts queue on those rows
 * instead of deadlocking.
 */
function deltaByDrinkName(before: readonly CountedLine[], after: readonly CountedLine[]): DrinkDelta[] {
  const sums = new Map<string, { units: number; thb: number }>();
  const add = (lines: readonly CountedLine[], sign: 1 | -1) => {
    for (const line of lines) {
      const sum = sums.get(line.drinkName) ?? { units: 0, thb: 0 };
      sum.units += sign * line.quantity;
      sum.thb += sign * line.lineTotal;
      sums.set(line.drinkName, sum);
    }
  };
  add(before, -1);
  add(after, 1);
  return [...sums.entries()]
    .filter(([, sum]) => sum.units !== 0 || sum.thb !== 0)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([drinkName, sum]) => ({ drinkName, ...sum }));
}

/**
 * A checkout's units leave or change on the restock list only while its bungalow has not been restocked since
 * it was recorded: a restock already made up for them. New checkouts are always pending, so a checkout made
 * in the same millisecond as a restock counts as after it.
 */
async function pendingSinceRestock(trx: Trx, checkout: Counted): Promise<boolean> {
  const lastRestock = await trx
    .selectFrom('restocks')
    .select('restocked_at')
    .where('bungalow', '=', checkout.bungalow)
    .orderBy('restocked_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  return !lastRestock || checkout.createdAt >= lastRestock.restocked_at;
}

/**
 * Applies a change to the running totals: one upsert per table, consumption first, rows in drink-name order.
 * Callers run it as the last statement of their transaction, so the hot rows (today's drinks) stay locked
 * only for the commit.
 */
async function applyDelta(
  trx: Trx,
  { bungalow, createdAt }: Pick<Counted, 'bungalow' | 'createdAt'>,
  deltas: DrinkDelta[],
  pending: boolean,
): Promise<void> {
  if (deltas.length === 0) return;
  const bucket = quarterHourOf(createdAt);
  const consumption = (db: QueryCreator<Database>) =>
    db
      .insertInto('consumption_quarter')
      .values(deltas.map((d) => ({ bucket, drink_name: d.drinkName, units: d.units, thb: d.thb })))
      .onConflict((oc) =>
        oc.columns(['bucket', 'drink_name']).doUpdateSet((eb) => ({
          units: eb('consumption_quarter.units', '+', eb.ref('excluded.units')),
          thb: eb('consumption_quarter.thb', '+', eb.ref('excluded.thb')),
        })),
      );
  const unitDeltas = pending ? deltas.filter((d) => d.units !== 0) : [];
  const restock = (db: QueryCreator<Database>) =>
    db
      .insertInto('restock_pending')
      .values(unitDeltas.map((d) => ({ bungalow, drink_name: d.drinkName, units: d.units })))
      .onConflict((oc) =>
        oc.columns(['bungalow', 'drink_name']).doUpdateSet((eb) => ({
          // A fridge never lacks fewer than nothing, whatever an old database's rows say.
          units: eb
            .case()
            .when(eb('restock_pending.units', '+', eb.ref('excluded.units')), '>', 0)
            .then(eb('restock_pending.units', '+', eb.ref('excluded.units')))
            .else(0)
            .end(),
        })),
      );
  if (unitDeltas.length === 0) {
    await consumption(trx).execute();
  } else if (isPostgres(trx)) {
    // One statement, not two: these rows are locked until the commit, and every other checkout of the
    // quarter-hour waits for them, so a round trip less here is one less for all of them. PostgreSQL runs an
    // unreferenced data-modifying WITH after the main statement: consumption is still locked before restock.
    const withRestock = trx.with('restock', (db) => restock(db).returning('units'));
    // The creator knows one more table (the CTE), which the consumption insert does not read.
    await consumption(withRestock as unknown as QueryCreator<Database>).execute();
  } else {
    await consumption(trx).execute();
    await restock(trx).execute();
  }
}

/** Called inside the checkout's own transaction, so the totals never disagree with the checkouts. */
export async function countCheckout(trx: Trx, checkout: Counted): Promise<void> {
  await applyDelta(trx, checkout, deltaByDrinkName([], checkout.lines), true);
}

/** Takes a voided checkout out of the totals. */
export async function uncountCheckout(trx: Trx, checkout: Counted): Promise<void> {
  const pending = await pendingSinceRestock(trx, checkout);
  await applyDelta(trx, checkout, deltaByDrinkName(checkout.lines, []), pending);
}

/**
 * A revision replaces the lines of a checkout: its consumption moves by the difference, on the day it was
 * first recorded (the record keeps its created_at), and so does its bungalow's restock list.
 */
export async function reviseCheckout(
  trx: Trx,
  checkout: Counted & { previousLines: readonly CountedLine[] },
): Promise<void> {
  const pending = await pendingSinceRestock(trx, checkout);
  await applyDelta(trx, checkout, deltaByDrinkName(checkout.previousLines, checkout.lines), pending);
}

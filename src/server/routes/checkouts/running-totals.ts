import type { QueryCreator, Transaction } from 'kysely';
import type { CheckoutLine } from '../../../shared/api-types';
import { quarterHourOf } from '../../../shared/local-days';
import { isPostgres } from '../../db/database';
import type { Database } from '../../db/tables';
import {
  costSoldBy,
  type SalesDelta,
  type SoldCost,
  salesDeltas,
  upsertSales,
} from '../../stock/sales-figures';

/**
 * The running totals (consumption per quarter hour, restock pending per bungalow, the margin's sales figures
 * of stock/sales-figures.ts), kept in the transaction of the checkout, revision or void that moves them. Call
 * these last in that transaction: their rows are shared by every checkout of the quarter hour and locked from
 * the upsert to the commit, so any statement after them makes every other checkout wait one more round trip.
 */

type Trx = Transaction<Database>;
type CountedLine = Pick<CheckoutLine, 'drinkId' | 'drinkName' | 'quantity' | 'lineTotal'>;

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
 * Applies a change to the running totals: one upsert per table, consumption first, rows in drink-name order
 * (then the sales figures, in drink-id order: a checkout meets a sales row only with the consumption row of
 * the same drink, locked before it). Callers run it as the last statement of their transaction, so the hot
 * rows (today's drinks) stay locked only for the commit.
 */
async function applyDelta(
  trx: Trx,
  { bungalow, createdAt }: Pick<Counted, 'bungalow' | 'createdAt'>,
  deltas: DrinkDelta[],
  pending: boolean,
  sales: SalesDelta[],
): Promise<void> {
  if (deltas.length === 0 && sales.length === 0) return;
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
  if (!isPostgres(trx)) {
    if (deltas.length > 0) await consumption(trx).execute();
    if (unitDeltas.length > 0) await restock(trx).execute();
    if (sales.length > 0) await upsertSales(trx, bucket, sales).execute();
    return;
  }
  // One statement, not two or three: these rows are locked until the commit, and every other checkout of the
  // quarter-hour waits for them, so a round trip less here is one less for all of them. PostgreSQL runs the
  // unreferenced data-modifying WITHs after the main statement, in order: consumption is locked first.
  let creator: QueryCreator<Database> = trx;
  if (unitDeltas.length > 0) {
    // The creator knows one more table (the CTE), which the other statements do not read.
    creator = creator.with('restock', (db) =>
      restock(db).returning('units'),
    ) as unknown as QueryCreator<Database>;
  }
  if (deltas.length > 0 && sales.length > 0) {
    creator = creator.with('sales', (db) =>
      upsertSales(db, bucket, sales).returning('units'),
    ) as unknown as QueryCreator<Database>;
  }
  if (deltas.length > 0) await consumption(creator).execute();
  else await upsertSales(creator, bucket, sales).execute();
}

/**
 * Called inside the checkout's own transaction, so the totals never disagree with the checkouts. `soldCost`:
 * what its sale moves cost (none with stock off).
 */
export async function countCheckout(
  trx: Trx,
  checkout: Counted & { soldCost?: readonly SoldCost[] },
): Promise<void> {
  await applyDelta(
    trx,
    checkout,
    deltaByDrinkName([], checkout.lines),
    true,
    salesDeltas([], checkout.lines, checkout.soldCost ?? []),
  );
}

/** Takes a voided checkout out of the totals, with what its sales had cost. */
export async function uncountCheckout(trx: Trx, checkout: Counted & { id: number }): Promise<void> {
  const [pending, soldCost] = await Promise.all([
    pendingSinceRestock(trx, checkout),
    costSoldBy(trx, checkout.id),
  ]);
  const unsold = soldCost.map((cost) => ({ ...cost, cost: -cost.cost, costed: -cost.costed }));
  await applyDelta(
    trx,
    checkout,
    deltaByDrinkName(checkout.lines, []),
    pending,
    salesDeltas(checkout.lines, [], unsold),
  );
}

/**
 * A revision replaces the lines of a checkout: its consumption moves by the difference, on the day it was
 * first recorded (the record keeps its created_at), and so does its bungalow's restock list.
 */
export async function reviseCheckout(
  trx: Trx,
  checkout: Counted & { previousLines: readonly CountedLine[]; soldCost?: readonly SoldCost[] },
): Promise<void> {
  const pending = await pendingSinceRestock(trx, checkout);
  await applyDelta(
    trx,
    checkout,
    deltaByDrinkName(checkout.previousLines, checkout.lines),
    pending,
    salesDeltas(checkout.previousLines, checkout.lines, checkout.soldCost ?? []),
  );
}

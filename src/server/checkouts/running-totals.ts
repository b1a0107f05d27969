import { type RawBuilder, sql, type Transaction } from 'kysely';
import type { CheckoutLine } from '../../shared/api-types';
import { quarterHourOf } from '../../shared/local-days';
import { isPostgres } from '../db/database';
import { executeThenCommit } from '../db/postgres-statements';
import type { Database } from '../db/tables';
import { costSoldBy, type SalesDelta, type SoldCost, salesDeltas, upsertSales } from '../stock/sales-figures';

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
 * PostgreSQL: another statement's WITHs and main query, run in the running totals' own statement (the
 * checkout's tax document: tax-documents.ts). Both hold rows every other checkout waits for until the commit,
 * so as one statement they are held a round trip less.
 */
export interface Rider<Answer> {
  withs: RawBuilder<unknown>[];
  select: RawBuilder<Answer>;
}

/**
 * Applies a change to the running totals: one upsert per table, consumption first, rows in drink-name order
 * (then the sales figures, in drink-id order: a checkout meets a sales row only with the consumption row of
 * the same drink, locked before it). Callers run it as the last statement of their transaction, so the hot
 * rows (today's drinks) stay locked only for the commit. A `rider` goes first and answers the statement.
 */
async function applyDelta<Answer>(
  trx: Trx,
  { bungalow, createdAt }: Pick<Counted, 'bungalow' | 'createdAt'>,
  deltas: DrinkDelta[],
  pending: boolean,
  sales: SalesDelta[],
  rider?: Rider<Answer>,
  thenCommit = false,
): Promise<Answer | undefined> {
  const bucket = quarterHourOf(createdAt);
  // Templates, not the query builder: every checkout runs them, and building them cost more than the
  // database's work.
  const consumption = sql`insert into consumption_quarter (bucket, drink_name, units, thb)
    values ${sql.join(deltas.map((d) => sql`(${bucket}, ${d.drinkName}, ${d.units}, ${d.thb})`))}
    on conflict (bucket, drink_name) do update set units = consumption_quarter.units + excluded.units,
      thb = consumption_quarter.thb + excluded.thb`;
  const unitDeltas = pending ? deltas.filter((d) => d.units !== 0) : [];
  // A fridge never lacks fewer than nothing, whatever an old database's rows say.
  const restock = sql`insert into restock_pending (bungalow, drink_name, units)
    values ${sql.join(unitDeltas.map((d) => sql`(${bungalow}, ${d.drinkName}, ${d.units})`))}
    on conflict (bungalow, drink_name) do update set units = case
      when restock_pending.units + excluded.units > 0 then restock_pending.units + excluded.units else 0 end`;
  if (!isPostgres(trx)) {
    if (rider) throw new Error('A rider is for PostgreSQL only');
    if (deltas.length > 0) await consumption.execute(trx);
    if (unitDeltas.length > 0) await restock.execute(trx);
    if (sales.length > 0) await upsertSales(bucket, sales).execute(trx);
    return undefined;
  }
  // One statement, not two or three: these rows are locked until the commit, and every other checkout of the
  // quarter-hour waits for them, so a round trip less here is one less for all of them. PostgreSQL runs the
  // main statement first, then the unreferenced data-modifying WITHs in order: a rider's rows (the month's
  // tax counter) are locked first, then consumption, as a revision's are (its number comes before its totals).
  const ctes: RawBuilder<unknown>[] = [...(rider?.withs ?? [])];
  if (rider && deltas.length > 0) ctes.push(sql`consumption as (${consumption})`);
  if (unitDeltas.length > 0) ctes.push(sql`restock as (${restock})`);
  if (sales.length > 0 && (rider || deltas.length > 0))
    ctes.push(sql`sales as (${upsertSales(bucket, sales)})`);
  const main =
    rider?.select ??
    (deltas.length > 0 ? consumption : sales.length > 0 ? upsertSales(bucket, sales) : undefined);
  if (!main) return undefined;
  const statement = ctes.length > 0 ? sql<Answer>`with ${sql.join(ctes)} ${main}` : main;
  const { rows } = thenCommit
    ? await executeThenCommit(trx, statement.compile(trx))
    : await statement.execute(trx);
  return rows[0] as Answer | undefined;
}

/**
 * Called inside the checkout's own transaction, so the totals never disagree with the checkouts. `soldCost`:
 * what its sale moves cost (none with stock off). PostgreSQL: a `rider` runs in the same statement, and its
 * answer is returned; the statement carries the transaction's COMMIT (executeThenCommit), so it is the last
 * thing the checkout's transaction does.
 */
export async function countCheckout<Answer = never>(
  trx: Trx,
  checkout: Counted & { soldCost?: readonly SoldCost[] },
  rider?: Rider<Answer>,
): Promise<Answer | undefined> {
  return applyDelta(
    trx,
    checkout,
    deltaByDrinkName([], checkout.lines),
    true,
    salesDeltas([], checkout.lines, checkout.soldCost ?? []),
    rider,
    true,
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

import { type RawBuilder, sql, type Transaction } from 'kysely';
import type { Database } from '../db/tables';
import type { Move } from './move';

/**
 * The sales figures the margin reads (`stock_sales_quarter`, migration 014; docs/decisions/085): per UTC
 * quarter hour of a checkout's recording and drink id, the units and baht of live checkouts and the known
 * cost of their bottles. They move with the consumption totals, in the same last statement of the checkout's,
 * revision's or void's transaction (running-totals.ts), so the margin's revenue is the history's.
 */

type Trx = Transaction<Database>;

export interface SoldLine {
  drinkId: number;
  quantity: number;
  lineTotal: number;
}

/** What the sale moves of a document cost: to the guest adds, back from the guest takes away. */
export interface SoldCost {
  drinkId: number;
  /** Satang, the bottles with a known cost. */
  cost: number;
  /** Bottles with a known cost. */
  costed: number;
}

export interface SalesDelta {
  drinkId: number;
  units: number;
  thb: number;
  cost: number;
  costed: number;
}

/** The known cost of the bottles a batch of moves sold (or took back from a guest). */
export function costOfSaleMoves(moves: readonly Move[]): SoldCost[] {
  const sums = new Map<number, SoldCost>();
  for (const move of moves) {
    const sign = move.to === 'guest' ? 1 : move.from === 'guest' ? -1 : 0;
    if (sign === 0 || move.unitCost === null || move.unitCost === undefined) continue;
    const sum = sums.get(move.drinkId) ?? { drinkId: move.drinkId, cost: 0, costed: 0 };
    sum.cost += sign * move.quantity * move.unitCost;
    sum.costed += sign * move.quantity;
    sums.set(move.drinkId, sum);
  }
  return [...sums.values()];
}

/**
 * What a voided checkout's sales had cost: its checkout's and revisions' moves to and from the guest, read by
 * document (the index of migration 014). The void's own moves are not among them.
 */
export async function costSoldBy(trx: Trx, checkoutId: number): Promise<SoldCost[]> {
  const rows = await trx
    .selectFrom('stock_moves')
    .select(['drink_id', 'quantity', 'from_place', 'to_place', 'unit_cost'])
    .where('document_id', '=', checkoutId)
    .where('document_type', 'in', ['checkout', 'revision'])
    .execute();
  return costOfSaleMoves(
    rows.map((row) => ({
      drinkId: row.drink_id,
      quantity: row.quantity,
      from: row.from_place as Move['from'],
      to: row.to_place as Move['to'],
      unitCost: row.unit_cost,
    })),
  );
}

/**
 * What `after` adds to `before` (lines) plus the cost moved, per drink id, sorted by id: rows are locked in
 * the same order by every transaction, and one upsert never meets a row twice.
 */
export function salesDeltas(
  before: readonly SoldLine[],
  after: readonly SoldLine[],
  costs: readonly SoldCost[],
): SalesDelta[] {
  const sums = new Map<number, SalesDelta>();
  const entry = (drinkId: number) => {
    const sum = sums.get(drinkId) ?? { drinkId, units: 0, thb: 0, cost: 0, costed: 0 };
    sums.set(drinkId, sum);
    return sum;
  };
  for (const [lines, sign] of [
    [before, -1],
    [after, 1],
  ] as const) {
    for (const line of lines) {
      const sum = entry(line.drinkId);
      sum.units += sign * line.quantity;
      sum.thb += sign * line.lineTotal;
    }
  }
  for (const cost of costs) {
    const sum = entry(cost.drinkId);
    sum.cost += cost.cost;
    sum.costed += cost.costed;
  }
  return [...sums.values()]
    .filter((sum) => sum.units !== 0 || sum.thb !== 0 || sum.cost !== 0 || sum.costed !== 0)
    .sort((a, b) => a.drinkId - b.drinkId);
}

/**
 * The upsert of the sales figures of one quarter hour, for the running totals' statement to run. A template,
 * not the query builder: every checkout runs it, and building it cost more than the database's work.
 */
export function upsertSales(bucket: string, deltas: readonly SalesDelta[]): RawBuilder<unknown> {
  const rows = deltas.map(
    (d) => sql`(${bucket}, ${d.drinkId}, ${d.units}, ${d.thb}, ${d.cost}, ${d.costed})`,
  );
  return sql`insert into stock_sales_quarter (bucket, drink_id, units, thb, cost, costed)
    values ${sql.join(rows)}
    on conflict (bucket, drink_id) do update set units = stock_sales_quarter.units + excluded.units,
      thb = stock_sales_quarter.thb + excluded.thb, cost = stock_sales_quarter.cost + excluded.cost,
      costed = stock_sales_quarter.costed + excluded.costed`;
}

import { type Kysely, sql } from 'kysely';
import { localDayRange } from '../../shared/local-days';
import type { MarginDrink, StockMargin, WriteOffLoss } from '../../shared/stock-costs';
import { type WriteOffReason, writeOffReasons } from '../../shared/stock-schemas';
import type { Db } from '../db/database';
import type { Database } from '../db/tables';
import { countDifferenceKind } from './loss-figures';

/**
 * GET /api/stock/margin: read from the running figures of migration 014 (sales per quarter hour and drink,
 * losses per quarter hour, drink and kind), summed by the database: a month is a few thousand rows whatever
 * the history's size. Units without a known cost (sold before stock, or before the drink's first delivery)
 * take the drink's first delivery's cost (DESIGN.md, "Cost and margin"; docs/decisions/085).
 */

const satangPerBaht = 100;

/** The first delivery's cost per drink: what bottles of unknown cost are taken to have cost. */
export async function firstCosts(db: Kysely<Database>): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom('stock_delivery_lines')
    .select(['drink_id', 'unit_cost'])
    .where('id', 'in', (eb) =>
      eb
        .selectFrom('stock_delivery_lines')
        .select((e) => e.fn.min<number>('id').as('id'))
        .groupBy('drink_id'),
    )
    .execute();
  return new Map(rows.map((row) => [row.drink_id, row.unit_cost]));
}

/** Current names, a deleted drink's last name, else "Drink #id". */
export async function drinkNames(db: Kysely<Database>, ids: readonly number[]): Promise<Map<number, string>> {
  const names = new Map<number, string>();
  if (ids.length === 0) return names;
  const [drinks, gone] = await Promise.all([
    db.selectFrom('Drinks').select(['id', 'drinkName']).where('id', 'in', ids).execute(),
    db
      .selectFrom('stock_drinks')
      .select(['drink_id', 'drink_name'])
      .where('drink_id', 'in', ids)
      .where('drink_name', 'is not', null)
      .execute(),
  ]);
  for (const row of gone) names.set(row.drink_id, row.drink_name ?? '');
  for (const row of drinks) names.set(row.id, row.drinkName);
  for (const id of ids) if (!names.has(id)) names.set(id, `Drink #${id}`);
  return names;
}

const num = (value: number | string | null) => Number(value ?? 0);

export function createMarginRepo({ kysely }: Db) {
  return {
    async margin(from: string, to: string, timeZone: string): Promise<StockMargin> {
      const { start, end } = localDayRange(from, to, timeZone);
      // A local day starts on a quarter hour in every zone: its buckets are exactly [its start, the next).
      const [low, high] = [start.slice(0, 16), end.slice(0, 16)];
      const [sales, losses, first] = await Promise.all([
        sql<{
          drink_id: number;
          units: number | string;
          thb: number | string;
          cost: number | string;
          costed: number | string;
        }>`select drink_id, sum(units) as units, sum(thb) as thb, sum(cost) as cost, sum(costed) as costed
          from stock_sales_quarter where bucket >= ${low} and bucket < ${high}
          group by drink_id`.execute(kysely),
        sql<{
          kind: string;
          drink_id: number;
          quantity: number | string;
          cost: number | string;
          costed: number | string;
        }>`select kind, drink_id, sum(quantity) as quantity, sum(cost) as cost, sum(costed) as costed
          from stock_losses_quarter where bucket >= ${low} and bucket < ${high}
          group by kind, drink_id`.execute(kysely),
        firstCosts(kysely),
      ]);
      const costOf = (drinkId: number, known: number, units: number, costed: number) =>
        known + (units - costed) * (first.get(drinkId) ?? 0);

      const sold = sales.rows.filter((row) => num(row.units) !== 0 || num(row.thb) !== 0);
      const names = await drinkNames(
        kysely,
        sold.map((row) => row.drink_id),
      );
      const drinks: MarginDrink[] = sold.map((row) => {
        const units = num(row.units);
        const revenue = num(row.thb) * satangPerBaht;
        const cost = costOf(row.drink_id, num(row.cost), units, num(row.costed));
        return {
          drinkId: row.drink_id,
          drinkName: names.get(row.drink_id) ?? '',
          sold: units,
          revenue,
          cost,
          margin: revenue - cost,
        };
      });
      drinks.sort((a, b) => b.revenue - a.revenue || a.drinkName.localeCompare(b.drinkName));
      const totals = drinks.reduce(
        (sum, drink) => ({
          sold: sum.sold + drink.sold,
          revenue: sum.revenue + drink.revenue,
          cost: sum.cost + drink.cost,
          margin: sum.margin + drink.margin,
        }),
        { sold: 0, revenue: 0, cost: 0, margin: 0 },
      );

      const byReason = new Map<string, { quantity: number; cost: number }>();
      for (const row of losses.rows) {
        const quantity = num(row.quantity);
        const sum = byReason.get(row.kind) ?? { quantity: 0, cost: 0 };
        sum.quantity += quantity;
        sum.cost += costOf(row.drink_id, num(row.cost), quantity, num(row.costed));
        byReason.set(row.kind, sum);
      }
      const writeOffs: WriteOffLoss[] = writeOffReasons
        .filter((reason) => (byReason.get(reason)?.quantity ?? 0) !== 0)
        .map((reason: WriteOffReason) => ({ reason, ...(byReason.get(reason) ?? { quantity: 0, cost: 0 }) }));
      const counted = byReason.get(countDifferenceKind) ?? { quantity: 0, cost: 0 };
      return { from, to, drinks, totals, writeOffs, countDifferences: counted };
    },
  };
}

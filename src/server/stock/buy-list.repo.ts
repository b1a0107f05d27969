import { sql } from 'kysely';
import { parOf } from '../../shared/fridge-rule';
import { addDays, localDayOf, startOfLocalDay } from '../../shared/local-days';
import { type BuyList, bottlesToBuy, daysOfCover, stockCostLimits } from '../../shared/stock-costs';
import type { Db } from '../db/database';

/**
 * GET /api/stock/buy-list (DESIGN.md, "What to buy"): per drink of the catalogue, what is on hand, what sold
 * over the last 28 days (the sales figures of migration 014, never the checkouts), and what to buy to fill
 * every fridge of the settings to its par and keep `stockCoverDays` of sales besides.
 */
export function createBuyListRepo({ kysely }: Db) {
  return {
    async buyList({
      now,
      timeZone,
      bungalows,
      coverDays,
    }: {
      now: number;
      timeZone: string;
      bungalows: number[];
      coverDays: number;
    }): Promise<BuyList> {
      const days = stockCostLimits.salesDays;
      const today = localDayOf(now, timeZone);
      const low = startOfLocalDay(addDays(today, 1 - days), timeZone).slice(0, 16);
      const high = startOfLocalDay(addDays(today, 1), timeZone).slice(0, 16);
      const [drinks, onHand, sold, pars] = await Promise.all([
        kysely
          .selectFrom('Drinks')
          .select(['id', 'drinkName', 'packSize', 'startingQuantity'])
          .orderBy('id')
          .execute(),
        sql<{ drink_id: number; quantity: number | string }>`
          select drink_id, sum(quantity) as quantity from stock_balances group by drink_id`.execute(kysely),
        sql<{ drink_id: number; units: number | string }>`
          select drink_id, sum(units) as units from stock_sales_quarter
          where bucket >= ${low} and bucket < ${high} group by drink_id`.execute(kysely),
        kysely.selectFrom('pars').select(['bungalow', 'drink_id', 'par']).execute(),
      ]);
      const onHandOf = new Map(onHand.rows.map((row) => [row.drink_id, Number(row.quantity)]));
      const soldOf = new Map(sold.rows.map((row) => [row.drink_id, Number(row.units)]));
      const inSettings = new Set(bungalows);
      // Per drink: the bungalows with a par of their own, and the sum of those pars.
      const overrides = new Map<number, { count: number; sum: number }>();
      for (const row of pars) {
        if (!inSettings.has(row.bungalow)) continue;
        const entry = overrides.get(row.drink_id) ?? { count: 0, sum: 0 };
        entry.count += 1;
        entry.sum += row.par;
        overrides.set(row.drink_id, entry);
      }
      return {
        coverDays,
        drinks: drinks.map((drink) => {
          const own = overrides.get(drink.id) ?? { count: 0, sum: 0 };
          const parsTotal = own.sum + (bungalows.length - own.count) * parOf(drink, undefined);
          const held = onHandOf.get(drink.id) ?? 0;
          const soldInPeriod = Math.max(0, soldOf.get(drink.id) ?? 0);
          return {
            drinkId: drink.id,
            drinkName: drink.drinkName,
            packSize: drink.packSize,
            onHand: held,
            dailySales: Math.round((soldInPeriod / days) * 100) / 100,
            daysOfCover: daysOfCover(held, soldInPeriod, days),
            buy: bottlesToBuy({
              parsTotal,
              onHand: held,
              soldInPeriod,
              periodDays: days,
              coverDays,
              packSize: drink.packSize,
            }),
          };
        }),
      };
    },
  };
}

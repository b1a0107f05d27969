import type { DrinkUnits, Restock, RestockBungalow, RestockList } from '../../../shared/staff-types';
import { appendAudit, type Change, subject } from '../../audit/audit-log';
import type { Db } from '../../db/database';

const byName = (a: DrinkUnits, b: DrinkUnits) =>
  a.drinkName < b.drinkName ? -1 : a.drinkName > b.drinkName ? 1 : 0;

export function createRestockRepo({ kysely }: Db) {
  return {
    /**
     * Reads the running totals (one row per bungalow and drink with something taken), not the checkouts:
     * the list costs the same after ten years as on the first day.
     */
    async list(): Promise<RestockList> {
      const rows = await kysely
        .selectFrom('restock_pending')
        .select(['bungalow', 'drink_name', 'units'])
        .where('units', '>', 0)
        .orderBy('bungalow')
        .orderBy('drink_name')
        .execute();
      // The last restock of each listed bungalow: one index seek each (restocks_bungalow_restocked_at_idx,
      // max() read from the end of the bungalow's range), never a scan of years of restocks.
      const lastRows = await kysely
        .selectFrom((eb) =>
          eb.selectFrom('restock_pending').select('bungalow').distinct().where('units', '>', 0).as('listed'),
        )
        .select((eb) => [
          'listed.bungalow',
          eb
            .selectFrom('restocks')
            .select((inner) => inner.fn.max('restocks.restocked_at').as('last'))
            .whereRef('restocks.bungalow', '=', 'listed.bungalow')
            .as('last_restocked_at'),
        ])
        .execute();
      const lastRestocked = new Map(lastRows.map((row) => [row.bungalow, row.last_restocked_at ?? null]));

      const bungalows = new Map<number, RestockBungalow>();
      const totals = new Map<string, number>();
      for (const row of rows) {
        const entry = bungalows.get(row.bungalow) ?? {
          bungalow: row.bungalow,
          lastRestockedAt: lastRestocked.get(row.bungalow) ?? null,
          items: [],
          units: 0,
        };
        entry.items.push({ drinkName: row.drink_name, units: row.units });
        entry.units += row.units;
        bungalows.set(row.bungalow, entry);
        totals.set(row.drink_name, (totals.get(row.drink_name) ?? 0) + row.units);
      }
      const totalList = [...totals.entries()]
        .map(([drinkName, units]) => ({ drinkName, units }))
        .sort(byName);
      return {
        bungalows: [...bungalows.values()],
        totals: totalList,
        units: totalList.reduce((sum, item) => sum + item.units, 0),
      };
    },

    /** Records the restock and empties the bungalow's pending list in one transaction. */
    restock(bungalow: number, change: Change): Promise<Restock> {
      const restockedAt = change.at;
      return kysely.transaction().execute(async (trx) => {
        const { id } = await trx
          .insertInto('restocks')
          .values({ bungalow, restocked_at: restockedAt })
          .returning('id')
          .executeTakeFirstOrThrow();
        const pending = await trx
          .deleteFrom('restock_pending')
          .where('bungalow', '=', bungalow)
          .returning(['drink_name', 'units'])
          .execute();
        await appendAudit(trx, {
          ...change,
          action: 'restock.done',
          subject: subject('bungalow', bungalow),
          details: {
            restockId: id,
            refilled: pending.map((p) => ({ drinkName: p.drink_name, units: p.units })),
          },
        });
        // Stock off: no bottle moves in the ledger (stock arrives with migration 012).
        return { id, bungalow, restockedAt, moved: [] };
      });
    },
  };
}

import type { DrinkUnits, Restock, RestockBungalow, RestockList } from '../../../shared/staff-types';
import type { Db } from '../../db/database';

const byName = (a: DrinkUnits, b: DrinkUnits) =>
  a.drinkName < b.drinkName ? -1 : a.drinkName > b.drinkName ? 1 : 0;

const LAST_RESTOCK_CHUNK = 500;

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
      const listed = [...new Set(rows.map((row) => row.bungalow))];
      const lastRestocked = new Map<number, string | null>();
      // One index seek per listed bungalow (restocks_bungalow_restocked_at_idx), not a scan of all restocks;
      // in chunks, as SQLite allows at most 2000 result columns.
      for (let start = 0; start < listed.length; start += LAST_RESTOCK_CHUNK) {
        const chunk = listed.slice(start, start + LAST_RESTOCK_CHUNK);
        const row: Record<string, string | null> | undefined = await kysely
          .selectNoFrom((eb) =>
            chunk.map((bungalow) =>
              eb
                .selectFrom('restocks')
                .select((inner) => inner.fn.max('restocked_at').as('last'))
                .where('bungalow', '=', bungalow)
                .as(`b${bungalow}`),
            ),
          )
          .executeTakeFirst();
        for (const bungalow of chunk) lastRestocked.set(bungalow, row?.[`b${bungalow}`] ?? null);
      }

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
    restock(bungalow: number, restockedAt: string): Promise<Restock> {
      return kysely.transaction().execute(async (trx) => {
        const { id } = await trx
          .insertInto('restocks')
          .values({ bungalow, restocked_at: restockedAt })
          .returning('id')
          .executeTakeFirstOrThrow();
        await trx.deleteFrom('restock_pending').where('bungalow', '=', bungalow).execute();
        return { id, bungalow, restockedAt };
      });
    },
  };
}

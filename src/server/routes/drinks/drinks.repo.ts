import { sql } from 'kysely';
import type { Drink } from '../../../shared/api-types';
import type { DrinkSectionTitle } from '../../../shared/drink-sections';
import type { DrinkInput } from '../../../shared/schemas';
import type { Db } from '../../db/database';

const columns = ['id', 'drinkName', 'startingQuantity', 'price', 'section', 'sectionOrder'] as const;

/** The database's check (migration 004) admits only the four titles. */
const asDrink = (row: Omit<Drink, 'section'> & { section: string | null }): Drink => ({
  ...row,
  section: row.section as DrinkSectionTitle | null,
});

export function createDrinksRepo({ kysely }: Db) {
  return {
    async list(): Promise<Drink[]> {
      return (await kysely.selectFrom('Drinks').select(columns).orderBy('id').execute()).map(asDrink);
    },

    /** A new drink comes last in its section. */
    async add(input: DrinkInput): Promise<Drink> {
      const row = await kysely
        .insertInto('Drinks')
        .values({
          ...input,
          section: input.section ?? null,
          sectionOrder: sql<number>`(select coalesce(max("sectionOrder"), 0) + 1 from "Drinks")`,
        })
        .returning(columns)
        .executeTakeFirstOrThrow();
      return asDrink(row);
    },

    async update(id: number, input: DrinkInput): Promise<Drink | undefined> {
      const row = await kysely
        .updateTable('Drinks')
        .set(input)
        .where('id', '=', id)
        .returning(columns)
        .executeTakeFirst();
      return row && asDrink(row);
    },

    async remove(id: number): Promise<boolean> {
      const result = await kysely.deleteFrom('Drinks').where('id', '=', id).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    /**
     * Gives the listed drinks the places 1, 2, ... in the given order, in one transaction; false (nothing
     * changed) when an id names no drink.
     */
    async reorder(ids: readonly number[]): Promise<boolean> {
      return kysely.transaction().execute(async (trx) => {
        const found = await trx.selectFrom('Drinks').select('id').where('id', 'in', ids).execute();
        if (found.length !== ids.length) return false;
        for (const [index, id] of ids.entries()) {
          await trx
            .updateTable('Drinks')
            .set({ sectionOrder: index + 1 })
            .where('id', '=', id)
            .execute();
        }
        return true;
      });
    },
  };
}

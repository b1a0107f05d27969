import type { Drink } from '../../../shared/api-types';
import type { DrinkInput } from '../../../shared/schemas';
import type { Db } from '../../db/database';

const columns = ['id', 'drinkName', 'startingQuantity', 'price'] as const;

export function createDrinksRepo({ kysely }: Db) {
  return {
    list(): Promise<Drink[]> {
      return kysely.selectFrom('Drinks').select(columns).orderBy('id').execute();
    },

    async add(input: DrinkInput): Promise<Drink> {
      return kysely.insertInto('Drinks').values(input).returning(columns).executeTakeFirstOrThrow();
    },

    async update(id: number, input: DrinkInput): Promise<Drink | undefined> {
      return kysely
        .updateTable('Drinks')
        .set(input)
        .where('id', '=', id)
        .returning(columns)
        .executeTakeFirst();
    },

    async remove(id: number): Promise<boolean> {
      const result = await kysely.deleteFrom('Drinks').where('id', '=', id).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },
  };
}

import { sql } from 'kysely';
import type { Drink } from '../../shared/api-types';
import type { DrinkSectionTitle } from '../../shared/drink-sections';
import type { DrinkInput } from '../../shared/schemas';
import { appendAudit, type Change, changedFields, changedNothing, subject } from '../audit/audit-log';
import type { Db } from '../db/database';

const columns = [
  'id',
  'drinkName',
  'startingQuantity',
  'price',
  'section',
  'sectionOrder',
  'packSize',
] as const;

/**
 * The database's check (migration 004) admits only the four titles. A drink without a pack size has no
 * `packSize` key: the spec's clients compare a drink's fields exactly.
 */
const asDrink = ({
  packSize,
  ...row
}: Omit<Drink, 'section' | 'packSize'> & { section: string | null; packSize: number | null }): Drink => ({
  ...row,
  section: row.section as DrinkSectionTitle | null,
  ...(packSize === null ? {} : { packSize }),
});

export function createDrinksRepo({ kysely, dialect }: Db) {
  return {
    async list(): Promise<Drink[]> {
      return (await kysely.selectFrom('Drinks').select(columns).orderBy('id').execute()).map(asDrink);
    },

    async get(id: number): Promise<Drink | undefined> {
      const row = await kysely.selectFrom('Drinks').select(columns).where('id', '=', id).executeTakeFirst();
      return row && asDrink(row);
    },

    /** A new drink comes last in its section. */
    async add(input: DrinkInput, change: Change): Promise<Drink> {
      return kysely.transaction().execute(async (trx) => {
        const row = await trx
          .insertInto('Drinks')
          .values({
            ...input,
            section: input.section ?? null,
            packSize: input.packSize ?? null,
            sectionOrder: sql<number>`(select coalesce(max("sectionOrder"), 0) + 1 from "Drinks")`,
          })
          .returning(columns)
          .executeTakeFirstOrThrow();
        const drink = asDrink(row);
        await appendAudit(trx, {
          ...change,
          action: 'drink.added',
          subject: subject('drink', drink.id),
          details: { after: drink },
        });
        return drink;
      });
    },

    async update(id: number, input: DrinkInput, change: Change): Promise<Drink | undefined> {
      return kysely.transaction().execute(async (trx) => {
        const before = await trx
          .selectFrom('Drinks')
          .select(columns)
          .where('id', '=', id)
          // PostgreSQL: two edits at once are applied in turn, each recording what it really replaced.
          .$if(dialect === 'postgres', (qb) => qb.forUpdate())
          .executeTakeFirst();
        if (!before) return undefined;
        const row = await trx
          .updateTable('Drinks')
          .set(input)
          .where('id', '=', id)
          .returning(columns)
          .executeTakeFirstOrThrow();
        const drink = asDrink(row);
        const changed = changedFields(asDrink(before), drink);
        if (!changedNothing(changed)) {
          await appendAudit(trx, {
            ...change,
            action: 'drink.changed',
            subject: subject('drink', id),
            details: { drinkName: before.drinkName, ...changed },
          });
        }
        return drink;
      });
    },

    async remove(id: number, change: Change): Promise<boolean> {
      return kysely.transaction().execute(async (trx) => {
        const removed = await trx
          .deleteFrom('Drinks')
          .where('id', '=', id)
          .returning(columns)
          .executeTakeFirst();
        if (!removed) return false;
        // Its bottles keep their ledger: the stock page names them as they were, "no longer sold"; its pars go.
        await trx
          .insertInto('stock_drinks')
          .values({ drink_id: id, drink_name: removed.drinkName, average_cost: null })
          .onConflict((oc) => oc.column('drink_id').doUpdateSet({ drink_name: removed.drinkName }))
          .execute();
        await trx.deleteFrom('pars').where('drink_id', '=', id).execute();
        await appendAudit(trx, {
          ...change,
          action: 'drink.deleted',
          subject: subject('drink', id),
          details: { before: asDrink(removed) },
        });
        return true;
      });
    },

    /**
     * Gives the listed drinks the places 1, 2, ... in the given order, in one transaction; false (nothing
     * changed) when an id names no drink.
     */
    async reorder(ids: readonly number[], change: Change): Promise<boolean> {
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
        await appendAudit(trx, {
          ...change,
          action: 'drinks.reordered',
          subject: subject('drinks'),
          details: { after: { order: ids } },
        });
        return true;
      });
    },
  };
}

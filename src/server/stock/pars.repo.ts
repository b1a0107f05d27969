import type { ParsInput } from '../../shared/stock-schemas';
import type { ParsList } from '../../shared/stock-types';
import { appendAudit, type Change, subject } from '../audit/audit-log';
import type { Db } from '../db/database';
import { validationFailed } from '../http/errors';

/**
 * Pars per bungalow over the catalogue's startingQuantity (DESIGN.md, "Pars"). Only the overrides are kept;
 * they apply with stock off too. A par changes what a fridge should hold, never what it holds: no bottle
 * moves.
 */
export function createParsRepo({ kysely }: Db) {
  async function list(): Promise<ParsList> {
    const rows = await kysely
      .selectFrom('pars')
      .select(['bungalow', 'drink_id', 'par'])
      .orderBy('bungalow')
      .orderBy('drink_id')
      .execute();
    const byBungalow = new Map<number, ParsList[number]>();
    for (const row of rows) {
      const entry = byBungalow.get(row.bungalow) ?? { bungalow: row.bungalow, items: [] };
      entry.items.push({ drinkId: row.drink_id, par: row.par });
      byBungalow.set(row.bungalow, entry);
    }
    return [...byBungalow.values()];
  }

  return {
    list,

    /** PUT /api/pars: the same pars for every listed bungalow (the villas at once). */
    async set(input: ParsInput, change: Change): Promise<ParsList> {
      await kysely.transaction().execute(async (trx) => {
        const drinks = await trx
          .selectFrom('Drinks')
          .select(['id', 'drinkName'])
          .where(
            'id',
            'in',
            input.items.map((item) => item.drinkId),
          )
          .execute();
        const names = new Map(drinks.map((drink) => [drink.id, drink.drinkName]));
        const unknown = input.items.findIndex((item) => !names.has(item.drinkId));
        if (unknown >= 0) {
          const message = `No drink has id ${input.items[unknown]?.drinkId}`;
          throw validationFailed(message, [{ path: `items.${unknown}.drinkId`, message }]);
        }
        const bungalows = [...input.bungalows].sort((a, b) => a - b);
        const items = [...input.items].sort((a, b) => a.drinkId - b.drinkId);
        await trx
          .insertInto('pars')
          .values(
            bungalows.flatMap((bungalow) =>
              items.map((item) => ({ bungalow, drink_id: item.drinkId, par: item.par })),
            ),
          )
          .onConflict((oc) =>
            oc.columns(['bungalow', 'drink_id']).doUpdateSet((eb) => ({ par: eb.ref('excluded.par') })),
          )
          .execute();
        await appendAudit(trx, {
          ...change,
          action: 'pars.changed',
          subject: subject('pars'),
          details: {
            bungalows,
            items: items.map((item) => ({ ...item, drinkName: names.get(item.drinkId) ?? '' })),
          },
        });
      });
      return list();
    },

    /** DELETE /api/pars/:bungalow: back to the catalogue's; false when it had none of its own. */
    async clear(bungalow: number, change: Change): Promise<boolean> {
      return kysely.transaction().execute(async (trx) => {
        const removed = await trx
          .deleteFrom('pars')
          .where('bungalow', '=', bungalow)
          .returning('drink_id')
          .execute();
        if (removed.length === 0) return false;
        await appendAudit(trx, {
          ...change,
          action: 'pars.changed',
          subject: subject('pars'),
          details: { bungalows: [bungalow], items: null },
        });
        return true;
      });
    },
  };
}

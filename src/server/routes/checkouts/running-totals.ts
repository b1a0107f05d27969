import type { Transaction } from 'kysely';
import type { CheckoutLine } from '../../../shared/api-types';
import type { Database } from '../../db/tables';

type Trx = Transaction<Database>;

interface Counted {
  bungalow: number;
  createdAt: string;
  lines: readonly Pick<CheckoutLine, 'drinkName' | 'quantity' | 'lineTotal'>[];
}

/**
 * Lines summed per drink name and sorted: one row per key in a multi-row upsert (PostgreSQL refuses to
 * update a row twice in one statement), and the same lock order in every transaction (no deadlocks).
 */
function byDrinkName(lines: Counted['lines']) {
  const sums = new Map<string, { units: number; thb: number }>();
  for (const line of lines) {
    const sum = sums.get(line.drinkName) ?? { units: 0, thb: 0 };
    sum.units += line.quantity;
    sum.thb += line.lineTotal;
    sums.set(line.drinkName, sum);
  }
  return [...sums.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([drinkName, sum]) => ({ drinkName, ...sum }));
}

/** Called inside the checkout's own transaction, so the totals never disagree with the checkouts. */
export async function countCheckout(trx: Trx, checkout: Counted): Promise<void> {
  const sums = byDrinkName(checkout.lines);
  if (sums.length === 0) return;
  const day = checkout.createdAt.slice(0, 10);
  await trx
    .insertInto('consumption_daily')
    .values(sums.map((s) => ({ day, drink_name: s.drinkName, units: s.units, thb: s.thb })))
    .onConflict((oc) =>
      oc.columns(['day', 'drink_name']).doUpdateSet((eb) => ({
        units: eb('consumption_daily.units', '+', eb.ref('excluded.units')),
        thb: eb('consumption_daily.thb', '+', eb.ref('excluded.thb')),
      })),
    )
    .execute();
  await trx
    .insertInto('restock_pending')
    .values(sums.map((s) => ({ bungalow: checkout.bungalow, drink_name: s.drinkName, units: s.units })))
    .onConflict((oc) =>
      oc.columns(['bungalow', 'drink_name']).doUpdateSet((eb) => ({
        units: eb('restock_pending.units', '+', eb.ref('excluded.units')),
      })),
    )
    .execute();
}

/**
 * Takes a voided checkout out of the totals. Its units leave the restock list only when the bungalow has
 * not been restocked since: a restock already made up for them.
 */
export async function uncountCheckout(trx: Trx, checkout: Counted): Promise<void> {
  const day = checkout.createdAt.slice(0, 10);
  const lastRestock = await trx
    .selectFrom('restocks')
    .select('restocked_at')
    .where('bungalow', '=', checkout.bungalow)
    .orderBy('restocked_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  const stillPending = !lastRestock || checkout.createdAt > lastRestock.restocked_at;
  for (const sum of byDrinkName(checkout.lines)) {
    await trx
      .updateTable('consumption_daily')
      .set((eb) => ({
        units: eb('units', '-', sum.units),
        thb: eb('thb', '-', sum.thb),
      }))
      .where('day', '=', day)
      .where('drink_name', '=', sum.drinkName)
      .execute();
    if (stillPending) {
      await trx
        .updateTable('restock_pending')
        .set((eb) => ({
          units: eb
            .case()
            .when('units', '>', sum.units)
            .then(eb('units', '-', sum.units))
            .else(0)
            .end(),
        }))
        .where('bungalow', '=', checkout.bungalow)
        .where('drink_name', '=', sum.drinkName)
        .execute();
    }
  }
}

import type { Db } from './database';

/** The spec's nine drinks at prices a Thai resort minibar charges. */
export const seedDrinks = [
  { drinkName: 'Coke', startingQuantity: 4, price: 40 },
  { drinkName: 'Fanta', startingQuantity: 2, price: 40 },
  { drinkName: 'Schweppes', startingQuantity: 2, price: 40 },
  { drinkName: 'Chang', startingQuantity: 4, price: 80 },
  { drinkName: 'LEO', startingQuantity: 4, price: 80 },
  { drinkName: 'Carabao', startingQuantity: 2, price: 50 },
  { drinkName: 'Wine', startingQuantity: 1, price: 450 },
  { drinkName: 'Spy', startingQuantity: 2, price: 90 },
  { drinkName: 'Smirnoff ICE', startingQuantity: 2, price: 120 },
] as const;

const SEEDED_KEY = 'catalogue_seeded';

/**
 * Seeds a brand-new database once. The marker row is claimed in the same transaction, so two servers
 * starting together seed once, and a catalogue whose drinks were all deleted stays empty.
 */
export async function seedOnce(db: Db): Promise<boolean> {
  return db.kysely.transaction().execute(async (trx) => {
    const claimed = await trx
      .insertInto('settings')
      .values({ key: SEEDED_KEY, value: new Date().toISOString() })
      .onConflict((oc) => oc.column('key').doNothing())
      .executeTakeFirst();
    if (Number(claimed.numInsertedOrUpdatedRows ?? 0) === 0) return false;
    // A database that already had drinks (an imported Supabase project) keeps them untouched.
    const existing = await trx.selectFrom('Drinks').select('id').limit(1).executeTakeFirst();
    if (existing) return false;
    await trx
      .insertInto('Drinks')
      .values([...seedDrinks])
      .execute();
    return true;
  });
}

import { describe, expect, it } from 'vitest';
import { databaseAt001 } from '../../../tests/support/database-at-001';
import { stockSetUp } from '../../../tests/support/stock';
import { createTestApp, type ScratchDatabase, testDialects } from '../../../tests/support/test-app';
import { migrateToLatest, migrateUpTo } from './migrate';
import { seedOnce } from './seed';

describe.each(testDialects)('migration 012 on an existing install [%s]', (dialect) => {
  it('nothing moves until stock is started; the restock list of the day carries over as what each fridge lacks', async () => {
    const { db, drop } = await databaseAt001(dialect);
    try {
      await migrateUpTo(db, '011-audit-at-commit');
      await seedOnce(db);
      // Yesterday's checks, not yet restocked: bungalow 2 lacks 3 Coke and a Wine, bungalow 5 two Chang.
      await db.kysely
        .insertInto('restock_pending')
        .values([
          { bungalow: 2, drink_name: 'Coke', units: 3 },
          { bungalow: 2, drink_name: 'Wine', units: 1 },
          { bungalow: 5, drink_name: 'Chang', units: 2 },
          // A drink since renamed or deleted: nothing to take it from.
          { bungalow: 5, drink_name: 'Old Lager', units: 4 },
        ])
        .execute();

      await migrateToLatest(db);
      expect(await db.kysely.selectFrom('stock_moves').selectAll().execute()).toEqual([]);
      const drinks = await db.kysely.selectFrom('Drinks').select(['drinkName', 'packSize']).execute();
      expect(drinks.every((drink) => drink.packSize === null)).toBe(true);

      const t = await createTestApp({ db } as ScratchDatabase, { db });
      const s = await stockSetUp(t);
      expect(await (await t.request('GET', '/api/stock', { cookie: s.owner })).json()).toEqual({
        started: false,
      });
      // Stock off: the list is what was taken since the last restock, as before.
      const before = await (await t.request('GET', '/api/restock', { cookie: s.owner })).json();
      expect(before.stock).toBeUndefined();
      expect(before.units).toBe(10);

      await s.start({ Coke: 24 });
      expect(await s.fridge(2, true)).toMatchObject({ Coke: 1, Wine: 0, Chang: 4 });
      expect(await s.fridge(5, true)).toMatchObject({ Coke: 4, Chang: 2 });
      const after = await (await t.request('GET', '/api/restock', { cookie: s.owner })).json();
      expect(after.stock).toBe(true);
      expect(after.bungalows.map((b: { bungalow: number; units: number }) => [b.bungalow, b.units])).toEqual([
        [2, 4],
        [5, 2],
      ]);
    } finally {
      await drop();
    }
  });
});

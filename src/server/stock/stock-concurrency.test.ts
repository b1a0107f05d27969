import { expect, it } from 'vitest';
import { expectLedgerHolds, stockSetUp } from '../../../tests/support/stock';
import { createTestApp, describeEachDatabase, type TestApp } from '../../../tests/support/test-app';

/**
 * Two app servers on one database: two restocks of one fridge at the same moment move its lack once; two
 * checks of the last bottles, one of them is refused; no fridge goes below zero. PostgreSQL: two Db handles
 * (two pools, as two servers). SQLite serves one app server (README): two apps on its one handle, requests
 * at the same moment.
 */
describeEachDatabase('stock: two app servers at once', ({ fresh, dialect }) => {
  const second = (t: TestApp) =>
    createTestApp(t.scratch, { db: dialect === 'postgres' ? t.scratch.openAnother() : t.db });
  const close = async (t: TestApp, other: TestApp) => {
    if (other.db !== t.db) await other.db.close();
  };

  it('two restocks of one fridge at the same moment move the lack once', async () => {
    const t = await fresh();
    const s = await stockSetUp(t);
    await s.start({ Coke: 100, Chang: 100 });
    const other = await second(t);
    try {
      const otherOwner = await other.login();
      for (let round = 0; round < 6; round++) {
        const bungalow = 3 + round;
        expect((await s.checkout(bungalow, { Coke: 3, Chang: 2 })).status).toBe(201);
        const [a, b] = await Promise.all([
          t.request('POST', `/api/restock/${bungalow}`, { cookie: s.owner, body: {} }),
          other.request('POST', `/api/restock/${bungalow}`, { cookie: otherOwner, body: {} }),
        ]);
        expect([a.status, b.status]).toEqual([201, 201]);
        const moved = [...(await a.json()).moved, ...(await b.json()).moved];
        const total = (drinkId: number) =>
          moved.filter((m) => m.drinkId === drinkId).reduce((sum, m) => sum + m.quantity, 0);
        expect(total(s.id('Coke')), `round ${round}`).toBe(3);
        expect(total(s.id('Chang')), `round ${round}`).toBe(2);
        expect(await s.fridge(bungalow)).toMatchObject({ Coke: 4, Chang: 4 });
      }
      const stock = await s.stock();
      expect(stock.Coke.storeroom).toBe(100 - 6 * 3);
      expect(stock.Chang.storeroom).toBe(100 - 6 * 2);
      await expectLedgerHolds(t);
    } finally {
      await close(t, other);
    }
  });

  it('two checks of the same bottles at once: one is recorded, the other refused; the fridge never below zero', async () => {
    const t = await fresh();
    const s = await stockSetUp(t);
    await s.start({});
    const other = await second(t);
    try {
      for (let round = 0; round < 6; round++) {
        const bungalow = 10 + round;
        const body = { bungalow, items: s.lines({ Coke: 3, Chang: 1 }, 'missing') };
        const [a, b] = await Promise.all([
          t.request('POST', '/api/checkouts', { body }),
          other.request('POST', '/api/checkouts', { body }),
        ]);
        expect([a.status, b.status].sort(), `round ${round}`).toEqual([201, 422]);
        const refused = a.status === 422 ? a : b;
        expect((await refused.json()).error.code).toBe('exceeds_fridge');
        expect(await s.fridge(bungalow)).toMatchObject({ Coke: 1, Chang: 3 });
      }
      const negative = await t.db.kysely
        .selectFrom('stock_balances')
        .select('place')
        .where('quantity', '<', 0)
        .execute();
      expect(negative).toEqual([]);
      await expectLedgerHolds(t);
    } finally {
      await close(t, other);
    }
  });
});

import { describe, expect, it } from 'vitest';
import { databaseAt001 } from '../../../tests/support/database-at-001';
import { testDialects } from '../../../tests/support/test-app';
import { createConsumptionRepo } from '../checkouts/consumption.repo';
import { createDrinksRepo } from '../drinks/drinks.repo';
import { createRestockRepo } from '../stock/restock.repo';
import { migrateToLatest } from './migrate';

describe.each(testDialects)('migration 002 on an existing database [%s]', (dialect) => {
  it('counts the checkouts recorded before it in the restock list and the consumption', async () => {
    const { db, drop } = await databaseAt001(dialect);
    try {
      const today = new Date().toISOString().slice(0, 10);
      const add = async (bungalow: number, createdAt: string, lines: [string, number, number][]) => {
        const { id } = await db.kysely
          .insertInto('checkouts')
          .values({
            bungalow,
            created_at: createdAt,
            guest_name: 'Old Guest',
            total: lines.reduce((sum, [, q, p]) => sum + q * p, 0),
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await db.kysely
          .insertInto('checkout_lines')
          .values(
            lines.map(([name, quantity, price]) => ({
              checkout_id: id,
              drink_id: 1,
              drink_name: name,
              quantity,
              unit_price: price,
              line_total: quantity * price,
            })),
          )
          .execute();
      };
      await add(2, `${today}T01:00:00.000Z`, [['Coke', 2, 40]]);
      await add(2, `${today}T02:00:00.000Z`, [
        ['Coke', 1, 40],
        ['Chang', 1, 80],
      ]);
      await add(6, '2020-01-01T10:00:00.000Z', [['Wine', 1, 450]]);

      await migrateToLatest(db);

      const restock = await createRestockRepo(db).list();
      expect(restock.bungalows.map((b) => [b.bungalow, b.items, b.lastRestockedAt])).toEqual([
        [
          2,
          [
            { drinkName: 'Chang', units: 1 },
            { drinkName: 'Coke', units: 3 },
          ],
          null,
        ],
        [6, [{ drinkName: 'Wine', units: 1 }], null],
      ]);
      const week = await createConsumptionRepo(db).period(7, Date.now(), 'UTC');
      expect(week.total).toEqual({ units: 4, thb: 200 });
      const old = await db.kysely.selectFrom('checkouts').select(['voided_at', 'void_reason']).execute();
      expect(old.every((row) => row.voided_at === null && row.void_reason === null)).toBe(true);
    } finally {
      await drop();
    }
  });
});

describe.each(testDialects)('migration 004 on an existing database [%s]', (dialect) => {
  it("keeps every drink where the spec's rule put it, in its id order, and admits only the four sections", async () => {
    const { db, drop } = await databaseAt001(dialect);
    try {
      await db.kysely
        .insertInto('Drinks')
        .values([
          { drinkName: 'LEO', startingQuantity: 4, price: 80 },
          { drinkName: 'Chang', startingQuantity: 4, price: 80 },
          { drinkName: 'Singha', startingQuantity: 4, price: 90 },
        ])
        .execute();

      await migrateToLatest(db);

      const drinks = await createDrinksRepo(db).list();
      expect(drinks.map(({ drinkName, section }) => [drinkName, section])).toEqual([
        ['LEO', null],
        ['Chang', null],
        ['Singha', null],
      ]);
      expect(drinks.map((drink) => drink.sectionOrder)).toEqual(drinks.map((drink) => drink.id));
      // A hand edit (a dashboard, a script) cannot name a fifth section.
      await expect(
        db.kysely
          .updateTable('Drinks')
          .set({ section: 'Ciders' })
          .where('drinkName', '=', 'Singha')
          .execute(),
      ).rejects.toThrow();
      await db.kysely
        .updateTable('Drinks')
        .set({ section: 'Beers' })
        .where('drinkName', '=', 'Singha')
        .execute();
      expect((await createDrinksRepo(db).list())[2]?.section).toBe('Beers');
    } finally {
      await drop();
    }
  });
});

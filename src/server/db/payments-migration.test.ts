import { describe, expect, it } from 'vitest';
import { databaseAt001 } from '../../../tests/support/database-at-001';
import { testDialects } from '../../../tests/support/test-app';
import { ownerActor } from '../../shared/team';
import { createHistoryRepo } from '../checkouts/history.repo';
import { createPaymentsRepo } from '../checkouts/payments.repo';
import { migrateToLatest } from './migrate';

const query = { page: 1, pageSize: 50 } as const;

describe.each(testDialects)('migration 006 on an existing database [%s]', (dialect) => {
  it('checkouts from before payments were tracked are "not tracked", not owed; marking one paid tracks it', async () => {
    const { db, drop } = await databaseAt001(dialect);
    try {
      const add = async (bungalow: number, total: number) =>
        (
          await db.kysely
            .insertInto('checkouts')
            .values({ bungalow, created_at: '2026-01-05T10:00:00.000Z', guest_name: 'Old Guest', total })
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id;
      const oldA = await add(2, 120);
      const oldB = await add(5, 450);

      await migrateToLatest(db);

      const payments = createPaymentsRepo(db);
      const history = createHistoryRepo(db);
      // An upgraded resort is not shown its whole past as owed.
      expect(await payments.unpaid()).toEqual({ count: 0, thb: 0 });
      expect((await history.page({ ...query, paid: false }, 'UTC')).items).toEqual([]);
      const old = await history.get(oldA);
      expect(old).toMatchObject({ payment: null, paymentTracked: false });

      // A checkout recorded from now on is tracked and owed until marked paid.
      const fresh = await add(7, 80);
      expect(await history.get(fresh)).toMatchObject({ payment: null, paymentTracked: true });
      expect(await payments.unpaid()).toEqual({ count: 1, thb: 80 });

      // Undoing on a not-tracked one changes nothing; marking it paid tracks it, and undoing that leaves it owed.
      await payments.record(oldB, null, { actor: ownerActor(), at: '2026-02-01T09:00:00.000Z' });
      expect(await history.get(oldB)).toMatchObject({ paymentTracked: false, paymentEvents: [] });
      await payments.record(oldB, 'cash', { actor: ownerActor(), at: '2026-02-01T09:00:00.000Z' });
      expect(await history.get(oldB)).toMatchObject({ paymentTracked: true, payment: { method: 'cash' } });
      expect(await payments.unpaid()).toEqual({ count: 1, thb: 80 });
      await payments.record(oldB, null, { actor: ownerActor(), at: '2026-02-01T09:05:00.000Z' });
      expect(await history.get(oldB)).toMatchObject({ paymentTracked: true, payment: null });
      expect(await payments.unpaid()).toEqual({ count: 2, thb: 80 + 450 });
      expect((await history.page({ ...query, paid: false }, 'UTC')).items.map((c) => c.id)).toEqual([
        fresh,
        oldB,
      ]);
    } finally {
      await drop();
    }
  });
});

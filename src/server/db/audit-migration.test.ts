import { describe, expect, it } from 'vitest';
import { databaseAt001 } from '../../../tests/support/database-at-001';
import { testDialects } from '../../../tests/support/test-app';
import { auditColumns, eventOf } from '../audit/audit-rows';
import { verifyChain } from '../audit/verify-chain';
import { migrateToLatest, migrateUpTo } from './migrate';

describe.each(testDialects)('migration 007 on an existing database [%s]', (dialect) => {
  it('carries checkouts, revisions, voids and payments into the chain once, by time, with their actor', async () => {
    const { db, drop } = await databaseAt001(dialect);
    try {
      await migrateUpTo(db, '006-payments');
      const k = db.kysely;
      const line = (name: string, quantity: number, price: number) => ({
        drinkId: 1,
        drinkName: name,
        quantity,
        unitPrice: price,
        lineTotal: quantity * price,
      });
      const add = async (
        createdAt: string,
        bungalow: number,
        lines: ReturnType<typeof line>[],
        extra = {},
      ) => {
        const total = lines.reduce((sum, l) => sum + l.lineTotal, 0);
        const { id } = await k
          .insertInto('checkouts')
          .values({ bungalow, created_at: createdAt, guest_name: 'Old Guest', total, ...extra })
          .returning('id')
          .executeTakeFirstOrThrow();
        await k
          .insertInto('checkout_lines')
          .values(
            lines.map((l) => ({
              checkout_id: id,
              drink_id: l.drinkId,
              drink_name: l.drinkName,
              quantity: l.quantity,
              unit_price: l.unitPrice,
              line_total: l.lineTotal,
            })),
          )
          .execute();
        return id;
      };
      // Recorded out of time order on purpose: the chain follows the times, not the ids.
      const late = await add('2026-01-05T12:00:00.000Z', 4, [line('Wine', 1, 450)], {
        voided_at: '2026-01-05T12:30:00.000Z',
        void_reason: 'Wrong bungalow',
      });
      const early = await add('2026-01-05T08:00:00.000Z', 12, [line('Coke', 3, 40)], {
        revised_at: '2026-01-05T09:00:00.000Z',
        check_id: 'a1b2c3d4-0000-4000-8000-000000000001',
      });
      await k
        .insertInto('checkout_revisions')
        .values({
          checkout_id: early,
          bungalow: 12,
          recorded_at: '2026-01-05T08:00:00.000Z',
          replaced_at: '2026-01-05T09:00:00.000Z',
          total: 80,
          lines: JSON.stringify([line('Coke', 2, 40)]),
        })
        .execute();
      const by = 'admin session 1a2b3c4d from 192.168.1.20';
      for (const [method, at] of [
        ['cash', '2026-01-05T10:00:00.000Z'],
        [null, '2026-01-05T10:05:00.000Z'],
        ['promptpay', '2026-01-05T10:06:00.000Z'],
      ] as const) {
        await k
          .insertInto('checkout_payments')
          .values({ checkout_id: early, method, recorded_at: at, recorded_by: by })
          .execute();
      }

      await migrateToLatest(db);

      const rows = await k.selectFrom('audit_events').select(auditColumns).orderBy('seq').execute();
      const events = rows.map(eventOf);
      expect(events.map((e) => [e.seq, e.at, e.action, e.actor.role, e.subject.id])).toEqual([
        [1, '2026-01-05T08:00:00.000Z', 'checkout.recorded', 'guest', String(early)],
        [2, '2026-01-05T09:00:00.000Z', 'checkout.revised', 'guest', String(early)],
        [3, '2026-01-05T10:00:00.000Z', 'payment.recorded', 'owner', String(early)],
        [4, '2026-01-05T10:05:00.000Z', 'payment.undone', 'owner', String(early)],
        [5, '2026-01-05T10:06:00.000Z', 'payment.recorded', 'owner', String(early)],
        [6, '2026-01-05T12:00:00.000Z', 'checkout.recorded', 'guest', String(late)],
        [7, '2026-01-05T12:30:00.000Z', 'checkout.voided', 'owner', String(late)],
      ]);
      expect(events[0]?.details).toEqual({
        bungalow: 12,
        total: 80,
        lines: [line('Coke', 2, 40)],
        // No checkId: a check's id is its device's secret (fifth stage).
        carriedOver: true,
      });
      expect(events[1]?.details).toEqual({
        bungalow: 12,
        before: { total: 80, lines: [line('Coke', 2, 40)] },
        after: { total: 120, lines: [line('Coke', 3, 40)] },
        carriedOver: true,
      });
      expect(events[3]?.details).toEqual({
        bungalow: 12,
        total: 120,
        before: { method: 'cash' },
        after: { method: null },
        recordedBy: by,
        carriedOver: true,
      });
      expect(events[3]?.actor).toEqual({ id: null, name: 'Owner', role: 'owner', device: null });
      expect(events[6]?.details).toEqual({
        bungalow: 4,
        total: 450,
        reason: 'Wrong bungalow',
        carriedOver: true,
      });

      expect(await verifyChain(k)).toEqual({ ok: true, events: 7, lastHash: events[6]?.hash });
      // Once: a second start migrates nothing and adds nothing.
      await migrateToLatest(db);
      expect(
        (await verifyChain(k)).ok && (await k.selectFrom('audit_events').select('seq').execute()).length,
      ).toBe(7);
    } finally {
      await drop();
    }
  });
});

import { describe, expect, it } from 'vitest';
import { databaseAt001 } from '../../../tests/support/database-at-001';
import { testDialects } from '../../../tests/support/test-app';
import { settleAtDeskReason } from '../../shared/pms-types';
import { createBungalowsRepo } from '../bungalows/bungalows.repo';
import { createPmsRepo } from '../pms/pms.repo';
import { migrateToLatest, migrateUpTo } from './migrate';

describe.each(testDialects)('migration 030 on an existing database [%s]', (dialect) => {
  it("the stays typed before are the app's; a failed post after the guest left is 'settle at the desk' by its own field", async () => {
    const { db, drop } = await databaseAt001(dialect);
    try {
      await migrateUpTo(db, '029-trail-carries-drinks');
      await db.kysely
        .insertInto('stays')
        .values({ bungalow: 12, guest_name: 'Old Guest', checked_in_at: '2026-11-01T07:00:00.000Z' })
        .execute();
      const posting = (checkoutId: number, state: string, reason: string | null) => ({
        checkout_id: checkoutId,
        bungalow: 12,
        state,
        reason,
        posts: 1,
        seq: checkoutId,
        updated_at: '2026-11-02T07:00:00.000Z',
      });
      await db.kysely
        .insertInto('pms_postings')
        .values([
          posting(1, 'failed', `${settleAtDeskReason}: Cloudbeds: Folio is closed`),
          posting(2, 'failed', 'Cloudbeds: Reservation not found'),
          posting(3, 'posted', null),
        ])
        .execute();

      await migrateToLatest(db);

      expect(await createBungalowsRepo(db).openStay(12)).toMatchObject({
        guestName: 'Old Guest',
        source: 'app',
        pmsReservationId: null,
      });
      const postings = await createPmsRepo(db).postings(undefined);
      expect(postings.map((p) => [p.checkoutId, p.state, p.settleAtDesk])).toEqual([
        [3, 'posted', false],
        [2, 'failed', false],
        [1, 'failed', true],
      ]);
    } finally {
      await drop();
    }
  });
});

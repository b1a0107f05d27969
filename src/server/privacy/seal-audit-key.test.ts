import { afterEach, describe, expect, it } from 'vitest';
import { databaseAt001 } from '../../../tests/support/database-at-001';
import { openStayAsBefore016 } from '../../../tests/support/guest-data';
import { testDialects } from '../../../tests/support/test-app';
import { ownerActor } from '../../shared/team';
import { setAuditKey } from '../audit/audit-key';
import { appendAudit, subject } from '../audit/audit-log';
import { verifyChain } from '../audit/verify-chain';
import { migrateToLatest, migrateUpTo } from '../db/migrate';
import { seedOnce } from '../db/seed';

const key = 'the-resorts-audit-key-kept-outside-the-database';

describe.each(testDialects)('migration 016 with AUDIT_KEY set at the upgrade [%s]', (dialect) => {
  afterEach(() => setAuditKey(undefined));

  it('checks the chain written before as plain SHA-256, and hashes it again under the key', async () => {
    const { db, drop } = await databaseAt001(dialect);
    try {
      await migrateUpTo(db, '015-tax-documents');
      await seedOnce(db);
      const k = db.kysely;
      const at = (minute: number) => new Date(Date.UTC(2026, 5, 1, 7, minute)).toISOString();
      await k.transaction().execute(async (trx) => {
        await openStayAsBefore016(trx, at(1));
        await appendAudit(trx, {
          actor: ownerActor(),
          at: at(2),
          action: 'settings.changed',
          subject: subject('settings'),
          details: { before: { cashFloat: 0 }, after: { cashFloat: 2000 } },
        });
      });
      const plainBefore = await verifyChain(k);
      expect(plainBefore).toMatchObject({ ok: true, events: 2 });

      // The server starts the new version with the key: the migrations run under it.
      setAuditKey(key);
      await migrateToLatest(db);
      expect(await verifyChain(k)).toMatchObject({ ok: true, events: 3 });
      const seal = await k
        .selectFrom('audit_events')
        .select(['action', 'details'])
        .where('seq', '=', 3)
        .executeTakeFirstOrThrow();
      expect(seal.action).toBe('audit.sealed');
      expect(JSON.parse(seal.details)).toMatchObject({
        previousHead: { seq: 2, hash: plainBefore.ok ? plainBefore.lastHash : '' },
        rehashedEvents: 2,
      });
      // Every link is keyed now, the first included: without the key nothing verifies.
      setAuditKey(undefined);
      expect(await verifyChain(k)).toMatchObject({ ok: false, brokenAt: 1 });
    } finally {
      await drop();
    }
  });
});

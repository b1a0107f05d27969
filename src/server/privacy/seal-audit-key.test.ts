import { afterEach, describe, expect, it } from 'vitest';
import { databaseAt001 } from '../../../tests/support/database-at-001';
import { openStayAsBefore016 } from '../../../tests/support/guest-data';
import { testDialects } from '../../../tests/support/test-app';
import { ownerActor } from '../../shared/team';
import { setAuditKey } from '../audit/audit-key';
import { appendAudit, subject } from '../audit/audit-log';
import { verifyChain } from '../audit/verify-chain';
import { migrateUpTo } from '../db/migrate';
import { seedOnce } from '../db/seed';

const key = 'the-resorts-audit-key-kept-outside-the-database';

describe.each(testDialects)('migrations 016 and 024 with AUDIT_KEY set at the upgrade [%s]', (dialect) => {
  afterEach(() => setAuditKey(undefined));

  it('checks the chain written before as plain SHA-256, keeps it plain, and signs its head (decision 160)', async () => {
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
      const plainBefore = await verifyChain(k, { before024: true });
      expect(plainBefore).toMatchObject({ ok: true, events: 2 });

      // The server starts the new version with the key: the migrations run under it. Up to the last one that
      // writes no events: 029 carries the drinks into the trail after the signed head, for the server to sign.
      setAuditKey(key);
      await migrateUpTo(db, '028-tax-months');
      expect(await verifyChain(k, { signedTail: 'required' })).toMatchObject({
        ok: true,
        events: 3,
        signedHead: { seq: 3 },
      });
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
      // The links are plain SHA-256: without the key they verify; the key is in the signed head only.
      setAuditKey(undefined);
      expect(await verifyChain(k)).toMatchObject({ ok: true, events: 3 });
      expect(await k.selectFrom('audit_head').select('keyed_until').executeTakeFirstOrThrow()).toEqual({
        keyed_until: 0,
      });
    } finally {
      await drop();
    }
  });
});

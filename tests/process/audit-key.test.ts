import { createHash, createHmac } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setAuditKey } from '../../src/server/audit/audit-key';
import {
  appendAudit,
  appendAudits,
  genesisHash,
  recordAudit,
  subject,
} from '../../src/server/audit/audit-log';
import { auditColumns, canonicalRowJson } from '../../src/server/audit/audit-rows';
import { verifyChain } from '../../src/server/audit/verify-chain';
import { backupSqlite } from '../../src/server/backups/sqlite-backup';
import type { Database } from '../../src/server/db/tables';
import { ownerActor } from '../../src/shared/team';
import { auditVerify, urlOf } from '../support/audit-verify-process';
import { createScratchDatabase, type ScratchDatabase, testDialects } from '../support/test-app';

/**
 * The chain anchored outside the database (DESIGN.md, fifth stage): with AUDIT_KEY every hash is an HMAC under
 * it, so a chain rebuilt by someone holding only the database does not verify; the head printed on a Z report
 * finds a rebuilt chain whatever the key.
 */

const key = 'k3y-that-lives-only-in-the-environment-0123456789';

async function writeEvents(k: Kysely<Database>, count: number) {
  for (let i = 1; i <= count; i++) {
    await recordAudit(k, {
      actor: ownerActor(),
      at: `2026-04-10T1${i}:00:00.000Z`,
      action: 'payment.recorded',
      subject: subject('checkout', i),
      details: { before: { method: null }, after: { method: 'cash' }, total: 2000 },
    });
  }
}

const head = (k: Kysely<Database>) =>
  k.selectFrom('audit_head').select(['seq', 'hash']).executeTakeFirstOrThrow();

/**
 * What someone with the database and no key does: drops the triggers, gives event 2 to another person, and
 * hashes the whole chain again with plain SHA-256, head included.
 */
async function rebuildAsAnAttacker(k: Kysely<Database>, dialect: string) {
  if (dialect === 'sqlite') await sql`drop trigger audit_events_no_update`.execute(k);
  else await sql`drop trigger audit_events_no_change on audit_events`.execute(k);
  await sql`update audit_events set actor_name = 'Noi' where seq = 2`.execute(k);
  const rows = await k.selectFrom('audit_events').select(auditColumns).orderBy('seq').execute();
  let previous = genesisHash;
  for (const row of rows) {
    const hash = createHash('sha256')
      .update(previous + canonicalRowJson(row))
      .digest('hex');
    await k.updateTable('audit_events').set({ hash }).where('seq', '=', row.seq).execute();
    previous = hash;
  }
  await k.updateTable('audit_head').set({ hash: previous }).where('id', '=', 1).execute();
}

describe.each(testDialects)('AUDIT_KEY and audit:verify --head [%s]', (dialect) => {
  const made: ScratchDatabase[] = [];
  afterAll(async () => {
    setAuditKey(undefined);
    await Promise.all(made.map((scratch) => scratch.drop()));
  });

  describe('a keyed chain', () => {
    let scratch: ScratchDatabase;
    beforeAll(async () => {
      // The server's start: the key is set before the database opens (its connections hash with it).
      setAuditKey(key);
      scratch = await createScratchDatabase(dialect, { seed: false });
      made.push(scratch);
      await writeEvents(scratch.db.kysely, 4);
    });
    afterAll(() => setAuditKey(undefined));

    it('is HMAC-SHA256 under the key, verifies with it, and says it is keyed without it', async () => {
      const k = scratch.db.kysely;
      const first = await k
        .selectFrom('audit_events')
        .select(auditColumns)
        .where('seq', '=', 1)
        .executeTakeFirstOrThrow();
      expect(first.hash).toBe(
        createHmac('sha256', key)
          .update(genesisHash + canonicalRowJson(first))
          .digest('hex'),
      );
      expect(await verifyChain(k)).toMatchObject({ ok: true, events: 4 });
      const { seq, hash } = await head(k);

      const withKey = await auditVerify(urlOf(scratch), {
        auditKey: key,
        args: ['--head', `${seq}:${hash}`],
      });
      expect(withKey.code, withKey.out).toBe(0);
      expect(withKey.out).toContain('Audit chain verified: 4 events checked');
      expect(withKey.out).toContain(`Chain head ${seq}:${hash} found: the chain still passes through it.`);

      const withoutKey = await auditVerify(urlOf(scratch));
      expect(withoutKey.code, withoutKey.out).toBe(1);
      expect(withoutKey.out).toContain('Audit chain BROKEN at seq 1');
      expect(withoutKey.out).toContain('the chain is keyed');

      const wrongKey = await auditVerify(urlOf(scratch), { auditKey: `${key}-another` });
      expect(wrongKey.code, wrongKey.out).toBe(1);
      expect(wrongKey.out).toContain('Audit chain BROKEN at seq 1');

      const shortKey = await auditVerify(urlOf(scratch), { auditKey: 'short' });
      expect(shortKey.code, shortKey.out).toBe(2);
      expect(shortKey.out).toContain('AUDIT_KEY must be at least 32 bytes');
    });

    it('rebuilt with plain SHA-256 by someone holding only the database, it is refused with the key', async () => {
      const k = scratch.db.kysely;
      const { seq, hash } = await head(k);
      await rebuildAsAnAttacker(k, dialect);
      const refused = await auditVerify(urlOf(scratch), { auditKey: key });
      expect(refused.code, refused.out).toBe(1);
      expect(refused.out).toMatch(/Audit chain BROKEN at seq 1: its hash does not match/);
      const anchored = await auditVerify(urlOf(scratch), {
        auditKey: key,
        args: ['--head', `${seq}:${hash}`],
      });
      expect(anchored.code, anchored.out).toBe(1);
      expect(anchored.out).toContain(`Chain head ${seq}:${hash} NOT FOUND: event ${seq} now has the hash`);
    });
  });

  it("chains a transaction's several events under the key, each an HMAC of the one before", async () => {
    setAuditKey(key);
    try {
      const scratch = await createScratchDatabase(dialect, { seed: false });
      made.push(scratch);
      const k = scratch.db.kysely;
      const event = (action: 'checkout.recorded' | 'document.issued', checkout: number) => ({
        actor: ownerActor(),
        at: '2026-11-10T10:00:00.000Z',
        action,
        subject: subject('checkout', checkout),
        details: { number: `ABB2611-0000${checkout}` },
      });
      // One append each, then both in one (on PostgreSQL one pending row carries both: migration 022).
      await k.transaction().execute(async (trx) => {
        await appendAudit(trx, event('checkout.recorded', 1));
        await appendAudit(trx, event('document.issued', 1));
      });
      await k
        .transaction()
        .execute((trx) => appendAudits(trx, [event('checkout.recorded', 2), event('document.issued', 2)]));
      const rows = await k.selectFrom('audit_events').select(auditColumns).orderBy('seq').execute();
      expect(rows.map((row) => [row.seq, row.action, row.subject_id])).toEqual([
        [1, 'checkout.recorded', '1'],
        [2, 'document.issued', '1'],
        [3, 'checkout.recorded', '2'],
        [4, 'document.issued', '2'],
      ]);
      let previous = genesisHash;
      for (const row of rows) {
        expect(row.hash).toBe(
          createHmac('sha256', key)
            .update(previous + canonicalRowJson(row))
            .digest('hex'),
        );
        previous = row.hash;
      }
      expect(await head(k)).toEqual({ seq: 4, hash: previous });
      expect(await verifyChain(k)).toMatchObject({ ok: true, events: 4 });
    } finally {
      setAuditKey(undefined);
    }
  });

  it('without a key, the head a Z report printed finds a chain rebuilt with plain SHA-256', async () => {
    setAuditKey(undefined);
    const scratch = await createScratchDatabase(dialect, { seed: false });
    made.push(scratch);
    const k = scratch.db.kysely;
    await writeEvents(k, 4);
    const { seq, hash } = await head(k);
    const before = await auditVerify(urlOf(scratch), { args: ['--head', `${seq}:${hash}`] });
    expect(before.code, before.out).toBe(0);
    expect(before.out).toContain(`Chain head ${seq}:${hash} found`);

    await rebuildAsAnAttacker(k, dialect);
    // Without a key the rebuilt chain verifies by itself: only the printed head tells.
    const plain = await auditVerify(urlOf(scratch));
    expect(plain.code, plain.out).toBe(0);
    const anchored = await auditVerify(urlOf(scratch), { args: ['--head', `${seq}:${hash}`] });
    expect(anchored.code, anchored.out).toBe(1);
    expect(anchored.out).toContain(
      `Chain head ${seq}:${hash} NOT FOUND: event ${seq} now has the hash ${(await head(k)).hash}; the chain was rewritten since that head was taken.`,
    );

    const missing = await auditVerify(urlOf(scratch), { args: ['--head', `99:${hash}`] });
    expect(missing.code, missing.out).toBe(1);
    expect(missing.out).toContain(`Chain head 99:${hash} NOT FOUND: there is no event 99 in the chain.`);
    const bad = await auditVerify(urlOf(scratch), { args: ['--head', 'yesterday'] });
    expect(bad.code, bad.out).toBe(2);
    expect(bad.out).toContain('--head takes the chain head as the close report prints it, SEQ:HASH');
  });
});

// Backups copy the SQLite file (src/server/backups): their check verifies the chain with the process's key.
describe('a backup of a keyed chain [sqlite]', () => {
  const made: ScratchDatabase[] = [];
  afterAll(async () => {
    await Promise.all(made.map((scratch) => scratch.drop()));
  });

  it('passes its check with the key, and fails it without', async () => {
    setAuditKey(key);
    try {
      const scratch = await createScratchDatabase('sqlite', { seed: false });
      made.push(scratch);
      await writeEvents(scratch.db.kysely, 3);
      const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'audit-key-backup-'));
      const backup = await backupSqlite(scratch.url.slice('sqlite:'.length), path.join(folder, 'b.sqlite'));
      expect(backup).toMatchObject({ events: 3, lastHash: (await head(scratch.db.kysely)).hash });
      setAuditKey(undefined);
      await expect(
        backupSqlite(scratch.url.slice('sqlite:'.length), path.join(folder, 'c.sqlite')),
      ).rejects.toThrow(/failed its audit chain check at seq 1/);
    } finally {
      setAuditKey(undefined);
    }
  });
});

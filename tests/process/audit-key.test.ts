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
import { headSignerFor } from '../../src/server/audit/head-signer';
import { verifyChain } from '../../src/server/audit/verify-chain';
import { backupSqlite } from '../../src/server/backups/sqlite-backup';
import type { DialectName } from '../../src/server/db/database';
import { migrateToLatest } from '../../src/server/db/migrate';
import type { Database } from '../../src/server/db/tables';
import { ownerActor } from '../../src/shared/team';
import { checkoutBody, json, prepareForCheckouts } from '../stress/support';
import { auditVerify, urlOf } from '../support/audit-verify-process';
import { databaseAt } from '../support/database-at';
import { dropAuditUpdateGuard, rehashChainWithoutKey } from '../support/rehash-audit';
import { checkoutLimitsOff, startServer } from '../support/server-process';
import { createScratchDatabase, type ScratchDatabase, testDialects } from '../support/test-app';

/**
 * AUDIT_KEY signs the chain's heads in the app (DESIGN.md, "Books no one can rewrite"; docs/decisions/160): the
 * links are plain SHA-256 wherever they are made, every signed head is checked with the key, and a chain
 * rebuilt by someone holding only the database does not verify; the head printed on a Z report finds a rebuilt
 * chain whatever the key. The review's own attack (a trigger reading the session, the rewrite) is in
 * tests/security/audit-key-reach.test.ts.
 */

const key = 'k3y-that-lives-only-in-the-environment-0123456789';

/** Events of no row the trail rebuilds (seventh stage: a payment needs its checkout, or verify names it). */
async function writeEvents(k: Kysely<Database>, count: number) {
  for (let i = 1; i <= count; i++) {
    await recordAudit(k, {
      actor: ownerActor(),
      at: `2026-04-10T1${i}:00:00.000Z`,
      action: 'settings.changed',
      subject: subject('settings', i),
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
async function rebuildAsAnAttacker(k: Kysely<Database>, dialect: DialectName) {
  await dropAuditUpdateGuard(k, dialect);
  await sql`update audit_events set actor_name = 'Noi' where seq = 2`.execute(k);
  await rehashChainWithoutKey(k);
}

describe.each(testDialects)('AUDIT_KEY and audit:verify --head [%s]', (dialect) => {
  const made: ScratchDatabase[] = [];
  afterAll(async () => {
    setAuditKey(undefined);
    await Promise.all(made.map((scratch) => scratch.drop()));
  });

  describe('a signed chain', () => {
    let scratch: ScratchDatabase;
    beforeAll(async () => {
      setAuditKey(key);
      scratch = await createScratchDatabase(dialect, { seed: false });
      made.push(scratch);
      await writeEvents(scratch.db.kysely, 4);
      // What the server does a few times a second: the head signed in the app.
      await headSignerFor(scratch.db.kysely).sign();
    });
    afterAll(() => setAuditKey(undefined));

    it('links plain SHA-256, its head signed with the key: verifies with it, and a wrong key is refused', async () => {
      const k = scratch.owner.kysely;
      const first = await k
        .selectFrom('audit_events')
        .select(auditColumns)
        .where('seq', '=', 1)
        .executeTakeFirstOrThrow();
      expect(first.hash).toBe(
        createHash('sha256')
          .update(genesisHash + canonicalRowJson(first))
          .digest('hex'),
      );
      const { seq, hash } = await head(k);
      const signed = await k.selectFrom('audit_signed_heads').selectAll().execute();
      expect(signed).toHaveLength(1);
      expect(signed[0]).toMatchObject({ seq, hash });
      expect(signed[0]?.signature).toBe(
        createHmac('sha256', key)
          .update(`fridge-check audit head\n${seq}\n${hash}\n${signed[0]?.signed_at}`)
          .digest('hex'),
      );
      expect(await verifyChain(k)).toMatchObject({ ok: true, events: 4, signedHead: { seq, hash } });

      const withKey = await auditVerify(urlOf(scratch), {
        auditKey: key,
        args: ['--head', `${seq}:${hash}`],
      });
      expect(withKey.code, withKey.out).toBe(0);
      expect(withKey.out).toContain('Audit chain verified: 4 events checked');
      expect(withKey.out).toContain('Signed by the app with AUDIT_KEY up to event 4');
      expect(withKey.out).toContain(`Chain head ${seq}:${hash} found: the chain still passes through it.`);

      // Without the key the links still verify; only the key checks the signatures.
      const withoutKey = await auditVerify(urlOf(scratch));
      expect(withoutKey.code, withoutKey.out).toBe(0);

      const wrongKey = await auditVerify(urlOf(scratch), { auditKey: `${key}-another` });
      expect(wrongKey.code, wrongKey.out).toBe(1);
      expect(wrongKey.out).toContain(
        "Audit chain BROKEN at seq 4: the signed head at event 4 does not carry AUDIT_KEY's signature",
      );

      const shortKey = await auditVerify(urlOf(scratch), { auditKey: 'short' });
      expect(shortKey.code, shortKey.out).toBe(2);
      expect(shortKey.out).toContain('AUDIT_KEY must be at least 32 bytes');
    });

    it('rebuilt with plain SHA-256 by someone holding only the database, it is refused with the key', async () => {
      const k = scratch.owner.kysely;
      const { seq, hash } = await head(k);
      await rebuildAsAnAttacker(k, dialect);
      const refused = await auditVerify(urlOf(scratch), { auditKey: key });
      expect(refused.code, refused.out).toBe(1);
      expect(refused.out).toMatch(/Audit chain BROKEN at seq 4: the app signed event 4 with another hash/);
      const anchored = await auditVerify(urlOf(scratch), {
        auditKey: key,
        args: ['--head', `${seq}:${hash}`],
      });
      expect(anchored.code, anchored.out).toBe(1);
      expect(anchored.out).toContain(`Chain head ${seq}:${hash} NOT FOUND: event ${seq} now has the hash`);
      // The signer that signed it refuses to sign over the rewrite.
      const signer = headSignerFor(k);
      await signer.sign();
      expect(signer.refused()).toMatchObject({ brokenAt: 4 });
    });
  });

  it("chains a transaction's several events, each linked to the one before, and signs the head after them", async () => {
    setAuditKey(key);
    try {
      const scratch = await createScratchDatabase(dialect, { seed: false });
      made.push(scratch);
      const k = scratch.owner.kysely;
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
          createHash('sha256')
            .update(previous + canonicalRowJson(row))
            .digest('hex'),
        );
        previous = row.hash;
      }
      expect(await head(k)).toEqual({ seq: 4, hash: previous });
      // Not signed yet: allowed by default (a server signs within a moment), refused when asked for.
      expect(await verifyChain(k)).toMatchObject({ ok: true, events: 4, unsignedEvents: 4 });
      expect(await verifyChain(k, { signedTail: 'required' })).toMatchObject({ ok: false, unsigned: true });
      await headSignerFor(k).sign();
      expect(await verifyChain(k, { signedTail: 'required' })).toMatchObject({ ok: true, unsignedEvents: 0 });
    } finally {
      setAuditKey(undefined);
    }
  });

  it('a chain keyed by the release before (decision 134) keeps its links and is signed at the upgrade', async () => {
    const old = await databaseAt(dialect, '023-tax-documents-keyed-by-number');
    try {
      const k = old.db.kysely;
      // As that release's trigger and app wrote it: every link an HMAC under the key.
      const rows = await k.selectFrom('audit_events').select(auditColumns).orderBy('seq').execute();
      expect(rows.length).toBeGreaterThan(0);
      if (dialect === 'sqlite') await sql`drop trigger audit_events_no_update`.execute(k);
      else await sql`alter table audit_events disable trigger audit_events_no_change`.execute(k);
      let previous = genesisHash;
      for (const row of rows) {
        const hash = createHmac('sha256', key)
          .update(previous + canonicalRowJson(row))
          .digest('hex');
        await k.updateTable('audit_events').set({ hash }).where('seq', '=', row.seq).execute();
        previous = hash;
      }
      if (dialect === 'sqlite') {
        await sql`create trigger audit_events_no_update before update on audit_events
          begin select raise(abort, 'audit_events is append-only'); end`.execute(k);
      } else await sql`alter table audit_events enable trigger audit_events_no_change`.execute(k);
      await sql`update audit_head set hash = ${previous} where id = 1`.execute(k);

      setAuditKey(key);
      await migrateToLatest(old.db);
      const keyedHead = await head(k);
      expect(await k.selectFrom('audit_head').select('keyed_until').executeTakeFirstOrThrow()).toEqual({
        keyed_until: rows.length,
      });
      // The head printed on a close report before the upgrade still matches: the chain passes through it
      // (migration 029 carries that release's drinks into the chain after it).
      const carried = keyedHead.seq - rows.length;
      expect(
        await k
          .selectFrom('audit_events')
          .select('hash')
          .where('seq', '=', rows.length)
          .executeTakeFirstOrThrow(),
      ).toEqual({ hash: previous });
      await writeEvents(k, 2);
      await headSignerFor(k).sign();
      expect(await verifyChain(k, { signedTail: 'required' })).toMatchObject({
        ok: true,
        events: rows.length + carried + 2,
      });
      const verified = await auditVerify(old.url, { auditKey: key });
      expect(verified.code, verified.out).toBe(0);
      // Those links are the key's: without it they do not verify, as before the upgrade.
      const withoutKey = await auditVerify(old.url);
      expect(withoutKey.code, withoutKey.out).toBe(1);
      expect(withoutKey.out).toContain('Audit chain BROKEN at seq 1');
    } finally {
      setAuditKey(undefined);
      await old.drop();
    }
  });

  it('without a key, the head a Z report printed finds a chain rebuilt with plain SHA-256', async () => {
    setAuditKey(undefined);
    const scratch = await createScratchDatabase(dialect, { seed: false });
    made.push(scratch);
    const k = scratch.owner.kysely;
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

// Backups copy the SQLite file (src/server/backups): their check verifies the chain and its signed heads.
describe('a backup of a signed chain [sqlite]', () => {
  const made: ScratchDatabase[] = [];
  afterAll(async () => {
    await Promise.all(made.map((scratch) => scratch.drop()));
  });

  it('passes its check with the key, and fails it under another key', async () => {
    setAuditKey(key);
    try {
      const scratch = await createScratchDatabase('sqlite', { seed: false });
      made.push(scratch);
      await writeEvents(scratch.db.kysely, 3);
      await headSignerFor(scratch.db.kysely).sign();
      const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'audit-key-backup-'));
      const backup = await backupSqlite(scratch.url.slice('sqlite:'.length), path.join(folder, 'b.sqlite'));
      expect(backup).toMatchObject({ events: 3, lastHash: (await head(scratch.db.kysely)).hash });
      setAuditKey(`${key}-another`);
      await expect(
        backupSqlite(scratch.url.slice('sqlite:'.length), path.join(folder, 'c.sqlite')),
      ).rejects.toThrow(/failed its audit chain check at seq 3/);
    } finally {
      setAuditKey(undefined);
    }
  });
});

// The built server signs by itself: a few times a second while it writes, and once more as it stops.
describe('the built server with AUDIT_KEY [sqlite]', () => {
  it('signs the heads it writes: audit:verify with the key passes while it runs, after it stops, and after kill -9 and a restart', async () => {
    const server = await startServer({ env: { AUDIT_KEY: key, ...checkoutLimitsOff } });
    let restarted: Awaited<ReturnType<typeof startServer>> | undefined;
    try {
      await prepareForCheckouts(server);
      for (let i = 1; i <= 3; i++) {
        const sent = await fetch(`${server.baseURL}/api/checkouts`, {
          method: 'POST',
          headers: json,
          body: checkoutBody(i),
        });
        expect(sent.status).toBe(201);
      }
      const running = await auditVerify(server.databaseUrl, { auditKey: key });
      expect(running.code, running.out).toBe(0);
      expect(running.out).toMatch(/Signed by the app with AUDIT_KEY up to event \d+/);
      // Killed right after a write, before it could sign: the tail is unsigned until a server runs again.
      const last = await fetch(`${server.baseURL}/api/checkouts`, {
        method: 'POST',
        headers: json,
        body: checkoutBody(9),
      });
      expect(last.status).toBe(201);
      await server.stop('SIGKILL');
      restarted = await startServer({ env: { AUDIT_KEY: key }, dataDir: server.dataDir });
      const after = await auditVerify(server.databaseUrl, { auditKey: key });
      expect(after.code, after.out).toBe(0);
      expect(await restarted.stop()).toBe(0);
      const stopped = await auditVerify(server.databaseUrl, { auditKey: key });
      expect(stopped.code, stopped.out).toBe(0);
    } finally {
      await server.stop();
      await restarted?.stop();
    }
    // Two server starts and three runs of the verify script: on a loaded 2-core machine (npm test's two files at
    // a time) more than the 30 s a test usually gets (it ran out at 30.05 s once).
  }, 90_000);
});

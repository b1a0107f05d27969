/**
 * Guests' personal data at scale (SQLite):
 * - an erase of one guest among GUEST_DATA_CHECKOUTS checkouts (default 1,000,000; the guest has 1,000 of
 *   them), through the privacy repository (the route's work: the transaction, the audit event, the WAL
 *   checkpoint);
 * - migration 016 on a database at 014 whose audit holds GUEST_DATA_EVENTS stay events with names (default
 *   20,000), and as many other events: how many it sealed and how long it took.
 *
 *   npx tsx bench/guest-data-scale.ts
 *   GUEST_DATA_CHECKOUTS=100000 GUEST_DATA_EVENTS=5000 npx tsx bench/guest-data-scale.ts    a quick run
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { appendAudit, subject } from '../src/server/audit/audit-log';
import { verifyChain } from '../src/server/audit/verify-chain';
import { openDatabase } from '../src/server/db/database';
import { migrateToLatest, migrateUpTo } from '../src/server/db/migrate';
import { createPrivacyRepo } from '../src/server/privacy/privacy.repo';
import { ownerActor } from '../src/shared/team';

const checkoutCount = Number(process.env.GUEST_DATA_CHECKOUTS ?? 1_000_000);
const eventCount = Number(process.env.GUEST_DATA_EVENTS ?? 20_000);
const log = (line: string) => process.stdout.write(`${line}\n`);

async function eraseAtScale(dir: string) {
  const db = openDatabase(`sqlite:${path.join(dir, 'erase.sqlite')}`);
  try {
    await migrateToLatest(db);
    const started = performance.now();
    await sql`insert into guests (id, name, email, email_key, commit_key, created_at, changed_at)
      values (1, 'Erase Me', 'erase.me@example.com', 'erase.me@example.com', 'a2V5', '2026-01-01T00:00:00.000Z',
        '2026-01-01T00:00:00.000Z')`.execute(db.kysely);
    await sql`insert into stays (id, bungalow, guest_name, guest_email, checked_in_at, checked_out_at, guest_id)
      values (1, 7, 'Erase Me', 'erase.me@example.com', '2026-01-01T00:00:00.000Z', '2026-01-09T00:00:00.000Z', 1)`.execute(
      db.kysely,
    );
    await db.kysely.transaction().execute(async (trx) => {
      await sql`insert into checkouts (id, bungalow, created_at, guest_name, total, stay_id, guest_id)
        with recursive n(i) as (select 1 union all select i + 1 from n where i < ${checkoutCount})
        select i, (i * 7919) % 200 + 1, strftime('%Y-%m-%dT%H:%M:%fZ', 1700000000 + i * 60, 'unixepoch'),
          case when i % ${Math.max(1, Math.floor(checkoutCount / 1000))} = 0 then 'Erase Me' else 'Guest ' || (i % 5000) end,
          80,
          case when i % ${Math.max(1, Math.floor(checkoutCount / 1000))} = 0 then 1 end,
          case when i % ${Math.max(1, Math.floor(checkoutCount / 1000))} = 0 then 1 else 2 + i % 5000 end
        from n`.execute(trx);
    });
    log(
      `seeded ${checkoutCount.toLocaleString('en-US')} checkouts in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
    const repo = createPrivacyRepo(db);
    const t0 = performance.now();
    const erased = await repo.erase(1, 'asked by email', {
      actor: ownerActor(),
      at: new Date().toISOString(),
    });
    const ms = performance.now() - t0;
    log(
      `erase of one guest (${erased?.erased.checkouts} of ${checkoutCount.toLocaleString('en-US')} checkouts, ${erased?.erased.stays} stay): ${ms.toFixed(0)} ms`,
    );
  } finally {
    await db.close();
  }
}

async function migrationAtScale(dir: string) {
  const db = openDatabase(`sqlite:${path.join(dir, 'seal.sqlite')}`);
  try {
    await migrateUpTo(db, '014-stock-costs');
    await db.kysely.transaction().execute(async (trx) => {
      for (let i = 1; i <= eventCount; i++) {
        const at = new Date(Date.UTC(2026, 0, 1) + i * 60_000).toISOString();
        await trx
          .insertInto('stays')
          .values({
            bungalow: i,
            guest_name: `Guest ${i}`,
            guest_email: `guest${i}@example.com`,
            check_out_on: null,
            checked_in_at: at,
            checked_out_at: null,
          })
          .execute();
        await appendAudit(trx, {
          actor: ownerActor(),
          at,
          action: 'stay.opened',
          subject: subject('stay', i),
          details: { bungalow: i, after: { guestName: `Guest ${i}`, guestEmail: `guest${i}@example.com` } },
        });
        await appendAudit(trx, {
          actor: ownerActor(),
          at,
          action: 'settings.changed',
          subject: subject('settings'),
          details: { after: { cashFloat: i } },
        });
      }
    });
    const started = performance.now();
    await migrateToLatest(db);
    const seconds = (performance.now() - started) / 1000;
    const seal = await db.kysely
      .selectFrom('audit_events')
      .select('details')
      .where('action', '=', 'audit.sealed')
      .executeTakeFirst();
    const verdict = await verifyChain(db.kysely);
    log(
      `migration 016 on ${(eventCount * 2).toLocaleString('en-US')} events: ${seconds.toFixed(1)} s; seal ${seal?.details}`,
    );
    log(`chain after: ${JSON.stringify(verdict)}`);
  } finally {
    await db.close();
  }
}

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fridge-guest-data-'));
try {
  await eraseAtScale(dir);
  await migrationAtScale(dir);
} finally {
  fs.rmSync(dir, { recursive: true, force: true });
}

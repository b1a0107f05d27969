import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { lastAuditEvent } from '../../../tests/support/last-audit-event';
import { addStaff, pins, registerDevice, signInWithPin } from '../../../tests/support/team';
import {
  createScratchDatabase,
  createTestApp,
  type ScratchDatabase,
  testDialects,
} from '../../../tests/support/test-app';
import type { BackupStatus } from '../../shared/backup-types';
import { ownerActor } from '../../shared/team';
import { recordAudit, subject } from '../audit/audit-log';
import { createLogger } from '../logger';
import { createBackupService, type Timers } from './backup-service';
import { BackupCheckError, backupSqlite, checkBackup, restoreSqlite } from './sqlite-backup';

/** A timer the test fires by hand, at the moment the clock says it is due. */
function manualTimers() {
  const armed: { run: () => void; ms: number }[] = [];
  const timers: Timers = {
    set(run, ms) {
      const entry = { run, ms };
      armed.push(entry);
      return entry;
    },
    clear(handle) {
      armed.splice(armed.indexOf(handle as (typeof armed)[number]), 1);
    },
  };
  return { timers, armed };
}

const until = async (condition: () => boolean) => {
  for (let i = 0; i < 500 && !condition(); i++) await new Promise((resolve) => setTimeout(resolve, 10));
  expect(condition()).toBe(true);
};

const made: ScratchDatabase[] = [];
const folders: string[] = [];
afterAll(async () => {
  await Promise.all(made.map((scratch) => scratch.drop()));
  for (const folder of folders) fs.rmSync(folder, { recursive: true, force: true });
});

function tempFolder(): string {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'fridge-backups-'));
  folders.push(folder);
  return folder;
}

async function sqliteWithEvents(events: number) {
  const scratch = await createScratchDatabase('sqlite');
  made.push(scratch);
  for (let i = 1; i <= events; i++) {
    await recordAudit(scratch.db.kysely, {
      actor: ownerActor(),
      at: `2026-04-10T0${i % 10}:00:00.000Z`,
      action: 'payment.recorded',
      subject: subject('checkout', i),
      details: { before: { method: null }, after: { method: 'cash' }, total: 2000 },
    });
  }
  return scratch;
}

function service(scratch: ScratchDatabase, options: { dir: string; keep?: number; at?: string }) {
  const clock = { now: Date.parse('2026-04-10T10:00:00.000Z') };
  const lines: string[] = [];
  const { timers, armed } = manualTimers();
  const backups = createBackupService({
    db: scratch.db,
    config: { dir: options.dir, at: options.at ?? '03:00', keep: options.keep ?? 14 },
    logger: createLogger('debug', (line) => lines.push(line)),
    now: () => clock.now,
    timers,
  });
  return { backups, clock, lines, armed };
}

describe('backups by themselves [sqlite]', () => {
  it('a backup is a checked copy with the same audit head; restoring it gives that head back', async () => {
    const scratch = await sqliteWithEvents(5);
    const head = await lastAuditEvent(scratch.db.kysely);
    const dir = tempFolder();
    const { backups } = service(scratch, { dir });
    const backup = await backups.run('manual');
    expect(backup).toMatchObject({ events: 5, lastHash: head.hash });
    expect(fs.readdirSync(dir)).toEqual(['fridge-2026-04-10T10-00-00-000Z.sqlite']);

    const restored = path.join(tempFolder(), 'restored.sqlite');
    expect(await restoreSqlite(backup?.file ?? '', restored)).toMatchObject({
      events: 5,
      lastHash: head.hash,
    });
    expect(await checkBackup(restored)).toEqual({ events: 5, lastHash: head.hash });
  });

  it('keeps the last BACKUP_KEEP backups and says which is the last', async () => {
    const scratch = await sqliteWithEvents(2);
    const dir = tempFolder();
    const { backups, clock } = service(scratch, { dir, keep: 3 });
    // A copy cut short by a kill (never renamed) is cleared away, not kept as a backup.
    const leftOver = path.join(dir, 'fridge-2026-04-01T00-00-00-000Z.sqlite.partial');
    fs.writeFileSync(leftOver, 'half');
    const yesterday = new Date(Date.now() - 24 * 3_600_000);
    fs.utimesSync(leftOver, yesterday, yesterday);
    for (let day = 0; day < 5; day++) {
      expect(await backups.run('daily')).not.toBeNull();
      clock.now += 24 * 3_600_000;
    }
    expect(fs.readdirSync(dir).sort()).toEqual([
      'fridge-2026-04-12T10-00-00-000Z.sqlite',
      'fridge-2026-04-13T10-00-00-000Z.sqlite',
      'fridge-2026-04-14T10-00-00-000Z.sqlite',
    ]);
    clock.now = Date.parse('2026-04-15T09:00:00.000Z');
    const status = await backups.status();
    expect(status).toMatchObject({
      database: 'sqlite',
      directory: dir,
      keep: 3,
      count: 3,
      stale: false,
      lastFailure: null,
      last: { file: 'fridge-2026-04-14T10-00-00-000Z.sqlite', at: '2026-04-14T10:00:00.000Z' },
    });
    expect(status.database === 'sqlite' && status.last?.bytes).toBe(
      fs.statSync(path.join(dir, 'fridge-2026-04-14T10-00-00-000Z.sqlite')).size,
    );
    // A day after the last one and none since: the Settings page warns.
    clock.now = Date.parse('2026-04-15T10:00:00.000Z');
    expect(await backups.status()).toMatchObject({ stale: true });
  });

  it('backs up every day at BACKUP_AT in the resort time zone, once, and follows a new time zone', async () => {
    const scratch = await sqliteWithEvents(1);
    const dir = tempFolder();
    const { backups, clock, armed } = service(scratch, { dir, at: '03:00' });
    // 02:00 in Bangkok (UTC+7).
    clock.now = Date.parse('2026-04-09T19:00:00.000Z');
    backups.start();
    await until(() => armed.length === 1);
    // The next check is within the hour (the time zone is looked at again), here exactly at 03:00.
    expect(armed[0]?.ms).toBe(3_600_000);
    const fire = async () => {
      const timer = armed.shift();
      clock.now += timer?.ms ?? 0;
      timer?.run();
      await until(() => armed.length === 1);
    };
    await fire();
    expect(fs.readdirSync(dir)).toEqual(['fridge-2026-04-09T20-00-00-000Z.sqlite']);
    // A whole day of checks: no second backup before the next 03:00, one at it.
    const nextFireAt = () => clock.now + (armed[0]?.ms ?? 0);
    while (nextFireAt() < Date.parse('2026-04-10T20:00:00.000Z')) await fire();
    expect(fs.readdirSync(dir)).toHaveLength(1);
    await fire();
    expect(clock.now).toBe(Date.parse('2026-04-10T20:00:00.000Z'));
    expect(fs.readdirSync(dir).sort()).toEqual([
      'fridge-2026-04-09T20-00-00-000Z.sqlite',
      'fridge-2026-04-10T20-00-00-000Z.sqlite',
    ]);

    // The resort moves its clock to Berlin (UTC+2 in April): 03:00 there is 01:00 UTC.
    await scratch.db.kysely
      .insertInto('settings')
      .values({ key: 'resort', value: JSON.stringify({ timeZone: 'Europe/Berlin' }) })
      .onConflict((oc) =>
        oc.column('key').doUpdateSet({ value: JSON.stringify({ timeZone: 'Europe/Berlin' }) }),
      )
      .execute();
    while (nextFireAt() <= Date.parse('2026-04-11T01:00:00.000Z')) await fire();
    expect(clock.now).toBe(Date.parse('2026-04-11T01:00:00.000Z'));
    expect(fs.readdirSync(dir)).toContain('fridge-2026-04-11T01-00-00-000Z.sqlite');
    expect(await backups.status()).toMatchObject({
      timeZone: 'Europe/Berlin',
      nextAt: '2026-04-12T01:00:00.000Z',
    });
    await backups.stop();
    expect(armed).toHaveLength(0);
  });

  it('a copy that fails its check is deleted, the error logged, and the status says so', async () => {
    const scratch = await sqliteWithEvents(3);
    const dir = tempFolder();
    const { backups, clock, lines } = service(scratch, { dir });
    expect(await backups.run('manual')).not.toBeNull();
    clock.now += 3_600_000;
    // Someone with the file changes an event behind the app's back: the copy holds a broken chain.
    const raw = new SqliteDatabase(scratch.db.sqlite?.name ?? '');
    for (const { name } of raw
      .prepare("select name from sqlite_master where type = 'trigger' and tbl_name = 'audit_events'")
      .all() as { name: string }[]) {
      raw.exec(`drop trigger "${name}"`);
    }
    raw.prepare("update audit_events set actor_name = 'Someone else' where seq = 2").run();
    raw.close();

    expect(await backups.run('daily')).toBeNull();
    expect(fs.readdirSync(dir)).toEqual(['fridge-2026-04-10T10-00-00-000Z.sqlite']);
    const failure = lines
      .map((line) => JSON.parse(line))
      .find((line) => line.message === 'backup failed: the copy was not kept');
    expect(failure).toMatchObject({ level: 'error', reason: 'daily' });
    expect(JSON.stringify(failure)).toContain('audit chain check at seq 2');
    const status = (await backups.status()) as Extract<BackupStatus, { database: 'sqlite' }>;
    expect(status.last?.file).toBe('fridge-2026-04-10T10-00-00-000Z.sqlite');
    expect(status.lastFailure).toMatchObject({ at: '2026-04-10T11:00:00.000Z' });
    expect(status.lastFailure?.message).toContain('audit chain check at seq 2');
  });

  it('a file that fails integrity_check is refused, and restoring it changes nothing', async () => {
    const scratch = await sqliteWithEvents(200);
    const dir = tempFolder();
    const good = await backupSqlite(scratch.db.sqlite?.name ?? '', path.join(dir, 'good.sqlite'));
    const bytes = fs.readFileSync(good.file);
    // Garbage over every page but the first (the header): the tables' b-trees no longer hold together.
    for (let offset = 4096; offset < bytes.length; offset += 97) bytes[offset] = 0xa5;
    const corrupt = path.join(dir, 'corrupt.sqlite');
    fs.writeFileSync(corrupt, bytes);
    await expect(checkBackup(corrupt)).rejects.toBeInstanceOf(BackupCheckError);
    await expect(checkBackup(corrupt)).rejects.toThrow(/integrity check|cannot be opened/);

    const target = path.join(dir, 'live.sqlite');
    fs.copyFileSync(good.file, target);
    await expect(restoreSqlite(corrupt, target)).rejects.toThrow('nothing was changed');
    expect(await checkBackup(target)).toEqual({ events: 200, lastHash: good.lastHash });
  });
});

describe.each(testDialects)('GET /api/backups/status [%s]', (dialect) => {
  it('owner and managers read it, the desk gets 403; on PostgreSQL it says pg_dump is the operator’s', async () => {
    const scratch = await createScratchDatabase(dialect);
    made.push(scratch);
    const dir = tempFolder();
    const t = await createTestApp(scratch, {
      config: { backups: { dir, at: '03:00', keep: 14 } },
    });
    expect((await t.request('GET', '/api/backups/status')).status).toBe(401);
    const cookie = await t.login();
    // The people who open Settings read it; the desk does not.
    const device = await registerDevice(t, cookie);
    const manager = await addStaff(t, cookie, { name: 'Mali', role: 'manager', pin: pins[0] });
    const desk = await addStaff(t, cookie, { name: 'Noi', role: 'desk', pin: pins[1] });
    const asManager = await signInWithPin(t, device, manager.id, pins[0]);
    expect((await t.request('GET', '/api/backups/status', { cookie: asManager })).status).toBe(200);
    const asDesk = await signInWithPin(t, device, desk.id, pins[1]);
    const refused = await t.request('GET', '/api/backups/status', { cookie: asDesk });
    expect(refused.status).toBe(403);
    expect((await refused.json()).error.code).toBe('forbidden');
    const none = await t.request('GET', '/api/backups/status', { cookie });
    expect(none.status).toBe(200);
    if (dialect === 'postgres') {
      expect(await none.json()).toEqual({ database: 'postgres' });
      return;
    }
    // No backup yet: the page warns.
    expect(await none.json()).toMatchObject({ database: 'sqlite', last: null, count: 0, stale: true });
    await backupSqlite(
      scratch.db.sqlite?.name ?? '',
      path.join(dir, `fridge-${new Date(t.clock.now).toISOString().replace(/[:.]/g, '-')}.sqlite`),
    );
    const fresh = await (await t.request('GET', '/api/backups/status', { cookie })).json();
    expect(fresh).toMatchObject({ stale: false, count: 1, dailyAt: '03:00', timeZone: 'Asia/Bangkok' });
    t.clock.advance(24 * 3_600_000);
    const again = await t.login();
    expect(await (await t.request('GET', '/api/backups/status', { cookie: again })).json()).toMatchObject({
      stale: true,
    });
    expect((await t.request('POST', '/api/backups/status', { cookie: again, body: {} })).status).toBe(405);
  });
});

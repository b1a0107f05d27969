import fs from 'node:fs';
import path from 'node:path';
import { type BackupFile, type BackupStatus, backupFreshMs } from '../../shared/backup-types';
import { defaultTimeZone } from '../../shared/resort-settings';
import type { BackupConfig } from '../config';
import type { Db } from '../db/database';
import { describeError, type Logger } from '../logger';
import { createSettingsRepo } from '../settings/settings.repo';
import { lastBackupTime, nextBackupTime } from './backup-schedule';
import { backupFileName, backupSqlite, backupTimeOf, type CheckedBackup } from './sqlite-backup';

/**
 * The server's own backups (DESIGN.md, "Installed like a product"): on SQLite, a checked copy every day at
 * BACKUP_AT resort time and at shutdown, the last BACKUP_KEEP kept in BACKUP_DIR. On PostgreSQL nothing runs:
 * the database server is backed up with pg_dump (docs/operations-backups.md). What was backed up is read from
 * the folder itself, so the status is true after a restart, and after an operator moved files away.
 */

/** The one timer the schedule arms; tests pass their own to fire it at the moment they choose. */
export interface Timers {
  set(run: () => void, ms: number): unknown;
  clear(handle: unknown): void;
}

const realTimers: Timers = {
  set(run, ms) {
    const timer = setTimeout(run, ms);
    // The schedule never keeps a stopping process alive.
    timer.unref();
    return timer;
  },
  clear: (handle) => clearTimeout(handle as NodeJS.Timeout),
};

/** The schedule looks at the time zone again at least this often, so a change in the settings is followed. */
export const scheduleRecheckMs = 3_600_000;

/** A `.partial` untouched this long was left by a backup cut short. */
const partialLeftOverMs = 3_600_000;

export type BackupReason = 'daily' | 'shutdown' | 'manual';

export interface BackupService {
  /** Starts the daily schedule (SQLite only). */
  start(): void;
  /** Ends the schedule; a backup under way finishes first. */
  stop(): Promise<void>;
  /** A backup now, checked and rotated; null on PostgreSQL or when it failed (logged, the copy deleted). */
  run(reason: BackupReason): Promise<CheckedBackup | null>;
  status(): Promise<BackupStatus>;
}

export interface BackupServiceOptions {
  db: Db;
  config: BackupConfig;
  logger: Logger;
  /** Milliseconds since the epoch: the schedule's clock and the backups' names. */
  now?: () => number;
  timers?: Timers;
}

export function createBackupService(options: BackupServiceOptions): BackupService {
  const { db, config, logger } = options;
  const now = options.now ?? Date.now;
  const timers = options.timers ?? realTimers;
  const settings = createSettingsRepo(db);
  // The file the server has open (better-sqlite3 names it), whatever DATABASE_URL spelled.
  const sourceFile = db.sqlite?.name;
  const inApp = db.dialect === 'sqlite' && sourceFile !== undefined;
  let running: Promise<CheckedBackup | null> = Promise.resolve(null);
  let timer: unknown;
  let stopped = true;
  /** The daily backup time last taken care of: the next one runs when a later one has passed. */
  let doneUpTo = 0;
  let lastFailure: { at: string; message: string } | null = null;

  const timeZone = async (): Promise<string> => {
    try {
      return (await settings.read()).timeZone;
    } catch (error) {
      logger.warn('backups: could not read the time zone, using the default', describeError(error));
      return defaultTimeZone;
    }
  };

  function backupsInFolder(): BackupFile[] {
    let names: string[];
    try {
      names = fs.readdirSync(config.dir);
    } catch {
      return [];
    }
    const files: BackupFile[] = [];
    for (const file of names) {
      const at = backupTimeOf(file);
      if (at === null) continue;
      try {
        files.push({ file, at, bytes: fs.statSync(path.join(config.dir, file)).size });
      } catch {
        // Deleted meanwhile.
      }
    }
    // Newest first.
    return files.sort((a, b) => (a.at === b.at ? b.file.localeCompare(a.file) : a.at < b.at ? 1 : -1));
  }

  /** Keeps the newest BACKUP_KEEP; a `.partial` left by a backup cut short is removed too. */
  function rotate() {
    for (const old of backupsInFolder().slice(config.keep)) {
      fs.rmSync(path.join(config.dir, old.file), { force: true });
      logger.info('backup removed (older than the last BACKUP_KEEP)', { file: old.file });
    }
    for (const name of fs.readdirSync(config.dir)) {
      if (!name.endsWith('.sqlite.partial')) continue;
      const file = path.join(config.dir, name);
      // Not one an `npm run backup` into the same folder is writing right now.
      if (Date.now() - fs.statSync(file).mtimeMs > partialLeftOverMs) fs.rmSync(file, { force: true });
    }
  }

  async function backUp(reason: BackupReason): Promise<CheckedBackup | null> {
    const started = now();
    let target = path.join(config.dir, backupFileName(started));
    for (let n = 1; fs.existsSync(target); n++) {
      target = path.join(config.dir, backupFileName(started).replace(/\.sqlite$/, `-${n}.sqlite`));
    }
    try {
      const backup = await backupSqlite(sourceFile ?? '', target);
      logger.info('backup written', {
        reason,
        file: path.basename(backup.file),
        bytes: backup.bytes,
        auditEvents: backup.events,
      });
      rotate();
      return backup;
    } catch (error) {
      lastFailure = { at: new Date(started).toISOString(), message: (error as Error).message };
      logger.error('backup failed: the copy was not kept', { reason, ...describeError(error) });
      return null;
    }
  }

  function run(reason: BackupReason): Promise<CheckedBackup | null> {
    if (!inApp) return Promise.resolve(null);
    // One at a time: a shutdown during the daily backup waits for it, then takes its own.
    running = running.then(() => backUp(reason));
    return running;
  }

  async function tick() {
    timer = undefined;
    if (stopped) return;
    const zone = await timeZone();
    const due = lastBackupTime(now(), config.at, zone);
    if (due > doneUpTo) {
      doneUpTo = due;
      await run('daily');
    }
    if (stopped) return;
    const at = now();
    timer = timers.set(
      () => void tick(),
      Math.max(0, Math.min(nextBackupTime(at, config.at, zone) - at, scheduleRecheckMs)),
    );
  }

  return {
    start() {
      if (!inApp || !stopped) return;
      stopped = false;
      // The time that passed before this start is not owed a backup: the next BACKUP_AT is.
      doneUpTo = now();
      void tick();
    },
    async stop() {
      stopped = true;
      if (timer !== undefined) timers.clear(timer);
      timer = undefined;
      await running;
    },
    run,
    async status() {
      if (!inApp) return { database: 'postgres' };
      const zone = await timeZone();
      const files = backupsInFolder();
      const last = files[0] ?? null;
      const at = now();
      return {
        database: 'sqlite',
        directory: config.dir,
        dailyAt: config.at,
        timeZone: zone,
        nextAt: new Date(nextBackupTime(at, config.at, zone)).toISOString(),
        keep: config.keep,
        last,
        count: files.length,
        lastFailure: lastFailure && (!last || lastFailure.at > last.at) ? lastFailure : null,
        stale: !last || at - Date.parse(last.at) >= backupFreshMs,
      };
    },
  };
}

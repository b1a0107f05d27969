import fs from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { verifyChain } from '../audit/verify-chain';
import type { Database } from '../db/tables';

/**
 * SQLite's online backup, checked before it counts: the one place that makes, checks and restores a copy of
 * the database file, for the server's own backups (backup-service.ts) and for `npm run backup` / `npm run
 * restore`. PostgreSQL is backed up with pg_dump (docs/operations-backups.md).
 */

/** fridge-2026-01-31T20-00-00-000Z.sqlite: the UTC moment of the copy, sortable as text. */
const backupNamePattern = /^fridge-(\d{4}-\d{2}-\d{2})T(\d{2})-(\d{2})-(\d{2})-(\d{3})Z(?:-\d+)?\.sqlite$/;

export function backupFileName(at: number): string {
  return `fridge-${new Date(at).toISOString().replace(/[:.]/g, '-')}.sqlite`;
}

/** The ISO 8601 moment a backup's name records, or null for a file that is not one of ours. */
export function backupTimeOf(fileName: string): string | null {
  const match = backupNamePattern.exec(fileName);
  if (!match) return null;
  const [, day, hours, minutes, seconds, ms] = match;
  return `${day}T${hours}:${minutes}:${seconds}.${ms}Z`;
}

/** The chain a checked copy holds: restoring it must give the same head. */
export interface CheckedBackup {
  file: string;
  bytes: number;
  /** Audit events in the copy and the hash of the last one (the chain head). */
  events: number;
  lastHash: string;
}

export class BackupCheckError extends Error {}

/**
 * `PRAGMA integrity_check` and the whole audit chain, on a file nobody else has open. Throws BackupCheckError
 * saying what is wrong; a file SQLite cannot even read counts as failing its integrity check.
 */
export async function checkBackup(file: string): Promise<Omit<CheckedBackup, 'file' | 'bytes'>> {
  let copy: SqliteDatabase.Database;
  try {
    copy = new SqliteDatabase(file, { readonly: true, fileMustExist: true });
  } catch (error) {
    throw new BackupCheckError(`${file} cannot be opened: ${(error as Error).message}`);
  }
  const kysely = new Kysely<Database>({ dialect: new SqliteDialect({ database: copy }) });
  try {
    let integrity: unknown;
    try {
      integrity = copy.pragma('integrity_check', { simple: true });
    } catch (error) {
      integrity = (error as Error).message;
    }
    if (integrity !== 'ok') throw new BackupCheckError(`${file} failed its integrity check: ${integrity}`);
    let verdict: Awaited<ReturnType<typeof verifyChain>>;
    try {
      verdict = await verifyChain(kysely);
    } catch (error) {
      throw new BackupCheckError(`${file} has no readable audit chain: ${(error as Error).message}`);
    }
    if (!verdict.ok) {
      throw new BackupCheckError(
        `${file} failed its audit chain check at seq ${verdict.brokenAt}: ${verdict.reason}`,
      );
    }
    return { events: verdict.events, lastHash: verdict.lastHash };
  } finally {
    await kysely.destroy();
  }
}

/**
 * Copies the database at `sourceFile` (the server may keep writing) to `target`, then checks the copy. The
 * copy is written beside the target under a `.partial` name and renamed only once it passed, so a backup cut
 * short (a kill during a shutdown's backup) or failing its check never looks like a good one: a failed
 * check deletes it and throws BackupCheckError.
 */
export async function backupSqlite(sourceFile: string, target: string): Promise<CheckedBackup> {
  if (!fs.existsSync(sourceFile)) throw new Error(`No database at ${sourceFile}: check DATABASE_URL`);
  fs.mkdirSync(path.dirname(path.resolve(target)), { recursive: true });
  if (fs.existsSync(target)) throw new Error(`${target} already exists: choose another name`);
  const partial = `${target}.partial`;
  fs.rmSync(partial, { force: true });

  const source = new SqliteDatabase(sourceFile, { readonly: true, fileMustExist: true, timeout: 5000 });
  try {
    // One step for all pages: a copy made in several steps restarts whenever the server writes in between.
    await source.backup(partial, { progress: () => 0x7fffffff });
  } catch (error) {
    fs.rmSync(partial, { force: true });
    throw error;
  } finally {
    source.close();
  }
  try {
    // The copy says WAL, like its source; in rollback mode it is one self-contained file to carry anywhere.
    const copy = new SqliteDatabase(partial);
    try {
      copy.pragma('journal_mode = DELETE');
    } finally {
      copy.close();
    }
    const chain = await checkBackup(partial);
    fs.renameSync(partial, target);
    return { file: target, bytes: fs.statSync(target).size, ...chain };
  } catch (error) {
    fs.rmSync(partial, { force: true });
    throw error;
  }
}

/**
 * Puts a backup back as the database at `targetFile` (the server stopped). The backup is checked first, so a
 * bad one changes nothing, and it is written through SQLite's backup API, so a leftover -wal file of the old
 * database cannot mix in. Returns the restored chain, which is the backup's.
 */
export async function restoreSqlite(
  backupFile: string,
  targetFile: string,
): Promise<Omit<CheckedBackup, 'file'>> {
  if (!fs.existsSync(backupFile)) throw new Error(`No backup at ${backupFile}`);
  let chain: Awaited<ReturnType<typeof checkBackup>>;
  try {
    chain = await checkBackup(backupFile);
  } catch (error) {
    throw new Error(`${(error as Error).message}: nothing was changed`);
  }
  fs.mkdirSync(path.dirname(path.resolve(targetFile)), { recursive: true });
  const backup = new SqliteDatabase(backupFile, { readonly: true, fileMustExist: true });
  try {
    await backup.backup(targetFile, { progress: () => 0x7fffffff });
  } finally {
    backup.close();
  }
  return { bytes: fs.statSync(targetFile).size, ...chain };
}

/** The SQLite file of a DATABASE_URL; a PostgreSQL URL is refused with the pg_dump hint. */
export function sqliteFileOf(databaseUrl: string): string {
  if (!databaseUrl.startsWith('sqlite:')) {
    throw new Error(
      'DATABASE_URL points to PostgreSQL: back it up with pg_dump, e.g. pg_dump --format=custom --file=fridge.dump "$DATABASE_URL" (docs/operations-backups.md)',
    );
  }
  return databaseUrl.slice('sqlite:'.length);
}

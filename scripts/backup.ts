/**
 * `npm run backup [-- <file or folder>]`: a consistent copy of the SQLite database while the server keeps
 * running, through SQLite's online backup API. Without an argument the copy goes to
 * ./backups/fridge-<UTC time>.sqlite. PostgreSQL is backed up with pg_dump instead (see the README).
 */
import fs from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';

export async function backupSqlite(sourceFile: string, destination: string): Promise<string> {
  if (!fs.existsSync(sourceFile)) throw new Error(`No database at ${sourceFile}: check DATABASE_URL`);
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const isFolder =
    !destination.endsWith('.sqlite') ||
    (fs.existsSync(destination) && fs.statSync(destination).isDirectory());
  const target = isFolder ? path.join(destination, `fridge-${stamp}.sqlite`) : destination;
  fs.mkdirSync(path.dirname(path.resolve(target)), { recursive: true });
  if (fs.existsSync(target)) throw new Error(`${target} already exists: choose another name`);

  const source = new SqliteDatabase(sourceFile, { readonly: true, fileMustExist: true, timeout: 5000 });
  try {
    // One step for all pages: a copy made in several steps restarts whenever the server writes in between.
    await source.backup(target, { progress: () => 0x7fffffff });
  } finally {
    source.close();
  }
  const copy = new SqliteDatabase(target, { readonly: true });
  try {
    const result = copy.pragma('integrity_check', { simple: true });
    if (result !== 'ok') throw new Error(`The copy at ${target} failed its integrity check: ${result}`);
  } finally {
    copy.close();
  }
  return target;
}

export function sqliteFileOf(databaseUrl: string): string {
  if (!databaseUrl.startsWith('sqlite:')) {
    throw new Error(
      'DATABASE_URL points to PostgreSQL: back it up with pg_dump, e.g. pg_dump --format=custom --file=fridge.dump "$DATABASE_URL"',
    );
  }
  return databaseUrl.slice('sqlite:'.length);
}

const isMain =
  process.argv[1] && path.resolve(process.argv[1]) === path.resolve(new URL(import.meta.url).pathname);
if (isMain) {
  const databaseUrl = process.env.DATABASE_URL || 'sqlite:./data/fridge.sqlite';
  try {
    const target = await backupSqlite(sqliteFileOf(databaseUrl), process.argv[2] ?? 'backups');
    process.stdout.write(`Backup written to ${target} (integrity check ok)\n`);
  } catch (error) {
    process.stderr.write(`Backup failed: ${(error as Error).message}\n`);
    process.exit(1);
  }
}

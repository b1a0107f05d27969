/**
 * `npm run restore -- <backup file>`: puts a backup made by `npm run backup` back as the database of
 * DATABASE_URL. Stop the server first. The copy is checked before anything is overwritten, and it is
 * written through SQLite's backup API, so a leftover -wal file of the old database cannot mix in.
 */
import fs from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { sqliteFileOf } from './backup';

export async function restoreSqlite(backupFile: string, targetFile: string): Promise<void> {
  if (!fs.existsSync(backupFile)) throw new Error(`No backup at ${backupFile}`);
  const backup = new SqliteDatabase(backupFile, { readonly: true, fileMustExist: true });
  try {
    const result = backup.pragma('integrity_check', { simple: true });
    if (result !== 'ok')
      throw new Error(`${backupFile} failed its integrity check (${result}): nothing was changed`);
    fs.mkdirSync(path.dirname(path.resolve(targetFile)), { recursive: true });
    await backup.backup(targetFile, { progress: () => 0x7fffffff });
  } finally {
    backup.close();
  }
}

const isMain =
  process.argv[1] && path.resolve(process.argv[1]) === path.resolve(new URL(import.meta.url).pathname);
if (isMain) {
  const backupFile = process.argv[2];
  const databaseUrl = process.env.DATABASE_URL || 'sqlite:./data/fridge.sqlite';
  try {
    if (!backupFile)
      throw new Error('Name the backup to restore: npm run restore -- backups/fridge-<time>.sqlite');
    const target = sqliteFileOf(databaseUrl);
    await restoreSqlite(backupFile, target);
    process.stdout.write(`Restored ${backupFile} into ${target}. Start the server again.\n`);
  } catch (error) {
    process.stderr.write(`Restore failed: ${(error as Error).message}\n`);
    process.exit(1);
  }
}

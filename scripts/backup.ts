/**
 * `npm run backup [-- <file or folder>]`: a consistent copy of the SQLite database while the server keeps
 * running, through SQLite's online backup API, checked (integrity_check and the audit chain) before it counts.
 * Without an argument the copy goes to ./backups/fridge-<UTC time>.sqlite. The server makes its own backups
 * too (BACKUP_DIR); PostgreSQL is backed up with pg_dump instead (docs/operations-backups.md).
 */
import fs from 'node:fs';
import path from 'node:path';
import { takeAuditKeyFromEnvironment } from '../src/server/audit/audit-key-env';
import { backupFileName, backupSqlite, sqliteFileOf } from '../src/server/backups/sqlite-backup';

export { sqliteFileOf };

function targetOf(destination: string): string {
  const isFolder =
    !destination.endsWith('.sqlite') ||
    (fs.existsSync(destination) && fs.statSync(destination).isDirectory());
  return isFolder ? path.join(destination, backupFileName(Date.now())) : destination;
}

const isMain =
  process.argv[1] && path.resolve(process.argv[1]) === path.resolve(new URL(import.meta.url).pathname);
if (isMain) {
  const databaseUrl = process.env.DATABASE_URL || 'sqlite:./data/fridge.sqlite';
  try {
    takeAuditKeyFromEnvironment();
    const backup = await backupSqlite(sqliteFileOf(databaseUrl), targetOf(process.argv[2] ?? 'backups'));
    process.stdout.write(
      `Backup written to ${backup.file} (integrity check ok; audit chain verified: ${backup.events} events, last hash ${backup.lastHash})\n`,
    );
  } catch (error) {
    process.stderr.write(`Backup failed: ${(error as Error).message}\n`);
    process.exit(1);
  }
}

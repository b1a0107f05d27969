/**
 * `npm run restore -- <backup file>`: puts a backup (the server's own, from BACKUP_DIR, or one made by `npm
 * run backup`) back as the database of DATABASE_URL. Stop the server first. The copy is checked
 * (integrity_check and the audit chain) before anything is overwritten; the restored chain head is printed,
 * to compare with the one noted down or printed on a day's close.
 */
import path from 'node:path';
import { takeAuditKeyFromEnvironment } from '../src/server/audit/audit-key-env';
import { restoreSqlite, sqliteFileOf } from '../src/server/backups/sqlite-backup';

const isMain =
  process.argv[1] && path.resolve(process.argv[1]) === path.resolve(new URL(import.meta.url).pathname);
if (isMain) {
  const backupFile = process.argv[2];
  const databaseUrl = process.env.DATABASE_URL || 'sqlite:./data/fridge.sqlite';
  try {
    takeAuditKeyFromEnvironment();
    if (!backupFile)
      throw new Error('Name the backup to restore: npm run restore -- data/backups/fridge-<time>.sqlite');
    const target = sqliteFileOf(databaseUrl);
    const restored = await restoreSqlite(backupFile, target);
    process.stdout.write(
      `Restored ${backupFile} into ${target}: audit chain head ${restored.events}:${restored.lastHash}. Start the server again.\n`,
    );
  } catch (error) {
    process.stderr.write(`Restore failed: ${(error as Error).message}\n`);
    process.exit(1);
  }
}

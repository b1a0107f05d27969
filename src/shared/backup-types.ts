/**
 * Backups by themselves (DESIGN.md, "Installed like a product"): what GET /api/backups/status answers and the
 * Settings page shows. On SQLite the server copies its own file; on PostgreSQL the operator runs pg_dump.
 */

/** A backup younger than this is recent enough; older (or none at all) and the Settings page warns. */
export const backupFreshMs = 24 * 3_600_000;

export interface BackupFile {
  /** File name inside the backup folder, e.g. fridge-2026-01-31T20-00-00-000Z.sqlite. */
  file: string;
  /** ISO 8601 UTC: when the copy was taken. */
  at: string;
  bytes: number;
}

export type BackupStatus =
  | {
      database: 'sqlite';
      /** Where the server writes its backups (BACKUP_DIR, resolved). */
      directory: string;
      /** Resort time of the daily backup (BACKUP_AT), e.g. "03:00", in the settings' time zone. */
      dailyAt: string;
      timeZone: string;
      /** ISO 8601 UTC of the next daily backup. */
      nextAt: string;
      /** How many backups are kept (BACKUP_KEEP). */
      keep: number;
      /** The newest backup that passed its check, or null when there is none. */
      last: BackupFile | null;
      /** How many checked backups the folder holds. */
      count: number;
      /** The last attempt of this server that failed (the copy was deleted), if it came after `last`. */
      lastFailure: { at: string; message: string } | null;
      /** True when no backup is less than a day old: the Settings page warns. */
      stale: boolean;
    }
  | {
      /** No in-app backup: the operator backs PostgreSQL up with pg_dump (docs/operations-backups.md). */
      database: 'postgres';
    };

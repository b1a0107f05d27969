import { createHash } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import { genesisHash } from '../../src/server/audit/audit-log';
import { auditColumns, canonicalRowJson } from '../../src/server/audit/audit-rows';
import type { DialectName } from '../../src/server/db/database';
import type { Database } from '../../src/server/db/tables';

/** Drops the trigger that refuses a change to an audit row, as anyone with the database (not the app) can. */
export async function dropAuditUpdateGuard(k: Kysely<Database>, dialect: DialectName): Promise<void> {
  if (dialect === 'sqlite') await sql`drop trigger audit_events_no_update`.execute(k);
  else await sql`drop trigger audit_events_no_change on audit_events`.execute(k);
}

/**
 * Hashes every event again from the first (plain SHA-256, as the links are) and moves the head to the end: all
 * that someone with the database and not AUDIT_KEY can do to hide a changed row. The guard must be dropped first.
 */
export async function rehashChainWithoutKey(k: Kysely<Database>): Promise<void> {
  const rows = await k.selectFrom('audit_events').select(auditColumns).orderBy('seq').execute();
  let previous = genesisHash;
  for (const row of rows) {
    const hash = createHash('sha256')
      .update(previous + canonicalRowJson(row))
      .digest('hex');
    await k.updateTable('audit_events').set({ hash }).where('seq', '=', row.seq).execute();
    previous = hash;
  }
  await k.updateTable('audit_head').set({ hash: previous }).where('id', '=', 1).execute();
}

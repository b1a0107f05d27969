import type { Kysely } from 'kysely';
import { auditColumns, eventOf } from '../../src/server/audit/audit-rows';
import type { Database } from '../../src/server/db/tables';
import type { AuditEvent } from '../../src/shared/audit-types';

/**
 * The newest event of the chain as stored. appendAudit returns nothing: on PostgreSQL the seq and hash are
 * given at the commit (migration 011), so a test reads them back, as the API does.
 */
export async function lastAuditEvent(kysely: Kysely<Database>): Promise<AuditEvent> {
  const row = await kysely
    .selectFrom('audit_events')
    .select(auditColumns)
    .orderBy('seq', 'desc')
    .limit(1)
    .executeTakeFirstOrThrow();
  return eventOf(row);
}

import { type Kysely, type Migration, sql } from 'kysely';

/**
 * Two indexes every checkout paid to keep and no query needed as they were (docs/decisions/110, "Cost"):
 *
 * - `tax_documents_issued_idx` goes. Only the day's close read documents by the instant of issue, and a day
 *   lies in one month of issue (both in the resort's zone), so the close now finds them through
 *   `tax_documents_month_idx`: a checkout with tax on writes four index entries for its document, not five.
 * - `audit_events_actor_idx` keeps only the events of someone with an id (staff). The Activity page reads it
 *   for one staff member (`actor_id = N`); a guest's events (every checkout, and its tax document's
 *   `document.issued`) have no id and no longer enter it.
 */
export function lighterWritesMigration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await sql`drop index tax_documents_issued_idx`.execute(db);
      await sql`drop index audit_events_actor_idx`.execute(db);
      await sql`create index audit_events_actor_idx on audit_events (actor_id, seq) where actor_id is not null`.execute(
        db,
      );
    },
  };
}

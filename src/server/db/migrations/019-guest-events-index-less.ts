import { type Kysely, type Migration, sql } from 'kysely';

/**
 * The audit's indexes by role and by action leave out the events every checkout writes (docs/decisions/110,
 * "Cost"; src/server/audit/audit-indexes.ts holds the rule the queries follow).
 *
 * - `audit_events_role_idx` (actor_role, seq) becomes `audit_events_owner_idx` (seq) over the owner's events
 *   only. The Activity page filters by role for the owner and for guests; a guest's events are most of the
 *   chain, so newest first by seq finds a page of them at once, and every checkout paid an entry no query
 *   needed. Staff are found by `audit_events_actor_idx`.
 * - `audit_events_action_idx` keeps only the actions that are not a checkout's own: `checkout.recorded` and
 *   `document.issued` (with tax on, one of each per checkout) are read newest first by seq like a guest's. An
 *   entry there cost more than most: the two actions sit apart in that index, so every group of checkouts
 *   wrote two more of its pages (bench section 13).
 *
 * A query uses a partial index only when its own WHERE holds the index's condition as written, so the
 * queries add it as a literal (audit-indexes.ts).
 */
export function guestEventsIndexLessMigration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await sql`drop index audit_events_role_idx`.execute(db);
      await sql`create index audit_events_owner_idx on audit_events (seq) where actor_role = 'owner'`.execute(
        db,
      );
      await sql`drop index audit_events_action_idx`.execute(db);
      await sql`create index audit_events_action_idx on audit_events (action, seq)
        where action not in ('checkout.recorded', 'document.issued')`.execute(db);
    },
  };
}

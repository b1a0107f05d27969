import { type Kysely, type Migration, sql } from 'kysely';

/**
 * The departure round (the seventh stage, DESIGN.md "The departure round"): in-house guests become stays
 * without typing, and "settle at the desk" is a posting's state rather than words in its reason.
 *
 * - `stays.source`: `app` (typed at the desk, as every stay before), `cloudbeds` or `mews` (imported from that
 *   PMS's in-house reservations). While that PMS is connected, its stays' guest name and dates are the PMS's:
 *   the desk cannot change them here (docs/decisions/245).
 * - `stays.pms_reservation_id`: the PMS's reservation the stay was imported from. One open stay a reservation
 *   and bungalow, held by the database, so two imports at once never open it twice.
 * - `pms_postings.settle_at_desk`: 1 when the PMS refused a check made after the guest had checked out (the
 *   round and the desk say "settle at the desk" with the amount); 0 otherwise. Rows from before are set from
 *   their reason, the only place the fact was kept.
 */
export function staysFromThePmsMigration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await sql`alter table stays add column source text not null default 'app'`.execute(db);
      await sql`alter table stays add column pms_reservation_id text`.execute(db);
      await sql`create unique index stays_open_pms_reservation_idx on stays (pms_reservation_id, bungalow)
        where checked_out_at is null and pms_reservation_id is not null`.execute(db);
      await sql`alter table pms_postings add column settle_at_desk integer not null default 0`.execute(db);
      // The reason's fixed opening (settleAtDeskReason before this migration), written by the poster only.
      await sql`update pms_postings set settle_at_desk = 1 where state = 'failed'
        and reason like ${'The guest has left and the PMS refused the charge: settle at the desk%'}`.execute(
        db,
      );
    },
  };
}

import { type Kysely, type Migration, sql } from 'kysely';
import { carryIntoChain } from '../../audit/backfill';
import type { DialectName } from '../database';

/**
 * The audit trail: one append-only table of events, chained by SHA-256 (src/server/audit/audit-log.ts), and
 * its head (the last seq and hash), which every append moves first. The database itself refuses UPDATE and
 * DELETE on the events, so a change made behind the app's back needs the triggers dropped first, and
 * `npm run audit:verify` still finds it by the hashes. An existing database's checkouts, revisions, voids and
 * payments are carried into the chain here (src/server/audit/backfill.ts).
 */
export function auditMigration(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await sql`create table audit_events (
        seq integer primary key,
        at text not null,
        actor_id integer,
        actor_name text not null,
        actor_role text not null,
        device_id integer,
        device_name text,
        action text not null,
        subject_type text not null,
        subject_id text,
        details text not null,
        hash text not null
      )`.execute(db);
      await sql`create table audit_head (
        id integer primary key check (id = 1),
        seq integer not null,
        hash text not null
      )`.execute(db);
      await sql`insert into audit_head (id, seq, hash) values (1, 0, ${'0'.repeat(64)})`.execute(db);

      if (dialect === 'sqlite') {
        for (const verb of ['update', 'delete'] as const) {
          await sql`create trigger ${sql.raw(`audit_events_no_${verb}`)} before ${sql.raw(verb)} on audit_events
            begin select raise(abort, 'audit_events is append-only'); end`.execute(db);
        }
      } else {
        await sql`create function audit_events_append_only() returns trigger language plpgsql as $$
          begin raise exception 'audit_events is append-only'; end $$`.execute(db);
        await sql`create trigger audit_events_no_change before update or delete on audit_events
          for each row execute function audit_events_append_only()`.execute(db);
        await sql`create trigger audit_events_no_truncate before truncate on audit_events
          for each statement execute function audit_events_append_only()`.execute(db);
      }

      // What the database recorded before the trail (checkouts, revisions, voids, payments), once, by time.
      await carryIntoChain(db);

      // After the carried events: building an index once is quicker than keeping it up to date row by row.
      await sql`create index audit_events_at_idx on audit_events (at, seq)`.execute(db);
      await sql`create index audit_events_action_idx on audit_events (action, seq)`.execute(db);
      // The Activity page's filters, newest first: by role (owner, guest) and by person (a staff id).
      await sql`create index audit_events_role_idx on audit_events (actor_role, seq)`.execute(db);
      await sql`create index audit_events_actor_idx on audit_events (actor_id, seq)`.execute(db);
      await sql`create index audit_events_subject_idx on audit_events (subject_type, subject_id, seq)`.execute(
        db,
      );
    },
  };
}

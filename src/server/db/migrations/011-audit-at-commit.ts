import { type Kysely, type Migration, sql } from 'kysely';
import type { DialectName } from '../database';

/**
 * PostgreSQL: the chain head is taken at the commit, not in the middle of the transaction.
 *
 * An append used to move `audit_head` with its own statement, so the head's row lock was held from that
 * statement through a round trip to the app server (whose event loop, under load, answers late) and the
 * commit's WAL flush. Every audited write of every app server queues on that lock, so that whole span set
 * the audit's throughput.
 *
 * Now the transaction inserts its event into `audit_pending`, which takes no lock anyone else waits on. A
 * deferred constraint trigger runs at COMMIT, still inside the transaction: it moves the head (the same
 * sha256 over the same canonical text as before), inserts the numbered event into `audit_events` and removes
 * the pending row. The head is held only for that and the flush. The change and its event still commit or
 * fail together, and several app servers still make one gapless chain, in commit order.
 *
 * `audit_pending` is UNLOGGED: a row lives only inside its own transaction (written, chained and deleted
 * before the commit), so there is never anything in it to keep across a crash.
 *
 * SQLite has one writer at a time already, and the transaction holds it from its first write: nothing to do.
 *
 * Both: the index on the events' subject goes. No query reads by subject (the Activity page filters by person,
 * action and days; the live desk reads by seq), and every audited write paid to keep it.
 */
export function auditAtCommitMigration(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await sql`drop index audit_events_subject_idx`.execute(db);
      if (dialect !== 'postgres') return;
      await sql`create unlogged table audit_pending (
        id bigint generated always as identity primary key,
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
        json_before_seq text not null,
        json_after_seq text not null
      )`.execute(db);
      await sql`create function audit_pending_chain() returns trigger language plpgsql as $$
        declare
          head record;
        begin
          update audit_head
             set seq = seq + 1,
                 hash = encode(sha256(convert_to(
                   hash || new.json_before_seq || (seq + 1)::text || new.json_after_seq, 'UTF8')), 'hex')
           where id = 1
          returning seq, hash into head;
          if not found then
            raise exception 'The audit head row is missing: run the migrations';
          end if;
          insert into audit_events
            (seq, at, actor_id, actor_name, actor_role, device_id, device_name, action, subject_type,
             subject_id, details, hash)
          values
            (head.seq, new.at, new.actor_id, new.actor_name, new.actor_role, new.device_id, new.device_name,
             new.action, new.subject_type, new.subject_id, new.details, head.hash);
          delete from audit_pending where id = new.id;
          return null;
        end $$`.execute(db);
      await sql`create constraint trigger audit_pending_chain after insert on audit_pending
        deferrable initially deferred
        for each row execute function audit_pending_chain()`.execute(db);
    },
  };
}

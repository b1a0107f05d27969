import { type Kysely, type Migration, sql } from 'kysely';
import type { DialectName } from '../database';

/**
 * PostgreSQL: a pending row of the audit may carry a second event of the same change (the same instant, actor,
 * device and subject), which the trigger at the COMMIT chains right after the first: a checkout with tax on
 * appends `checkout.recorded` and its `document.issued` together (docs/decisions/112).
 *
 * Each pending row costs a run of the trigger at the COMMIT (the head's row, the event's row, the pending row's
 * delete, each a statement of its own), and the COMMIT is where every checkout waits for the one before it:
 * measured with `bench/tax-cpu.ts`, the second event was most of what tax documents cost the database. Now its
 * row is the first's, and the trigger moves the head twice and inserts both events in one statement.
 *
 * The chain is the same as before: the second event is numbered and hashed after the first, over the same text
 * (`then_json_before_seq`, its seq, `then_json_after_seq`), as if it had had a pending row of its own after it.
 * A row without `then_action` is chained exactly as migration 017's trigger did.
 */
export function auditPairsAtCommitMigration(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      if (dialect !== 'postgres') return;
      await sql`alter table audit_pending
        add column then_action text,
        add column then_details text,
        add column then_json_before_seq text,
        add column then_json_after_seq text`.execute(db);
      await sql.raw(pairedAuditChainFunction).execute(db);
    },
  };
}

/** The chain's next hash (keyed when the session has the key, as in migration 017), over one event's text. */
const nextHash = (before: string, after: string) => `case when length(inner_pad) = 0
  then encode(sha256(convert_to(hash || ${before} || (seq + 1)::text || ${after}, 'UTF8')), 'hex')
  else encode(sha256(outer_pad || sha256(inner_pad || convert_to(
    hash || ${before} || (seq + 1)::text || ${after}, 'UTF8'))), 'hex')
  end`;

const eventColumns = `(seq, at, actor_id, actor_name, actor_role, device_id, device_name, action, subject_type,
  subject_id, details, hash)`;

const eventValues = (head: string, action: string, details: string) => `(${head}.seq, new.at, new.actor_id,
  new.actor_name, new.actor_role, new.device_id, new.device_name, ${action}, new.subject_type, new.subject_id,
  ${details}, ${head}.hash)`;

const pairedAuditChainFunction = `create or replace function audit_pending_chain() returns trigger
  language plpgsql as $$
  declare
    head record;
    then_head record;
    inner_pad bytea := decode(coalesce(current_setting('fridge.audit_inner', true), ''), 'hex');
    outer_pad bytea := decode(coalesce(current_setting('fridge.audit_outer', true), ''), 'hex');
  begin
    update audit_head
       set seq = seq + 1, hash = ${nextHash('new.json_before_seq', 'new.json_after_seq')}
     where id = 1
    returning seq, hash into head;
    if not found then
      raise exception 'The audit head row is missing: run the migrations';
    end if;
    if new.then_action is null then
      insert into audit_events ${eventColumns}
      values ${eventValues('head', 'new.action', 'new.details')};
    else
      update audit_head
         set seq = seq + 1, hash = ${nextHash('new.then_json_before_seq', 'new.then_json_after_seq')}
       where id = 1
      returning seq, hash into then_head;
      insert into audit_events ${eventColumns}
      values ${eventValues('head', 'new.action', 'new.details')},
        ${eventValues('then_head', 'new.then_action', 'new.then_details')};
    end if;
    delete from audit_pending where id = new.id;
    return null;
  end $$`;

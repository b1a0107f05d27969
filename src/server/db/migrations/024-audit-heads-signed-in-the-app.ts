import { type Kysely, type Migration, sql } from 'kysely';
import { auditKeyed } from '../../audit/audit-key';
import { signHeadNow } from '../../audit/head-signer';
import { verifyChain } from '../../audit/verify-chain';
import type { DialectName } from '../database';
import type { Database } from '../tables';

/**
 * The key never reaches the database (docs/decisions/160). PostgreSQL's commit trigger hashed each link with
 * AUDIT_KEY's padded blocks, sent to every session as settings (decision 134): anyone able to create a trigger
 * could read them. Now the chain is plain SHA-256 on both databases (the trigger keeps the order and the link
 * at the COMMIT, without any key), and the app signs the chain's heads in `audit_signed_heads`.
 *
 * A chain written keyed (134 to 160) keeps its links: `audit_head.keyed_until` says up to which seq they are
 * HMACs, which verify checks with the key; the heads printed on earlier close reports still match. With the key
 * at the upgrade, the head is signed at once.
 *
 * Also: `tax_sequences.last_issued_at`, so a tax document's issue time is taken with its number and times run
 * in number order on PostgreSQL too.
 */
export function auditHeadsSignedInTheAppMigration(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await sql`create table audit_signed_heads (
        seq integer primary key,
        hash text not null,
        signed_at text not null,
        signature text not null
      )`.execute(db);
      await sql`alter table audit_head add column keyed_until integer not null default 0`.execute(db);
      // Tax documents' times in number order (sixth stage): each series keeps its last document's issue time,
      // which the next one takes when its own is earlier (tax-documents.ts).
      await sql`alter table tax_sequences add column last_issued_at text`.execute(db);
      if (dialect === 'postgres') await sql.raw(plainAuditChainFunction).execute(db);
      const kysely = db as Kysely<Database>;
      const head = await kysely
        .selectFrom('audit_head')
        .select(['seq'])
        .where('id', '=', 1)
        .executeTakeFirst();
      if (!head || Number(head.seq) === 0 || !auditKeyed()) return;
      // Written plain (no key before this version), or keyed by decision 134's trigger and app: which one is
      // the chain that verifies. One that verifies neither way stays as it is: verify names where it breaks.
      const plain = await verifyChain(kysely, { keyedUntil: 0 });
      if (!plain.ok) {
        const keyed = await verifyChain(kysely, { keyedUntil: Number(head.seq) });
        if (!keyed.ok) return;
        await kysely
          .updateTable('audit_head')
          .set({ keyed_until: Number(head.seq) })
          .where('id', '=', 1)
          .execute();
      }
      await signHeadNow(kysely);
    },
  };
}

/** Migration 022's function without the key: each link is SHA-256 of the previous hash and the event's text. */
const nextHash = (before: string, after: string) =>
  `encode(sha256(convert_to(hash || ${before} || (seq + 1)::text || ${after}, 'UTF8')), 'hex')`;

const eventColumns = `(seq, at, actor_id, actor_name, actor_role, device_id, device_name, action, subject_type,
  subject_id, details, hash)`;

const eventValues = (head: string, action: string, details: string) => `(${head}.seq, new.at, new.actor_id,
  new.actor_name, new.actor_role, new.device_id, new.device_name, ${action}, new.subject_type, new.subject_id,
  ${details}, ${head}.hash)`;

const plainAuditChainFunction = `create or replace function audit_pending_chain() returns trigger
  language plpgsql as $$
  declare
    head record;
    then_head record;
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

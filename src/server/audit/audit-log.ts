import { createHash } from 'node:crypto';
import { type Kysely, PostgresAdapter, sql, type Transaction } from 'kysely';
import type { AuditAction, AuditActor, AuditEvent, AuditSubject } from '../../shared/audit-types';
import type { Actor } from '../../shared/team';
import type { Database } from '../db/tables';
import { canonicalJson } from './canonical-json';

/** The hash before the first event. */
export const genesisHash = '0'.repeat(64);

export interface AuditEntry {
  actor: Actor;
  action: AuditAction;
  subject: AuditSubject;
  details?: Record<string, unknown>;
  /** ISO 8601 UTC: the moment of the change it describes. */
  at: string;
}

export type AuditWriter = Transaction<Database> | Kysely<Database>;

export function auditActorOf(actor: Actor): AuditActor {
  return { id: actor.id, name: actor.name, role: actor.role, device: actor.device };
}

/** hash = SHA-256(previous hash + canonical JSON of the event without its hash). */
export function eventHash(previousHash: string, event: Omit<AuditEvent, 'hash'>): string {
  return createHash('sha256')
    .update(previousHash + canonicalJson(event))
    .digest('hex');
}

/**
 * The canonical JSON of an event cut around its seq: `prefix + seq + suffix === canonicalJson(event)`.
 * PostgreSQL's single-statement append fills in the seq it takes from the head (keys sort as action, actor,
 * at, details, seq, subject).
 */
export function eventJsonAroundSeq(event: Omit<AuditEvent, 'hash' | 'seq'>): [string, string] {
  const prefix =
    `{"action":${canonicalJson(event.action)},"actor":${canonicalJson(event.actor)},` +
    `"at":${canonicalJson(event.at)},"details":${canonicalJson(event.details)},"seq":`;
  return [prefix, `,"subject":${canonicalJson(event.subject)}}`];
}

const isPostgres = (trx: AuditWriter) => trx.getExecutor().adapter instanceof PostgresAdapter;

/**
 * Appends one event to the chain, inside the transaction of the change it describes (so neither can exist
 * without the other). Moving the chain head comes first: on PostgreSQL that row lock puts every app server's
 * appends in one line, and on SQLite it takes the write lock at once. Call it last in the transaction, after
 * the change: the head stays locked only until the commit, and no transaction that holds it waits for
 * another row.
 *
 * On PostgreSQL the append is one statement (the head moved, the hash made by the database's sha256 over the
 * same text as `eventHash`, the event inserted), so the head is held for one round trip and the commit, not
 * three: every audited write of every app server queues on that lock.
 */
export async function appendAudit(trx: Transaction<Database>, entry: AuditEntry): Promise<AuditEvent> {
  const unnumbered: Omit<AuditEvent, 'hash' | 'seq'> = {
    at: entry.at,
    actor: auditActorOf(entry.actor),
    action: entry.action,
    subject: entry.subject,
    details: entry.details ?? {},
  };
  const row = {
    at: unnumbered.at,
    actor_id: unnumbered.actor.id,
    actor_name: unnumbered.actor.name,
    actor_role: unnumbered.actor.role,
    device_id: unnumbered.actor.device?.id ?? null,
    device_name: unnumbered.actor.device?.name ?? null,
    action: unnumbered.action,
    subject_type: unnumbered.subject.type,
    subject_id: unnumbered.subject.id,
    details: canonicalJson(unnumbered.details),
  };
  if (isPostgres(trx)) {
    const [prefix, suffix] = eventJsonAroundSeq(unnumbered);
    const { rows } = await sql<{ seq: number | string; hash: string }>`
      with head as (
        update audit_head
           set seq = seq + 1,
               hash = encode(sha256(convert_to(hash || ${prefix} || (seq + 1)::text || ${suffix}, 'UTF8')), 'hex')
         where id = 1
        returning seq, hash)
      insert into audit_events
        (seq, at, actor_id, actor_name, actor_role, device_id, device_name, action, subject_type, subject_id,
         details, hash)
      select seq, ${row.at}, ${row.actor_id}, ${row.actor_name}, ${row.actor_role}, ${row.device_id},
             ${row.device_name}, ${row.action}, ${row.subject_type}, ${row.subject_id}, ${row.details}, hash
        from head
      returning seq, hash`.execute(trx);
    const appended = rows[0];
    if (!appended) throw new Error('The audit head row is missing: run the migrations');
    return { ...unnumbered, seq: Number(appended.seq), hash: appended.hash };
  }
  const head = await trx
    .updateTable('audit_head')
    .set({ seq: sql`seq + 1` })
    .where('id', '=', 1)
    .returning(['seq', 'hash'])
    .executeTakeFirstOrThrow();
  const event: Omit<AuditEvent, 'hash'> = { ...unnumbered, seq: Number(head.seq) };
  const hash = eventHash(head.hash, event);
  await trx
    .insertInto('audit_events')
    .values({ ...row, seq: event.seq, hash })
    .execute();
  await trx.updateTable('audit_head').set({ hash }).where('id', '=', 1).execute();
  return { ...event, hash };
}

/** An event with no change around it (a failed sign-in): its own transaction. */
export function recordAudit(kysely: Kysely<Database>, entry: AuditEntry): Promise<AuditEvent> {
  return kysely.transaction().execute((trx) => appendAudit(trx, entry));
}

/** The fields a change touched, before and after ("price 60 → 70"); empty when nothing changed. */
export function changedFields<T extends object>(
  before: T,
  after: T,
): { before: Partial<T>; after: Partial<T> } {
  const was: Partial<T> = {};
  const now: Partial<T> = {};
  for (const key of Object.keys(after) as (keyof T)[]) {
    if (canonicalJson(before[key] ?? null) === canonicalJson(after[key] ?? null)) continue;
    was[key] = before[key];
    now[key] = after[key];
  }
  return { before: was, after: now };
}

/**
 * True when a save changed no field: such a save records no event (the Activity page would show a change
 * with nothing in it), and nothing was changed that the audit could be missing.
 */
export const changedNothing = (fields: { after: object }): boolean => Object.keys(fields.after).length === 0;

export const subject = (type: string, id: string | number | null = null): AuditSubject => ({
  type,
  id: id === null ? null : String(id),
});

/** Who makes a change and when: what every write of a repository takes, and records in the audit. */
export interface Change {
  actor: Actor;
  /** ISO 8601 UTC. */
  at: string;
}

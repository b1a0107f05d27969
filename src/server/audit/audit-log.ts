import { createHash } from 'node:crypto';
import { type Kysely, sql, type Transaction } from 'kysely';
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
 * Appends one event to the chain, inside the transaction of the change it describes (so neither can exist
 * without the other). The first statement moves the chain head: on PostgreSQL that row lock puts every app
 * server's appends in one line, and on SQLite it takes the write lock at once. Call it last in the
 * transaction, after the change: the head stays locked only for the commit, and no transaction that holds
 * it waits for another row.
 */
export async function appendAudit(trx: Transaction<Database>, entry: AuditEntry): Promise<AuditEvent> {
  const head = await trx
    .updateTable('audit_head')
    .set({ seq: sql`seq + 1` })
    .where('id', '=', 1)
    .returning(['seq', 'hash'])
    .executeTakeFirstOrThrow();
  const event: Omit<AuditEvent, 'hash'> = {
    seq: Number(head.seq),
    at: entry.at,
    actor: auditActorOf(entry.actor),
    action: entry.action,
    subject: entry.subject,
    details: entry.details ?? {},
  };
  const hash = eventHash(head.hash, event);
  await trx
    .insertInto('audit_events')
    .values({
      seq: event.seq,
      at: event.at,
      actor_id: event.actor.id,
      actor_name: event.actor.name,
      actor_role: event.actor.role,
      device_id: event.actor.device?.id ?? null,
      device_name: event.actor.device?.name ?? null,
      action: event.action,
      subject_type: event.subject.type,
      subject_id: event.subject.id,
      details: canonicalJson(event.details),
      hash,
    })
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

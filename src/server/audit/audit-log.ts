import { type Kysely, type RawBuilder, sql, type Transaction } from 'kysely';
import type { AuditAction, AuditActor, AuditEvent, AuditSubject } from '../../shared/audit-types';
import type { Actor } from '../../shared/team';
import { isPostgres } from '../db/database';
import { inSqliteTransaction, type PreparesStatements } from '../db/group-commit';
import type { Database } from '../db/tables';
import { chainHash } from './audit-key';
import { canonicalJson } from './canonical-json';

/** The hash before the first event. */
export const genesisHash = '0'.repeat(64);

export interface AuditEntry {
  /** A person (Actor), or the app itself (the webhook sender disabling an endpoint). */
  actor: Actor | AuditActor;
  action: AuditAction;
  subject: AuditSubject;
  details?: Record<string, unknown>;
  /** ISO 8601 UTC: the moment of the change it describes. */
  at: string;
}

export type AuditWriter = Transaction<Database> | Kysely<Database>;

export function auditActorOf(actor: Actor | AuditActor): AuditActor {
  return { id: actor.id, name: actor.name, role: actor.role, device: actor.device };
}

/** hash = SHA-256 (HMAC-SHA256 under AUDIT_KEY when set) of previous hash + canonical JSON of the event. */
export function eventHash(previousHash: string, event: Omit<AuditEvent, 'hash'>): string {
  return chainHash(previousHash, canonicalJson(event));
}

/**
 * The canonical JSON of an event cut around its seq: `prefix + seq + suffix === canonicalJson(event)`.
 * PostgreSQL's append at commit (migration 011) fills in the seq it takes from the head (keys sort as action,
 * actor, at, details, seq, subject).
 */
export function eventJsonAroundSeq(
  event: Omit<AuditEvent, 'hash' | 'seq'>,
  detailsJson = canonicalJson(event.details),
  actorJson = canonicalJson(event.actor),
): [string, string] {
  const prefix =
    `{"action":${canonicalJson(event.action)},"actor":${actorJson},` +
    `"at":${canonicalJson(event.at)},"details":${detailsJson},"seq":`;
  return [prefix, `,"subject":${canonicalJson(event.subject)}}`];
}

/**
 * Appends one event to the chain, inside the transaction of the change it describes (so neither can exist
 * without the other). Call it after the change it describes.
 */
export function appendAudit(trx: Transaction<Database>, entry: AuditEntry): Promise<void> {
  return appendAudits(trx, [entry]);
}

/**
 * Appends events to the chain in their order, inside the transaction of the change they describe.
 *
 * SQLite: `appendAuditsSqlite`, at once in the transaction.
 *
 * PostgreSQL: the events go into `audit_pending`, and a deferred trigger numbers, hashes (the database's
 * sha256 over the same text as `eventHash`) and moves them into `audit_events` at COMMIT (migration 011). The
 * head's row lock, which puts every app server's appends in one line, is then held only for the commit
 * itself, not across a round trip to this server as well. The seq and hash are the database's to give, at
 * the commit: read them from `audit_events` afterwards when needed.
 */
export async function appendAudits(
  trx: Transaction<Database>,
  entries: readonly AuditEntry[],
): Promise<void> {
  if (entries.length === 0) return;
  if (isPostgres(trx)) {
    // Every audited write runs this: a template, not the query builder, whose work here would be per write.
    const rows = pendingAuditRows(entries);
    // A row of one event fills the columns it did before migration 022.
    const insert = rows.some((row) => row.second)
      ? sql`insert into audit_pending ${pendingAuditColumns} values ${sql.join(
          rows.map((row) => sql`(${row.event}, ${row.second ?? noSecondEvent})`),
        )}`
      : sql`insert into audit_pending (${pendingEventColumns}) values ${sql.join(
          rows.map((row) => sql`(${row.event})`),
        )}`;
    await insert.execute(trx);
    return;
  }
  await inSqliteTransaction(trx, (statements) => appendAuditsSqlite(statements, entries));
}

/**
 * SQLite's append, run at once in the transaction (`inSqliteTransaction`): the head is moved first, once for all
 * the events; the transaction holds the one write lock, so nothing else can append in between.
 */
export function appendAuditsSqlite(statements: PreparesStatements, entries: readonly AuditEntry[]): void {
  if (entries.length === 0) return;
  const head = statements.prepare(sqliteHeadMove).get(entries.length) as
    | { seq: number; hash: string }
    | undefined;
  if (!head) throw new Error('The audit head row is missing: run the migrations');
  let seq = Number(head.seq) - entries.length;
  let hash = head.hash;
  const values: unknown[] = [];
  // The events of one change share their actor (a checkout's and its tax document's): its JSON is made once.
  let lastActor: AuditEntry['actor'] | undefined;
  let actorJson = '';
  for (const entry of entries) {
    const { unnumbered, row } = auditRowOf(entry);
    if (entry.actor !== lastActor) {
      lastActor = entry.actor;
      actorJson = canonicalJson(unnumbered.actor);
    }
    seq += 1;
    // The text eventHash hashes, from the details' JSON already made (the bulk of an event's).
    const [beforeSeq, afterSeq] = eventJsonAroundSeq(unnumbered, row.details, actorJson);
    hash = chainHash(hash, `${beforeSeq}${seq}${afterSeq}`);
    values.push(
      seq,
      row.at,
      row.actor_id,
      row.actor_name,
      row.actor_role,
      row.device_id,
      row.device_name,
      row.action,
      row.subject_type,
      row.subject_id,
      row.details,
      hash,
    );
  }
  statements.prepare(sqliteEventsInsert(entries.length)).run(values);
  statements.prepare(sqliteHeadHash).run(hash);
}

/*
 * SQLite's statements of an append, as text: every audited write runs them, and compiling them from the query
 * builder or a template was part of every write's cost.
 */
const sqliteHeadMove = 'update audit_head set seq = seq + ? where id = 1 returning seq, hash';
const sqliteHeadHash = 'update audit_head set hash = ? where id = 1';
const sqliteEventsInserts: string[] = [];
function sqliteEventsInsert(count: number): string {
  sqliteEventsInserts[count] ??=
    'insert into audit_events (seq, at, actor_id, actor_name, actor_role, device_id, device_name, action, ' +
    `subject_type, subject_id, details, hash) values ${Array(count)
      .fill(`(${Array(12).fill('?').join(', ')})`)
      .join(', ')}`;
  return sqliteEventsInserts[count];
}

type AuditRow = ReturnType<typeof auditRowOf>;

function auditRowOf(entry: AuditEntry) {
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
  return { unnumbered, row };
}

/** PostgreSQL: the columns of `audit_pending` an event's row fills (`PendingRow.event`). */
const pendingEventColumns = sql`at, actor_id, actor_name, actor_role, device_id, device_name, action,
  subject_type, subject_id, details, json_before_seq, json_after_seq`;

/** PostgreSQL: the columns of `audit_pending` a row with a second event fills (`event`, then `second`: 022). */
export const pendingAuditColumns = sql`(${pendingEventColumns}, then_action, then_details, then_json_before_seq,
  then_json_after_seq)`;

/** `PendingRow.second`'s values in a row that carries one event. */
export const noSecondEvent = sql`null::text, null::text, null::text, null::text`;

/** A row of `audit_pending`, as typed values without parentheses (for a `values` list a statement selects from). */
export interface PendingRow {
  event: RawBuilder<unknown>;
  /** The second event's values (the `then_` columns), or null. */
  second: RawBuilder<unknown> | null;
}

/**
 * PostgreSQL: the events as rows of `audit_pending`, which the trigger chains in their order at the COMMIT. An
 * event of the same change as the one before it (the same instant, actor, device and subject: a checkout's
 * `checkout.recorded` and `document.issued`) rides in that one's row and is chained right after it (migration
 * 022): each row is a run of the trigger at the COMMIT, where every checkout waits for the one before it. The
 * chain is the same as with a row each.
 */
export function pendingAuditRows(entries: readonly AuditEntry[]): PendingRow[] {
  const events = entries.map(auditRowOf);
  const rows: PendingRow[] = [];
  for (let i = 0; i < events.length; i++) {
    const event = events[i] as AuditRow;
    const next = events[i + 1];
    const paired = next !== undefined && sameChange(event.row, next.row);
    rows.push({ event: pendingFieldsOf(event), second: paired ? secondFieldsOf(next) : null });
    if (paired) i++;
  }
  return rows;
}

/** An event's fields of its pending row: what it is, and its canonical JSON cut around its seq. */
function pendingFieldsOf({ unnumbered, row }: AuditRow) {
  const [jsonBeforeSeq, jsonAfterSeq] = eventJsonAroundSeq(unnumbered, row.details);
  return sql`${row.at}::text, ${row.actor_id}::integer, ${row.actor_name}::text, ${row.actor_role}::text,
    ${row.device_id}::integer, ${row.device_name}::text, ${row.action}::text, ${row.subject_type}::text,
    ${row.subject_id}::text, ${row.details}::text, ${jsonBeforeSeq}::text, ${jsonAfterSeq}::text`;
}

/** The `then_` fields of an event riding in the row of the one before it: what differs between the two. */
function secondFieldsOf({ unnumbered, row }: AuditRow) {
  const [jsonBeforeSeq, jsonAfterSeq] = eventJsonAroundSeq(unnumbered, row.details);
  return sql`${row.action}::text, ${row.details}::text, ${jsonBeforeSeq}::text, ${jsonAfterSeq}::text`;
}

/** Whether two events' rows differ only in their action and details: one pending row can carry both. */
function sameChange(a: AuditRow['row'], b: AuditRow['row']): boolean {
  return (
    a.at === b.at &&
    a.actor_id === b.actor_id &&
    a.actor_name === b.actor_name &&
    a.actor_role === b.actor_role &&
    a.device_id === b.device_id &&
    a.device_name === b.device_name &&
    a.subject_type === b.subject_type &&
    a.subject_id === b.subject_id
  );
}

/** An event with no change around it (a failed sign-in): its own transaction. */
export function recordAudit(kysely: Kysely<Database>, entry: AuditEntry): Promise<void> {
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

import { type Kysely, sql } from 'kysely';
import type { CheckoutLine } from '../../shared/api-types';
import type { AuditAction } from '../../shared/audit-types';
import { guestActor, ownerActor } from '../../shared/team';
import type { Database } from '../db/tables';
import { chainHash } from './audit-key';
import { genesisHash } from './audit-log';
import { type AuditRow, canonicalRowJson } from './audit-rows';
import { canonicalJson } from './canonical-json';

/**
 * Carries what a database recorded before the audit trail into the chain, once, ordered by time (migration
 * 007): each checkout as `checkout.recorded`, each earlier version replaced as `checkout.revised`, each void,
 * each payment change. The actor is the one they have: a checkout and its revisions came from the checkout
 * page (a guest's; nothing else recorded them then), a void and a payment from the one admin password (the
 * owner; "admin session 1a2b3c4d from …" is kept as `recordedBy`). Every event says `carriedOver: true`.
 *
 * Four sorted streams read in batches (keyset pagination on indexes made for the purpose) are merged by time,
 * hashed in Node and inserted a thousand rows per statement: a million checkouts never sit in memory at once.
 */

const readBatch = 5000;
const insertBatch = 1000;

interface Pending {
  at: string;
  /** Tie-break at the same instant: a checkout is recorded before it is revised, voided or paid. */
  order: number;
  id: number;
  action: AuditAction;
  actor: 'guest' | 'owner';
  subjectId: number;
  details: Record<string, unknown>;
}

type Db = Kysely<Database>;

const parseLines = (json: string) => JSON.parse(json) as CheckoutLine[];

/** The lines of the given checkouts, grouped by checkout, as the checkouts API gives them. */
async function linesOf(db: Db, ids: number[]): Promise<Map<number, CheckoutLine[]>> {
  const grouped = new Map<number, CheckoutLine[]>();
  if (ids.length === 0) return grouped;
  const rows = await db
    .selectFrom('checkout_lines')
    .select(['checkout_id', 'drink_id', 'drink_name', 'quantity', 'unit_price', 'line_total'])
    .where('checkout_id', 'in', ids)
    .orderBy('checkout_id')
    .orderBy('id')
    .execute();
  for (const row of rows) {
    const line: CheckoutLine = {
      drinkId: row.drink_id,
      drinkName: row.drink_name,
      quantity: row.quantity,
      unitPrice: row.unit_price,
      lineTotal: row.line_total,
    };
    const lines = grouped.get(row.checkout_id);
    if (lines) lines.push(line);
    else grouped.set(row.checkout_id, [line]);
  }
  return grouped;
}

/** Every version of the given checkouts, oldest first: their revisions, then what they hold now. */
async function versionsOf(db: Db, ids: number[]) {
  const versions = new Map<number, { revisionId: number | null; total: number; lines: CheckoutLine[] }[]>();
  if (ids.length === 0) return versions;
  const revisions = await db
    .selectFrom('checkout_revisions')
    .select(['id', 'checkout_id', 'total', 'lines'])
    .where('checkout_id', 'in', ids)
    .orderBy('checkout_id')
    .orderBy('id')
    .execute();
  for (const revision of revisions) {
    const list = versions.get(revision.checkout_id) ?? [];
    list.push({ revisionId: revision.id, total: revision.total, lines: parseLines(revision.lines) });
    versions.set(revision.checkout_id, list);
  }
  return versions;
}

/** Keyset pages of one source, sorted by (time, id). */
async function* pages<Row extends { id: number }>(
  read: (after: { at: string; id: number } | undefined) => Promise<Row[]>,
  timeOf: (row: Row) => string,
): AsyncGenerator<Row[]> {
  let after: { at: string; id: number } | undefined;
  for (;;) {
    const rows = await read(after);
    if (rows.length > 0) yield rows;
    if (rows.length < readBatch) return;
    const last = rows[rows.length - 1] as Row;
    after = { at: timeOf(last), id: last.id };
  }
}

async function* recorded(db: Db): AsyncGenerator<Pending> {
  const batches = pages(
    (after) =>
      db
        .selectFrom('checkouts')
        .select(['id', 'bungalow', 'created_at', 'total', 'revised_at'])
        .$if(after !== undefined, (qb) =>
          qb
            // The leading `>=` lets the (time, id) index start at the last row read instead of the first.
            .where('created_at', '>=', after?.at ?? '')
            .where((eb) => eb.or([eb('created_at', '>', after?.at ?? ''), eb('id', '>', after?.id ?? 0)])),
        )
        .orderBy('created_at')
        .orderBy('id')
        .limit(readBatch)
        .execute(),
    (row) => row.created_at,
  );
  for await (const rows of batches) {
    const revised = rows.filter((row) => row.revised_at !== null).map((row) => row.id);
    const [lines, versions] = await Promise.all([
      linesOf(
        db,
        rows.filter((row) => row.revised_at === null).map((row) => row.id),
      ),
      versionsOf(db, revised),
    ]);
    for (const row of rows) {
      // A revised checkout was first recorded as its oldest kept version.
      const first = versions.get(row.id)?.[0];
      yield {
        at: row.created_at,
        order: 0,
        id: row.id,
        action: 'checkout.recorded',
        actor: 'guest',
        subjectId: row.id,
        details: {
          bungalow: row.bungalow,
          total: first ? first.total : row.total,
          lines: first ? first.lines : (lines.get(row.id) ?? []),
          // No checkId: a check's id is its device's secret and never enters the audit (fifth stage).
          carriedOver: true,
        },
      };
    }
  }
}

async function* revisedEvents(db: Db): AsyncGenerator<Pending> {
  const batches = pages(
    (after) =>
      db
        .selectFrom('checkout_revisions')
        .select(['id', 'checkout_id', 'bungalow', 'replaced_at'])
        .$if(after !== undefined, (qb) =>
          qb
            // The leading `>=` lets the (time, id) index start at the last row read instead of the first.
            .where('replaced_at', '>=', after?.at ?? '')
            .where((eb) => eb.or([eb('replaced_at', '>', after?.at ?? ''), eb('id', '>', after?.id ?? 0)])),
        )
        .orderBy('replaced_at')
        .orderBy('id')
        .limit(readBatch)
        .execute(),
    (row) => row.replaced_at,
  );
  for await (const rows of batches) {
    const ids = [...new Set(rows.map((row) => row.checkout_id))];
    const [versions, current, currentLines] = await Promise.all([
      versionsOf(db, ids),
      db.selectFrom('checkouts').select(['id', 'total']).where('id', 'in', ids).execute(),
      linesOf(db, ids),
    ]);
    const totals = new Map(current.map((row) => [row.id, row.total]));
    for (const row of rows) {
      const list = versions.get(row.checkout_id) ?? [];
      const index = list.findIndex((version) => version.revisionId === row.id);
      const before = list[index];
      const next = list[index + 1];
      const after = next
        ? { total: next.total, lines: next.lines }
        : { total: totals.get(row.checkout_id) ?? 0, lines: currentLines.get(row.checkout_id) ?? [] };
      yield {
        at: row.replaced_at,
        order: 1,
        id: row.id,
        action: 'checkout.revised',
        actor: 'guest',
        subjectId: row.checkout_id,
        details: {
          bungalow: row.bungalow,
          before: { total: before?.total ?? 0, lines: before?.lines ?? [] },
          after,
          carriedOver: true,
        },
      };
    }
  }
}

async function* voids(db: Db): AsyncGenerator<Pending> {
  const batches = pages(
    (after) =>
      db
        .selectFrom('checkouts')
        .select(['id', 'bungalow', 'total', 'voided_at', 'void_reason'])
        .where('voided_at', 'is not', null)
        .$if(after !== undefined, (qb) =>
          qb
            // The leading `>=` lets the (time, id) index start at the last row read instead of the first.
            .where('voided_at', '>=', after?.at ?? '')
            .where((eb) => eb.or([eb('voided_at', '>', after?.at ?? ''), eb('id', '>', after?.id ?? 0)])),
        )
        .orderBy('voided_at')
        .orderBy('id')
        .limit(readBatch)
        .execute(),
    (row) => row.voided_at ?? '',
  );
  for await (const rows of batches) {
    for (const row of rows) {
      yield {
        at: row.voided_at ?? '',
        order: 2,
        id: row.id,
        action: 'checkout.voided',
        actor: 'owner',
        subjectId: row.id,
        details: {
          bungalow: row.bungalow,
          total: row.total,
          reason: row.void_reason ?? '',
          carriedOver: true,
        },
      };
    }
  }
}

async function* payments(db: Db): AsyncGenerator<Pending> {
  const batches = pages(
    (after) =>
      db
        .selectFrom('checkout_payments')
        .select(['id', 'checkout_id', 'method', 'recorded_at', 'recorded_by'])
        .$if(after !== undefined, (qb) =>
          qb
            // The leading `>=` lets the (time, id) index start at the last row read instead of the first.
            .where('recorded_at', '>=', after?.at ?? '')
            .where((eb) => eb.or([eb('recorded_at', '>', after?.at ?? ''), eb('id', '>', after?.id ?? 0)])),
        )
        .orderBy('recorded_at')
        .orderBy('id')
        .limit(readBatch)
        .execute(),
    (row) => row.recorded_at,
  );
  for await (const rows of batches) {
    const ids = [...new Set(rows.map((row) => row.checkout_id))];
    const [history, checkouts] = await Promise.all([
      db
        .selectFrom('checkout_payments')
        .select(['id', 'checkout_id', 'method'])
        .where('checkout_id', 'in', ids)
        .orderBy('checkout_id')
        .orderBy('id')
        .execute(),
      db.selectFrom('checkouts').select(['id', 'bungalow', 'total']).where('id', 'in', ids).execute(),
    ]);
    // The method each change replaced: the change before it on the same checkout.
    const previous = new Map<number, string | null>();
    const last = new Map<number, string | null>();
    for (const change of history) {
      previous.set(change.id, last.get(change.checkout_id) ?? null);
      last.set(change.checkout_id, change.method);
    }
    const byId = new Map(checkouts.map((row) => [row.id, row]));
    for (const row of rows) {
      const checkout = byId.get(row.checkout_id);
      yield {
        at: row.recorded_at,
        order: 3,
        id: row.id,
        action: row.method === null ? 'payment.undone' : 'payment.recorded',
        actor: 'owner',
        subjectId: row.checkout_id,
        details: {
          bungalow: checkout?.bungalow ?? null,
          total: checkout?.total ?? null,
          before: { method: previous.get(row.id) ?? null },
          after: { method: row.method },
          recordedBy: row.recorded_by,
          carriedOver: true,
        },
      };
    }
  }
}

const earlier = (a: Pending, b: Pending) =>
  a.at !== b.at ? a.at < b.at : a.order !== b.order ? a.order < b.order : a.id < b.id;

/** The sources merged into one stream ordered by time. */
async function* byTime(sources: AsyncGenerator<Pending>[]): AsyncGenerator<Pending> {
  const heads = await Promise.all(sources.map((source) => source.next()));
  for (;;) {
    let pick = -1;
    for (let i = 0; i < heads.length; i++) {
      const head = heads[i];
      if (!head || head.done) continue;
      const best = heads[pick];
      if (pick < 0 || !best || best.done || earlier(head.value, best.value)) pick = i;
    }
    if (pick < 0) return;
    const chosen = heads[pick];
    if (!chosen || chosen.done) return;
    yield chosen.value;
    heads[pick] = await (sources[pick] as AsyncGenerator<Pending>).next();
  }
}

const temporaryIndexes = [
  'create index audit_backfill_revisions on checkout_revisions (replaced_at, id)',
  'create index audit_backfill_voids on checkouts (voided_at, id) where voided_at is not null',
  'create index audit_backfill_payments on checkout_payments (recorded_at, id)',
];

/** Runs inside migration 007's transaction, on an empty chain. Returns the number of events written. */
export async function carryIntoChain(database: Kysely<unknown>): Promise<number> {
  const db = database as unknown as Db;
  for (const statement of temporaryIndexes) await sql.raw(statement).execute(db);

  const owner = ownerActor();
  const actors = { guest: guestActor, owner } as const;
  let seq = 0;
  let previousHash = genesisHash;
  let buffer: AuditRow[] = [];
  const flush = async () => {
    if (buffer.length === 0) return;
    await db.insertInto('audit_events').values(buffer).execute();
    buffer = [];
  };

  for await (const event of byTime([recorded(db), revisedEvents(db), voids(db), payments(db)])) {
    seq++;
    const actor = actors[event.actor];
    const row: AuditRow = {
      seq,
      at: event.at,
      actor_id: null,
      actor_name: actor.name,
      actor_role: actor.role,
      device_id: null,
      device_name: null,
      action: event.action,
      subject_type: 'checkout',
      subject_id: String(event.subjectId),
      details: canonicalJson(event.details),
      hash: '',
    };
    // Plain SHA-256, as every link since (decision 160).
    row.hash = chainHash(previousHash, canonicalRowJson(row));
    previousHash = row.hash;
    buffer.push(row);
    if (buffer.length >= insertBatch) await flush();
  }
  await flush();
  await db.updateTable('audit_head').set({ seq, hash: previousHash }).where('id', '=', 1).execute();

  for (const name of ['audit_backfill_revisions', 'audit_backfill_voids', 'audit_backfill_payments']) {
    await sql.raw(`drop index ${name}`).execute(db);
  }
  return seq;
}

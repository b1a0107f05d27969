import { randomUUID } from 'node:crypto';
import { type Kysely, type RawBuilder, type Selectable, type SqlBool, sql, type Transaction } from 'kysely';
import { localDayOf, monthOfDay } from '../../shared/local-days';
import type { ResortSettings } from '../../shared/resort-settings';
import {
  type AbbreviatedTaxDocument,
  documentNumber,
  netOf,
  notePrefixes,
  numberStem,
  type TaxBuyer,
  type TaxDocument,
  type TaxDocumentType,
  type TaxNote,
  type TaxNoteType,
  type TaxSeller,
  type TaxSettings,
  taxSellerOf,
  vatOf,
} from '../../shared/tax';
import {
  type AuditEntry,
  appendAudit,
  appendAuditsSqlite,
  type Change,
  noSecondEvent,
  pendingAuditColumns,
  pendingAuditRows,
  subject,
} from '../audit/audit-log';
import type { Rider } from '../checkouts/running-totals';
import { isPostgres } from '../db/database';
import { inSqliteTransaction } from '../db/group-commit';
import type { Database } from '../db/tables';
import { storedSetting } from '../settings/settings.repo';

/**
 * Numbering, replacing and cancelling tax documents (DESIGN.md, "Books the law accepts";
 * docs/decisions/110), always inside the transaction of the checkout, revision, full invoice or void that
 * makes the change, so a rollback takes its number back with it.
 */

type Trx = Transaction<Database>;
type Reader = Kysely<Database> | Trx;

export type TaxDocumentRow = Selectable<Database['tax_documents']>;

/** What a checkout's transaction needs of the settings to number its document. */
export interface TaxContext {
  tax: TaxSettings | null;
  timeZone: string;
}

let lastJson: string | null | undefined;
let lastContext: TaxContext | undefined;

/**
 * The tax settings and the zone from the stored settings' JSON, which the checkout's read takes along. Parsed
 * once per distinct value: every checkout reads it, and it changes only when staff save the settings.
 */
export function taxContextOf(json: string | null | undefined): TaxContext {
  if (lastContext && json === lastJson) return lastContext;
  const context = { tax: storedSetting(json, 'tax'), timeZone: storedSetting(json, 'timeZone') };
  lastJson = json;
  lastContext = context;
  return context;
}

export const taxContextFromSettings = (settings: Pick<ResortSettings, 'tax' | 'timeZone'>): TaxContext => ({
  tax: settings.tax,
  timeZone: settings.timeZone,
});

/** The settings as stored, read inside a transaction (a revision's or a full invoice's, not the hot path). */
export async function readTaxContext(db: Reader): Promise<TaxContext> {
  const row = await db.selectFrom('settings').select('value').where('key', '=', 'resort').executeTakeFirst();
  return taxContextOf(row?.value);
}

interface MonthOfIssue {
  yymm: string;
  month: string;
}

let lastMonth: { minute: string; timeZone: string; month: MonthOfIssue } | undefined;

/** `2611` for `2026-11`: the month as a document's number carries it. */
const yymmOf = (month: string): string => `${month.slice(2, 4)}${month.slice(5, 7)}`;

/**
 * `2611` for an instant in November 2026 in the resort's zone; the month as YYYY-MM beside it. The last
 * answer is kept for its UTC minute: zones change their offset on whole minutes, and asking Intl for the zone's
 * calendar took about 30 µs of every checkout with tax on (a profile under the bench's load).
 */
function monthOf(at: string, timeZone: string): MonthOfIssue {
  // `at` is ISO 8601 UTC (Change.at), whose first 16 characters name its minute: no Date.parse per checkout.
  const minute = at.slice(0, 16);
  if (lastMonth && lastMonth.minute === minute && lastMonth.timeZone === timeZone) return lastMonth.month;
  const day = localDayOf(at, timeZone);
  const ofDay = monthOfDay(day);
  const month = { yymm: yymmOf(ofDay), month: ofDay };
  lastMonth = { minute, timeZone, month };
  return month;
}

const sellerTexts = new WeakMap<TaxSettings, string>();

/**
 * The seller block a document issued under `tax` keeps, as stored (JSON): made once per settings object, which
 * `taxContextOf` keeps while the settings do not change, so a checkout only binds the text.
 */
export function sellerText(tax: TaxSettings): string {
  let text = sellerTexts.get(tax);
  if (text === undefined) {
    text = JSON.stringify(taxSellerOf(tax));
    sellerTexts.set(tax, text);
  }
  return text;
}

let lastSellerText: string | null = null;
let lastSeller: TaxSeller | null = null;

/** A stored seller block; the last one read is kept (a month's documents mostly share one). */
export function sellerOf(text: string | null): TaxSeller | null {
  if (text === null) return null;
  if (text !== lastSellerText) {
    lastSeller = JSON.parse(text) as TaxSeller;
    lastSellerText = text;
  }
  return lastSeller;
}

export function documentOf(row: TaxDocumentRow): TaxDocument {
  // Written out, not spread from a shared part: every checkout with tax on answers one (a full invoice is rare).
  const abbreviated: AbbreviatedTaxDocument = {
    type: 'abb',
    number: row.number,
    issuedAt: row.issued_at,
    status: row.status as TaxDocument['status'],
    vat: row.vat,
    replaces: row.replaces,
    replacedBy: row.replaced_by,
    reason: row.reason,
    seller: sellerOf(row.seller),
  };
  if (row.dated_at) abbreviated.datedAt = row.dated_at;
  if (row.type !== 'full') return abbreviated;
  return { ...abbreviated, type: 'full', buyer: buyerOf(row) as TaxBuyer, net: row.net };
}

export function buyerOf(row: TaxDocumentRow): TaxBuyer | null {
  if (row.buyer_name === null) return null;
  return {
    name: row.buyer_name,
    address: row.buyer_address ?? '',
    taxId: row.buyer_tax_id ?? '',
    branch: row.buyer_branch ?? '',
  };
}

export interface Issue {
  type: TaxDocumentType | TaxNoteType;
  checkoutId: number;
  bungalow: number;
  /** THB, VAT included. */
  total: number;
  tax: TaxSettings;
  timeZone: string;
  /** The number this one takes the place of, else null. */
  replaces: string | null;
  buyer?: TaxBuyer;
  /**
   * A replacement's date: the replaced document's (Por. 86/2542). Its number is taken in that month's series, so
   * it is listed in that month's report; its issue time stays the real one.
   */
  datedAt?: string;
  /** A credit or debit note's particulars: what it adjusts, the values before and after (THB), the VAT. */
  note?: {
    adjusts: string;
    before: number;
    after: number;
    vat: number;
    reason: string | null;
    auditReason?: unknown;
  };
}

/** Whether an issue stores more than a checkout's own document does (a replacement dated back, a note). */
const hasExtras = (issue: Issue) => issue.datedAt !== undefined || issue.note !== undefined;

/**
 * The events a document's issue appends before its `document.issued`, given its number: a new array each call
 * (the issue adds its own to it).
 */
export type EventsWithNumber = (number: string) => AuditEntry[];

/** What a document's issue stores and appends, with its number still to take. */
function issueParts(issue: Issue, change: Change, eventsBefore: EventsWithNumber) {
  const { tax, type, note } = issue;
  const { yymm, month } = monthOf(issue.datedAt ?? change.at, issue.timeZone);
  const prefix = type === 'full' ? tax.invoicePrefix : type === 'abb' ? tax.abbPrefix : notePrefixes[type];
  const vat = note ? note.vat : vatOf(issue.total, tax.vatRate);
  // The id is the database's, set once the row is stored.
  const row = (number: string): TaxDocumentRow => ({
    id: 0,
    number,
    type,
    checkout_id: issue.checkoutId,
    month,
    issued_at: change.at,
    status: 'issued',
    total: issue.total,
    vat,
    net: note ? issue.total * 100 - vat : netOf(issue.total, tax.vatRate),
    vat_rate: tax.vatRate,
    replaces: issue.replaces,
    replaced_by: null,
    reason: note?.reason ?? null,
    buyer_name: issue.buyer?.name ?? null,
    buyer_address: issue.buyer?.address ?? null,
    buyer_tax_id: issue.buyer?.taxId ?? null,
    buyer_branch: issue.buyer?.branch ?? null,
    seller: sellerText(tax),
    held_until: null,
    dated_at: issue.datedAt ?? null,
    adjusts: note?.adjusts ?? null,
    before_total: note?.before ?? null,
    after_total: note?.after ?? null,
    substitutes: 0,
  });
  const events = (number: string): AuditEntry[] => {
    // Keys in their canonical order (canonical-json.ts then need not sort them).
    const details: Record<string, unknown> = {};
    if (note) {
      details.adjusts = note.adjusts;
      details.after = note.after;
      details.before = note.before;
    }
    details.bungalow = issue.bungalow;
    if (issue.datedAt) details.datedAt = issue.datedAt;
    details.number = number;
    if (note?.reason) details.reason = note.auditReason ?? note.reason;
    if (issue.replaces) details.replaces = issue.replaces;
    details.total = issue.total;
    details.type = type;
    details.vat = vat;
    const list = eventsBefore(number);
    list.push({
      actor: change.actor,
      at: change.at,
      action: 'document.issued',
      subject: subject('checkout', issue.checkoutId),
      details,
    });
    return list;
  };
  return { prefix, yymm, row, events };
}

interface StoredNumber {
  id: number;
  number: string;
  /** The time taken with the number (see `issueStatement`). */
  issued_at: string;
}

/** PostgreSQL's issue of a document: one statement's WITHs and main query, and the row it stored. */
export interface IssueStatement extends Rider<StoredNumber> {
  stored(answer: StoredNumber | undefined): TaxDocumentRow;
}

/**
 * PostgreSQL: the upsert on the month's counter, the document and its events as one statement, the number made
 * from the counter inside it, so the row is locked only from that statement to the COMMIT. The events' texts
 * are made here with a stand-in for the number (a random token no stored text holds), which the statement
 * replaces with the number it takes. It runs alone (`issueDocument`) or in the checkout's running totals'
 * statement (`countCheckout`), which also holds its rows until the COMMIT: one round trip for both.
 */
export function issueStatement(issue: Issue, change: Change, eventsBefore: EventsWithNumber): IssueStatement {
  const { prefix, yymm, row, events } = issueParts(issue, change, eventsBefore);
  const standIn = `~${randomUUID()}~`;
  const v = row(standIn);
  // A replacement dated back and a note store a few more columns; a checkout's own document binds none of them.
  const extraColumns = hasExtras(issue) ? sql`, dated_at, adjusts, before_total, after_total` : sql``;
  const extraValues = hasExtras(issue)
    ? sql`, ${v.dated_at}, ${v.adjusts}, ${v.before_total}, ${v.after_total}`
    : sql``;
  const pending = pendingAuditRows(events(standIn)).map(
    (row, order) => sql`(${order}::integer, ${row.event}, ${row.second ?? noSecondEvent})`,
  );
  return {
    withs: [
      // The time is taken with the number (sixth stage): the change's, or the series' last document's when that
      // is later (a transaction that waited for the counter's lock began before the one it waited for ended),
      // so times run in number order. Read from the counter's row as locked, not from the statement's snapshot.
      sql`s as (
        insert into tax_sequences (prefix, yymm, next_number, last_issued_at) values (${prefix}, ${yymm}, 2, ${v.issued_at})
        on conflict (prefix, yymm) do update set next_number = tax_sequences.next_number + 1,
          last_issued_at = greatest(tax_sequences.last_issued_at, excluded.last_issued_at)
        returning ${prefix} || ${yymm} || '-' ||
          lpad((next_number - 1)::text, greatest(5, length((next_number - 1)::text)), '0') as number,
          last_issued_at as issued_at
      )`,
      sql`d as (
        insert into tax_documents (number, type, checkout_id, month, issued_at, status, total, vat, net, vat_rate,
          replaces, replaced_by, reason, buyer_name, buyer_address, buyer_tax_id, buyer_branch, seller${extraColumns})
        select s.number, ${v.type}, ${v.checkout_id}, ${v.month}, s.issued_at, ${v.status}, ${v.total},
          ${v.vat}, ${v.net}, ${v.vat_rate}, ${v.replaces}, ${v.replaced_by}, ${v.reason}, ${v.buyer_name},
          ${v.buyer_address}, ${v.buyer_tax_id}, ${v.buyer_branch}, ${v.seller}${extraValues}
        from s
        returning id, number, issued_at
      )`,
      sql`a as (
        insert into audit_pending ${pendingAuditColumns}
        select e.at, e.actor_id, e.actor_name, e.actor_role, e.device_id, e.device_name, e.action, e.subject_type,
          e.subject_id, replace(e.details, ${standIn}, d.number), replace(e.json_before_seq, ${standIn}, d.number),
          replace(e.json_after_seq, ${standIn}, d.number), e.then_action, replace(e.then_details, ${standIn}, d.number),
          replace(e.then_json_before_seq, ${standIn}, d.number), replace(e.then_json_after_seq, ${standIn}, d.number)
        from d, (values ${sql.join(pending)}) as e (ord, at, actor_id, actor_name, actor_role, device_id,
          device_name, action, subject_type, subject_id, details, json_before_seq, json_after_seq, then_action,
          then_details, then_json_before_seq, then_json_after_seq)
        order by e.ord
      )`,
    ],
    select: sql<StoredNumber>`select id, number, issued_at from d`,
    stored(answer) {
      if (answer === undefined) throw new Error('The tax document was not stored');
      const stored = row(answer.number);
      stored.id = Number(answer.id);
      stored.issued_at = answer.issued_at;
      return stored;
    },
  };
}

/**
 * Numbers a document, stores it and appends `eventsBefore(number)` (the change's own event, carrying the
 * number) and its `document.issued` event, in the transaction of the change.
 *
 * The number comes from one upsert on the month's counter row in `tax_sequences`: the row stays locked until
 * the transaction ends (PostgreSQL), or the write transaction holds the database (SQLite), so a second issuer
 * waits, and a rollback gives the number back. Never a gap, never a repeat (docs/decisions/110). PostgreSQL:
 * one statement (`issueStatement`).
 */
export async function issueDocument(
  trx: Trx,
  issue: Issue,
  change: Change,
  eventsBefore: EventsWithNumber = () => [],
): Promise<TaxDocumentRow> {
  if (isPostgres(trx)) {
    const statement = issueStatement(issue, change, eventsBefore);
    const { rows } = await sql<StoredNumber>`
      with ${sql.join(statement.withs)} ${statement.select}`.execute(trx);
    return statement.stored(rows[0]);
  }
  const { prefix, yymm, row, events } = issueParts(issue, change, eventsBefore);
  // One synchronous run of the number, the row and the events: no turn of the event loop between them.
  return inSqliteTransaction(trx, (statements) => {
    const taken = statements.prepare(sqliteTakeNumber).get(prefix, yymm, change.at) as
      | { sequence: number; issued_at: string }
      | undefined;
    if (taken === undefined) throw new Error('The tax sequence returned no number');
    const v = row(documentNumber(prefix, yymm, Number(taken.sequence)));
    v.issued_at = taken.issued_at;
    // Issued now: no reason and nothing replacing it yet; a buyer only on a full invoice. Every checkout with
    // tax on runs the insert without one, and each value bound cost it.
    const issued = [
      v.number,
      v.type,
      v.checkout_id,
      v.month,
      v.issued_at,
      v.total,
      v.vat,
      v.net,
      v.vat_rate,
      v.replaces,
      v.seller,
    ];
    const withBuyer = [...issued, v.buyer_name, v.buyer_address, v.buyer_tax_id, v.buyer_branch];
    const { lastInsertRowid } = hasExtras(issue)
      ? statements
          .prepare(sqliteInsertWithExtras)
          .run([...withBuyer, v.reason, v.dated_at, v.adjusts, v.before_total, v.after_total])
      : v.buyer_name === null
        ? statements.prepare(sqliteInsertIssued).run(issued)
        : statements.prepare(sqliteInsertWithBuyer).run(withBuyer);
    appendAuditsSqlite(statements, events(v.number));
    v.id = Number(lastInsertRowid);
    return v;
  });
}

// SQLite's statements of an issue, as text: every checkout with tax on runs them (kept prepared by the driver).
const sqliteTakeNumber = `insert into tax_sequences (prefix, yymm, next_number, last_issued_at) values (?, ?, 2, ?)
  on conflict (prefix, yymm) do update set next_number = tax_sequences.next_number + 1,
    last_issued_at = max(coalesce(tax_sequences.last_issued_at, ''), excluded.last_issued_at)
  returning next_number - 1 as sequence, last_issued_at as issued_at`;
const sqliteInsertIssued = `insert into tax_documents (number, type, checkout_id, month, issued_at, status, total, vat,
  net, vat_rate, replaces, seller) values (?, ?, ?, ?, ?, 'issued', ?, ?, ?, ?, ?, ?)`;
const sqliteInsertWithBuyer = `insert into tax_documents (number, type, checkout_id, month, issued_at, status, total,
  vat, net, vat_rate, replaces, seller, buyer_name, buyer_address, buyer_tax_id, buyer_branch)
  values (?, ?, ?, ?, ?, 'issued', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`;
const sqliteInsertWithExtras = `insert into tax_documents (number, type, checkout_id, month, issued_at, status, total,
  vat, net, vat_rate, replaces, seller, buyer_name, buyer_address, buyer_tax_id, buyer_branch, reason, dated_at,
  adjusts, before_total, after_total)
  values (?, ?, ?, ?, ?, 'issued', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`;

/**
 * The documents issued in `month` (YYYY-MM), as a condition on `tax_documents` (`alias.` before its columns
 * when given), read through the number's unique index (migrations 020 and 021): a number is
 * `{prefix}{YYMM}-{NNNNN}`, so the month's documents are, for each prefix the month's sequences used, the
 * numbers from `{prefix}{YYMM}-` up to `{prefix}{YYMM}.` ("." follows "-"), one range each. PostgreSQL
 * compares them as its index does, byte by byte (`collate "C"`). A range may also hold another prefix's
 * numbers (a prefix may contain "-"), of this month or not: the month's own column decides.
 */
export async function ofMonth(db: Reader, month: string, alias?: string): Promise<RawBuilder<SqlBool>> {
  const column = (name: string) => sql.ref(alias ? `${alias}.${name}` : name);
  const number = isPostgres(db) ? sql`${column('number')} collate "C"` : column('number');
  const yymm = yymmOf(month);
  const sequences = await db.selectFrom('tax_sequences').select('prefix').where('yymm', '=', yymm).execute();
  if (sequences.length === 0) return sql<SqlBool>`0 = 1`;
  const ranges = sequences.map(({ prefix }) => {
    const stem = numberStem(prefix, yymm);
    // "." is the character after "-": every number the stem starts sorts below the stem with it instead.
    return sql`(${number} >= ${stem} and ${number} < ${`${stem.slice(0, -1)}.`})`;
  });
  return sql<SqlBool>`${column('month')} = ${month} and (${sql.join(ranges, sql` or `)})`;
}

/** The tax invoices of a checkout, never its credit or debit notes (which adjust one, seventh stage). */
export const invoiceTypes: TaxDocumentType[] = ['abb', 'full'];

/** The document a checkout shows: its latest invoice (the full invoice once there is one). */
export async function currentDocumentRow(
  db: Reader,
  checkoutId: number,
): Promise<TaxDocumentRow | undefined> {
  return db
    .selectFrom('tax_documents')
    .selectAll()
    .where('checkout_id', '=', checkoutId)
    .where('type', 'in', invoiceTypes)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/**
 * A credit or debit note as its checkout lists it: with the date the invoice it adjusts bears (`adjusted`, the
 * same sale's row), for the note's printed particulars (§86/9, §86/10).
 */
export function noteOf(row: TaxDocumentRow, adjusted: TaxDocumentRow | undefined): TaxNote {
  const before = (row.before_total ?? 0) * 100;
  const after = (row.after_total ?? 0) * 100;
  return {
    type: row.type as TaxNoteType,
    number: row.number,
    issuedAt: row.issued_at,
    adjusts: row.adjusts ?? '',
    adjustsDatedAt: adjusted ? (adjusted.dated_at ?? adjusted.issued_at) : row.issued_at,
    before,
    after,
    total: row.total * 100,
    net: row.net,
    vat: row.vat,
    vatRate: row.vat_rate,
    reason: row.reason,
    buyer: buyerOf(row),
    seller: sellerOf(row.seller),
  };
}

/**
 * The latest document of each checkout given, for the history, and (seventh stage) the credit and debit notes
 * that adjusted it: one indexed read of the checkouts' rows.
 */
export async function currentDocuments(
  db: Reader,
  checkoutIds: number[],
): Promise<{ documents: Map<number, TaxDocument>; notes: Map<number, TaxNote[]> }> {
  const byCheckout = new Map<number, TaxDocument>();
  const notes = new Map<number, TaxNote[]>();
  if (checkoutIds.length === 0) return { documents: byCheckout, notes };
  const rows = await db
    .selectFrom('tax_documents')
    .selectAll()
    .where('checkout_id', 'in', checkoutIds)
    .orderBy('checkout_id')
    .orderBy('id')
    .execute();
  const reasons = new Map<string, string>();
  const byNumber = new Map<string, TaxDocumentRow>();
  for (const row of rows) {
    byNumber.set(row.number, row);
    if (row.type === 'cn' || row.type === 'dn') {
      const note = noteOf(row, row.adjusts ? byNumber.get(row.adjusts) : undefined);
      const listed = notes.get(row.checkout_id);
      if (listed) listed.push(note);
      else notes.set(row.checkout_id, [note]);
      continue;
    }
    if (row.reason) reasons.set(row.number, row.reason);
    const document = documentOf(row);
    // A replacement prints why the one it replaces was cancelled (seventh stage): a sale's rows come together.
    const replacedReason = row.replaces ? reasons.get(row.replaces) : undefined;
    byCheckout.set(row.checkout_id, replacedReason ? { ...document, replacedReason } : document);
  }
  return { documents: byCheckout, notes };
}

/** An update of one document, found through the index by checkout (PostgreSQL has none on id: migration 023). */
export function documentUpdate(db: Reader, document: Pick<TaxDocumentRow, 'checkout_id' | 'id'>) {
  return db
    .updateTable('tax_documents')
    .where('checkout_id', '=', document.checkout_id)
    .where('id', '=', document.id);
}

/** An issued document replaced by `by` (a revision's new invoice, or the full invoice), or by none (tax off). */
export async function replaceDocument(
  trx: Trx,
  old: TaxDocumentRow,
  by: string | null,
  bungalow: number,
  change: Change,
): Promise<void> {
  await documentUpdate(trx, old).set({ status: 'replaced', replaced_by: by }).execute();
  await appendAudit(trx, {
    ...change,
    action: 'document.replaced',
    subject: subject('checkout', old.checkout_id),
    details: { bungalow, number: old.number, type: old.type, ...(by ? { replacedBy: by } : {}) },
  });
}

/**
 * A void cancels the checkout's standing document, with the void's reason. `auditVoid` appends the void's own
 * event between the change and the cancellations' events, so the chain reads the void first, with the number.
 */
export async function cancelDocuments(
  trx: Trx,
  {
    checkoutId,
    bungalow,
    reason,
    auditReason,
  }: {
    checkoutId: number;
    bungalow: number;
    reason: string;
    /** What the events hold in the reason's place: its token beside the chain (staff-texts.ts). */
    auditReason?: unknown;
  },
  change: Change,
  auditVoid: (documentNumber?: string) => Promise<void>,
): Promise<void> {
  const cancelled = await trx
    .updateTable('tax_documents')
    .set({ status: 'cancelled', reason })
    .where('checkout_id', '=', checkoutId)
    .where('status', '=', 'issued')
    .where('type', 'in', invoiceTypes)
    .returning(['number', 'type'])
    .execute();
  await auditVoid(cancelled[0]?.number);
  for (const row of cancelled) {
    await appendAudit(trx, {
      ...change,
      action: 'document.cancelled',
      subject: subject('checkout', checkoutId),
      details: { bungalow, number: row.number, type: row.type, reason: auditReason ?? reason },
    });
  }
}

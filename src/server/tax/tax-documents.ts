import { type Kysely, type Selectable, sql, type Transaction } from 'kysely';
import { localDayOf } from '../../shared/local-days';
import type { ResortSettings } from '../../shared/resort-settings';
import {
  documentNumber,
  netOf,
  type TaxBuyer,
  type TaxDocument,
  type TaxDocumentType,
  type TaxSettings,
  vatOf,
} from '../../shared/tax';
import {
  type AuditEntry,
  appendAudit,
  type Change,
  pendingAuditColumns,
  pendingAuditValues,
  subject,
} from '../audit/audit-log';
import { isPostgres } from '../db/database';
import type { Database } from '../db/tables';
import { storedSetting } from '../routes/settings/settings.repo';

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

/** `2611` for an instant in November 2026 in the resort's zone; the month as YYYY-MM beside it. */
function monthOf(at: string, timeZone: string): { yymm: string; month: string } {
  const day = localDayOf(at, timeZone);
  return { yymm: `${day.slice(2, 4)}${day.slice(5, 7)}`, month: day.slice(0, 7) };
}

/**
 * The next number of a prefix and month: one upsert on the month's counter row. The row stays locked until
 * the transaction ends (PostgreSQL), or the write transaction holds the database (SQLite): a second issuer
 * waits, and a rollback gives the number back. Never a gap, never a repeat.
 */
async function takeSequence(trx: Trx, prefix: string, yymm: string): Promise<number> {
  const { rows } = await sql<{ sequence: number | string }>`
    insert into tax_sequences (prefix, yymm, next_number) values (${prefix}, ${yymm}, 2)
    on conflict (prefix, yymm) do update set next_number = tax_sequences.next_number + 1
    returning next_number - 1 as sequence`.execute(trx);
  const sequence = rows[0]?.sequence;
  if (sequence === undefined) throw new Error('The tax sequence returned no number');
  return Number(sequence);
}

export function documentOf(row: TaxDocumentRow): TaxDocument {
  const base = {
    number: row.number,
    issuedAt: row.issued_at,
    status: row.status as TaxDocument['status'],
    vat: row.vat,
    replaces: row.replaces,
    replacedBy: row.replaced_by,
    reason: row.reason,
  };
  if (row.type !== 'full') return { type: 'abb', ...base };
  return { type: 'full', ...base, buyer: buyerOf(row) as TaxBuyer, net: row.net };
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
  type: TaxDocumentType;
  checkoutId: number;
  bungalow: number;
  /** THB, VAT included. */
  total: number;
  tax: TaxSettings;
  timeZone: string;
  /** The number this one takes the place of, else null. */
  replaces: string | null;
  buyer?: TaxBuyer;
}

/** A number taken for a document about to be stored (`storeDocument`), in the same transaction. */
export interface ReservedNumber {
  number: string;
  month: string;
}

/** Takes the next number for a document (the checkout's audit event may carry it before it is stored). */
export async function reserveNumber(
  trx: Trx,
  { type, tax, timeZone }: Pick<Issue, 'type' | 'tax' | 'timeZone'>,
  at: string,
): Promise<ReservedNumber> {
  const { yymm, month } = monthOf(at, timeZone);
  const prefix = type === 'full' ? tax.invoicePrefix : tax.abbPrefix;
  const sequence = await takeSequence(trx, prefix, yymm);
  return { number: documentNumber(prefix, yymm, sequence), month };
}

/**
 * Stores a document under its reserved number, with `eventsBefore` (the checkout's own event, carrying the
 * number) and its `document.issued` event. PostgreSQL: one statement for all of it, since the month's counter
 * row stays locked until the commit and every round trip here makes every other checkout wait longer.
 */
export async function storeDocument(
  trx: Trx,
  issue: Issue,
  { number, month }: ReservedNumber,
  change: Change,
  eventsBefore: AuditEntry[] = [],
): Promise<TaxDocumentRow> {
  const { tax, type } = issue;
  const vat = vatOf(issue.total, tax.vatRate);
  const values = {
    number,
    type,
    checkout_id: issue.checkoutId,
    month,
    issued_at: change.at,
    status: 'issued',
    total: issue.total,
    vat,
    net: netOf(issue.total, tax.vatRate),
    vat_rate: tax.vatRate,
    replaces: issue.replaces,
    replaced_by: null,
    reason: null,
    buyer_name: issue.buyer?.name ?? null,
    buyer_address: issue.buyer?.address ?? null,
    buyer_tax_id: issue.buyer?.taxId ?? null,
    buyer_branch: issue.buyer?.branch ?? null,
  };
  const issued: AuditEntry = {
    ...change,
    action: 'document.issued',
    subject: subject('checkout', issue.checkoutId),
    details: {
      bungalow: issue.bungalow,
      number,
      type,
      total: issue.total,
      vat,
      ...(issue.replaces ? { replaces: issue.replaces } : {}),
    },
  };
  if (isPostgres(trx)) {
    const v = values;
    const events = [...eventsBefore, issued].map(pendingAuditValues);
    const { rows } = await sql<{ id: number }>`
      with d as (
        insert into tax_documents (number, type, checkout_id, month, issued_at, status, total, vat, net, vat_rate,
          replaces, replaced_by, reason, buyer_name, buyer_address, buyer_tax_id, buyer_branch)
        values (${v.number}, ${v.type}, ${v.checkout_id}, ${v.month}, ${v.issued_at}, ${v.status}, ${v.total},
          ${v.vat}, ${v.net}, ${v.vat_rate}, ${v.replaces}, ${v.replaced_by}, ${v.reason}, ${v.buyer_name},
          ${v.buyer_address}, ${v.buyer_tax_id}, ${v.buyer_branch})
        returning id
      ), a as (
        insert into audit_pending ${pendingAuditColumns} values ${sql.join(events)}
      )
      select id from d`.execute(trx);
    const id = rows[0]?.id;
    if (id === undefined) throw new Error('The tax document was not stored');
    return { ...values, id: Number(id) };
  }
  for (const event of eventsBefore) await appendAudit(trx, event);
  const { id } = await trx
    .insertInto('tax_documents')
    .values(values)
    .returning('id')
    .executeTakeFirstOrThrow();
  await appendAudit(trx, issued);
  return { ...values, id };
}

/** Numbers and stores a document, with its `document.issued` event. */
export async function issueDocument(trx: Trx, issue: Issue, change: Change): Promise<TaxDocumentRow> {
  return storeDocument(trx, issue, await reserveNumber(trx, issue, change.at), change);
}

/** The document a checkout shows: its latest (the full invoice once there is one). */
export async function currentDocumentRow(
  db: Reader,
  checkoutId: number,
): Promise<TaxDocumentRow | undefined> {
  return db
    .selectFrom('tax_documents')
    .selectAll()
    .where('checkout_id', '=', checkoutId)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** The latest document of each checkout given, for the history. */
export async function currentDocuments(db: Reader, checkoutIds: number[]): Promise<Map<number, TaxDocument>> {
  const byCheckout = new Map<number, TaxDocument>();
  if (checkoutIds.length === 0) return byCheckout;
  const rows = await db
    .selectFrom('tax_documents')
    .selectAll()
    .where('checkout_id', 'in', checkoutIds)
    .orderBy('checkout_id')
    .orderBy('id')
    .execute();
  for (const row of rows) byCheckout.set(row.checkout_id, documentOf(row));
  return byCheckout;
}

/** An issued document replaced by `by` (a revision's new invoice, or the full invoice), or by none (tax off). */
export async function replaceDocument(
  trx: Trx,
  old: TaxDocumentRow,
  by: string | null,
  bungalow: number,
  change: Change,
): Promise<void> {
  await trx
    .updateTable('tax_documents')
    .set({ status: 'replaced', replaced_by: by })
    .where('id', '=', old.id)
    .execute();
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
  { checkoutId, bungalow, reason }: { checkoutId: number; bungalow: number; reason: string },
  change: Change,
  auditVoid: (documentNumber?: string) => Promise<void>,
): Promise<void> {
  const cancelled = await trx
    .updateTable('tax_documents')
    .set({ status: 'cancelled', reason })
    .where('checkout_id', '=', checkoutId)
    .where('status', '=', 'issued')
    .returning(['number', 'type'])
    .execute();
  await auditVoid(cancelled[0]?.number);
  for (const row of cancelled) {
    await appendAudit(trx, {
      ...change,
      action: 'document.cancelled',
      subject: subject('checkout', checkoutId),
      details: { bungalow, number: row.number, type: row.type, reason },
    });
  }
}

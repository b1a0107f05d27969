import type { Kysely, Transaction } from 'kysely';
import { localDayOf, monthOfDay } from '../../shared/local-days';
import { type TaxMonth, type TaxSettings, vatOf } from '../../shared/tax';
import { type AuditEntry, appendAudit, type Change } from '../audit/audit-log';
import type { Database } from '../db/tables';
import {
  cancelDocuments,
  currentDocumentRow,
  type EventsWithNumber,
  issueDocument,
  readTaxContext,
  sellerOf,
  type TaxContext,
  type TaxDocumentRow,
} from './tax-documents';

/**
 * Tax months (DESIGN.md, "Months that stay filed"; docs/decisions/220): a month is open until 00:00 on the 1st
 * of the next on the resort's calendar, ended from then, and filed once the owner or a manager marks it so.
 * This is the one place that decides what a change to a sale does to its tax documents: within the document's
 * own month it cancels or replaces it as before; once that month has ended, the document stands as filed and
 * a credit note (§86/10) or a debit note (§86/9) is issued in this month for the difference (§82/10 counts it
 * in the month it is issued). The reports only read what was decided here.
 */

type Trx = Transaction<Database>;
type Reader = Kysely<Database> | Trx;

/** The month (YYYY-MM) an instant falls in on the resort's calendar. */
export const monthAt = (at: string | number, timeZone: string): string =>
  monthOfDay(localDayOf(at, timeZone));

/** Whether `month` has ended at `at`: 00:00 on the 1st of the next month, in the resort's zone, has passed. */
export const monthEnded = (month: string, at: string | number, timeZone: string): boolean =>
  monthAt(at, timeZone) > month;

/** What a void or a revision does to a sale's standing document. */
export const changeOfSale = (
  document: { month: string },
  at: string,
  timeZone: string,
): 'in-month' | 'note' => (monthEnded(document.month, at, timeZone) ? 'note' : 'in-month');

/** The date a document bears: a replacement's is the replaced one's (Por. 86/2542), else its issue's. */
export const datedAtOf = (row: Pick<TaxDocumentRow, 'dated_at' | 'issued_at'>): string =>
  row.dated_at ?? row.issued_at;

/**
 * The settings a note is numbered and printed under: today's, or with tax off since, the seller block the
 * adjusted document printed (a note settles a document already issued; turning tax off stops new sales'
 * numbers, not the correction of old ones). Null when neither is known (a document from before 026 with tax
 * off since): the caller then keeps the old way.
 */
function noteSettings(adjusted: TaxDocumentRow, tax: TaxSettings | null): TaxSettings | null {
  const seller = tax ?? sellerOf(adjusted.seller);
  if (!seller) return null;
  // The note's VAT is the rate the adjusted document charged, whatever today's is.
  return { abbPrefix: '', invoicePrefix: '', ...seller, vatRate: adjusted.vat_rate };
}

export interface NoteRequest {
  adjusted: TaxDocumentRow;
  bungalow: number;
  /** The sale's value before and after the change, THB with VAT. */
  before: number;
  after: number;
  reason: string | null;
  /** What the events hold in the reason's place (a void's reason is kept beside the chain). */
  auditReason?: unknown;
}

/**
 * A credit note (the value lowered) or a debit note (raised) for the difference, numbered in its own series of
 * this month (CN2612-00001, DN2612-00001), adjusting `adjusted`, which stays as it was filed. Its VAT is the
 * difference of the VAT on the two values, so the month's output tax with the note is exactly that of the
 * corrected sale. Undefined when the value did not change, or when there is no seller to print.
 */
export async function issueNote(
  trx: Trx,
  request: NoteRequest,
  { tax, timeZone }: TaxContext,
  change: Change,
  eventsBefore: EventsWithNumber,
): Promise<TaxDocumentRow | undefined> {
  const { adjusted, before, after } = request;
  if (before === after) return undefined;
  const settings = noteSettings(adjusted, tax);
  if (!settings) return undefined;
  const vat = Math.abs(vatOf(before, adjusted.vat_rate) - vatOf(after, adjusted.vat_rate));
  return issueDocument(
    trx,
    {
      type: after < before ? 'cn' : 'dn',
      checkoutId: adjusted.checkout_id,
      bungalow: request.bungalow,
      total: Math.abs(before - after),
      tax: settings,
      timeZone,
      replaces: null,
      buyer:
        adjusted.buyer_name === null
          ? undefined
          : {
              name: adjusted.buyer_name,
              address: adjusted.buyer_address ?? '',
              taxId: adjusted.buyer_tax_id ?? '',
              branch: adjusted.buyer_branch ?? '',
            },
      note: {
        adjusts: adjusted.number,
        before,
        after,
        vat,
        reason: request.reason,
        ...(request.auditReason !== undefined ? { auditReason: request.auditReason } : {}),
      },
    },
    change,
    eventsBefore,
  );
}

/**
 * A void's tax documents: within the sale's month its invoice is cancelled (as before); once that month has
 * ended, the invoice stands and a credit note for the sale's whole value is issued now. `voidEvent` makes the
 * void's own event, carrying the cancelled document's number, or the adjusted one's and the credit note's.
 */
export async function voidSaleDocuments(
  trx: Trx,
  sale: { checkoutId: number; bungalow: number; total: number; reason: string; auditReason?: unknown },
  change: Change,
  voidEvent: (documentNumber?: string, creditNote?: string) => AuditEntry,
): Promise<void> {
  const standing = await currentDocumentRow(trx, sale.checkoutId);
  if (standing?.status === 'issued') {
    const context = await readTaxContext(trx);
    if (changeOfSale(standing, change.at, context.timeZone) === 'note') {
      const note = await issueNote(
        trx,
        {
          adjusted: standing,
          bungalow: sale.bungalow,
          before: sale.total,
          after: 0,
          reason: sale.reason,
          auditReason: sale.auditReason,
        },
        context,
        change,
        (number) => [voidEvent(standing.number, number)],
      );
      if (note) return;
    }
  }
  await cancelDocuments(trx, sale, change, (number) => appendAudit(trx, voidEvent(number)));
}

/** A month's state: open, ended (00:00 on the 1st of the next has passed), or filed (who, when, the hash). */
export async function monthState(
  db: Reader,
  month: string,
  now: number,
  timeZone: string,
): Promise<TaxMonth> {
  const row = await db
    .selectFrom('tax_months')
    .select(['filed_at', 'filed_by', 'sha256'])
    .where('month', '=', month)
    .executeTakeFirst();
  if (row) {
    return {
      month,
      state: 'filed',
      filedAt: row.filed_at,
      filedBy: JSON.parse(row.filed_by) as TaxMonth['filedBy'],
      sha256: row.sha256,
    };
  }
  return {
    month,
    state: monthEnded(month, now, timeZone) ? 'ended' : 'open',
    filedAt: null,
    filedBy: null,
    sha256: null,
  };
}

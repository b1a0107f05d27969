import type { TaxReportRow } from '../../shared/tax';
import { csvField } from '../checkouts/csv';
import { bahtText, counts, resortTimeOf } from './tax-export';

/**
 * The output-tax report's CSV: the JSON's rows, one a line, in a machine's form, but as an accountant reads
 * them (sixth stage): `issuedAt` on the resort's clock with its offset, money in baht with two decimals, a
 * document no longer issued (cancelled or replaced) at 0.00 so each money column sums to the month's figure,
 * and each row's seller block as the document printed it. A credit note's amounts are negative (seventh stage).
 */
export const taxCsvColumns = [
  'number',
  'type',
  'status',
  'issuedAt',
  'checkoutId',
  'bungalow',
  'buyerName',
  'buyerAddress',
  'buyerTaxId',
  'buyerBranch',
  'total',
  'vat',
  'net',
  'replaces',
  'replacedBy',
  'reason',
  'sellerName',
  'sellerTaxId',
  'sellerBranch',
  // Seventh stage: the date the document bears (a replacement's is the replaced one's), and a note's particulars.
  'datedAt',
  'adjusts',
  'before',
  'after',
] as const;

/** A field made here of digits, a point and a minus (an amount, a tax ID as text): written as it is. */
interface Amount {
  amount: string;
}

/**
 * A field, or an amount: a credit note's negative amount is a number to the spreadsheet, not text that looks
 * like a formula, so it is not quoted with an apostrophe as typed text starting with "-" is.
 */
const field = (value: string | number | null | Amount) =>
  value !== null && typeof value === 'object' ? value.amount : csvField(value);

/**
 * A tax ID or a branch as a spreadsheet keeps it: `="0105535000123"` (quoted as RFC 4180 quotes a field with
 * quotes), a formula whose value is the text, so the leading zero stays (seventh stage). Only digits, which the
 * schemas checked, go inside, so the apostrophe that guards typed text against formulas is not needed.
 */
const digitsAsText = (value: string | null | undefined): Amount | null =>
  value && /^\d+$/.test(value) ? { amount: `"=""${value}"""` } : null;

const row = (fields: (string | number | null | Amount)[]) => `${fields.map(field).join(',')}\r\n`;

/** A byte order mark first, as the history's export: spreadsheets then read Thai names as UTF-8. */
export const taxCsvHeader = `\uFEFF${row([...taxCsvColumns])}`;

export const taxCsvRow =
  (timeZone: string) =>
  (document: TaxReportRow): string => {
    // A credit note takes away from the month: its amounts are negative, so each column sums to the figure.
    const sign = !counts(document) ? 0 : document.type === 'cn' ? -1 : 1;
    const money = (satang: number): Amount => ({ amount: bahtText(sign * satang) });
    const value = (satang: number | null) => (satang === null ? null : bahtText(satang));
    return row([
      document.number,
      document.type,
      document.status,
      resortTimeOf(document.issuedAt, timeZone),
      document.checkoutId,
      document.bungalow,
      document.buyer?.name ?? null,
      document.buyer?.address ?? null,
      digitsAsText(document.buyer?.taxId),
      digitsAsText(document.buyer?.branch),
      money(document.total),
      money(document.vat),
      money(document.net),
      document.replaces,
      document.replacedBy,
      document.reason,
      document.seller?.sellerName ?? null,
      digitsAsText(document.seller?.taxId),
      digitsAsText(document.seller?.branch),
      resortTimeOf(document.datedAt, timeZone),
      document.adjusts,
      value(document.before),
      value(document.after),
    ]);
  };

export const taxCsvFileName = (month: string) => `tax-documents-${month}.csv`;

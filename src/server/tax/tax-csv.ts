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

/** An amount as bahtText writes it (digits, a point, a minus first when negative): written as it is. */
interface Amount {
  amount: string;
}

/**
 * A field, or an amount: a credit note's negative amount is a number to the spreadsheet, not text that looks
 * like a formula, so it is not quoted with an apostrophe as typed text starting with "-" is.
 */
const field = (value: string | number | null | Amount) =>
  value !== null && typeof value === 'object' ? value.amount : csvField(value);

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
      document.buyer?.taxId ?? null,
      document.buyer?.branch ?? null,
      money(document.total),
      money(document.vat),
      money(document.net),
      document.replaces,
      document.replacedBy,
      document.reason,
      document.seller?.sellerName ?? null,
      document.seller?.taxId ?? null,
      document.seller?.branch ?? null,
      resortTimeOf(document.datedAt, timeZone),
      document.adjusts,
      value(document.before),
      value(document.after),
    ]);
  };

export const taxCsvFileName = (month: string) => `tax-documents-${month}.csv`;

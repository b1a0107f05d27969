import type { TaxReportRow } from '../../../shared/tax';
import { csvField } from '../checkouts/csv';

/** The output-tax report's CSV: the JSON's rows, one a line, money in satang as there. */
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
] as const;

const row = (fields: (string | number | null)[]) => `${fields.map(csvField).join(',')}\r\n`;

/** A byte order mark first, as the history's export: spreadsheets then read Thai names as UTF-8. */
export const taxCsvHeader = `\uFEFF${row([...taxCsvColumns])}`;

export function taxCsvRow(document: TaxReportRow): string {
  return row([
    document.number,
    document.type,
    document.status,
    document.issuedAt,
    document.checkoutId,
    document.bungalow,
    document.buyer?.name ?? null,
    document.buyer?.address ?? null,
    document.buyer?.taxId ?? null,
    document.buyer?.branch ?? null,
    document.total,
    document.vat,
    document.net,
    document.replaces,
    document.replacedBy,
    document.reason,
  ]);
}

export const taxCsvFileName = (month: string) => `tax-documents-${month}.csv`;

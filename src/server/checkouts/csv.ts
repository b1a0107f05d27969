import { csvColumns } from '../../shared/staff-constants';
import type { HistoryCheckout } from '../../shared/staff-types';

/**
 * RFC 4180: a field with a comma, quote or line break is quoted and its quotes doubled. A field that a
 * spreadsheet would run as a formula (=, +, -, @, tab, CR first) gets a leading apostrophe (OWASP "CSV
 * injection"); guest and drink names are typed by people, and the accountant opens this in a spreadsheet.
 */
export function csvField(value: string | number | null): string {
  if (value === null) return '';
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

const row = (fields: (string | number | null)[]) => `${fields.map(csvField).join(',')}\r\n`;

/** A byte order mark first: spreadsheet programs then read the file as UTF-8 (Thai names stay readable). */
export const csvHeader = `\uFEFF${row([...csvColumns])}`;

/** paid, unpaid (owed), not tracked (recorded before payments were), or empty for a voided unpaid one. */
function paymentStatus(checkout: HistoryCheckout): string | null {
  if (checkout.payment) return 'paid';
  if (checkout.voidedAt) return null;
  return checkout.paymentTracked ? 'unpaid' : 'not tracked';
}

/** One row per line; a voided checkout's lines stay in, marked, so the export is the complete record. */
export function csvRows(checkout: HistoryCheckout): string {
  return checkout.lines
    .map((line) =>
      row([
        checkout.id,
        checkout.createdAt,
        checkout.bungalow,
        checkout.guestName,
        line.drinkName,
        line.quantity,
        line.unitPrice,
        line.lineTotal,
        checkout.total,
        checkout.voidedAt ? 'voided' : 'recorded',
        checkout.voidedAt,
        checkout.voidReason,
        paymentStatus(checkout),
        checkout.payment?.method ?? null,
        checkout.payment?.paidAt ?? null,
        checkout.payment?.paidBy ?? null,
      ]),
    )
    .join('');
}

import { zoneOffsetMinutes } from '../../shared/local-days';
import type { TaxReportRow } from '../../shared/tax';

/**
 * What the month's exports (the CSV and the workbook) share: times on the resort's clock and money in baht, as
 * an accountant files them (DESIGN.md, "Books an accountant files").
 */

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * An instant on the resort's clock with its offset, to the second: `2026-12-01T00:00:02+07:00` for
 * 2026-11-30T17:00:02.642Z in Bangkok. The date is the day of the document, as the report counts it.
 */
export function resortTimeOf(iso: string, timeZone: string): string {
  const ms = Date.parse(iso);
  const offset = zoneOffsetMinutes(ms, timeZone);
  const local = new Date(Math.floor(ms / 1000) * 1000 + offset * 60_000).toISOString().slice(0, 19);
  const sign = offset < 0 ? '-' : '+';
  const abs = Math.abs(offset);
  return `${local}${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

/** Satang as baht with two decimals and no grouping: 21000 → "210.00". */
export function bahtText(satang: number): string {
  const sign = satang < 0 ? '-' : '';
  const abs = Math.abs(satang);
  return `${sign}${Math.floor(abs / 100)}.${pad(abs % 100)}`;
}

/**
 * Whether a row's amounts count: a document still issued. A cancelled one (a void, a corrected buyer) and one
 * replaced by a revision or a full invoice read 0, so a column's sum is the month's output tax.
 */
export const counts = (row: TaxReportRow): boolean => row.status === 'issued';

import type { CountInput, DeliveryInput } from '../../../shared/stock-schemas';

/**
 * What the stock forms turn typed text into: bottles from cases, satang per bottle from a case's price, and
 * a count's lines with what each line expected (docs/decisions/080-counts-move-what-the-counter-found.md).
 * A blank field is never a zero: it is no line at all.
 */

export type Unit = 'cases' | 'bottles';

/** A typed whole number, or null for a blank; NaN for anything else (the form says so). */
export function wholeNumberOf(text: string): number | null {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  return /^\d{1,7}$/.test(trimmed) ? Number(trimmed) : Number.NaN;
}

/** A typed amount of baht (up to two decimals, "790" or "32.50"), or null for a blank; NaN otherwise. */
export function bahtOf(text: string): number | null {
  const trimmed = text.trim().replace(/,/g, '');
  if (trimmed === '') return null;
  return /^\d{1,7}(\.\d{1,2})?$/.test(trimmed) ? Number(trimmed) : Number.NaN;
}

/** Bottles in a quantity typed in cases or bottles. */
export function bottlesOf(quantity: number, unit: Unit, packSize: number | null | undefined): number {
  return unit === 'cases' && packSize ? quantity * packSize : quantity;
}

/** Satang per bottle from a price typed per case or per bottle: a case of 24 at 790 THB is 3292. */
export function unitCostOf(baht: number, unit: Unit, packSize: number | null | undefined): number {
  const perBottle = unit === 'cases' && packSize ? (baht * 100) / packSize : baht * 100;
  return Math.round(perBottle);
}

export interface DeliveryRow {
  drinkId: number;
  packSize: number | null | undefined;
  quantity: string;
  unit: Unit;
  cost: string;
  expiresOn: string;
}

export type LineProblem = 'quantity' | 'cost';

/** The delivery's lines from the form's rows (blank rows left out), or the first row that is wrong and why. */
export function deliveryLines(
  rows: readonly DeliveryRow[],
): { lines: DeliveryInput['lines'] } | { drinkId: number; problem: LineProblem } {
  const lines: DeliveryInput['lines'] = [];
  for (const row of rows) {
    const quantity = wholeNumberOf(row.quantity);
    if (quantity === null || quantity === 0) continue;
    if (Number.isNaN(quantity)) return { drinkId: row.drinkId, problem: 'quantity' };
    const cost = bahtOf(row.cost);
    if (cost === null || Number.isNaN(cost)) return { drinkId: row.drinkId, problem: 'cost' };
    lines.push({
      drinkId: row.drinkId,
      quantity: bottlesOf(quantity, row.unit, row.packSize),
      unitCost: unitCostOf(cost, row.unit, row.packSize),
      ...(row.expiresOn ? { expiresOn: row.expiresOn } : {}),
    });
  }
  return { lines };
}

/** A count's line as the page keeps it: what was typed, and what the page showed when it was typed. */
export interface CountEntry {
  counted: string;
  expected: number;
}

/**
 * The entry after the counter typed `text` while the page shows `shown` for the place: the expected figure is
 * the one shown when the line was first filled in, kept while bottles move on; a line emptied again forgets it.
 */
export function enterCount(
  entry: CountEntry | undefined,
  text: string,
  shown: number,
): CountEntry | undefined {
  if (text.trim() === '') return undefined;
  return { counted: text, expected: entry ? entry.expected : shown };
}

/** The count's lines: only the drinks with a number typed (a blank is never a zero). */
export function countLines(
  entries: Readonly<Record<number, CountEntry>>,
): { lines: CountInput['lines'] } | { drinkId: number } {
  const lines: CountInput['lines'] = [];
  for (const [id, entry] of Object.entries(entries)) {
    const counted = wholeNumberOf(entry.counted);
    if (counted === null) continue;
    if (Number.isNaN(counted)) return { drinkId: Number(id) };
    lines.push({ drinkId: Number(id), counted, expected: entry.expected });
  }
  return { lines };
}

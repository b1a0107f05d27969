import { z } from 'zod';
import { dayStringSchema } from './staff-schemas';
import type { WriteOffReason } from './stock-schemas';

/**
 * What a bottle costs and what to buy (DESIGN.md, "Cost and margin", "What to buy"; issue 26): the answers of
 * GET /api/stock/margin and GET /api/stock/buy-list, their query, and the buy list's arithmetic, shared by the
 * server and the pages. Money in satang (100 = 1 THB).
 */

export const stockCostLimits = {
  /** The longest margin period: a year and a day (a leap year's whole). */
  marginDaysMax: 366,
  /** The buy list's average is over these days, ending today. */
  salesDays: 28,
  /** The stock page lists the storeroom's bottles that expire within these days. */
  expiringWithinDays: 30,
} as const;

export const marginQuerySchema = z
  .strictObject({
    from: dayStringSchema,
    to: dayStringSchema,
    format: z.enum(['json', 'csv'], { error: 'Format must be json or csv' }).default('json'),
  })
  .refine((q) => q.from <= q.to, { message: 'The start date must not be after the end date', path: ['to'] })
  .refine(
    (q) =>
      (Date.parse(`${q.to}T00:00:00Z`) - Date.parse(`${q.from}T00:00:00Z`)) / 86_400_000 <
      stockCostLimits.marginDaysMax,
    { message: `A margin period is at most ${stockCostLimits.marginDaysMax} days`, path: ['to'] },
  );
export type MarginQuery = z.infer<typeof marginQuerySchema>;

export interface MarginDrink {
  drinkId: number;
  drinkName: string;
  sold: number;
  revenue: number;
  cost: number;
  margin: number;
}

export interface MarginTotals {
  sold: number;
  revenue: number;
  cost: number;
  margin: number;
}

export interface WriteOffLoss {
  reason: WriteOffReason;
  quantity: number;
  cost: number;
}

/** GET /api/stock/margin (owner, manager). */
export interface StockMargin {
  from: string;
  to: string;
  drinks: MarginDrink[];
  totals: MarginTotals;
  writeOffs: WriteOffLoss[];
  /** Bottles missing at counts (a count that found bottles is negative), at cost. */
  countDifferences: { quantity: number; cost: number };
}

export interface BuyListDrink {
  drinkId: number;
  drinkName: string;
  packSize: number | null;
  /** The storeroom and the fridges (the storeroom may be below zero). */
  onHand: number;
  /** Bottles sold per day over the last 28 days, two decimals. */
  dailySales: number;
  /** Whole days what is on hand lasts at that rate; null when nothing sold. */
  daysOfCover: number | null;
  /** Bottles to buy: whole cases when the drink has a packSize. */
  buy: number;
}

/** GET /api/stock/buy-list (owner, manager). */
export interface BuyList {
  coverDays: number;
  drinks: BuyListDrink[];
}

/**
 * What to buy: enough to fill every fridge to its par and keep `coverDays` of sales besides, less what is on
 * hand; rounded up to whole cases when the drink comes in cases; never below zero.
 */
export function bottlesToBuy({
  parsTotal,
  onHand,
  soldInPeriod,
  periodDays,
  coverDays,
  packSize,
}: {
  parsTotal: number;
  onHand: number;
  soldInPeriod: number;
  periodDays: number;
  coverDays: number;
  packSize: number | null;
}): number {
  const reserve = Math.ceil((Math.max(0, soldInPeriod) * coverDays) / periodDays);
  const short = parsTotal + reserve - onHand;
  if (short <= 0) return 0;
  return packSize ? Math.ceil(short / packSize) * packSize : short;
}

/** Whole days the bottles on hand last at the period's rate; null when nothing sold. */
export function daysOfCover(onHand: number, soldInPeriod: number, periodDays: number): number | null {
  if (soldInPeriod <= 0) return null;
  return Math.floor((Math.max(0, onHand) * periodDays) / soldInPeriod);
}

/** Satang as baht with two decimals and thousands separators: "1,234.50". */
export function bahtOfSatang(satang: number): string {
  return (satang / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
}

/** The buy list as text to share on the way to the wholesaler: "Chang: 3 cases (72)". */
export function buyListText(
  drinks: readonly Pick<BuyListDrink, 'drinkName' | 'packSize' | 'buy'>[],
  words: { cases: (n: number) => string; bottles: (n: number) => string },
): string {
  return drinks
    .filter((drink) => drink.buy > 0)
    .map((drink) =>
      drink.packSize
        ? `${drink.drinkName}: ${words.cases(drink.buy / drink.packSize)} (${drink.buy})`
        : `${drink.drinkName}: ${words.bottles(drink.buy)}`,
    )
    .join('\n');
}

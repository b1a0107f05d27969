import type { Checkout } from './api-types';

/** What the staff tools' endpoints return. */

export interface HistoryCheckout extends Checkout {
  /** ISO 8601 UTC when voided, else null. A voided checkout stays listed and stops counting. */
  voidedAt: string | null;
  voidReason: string | null;
}

/**
 * One page of GET /api/checkouts. The body stays a plain array (as before paging existed); a
 * `Link: <...>; rel="next"` header says another page follows.
 */
export interface HistoryPage {
  items: HistoryCheckout[];
  hasMore: boolean;
}

export interface DrinkUnits {
  drinkName: string;
  units: number;
}

export interface RestockBungalow {
  bungalow: number;
  /** ISO 8601 UTC of the last restock, or null when it was never restocked. */
  lastRestockedAt: string | null;
  items: DrinkUnits[];
  units: number;
}

export interface RestockList {
  bungalows: RestockBungalow[];
  /** What to carry from the storeroom for the whole resort. */
  totals: DrinkUnits[];
  units: number;
}

export interface Restock {
  id: number;
  bungalow: number;
  restockedAt: string;
}

export interface ConsumptionFigures {
  units: number;
  thb: number;
}

export interface ConsumptionDay extends ConsumptionFigures {
  day: string;
}

export interface ConsumptionDrink extends ConsumptionFigures {
  drinkName: string;
}

export interface ConsumptionCell extends ConsumptionFigures {
  day: string;
  drinkName: string;
}

export interface Consumption {
  days: 7 | 30;
  /** First and last UTC day of the period, both included. */
  from: string;
  to: string;
  /** Every day of the period, oldest first, zero when nothing was taken. */
  daily: ConsumptionDay[];
  /** Drinks taken in the period, most units first. */
  drinks: ConsumptionDrink[];
  /** Units and baht per day and drink, for the per-drink breakdown. */
  cells: ConsumptionCell[];
  total: ConsumptionFigures;
}

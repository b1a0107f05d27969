import type { PaymentMethod } from './payment-constants';
import type { DayTaxFigures } from './tax';

/**
 * Closing the day (cash-up, DESIGN.md "Closing the day"): what `GET /api/days/:day` answers. A resort day is
 * a calendar day in the settings' time zone. Payments and undos count on the day they were recorded,
 * whatever the checkout's day; checkouts and voids on the day the checkout was recorded.
 */

export interface CountAndThb {
  count: number;
  thb: number;
}

export type ByMethod = Record<PaymentMethod, CountAndThb>;

/** The money of a day, without its close: what a close freezes. */
export interface DayFigures {
  /** YYYY-MM-DD in the resort's time zone. */
  day: string;
  /** The day's checkouts that stand (not voided), at their current totals. */
  checkouts: CountAndThb;
  /** The day's checkouts that were voided. */
  voided: CountAndThb;
  /** Payments recorded on the day, by method (a change of method counts as an undo and a new payment). */
  payments: ByMethod;
  /** Payments undone on the day, by the method that was undone, for the amount that was taken. */
  undone: ByMethod;
  /**
   * The day's standing, tracked checkouts still unpaid: now while the day is open, at the close once it is
   * closed (a later payment counts on its own day and leaves the closed figures as they were).
   */
  unpaid: CountAndThb;
  /** The cash drawer: `expected = float + received − undone`. */
  cash: { float: number; received: number; undone: number; expected: number };
  // Tax documents (fifth stage)
  /** The day's VAT and its first and last document numbers; absent when the day has no tax document. */
  tax?: DayTaxFigures;
}

export interface DayClose {
  countedCash: number;
  /** countedCash − expected: below 0 the drawer is short, above 0 it is over. */
  difference: number;
  note: string | null;
  /** Who closed the day, as they were named then ("Owner", "Noi on Desk tablet"). */
  by: string;
  /** ISO 8601 UTC. */
  at: string;
}

// The chain anchored outside the database (fifth stage)
/**
 * A point of the audit chain: an event's seq and its hash. A close keeps the head it found (the last event
 * before the close's own), `GET /api/days/:day/chain-head` answers it as `{chainHead}` (null when the day is
 * not closed, or was closed before heads were kept), and the Z report prints it for
 * `npm run audit:verify -- --head SEQ:HASH`. Apart from the close itself, whose shape DESIGN.md fixes.
 */
export interface ChainHead {
  seq: number;
  hash: string;
}

export interface DaySummary extends DayFigures {
  close: DayClose | null;
  /**
   * The PMS (sixth stage): the day's checkouts that did not reach the guest's folio, as they stand now (not
   * frozen with the close: the desk may post them again later). Present only when there are some.
   */
  pmsNotPosted?: { checkoutId: number; bungalow: number; reason: string | null }[];
}

export const emptyByMethod = (): ByMethod => ({
  cash: { count: 0, thb: 0 },
  promptpay: { count: 0, thb: 0 },
  card: { count: 0, thb: 0 },
  room: { count: 0, thb: 0 },
});

/** "short" below zero, "over" above, "exact" at zero: how the page and the Z report word a difference. */
export type CashBalance = 'short' | 'over' | 'exact';
export const cashBalanceOf = (difference: number): CashBalance =>
  difference < 0 ? 'short' : difference > 0 ? 'over' : 'exact';

/** The Z report's file name. */
export const closeReportFileName = (day: string) => `close-${day}.pdf`;

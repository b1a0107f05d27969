import { z } from 'zod';
import { dayStringSchema } from './staff-schemas';

/**
 * The departure round (DESIGN.md, "The departure round"): the resort's day as housekeeping walks it, departures
 * first (the desk is waiting for the bill), then the rooms in house, then the arrivals' fridges to par.
 */

/** Where a bungalow stands in the round, in the order it moves. */
export const roundStates = ['to_check', 'checked', 'posted', 'paid', 'settled_outside', 'restocked'] as const;
export type RoundState = (typeof roundStates)[number];

export interface RoundEntry {
  bungalow: number;
  /** The guest's name: the PMS's (Cloudbeds), else the bungalow's stay's; null when neither has one. */
  guestName: string | null;
  /** Arrival and departure: a day (YYYY-MM-DD) or an instant (ISO 8601 UTC) where the PMS has the time. */
  from: string | null;
  to: string | null;
  state: RoundState;
  /** THB: the day's check of this fridge (0 when nothing was missing), null before it is checked. */
  amount: number | null;
  /** The day's check, to open or follow. */
  checkoutId: number | null;
  /** Checked after the guest left and the PMS would not take it: the desk collects the amount. */
  settleAtDesk: boolean;
}

export interface Round {
  day: string;
  /** Where the day's rooms came from: the PMS, or the app's own stays (no PMS, or the PMS not answering). */
  source: 'pms' | 'stays';
  /** Why the PMS's day is not shown, when it did not answer. */
  pmsError: string | null;
  departures: RoundEntry[];
  inHouse: RoundEntry[];
  arrivals: RoundEntry[];
}

/** GET /api/round's query: a day (today in the resort's zone when left out). */
export const roundQuerySchema = z.strictObject({ day: dayStringSchema.optional() });

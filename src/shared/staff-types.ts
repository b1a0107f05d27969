import type { Checkout, CheckoutLine } from './api-types';
import type { AuditActor } from './audit-types';
import type { PaymentMethod } from './payment-constants';
import type { PmsPostingState } from './pms-types';
import type { TaxNote } from './tax';

/** What the staff tools' endpoints return. */

/**
 * `checkId` is the device's secret (a send with it revises the check): it is in the answer to the device that
 * made the check and in no staff answer (DESIGN.md, "Books no one can rewrite").
 */
export interface HistoryCheckout extends Omit<Checkout, 'checkId'> {
  /** ISO 8601 UTC when voided, else null. A voided checkout stays listed and stops counting. */
  voidedAt: string | null;
  voidReason: string | null;
  /** The stay whose guest was charged, or null when the spec's Guest record was. */
  stayId: number | null;
  /** When the last revision changed the lines, else null. */
  revisedAt: string | null;
  /** Earlier versions of this checkout, oldest first (a check shared again with changed counts). */
  revisions: CheckoutRevision[];
  /** How and when it was paid, or null while it is owed. */
  payment: CheckoutPayment | null;
  /**
   * False for a checkout recorded before payments were tracked and never marked since: "not tracked",
   * neither owed nor paid (it is left out of the unpaid count and filter).
   */
  paymentTracked: boolean;
  /** Every payment change, oldest first: marking paid (a method) and undoing (null) alike. */
  paymentEvents: PaymentEvent[];
  /** Who recorded it (a guest's anonymous checkout: role `guest`); null for checkouts from before the team. */
  recordedBy: AuditActor | null;
  /** Who voided it, with their device; null when not voided (or voided before the team). */
  voidedBy: AuditActor | null;
  /** The manager who approved a front desk's void with their PIN, else null. */
  voidApprovedBy: { id: number; name: string } | null;
  /**
   * Recorded within 24 hours after the bungalow's stay was closed (no stay opened since): charged to that
   * stay's guest, a "Late charge". Present only then: the history of every other checkout reads as before.
   */
  lateCharge?: true;
  /**
   * From an unknown sender (no staff session, registered device or sticker key), or through the sticker's key past
   * its hourly cap (decision 165). Present only then.
   */
  unverified?: true;
  /**
   * The PMS (sixth stage): what reached the guest's folio (posted, failed with the PMS's reason, voided,
   * settled outside the PMS). Present only once the poster has handled it.
   */
  pms?: { state: PmsPostingState; reason: string | null; reference: string | null };
  /**
   * Seventh stage: the credit and debit notes that adjusted this sale after its month ended, in the order
   * issued. Present only when there are some.
   */
  notes?: TaxNote[];
}

/** A version of a checkout that a later send of the same check replaced. */
export interface CheckoutRevision {
  /** When this version was recorded, and when the next one replaced it (ISO 8601 UTC). */
  recordedAt: string;
  replacedAt: string;
  total: number;
  lines: CheckoutLine[];
}

/** A guest's stay in a bungalow. Admin answers only: a stay's name and email are never public. */
export interface Stay {
  id: number;
  bungalow: number;
  guestName: string;
  guestEmail: string | null;
  /** Planned check-out day (YYYY-MM-DD) or null. */
  checkOutOn: string | null;
  checkedInAt: string;
  /** Null while the guest is in the bungalow. */
  checkedOutAt: string | null;
  /**
   * Where the stay comes from: `app` (typed at the desk) or the PMS it was imported from. While that PMS is
   * connected, its guest name and dates are the PMS's (the desk edits them there); the email is the app's.
   */
  source: StaySource;
  /** The PMS's reservation an imported stay came from; null for the app's own. */
  pmsReservationId: string | null;
}

export const staySources = ['app', 'cloudbeds', 'mews'] as const;
export type StaySource = (typeof staySources)[number];

/** A row of GET /api/bungalows. */
export interface BungalowState {
  bungalow: number;
  /** Whether the settings list this bungalow (others appear because they have stays or checkouts). */
  listed: boolean;
  stay: Stay | null;
  /**
   * The PMS (as its vendor writes its name) that owns the open stay's guest name and check-out day: the stay was
   * imported from it and it is still connected. Null when the desk may change them.
   */
  stayOwnedBy: string | null;
}

export interface CheckoutPayment {
  method: PaymentMethod;
  /** ISO 8601 UTC. */
  paidAt: string;
  /** Who marked it, as they were named then: "Owner", or "Noi on Desk tablet". */
  paidBy: string;
}

export interface PaymentEvent {
  method: PaymentMethod | null;
  recordedAt: string;
  /** "Owner", "Noi on Desk tablet": who, as they were named then. */
  recordedBy: string;
  /** The same person, structured (name and device apart), for "Marked paid (cash) by Noi on Desk tablet, 14:02"; null on changes made before the team existed. */
  by: AuditActor | null;
}

/** What the resort is still owed: tracked checkouts neither paid nor voided. */
export interface UnpaidSummary {
  count: number;
  thb: number;
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
  /** With stock on: the drink, and the units as cases of its packSize and loose bottles (the pick list). */
  drinkId?: number;
  packSize?: number | null;
  cases?: number;
  bottles?: number;
}

export interface RestockBungalow {
  bungalow: number;
  /** ISO 8601 UTC of the last restock, or null when it was never restocked. */
  lastRestockedAt: string | null;
  items: DrinkUnits[];
  units: number;
}

export interface RestockList {
  /** With stock on, each fridge's par − holds; else what was taken since its last restock. */
  stock?: boolean;
  bungalows: RestockBungalow[];
  /** What to carry from the storeroom for the whole resort. */
  totals: DrinkUnits[];
  units: number;
}

export type { RestockDone as Restock } from './stock-types';

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
  /** The resort's time zone the days are counted in (settings timeZone). */
  timeZone: string;
  /** First and last day of the period in the resort's zone, both included. */
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

/**
 * The live desk's events (DESIGN.md, "Live desk"): what GET /api/events streams. Each is read from the audit
 * trail and carries ids and figures only, never a guest's name or email: a housekeeping phone follows the
 * same stream as the desk.
 */

/** The audit actions the stream carries; the rest of the audit (sign-ins, prices, staff) stays out. */
export const liveActions = [
  'checkout.recorded',
  'checkout.revised',
  'checkout.voided',
  'payment.recorded',
  'payment.undone',
  'stay.opened',
  'stay.changed',
  'stay.closed',
  'request.opened',
  'request.done',
  // Not in DESIGN's list, but the restock list of every other device is stale without it.
  'restock.done',
  // Stock (the fourth stage): the stock page and every fridge's holdings are stale without them.
  'stock.started',
  'stock.received',
  'stock.counted',
  'stock.written_off',
  'pars.changed',
  // The PMS (sixth stage): the desk's list of what did not reach the guest's folio is stale without them.
  'pms.posted',
  'pms.post_failed',
  'pms.post_again',
  'pms.settled_outside',
] as const;
export type LiveAction = (typeof liveActions)[number];

export type CheckRequestOutcome = 'checkout' | 'nothing-missing';

export interface LiveEvent {
  /** The audit seq: also the SSE id, so a reconnect resumes after it. */
  seq: number;
  /** ISO 8601 UTC. */
  at: string;
  action: LiveAction;
  bungalow: number | null;
  checkoutId?: number;
  /** THB: the checkout's total (recorded, revised, voided, paid) or the checkout that answered a request. */
  total?: number;
  /** A payment's method; null when a payment was undone. */
  method?: string | null;
  stayId?: number;
  requestId?: number;
  outcome?: CheckRequestOutcome;
  /** A checkout recorded from an unknown sender (abuse resistance, fifth stage). Present only then. */
  unverified?: true;
}

/**
 * Marks a read the page made by itself for the live desk (not a person at the desk): the server answers it
 * without refreshing the session's idle timer, so a desk left alone still locks while checkouts come in.
 */
export const backgroundReadHeader = 'X-Fridge-Check-Background';

/** The live desk's event stream. */
export const liveStreamPath = '/api/events';

/** The SSE event names besides the default one (a LiveEvent as JSON). */
export const liveControlEvents = {
  /** First message of every connection: its id is where the stream starts. */
  ready: 'ready',
  /** The client was too far behind (or ahead) to catch up event by event: reload everything. */
  reset: 'reset',
  /** The departure round moved (`{bungalow}`): sent after each event of `roundActions`, with its id. */
  roundChanged: 'round.changed',
} as const;

/** The events that move a bungalow on the departure round: its check, payment, posting, stay or restock. */
export const roundActions: readonly LiveAction[] = [
  'checkout.recorded',
  'checkout.revised',
  'checkout.voided',
  'payment.recorded',
  'payment.undone',
  'stay.opened',
  'stay.changed',
  'stay.closed',
  'request.done',
  'restock.done',
  'pms.posted',
  'pms.post_failed',
  'pms.settled_outside',
];

/** An open check request, as GET /api/check-requests answers. */
export interface CheckRequest {
  id: number;
  bungalow: number;
  requestedAt: string;
  requestedBy: string;
}

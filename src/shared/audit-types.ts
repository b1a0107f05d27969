import type { DeviceRef } from './team';

/** The audit trail's events (DESIGN.md, "Audit trail"): what GET /api/audit answers. */

export const auditActions = [
  'session.signed_in',
  'session.sign_in_failed',
  'session.locked',
  'device.registered',
  'device.revoked',
  'staff.created',
  'staff.changed',
  'pin.blocked',
  'drink.added',
  'drink.changed',
  'drink.deleted',
  'drinks.reordered',
  'guest.saved',
  'settings.changed',
  'stay.opened',
  'stay.changed',
  'stay.closed',
  'checkout.recorded',
  'checkout.revised',
  'checkout.voided',
  'payment.recorded',
  'payment.undone',
  'restock.done',
  'request.opened',
  'request.done',
  'day.closed',
  'day.reopened',
  // Webhooks (the fourth stage): the endpoints' changes, and the sender's own (a disabled endpoint says why).
  'webhook.created',
  'webhook.changed',
  'webhook.deleted',
  'webhook.disabled',
  'webhook.secret_rotated',
  'webhook.tested',
  'webhook.resent',
  // Stock (the fourth stage): `restock.done` carries what moved.
  'stock.started',
  'stock.received',
  'stock.counted',
  'stock.written_off',
  'pars.changed',
  // The trail is the books (seventh stage): a fridge stock first met, taken as full at its pars; the balances of
  // an install older than these events, carried into the trail by migration 031.
  'stock.fridge_opened',
  'stock.carried',
  // Tax documents (fifth stage): a number issued, replaced (a revision, a full invoice) or cancelled (a void).
  'document.issued',
  'document.replaced',
  'document.cancelled',
  // Guests' personal data (fifth stage): the seal over events from before it (migration 016), an erasure.
  'audit.sealed',
  'guest.erased',
  // Books an accountant files (sixth stage): a full invoice's buyer block held longer; a guest's data exported.
  'document.hold_extended',
  'guest.exported',
  // Books no one can rewrite (sixth stage): one bungalow's sticker key, or all, replaced.
  'stickers.rotated',
  // The PMS (sixth stage): the connection and mappings changed; a failed post sent again or settled outside.
  'pms.connected',
  'pms.disconnected',
  'pms.mapped',
  'pms.post_again',
  'pms.settled_outside',
  // The poster's own: a checkout reached the folio, or could not (its reason kept beside, on the posting).
  'pms.posted',
  'pms.post_failed',
  // Months that stay filed (seventh stage): a lost original reissued as a substitute; a month marked filed.
  'document.substituted',
  'tax.month_filed',
] as const;
export type AuditAction = (typeof auditActions)[number];

export interface AuditActor {
  /** The person's staff id; null for the owner and for a guest. */
  id: number | null;
  name: string;
  /** owner, manager, desk, housekeeping, or guest (an anonymous checkout). */
  role: string;
  device: DeviceRef | null;
}

/** What an event is about: `{type: 'checkout', id: '123'}`, `{type: 'settings', id: null}`. */
export interface AuditSubject {
  type: string;
  id: string | null;
}

export interface AuditEvent {
  seq: number;
  /** ISO 8601 UTC. */
  at: string;
  actor: AuditActor;
  action: AuditAction;
  subject: AuditSubject;
  /** What changed: `{before, after}` for a change, the new values for a creation. */
  details: Record<string, unknown>;
  /** SHA-256 (hex) of the previous event's hash followed by this event's canonical JSON. */
  hash: string;
}

/** GET /api/audit: newest first, 50 a page. */
export interface AuditPage {
  events: AuditEvent[];
  hasMore: boolean;
}

/**
 * A place where the trail replayed and the tables disagree (DESIGN.md, "The trail is the books"): a field, a row
 * no event made (`field: 'row'`, `trail: null`), a row the events made that is missing (`stored: null`), or an
 * event that could not apply (`field: 'events'`).
 */
export interface TrailDifference {
  table: string;
  /** The row's key: a checkout's or a drink's id, a document's number. */
  id: string;
  field: string;
  /** What the events say. */
  trail: string | number | null;
  /** What the table holds. */
  stored: string | number | null;
  /** The last event that made or changed the row, when there is one. */
  seq: number | null;
}

/** The trail's replay against the tables. */
export interface TrailVerdict {
  /** Events read (the chain's). */
  events: number;
  /** Events of the replayed capabilities applied. */
  replayed: number;
  /** Table rows compared. */
  rows: number;
  /** At most `namedDifferencesLimit` named; the rest counted. */
  differences: TrailDifference[];
  moreDifferences: number;
}

/** GET /api/audit/verify and `npm run audit:verify`. */
export type ChainVerdict =
  | {
      ok: true;
      events: number;
      lastHash: string;
      /** The trail replayed against the tables, on a full pass (the API keeps its last one's). */
      trail?: TrailVerdict;
      /** GET /api/audit/verify: when its last full pass (chain and replay) ran, ISO 8601 UTC. */
      lastFullPass?: string | null;
      /** With AUDIT_KEY: the newest head the app signed (every signature checked), and events after it. */
      signedHead?: { seq: number; hash: string } | null;
      unsignedEvents?: number;
    }
  | {
      ok: false;
      brokenAt: number;
      reason: string;
      /** The chain verifies, but events after the last signed head are not signed (with AUDIT_KEY). */
      unsigned?: true;
      /** The chain verifies, but the trail replayed and the tables differ: each named. */
      trail?: TrailVerdict;
    };

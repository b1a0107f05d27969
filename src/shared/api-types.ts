import type { DrinkSectionTitle } from './drink-sections';
import type { TaxDocument } from './tax';
import type { DeviceRef, Role } from './team';

/** What the HTTP API returns; the server's handlers and the browser's fetch functions share these. */

export interface Drink {
  id: number;
  drinkName: string;
  startingQuantity: number;
  price: number;
  /** The checkout section staff chose, or null: the spec's rule (the section follows from the name). */
  section: DrinkSectionTitle | null;
  /** Place within its section at checkout, lower first, then id. */
  sectionOrder: number;
  /**
   * Units in a case (stock takes and shows cases). Absent when null (bottles only): the spec's clients compare
   * a drink's fields exactly, and a drink without a pack size stays the spec's drink.
   */
  packSize?: number;
}

/** Public responses never carry the email; an admin session gets it. */
export interface Guest {
  id: number;
  name: string;
  email?: string;
}

export interface CheckoutLine {
  drinkId: number;
  drinkName: string;
  quantity: number;
  unitPrice: number;
  lineTotal: number;
}

export interface Checkout {
  id: number;
  bungalow: number;
  createdAt: string;
  guestName: string;
  total: number;
  lines: CheckoutLine[];
  // Tax documents (fifth stage)
  /**
   * Its tax invoice, with `tax` set when it was recorded: the abbreviated one, or the full one that replaced
   * it. Absent when it has none, so a checkout without tax documents reads as the spec's.
   */
  document?: TaxDocument;
}

/**
 * The answer to POST /api/checkouts: 201 for a new record, 200 for a repeat or a revision of the same check.
 * Public, so it never names a stay's guest: `guestName` is there only when the spec's "Guest" record was
 * charged (that name is public through GET /api/guest anyway). See docs/decisions/030-stays-and-public-answers.md.
 */
export interface RecordedCheckout extends Omit<Checkout, 'guestName'> {
  guestName?: string;
  /** The check this record belongs to, when the page sent one. */
  checkId?: string;
  /** When a later send of the same check changed the counts; null when never revised. */
  revisedAt: string | null;
}

/**
 * GET /api/session. `user` is who the session belongs to (`id` null for the owner, who signs in with the
 * admin password); `device` is the registered device this browser is, with or without a session: on one,
 * /admin opens on "Who is working?".
 */
export interface SessionState {
  authenticated: boolean;
  user: SessionUser | null;
  device: DeviceRef | null;
  /** Minutes without a request after which the server ends the session (staff: settings `staffLockMinutes`). */
  idleLockMinutes: number | null;
}

export interface SessionUser {
  id: number | null;
  name: string;
  role: Role;
}

export type ApiErrorCode =
  | 'bad_request'
  | 'unauthorized'
  | 'forbidden'
  /** A front desk's void without a manager's approval (their PIN on the same device). */
  | 'approval_required'
  /** Ten wrong PINs in a row: a manager must set a new PIN. */
  | 'pin_blocked'
  | 'not_found'
  | 'method_not_allowed'
  | 'conflict'
  | 'payload_too_large'
  | 'unsupported_media_type'
  | 'validation_failed'
  /** POST /api/checkouts with stock on: more missing than the fridge holds (the message names the drink). */
  | 'exceeds_fridge'
  | 'too_many_requests'
  | 'internal_error'
  | 'service_unavailable'
  // Tax documents (fifth stage)
  /** A settled check sent again with other counts: void it and record a new one. */
  | 'settled'
  /** A second full tax invoice for the same checkout. */
  | 'already_invoiced'
  /** A full tax invoice for a voided checkout. */
  | 'voided'
  /** A full tax invoice while the settings' `tax` is null. */
  | 'tax_off'
  /** Abuse resistance (fifth stage): 421, the request's Host is not PUBLIC_URL's. */
  | 'misdirected_request'
  /** Books an accountant files (sixth stage): a buyer corrected on a checkout with no standing full invoice. */
  | 'not_invoiced'
  /** A hold extended on a document that is not a full invoice, or whose buyer block is already gone. */
  | 'not_held'
  /** The PMS (sixth stage): 502, the PMS did not give what was asked (its reason in the message). */
  | 'pms_failed'
  /** Months that stay filed (seventh stage): filing a month that has not ended, or one already filed. */
  | 'month_open'
  | 'already_filed'
  /** `?as=filed` on a month that is not filed. */
  | 'not_filed'
  /** The trail is the books (seventh stage): 422, a PMS connection's URL or kind changed without its secret. */
  | 'secret_required';

export interface ApiIssue {
  path: string;
  message: string;
}

export interface ApiErrorBody {
  error: {
    code: ApiErrorCode;
    message: string;
    issues?: ApiIssue[];
    /** Seconds until a throttled client may try again. */
    retryAfter?: number;
  };
}

/** Abuse resistance (fifth stage): a bungalow's sticker key, which its QR sticker's link carries as `k`. */
export interface StickerKey {
  bungalow: number;
  k: string;
}

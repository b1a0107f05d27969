import type { PmsKind, PmsRoomOption } from '../../shared/pms-types';

/**
 * What the poster asks of a PMS, whatever the vendor: one adapter a vendor (`cloudbeds.ts`, `mews.ts`) turns it into that
 * vendor's request and the answer into ours. An adapter never throws for what the PMS answered: a failure is an
 * answer the poster keeps, in the PMS's own words.
 */
export type PmsAnswer<T> =
  | { ok: true; value: T }
  | {
      ok: false;
      /**
       * `unreachable`: no answer, or one saying "later" (5xx, 429): tried again with backoff, later checkouts
       * wait behind it. `refused`: the PMS said no to this post (shown on the desk). `credentials`: the PMS
       * refused who we are (401, 403), or a stored secret does not open with this server's key (decision 234):
       * nothing was sent.
       */
      failure: 'unreachable' | 'refused' | 'credentials';
      reason: string;
      retryAfterMs?: number | null;
    };

/** An answer's failure, whatever it would have carried. */
export type PmsFailure = Extract<PmsAnswer<unknown>, { ok: false }>;

/** One line as posted: prices in satang; `vat` the line's VAT in satang (0 when tax is off). */
export interface PmsLine {
  itemCode: string;
  name: string;
  quantity: number;
  /** The unit price without VAT when `vat` is given, else the price as charged. */
  unitPrice: number;
  vat: number;
  /** The unit price as charged, VAT included (Mews takes the gross and its tax rate code). */
  unitGross: number;
}

export interface PmsPost {
  reservationId: string;
  /** The reservation's part in that room, where the PMS has one (Cloudbeds' subReservationID). */
  roomPartId: string | null;
  /** The account charged, where the PMS charges an account rather than a folio (Mews' AccountId). */
  accountId: string | null;
  roomId: string;
  /** Ours, unique per post: the PMS refuses a second post with it. */
  reference: string;
  lines: PmsLine[];
  vatName: string;
  /** ISO 8601, when the checkout was recorded. */
  saleDate: string;
}

export interface InHouse {
  reservationId: string;
  roomPartId: string | null;
  accountId: string | null;
}

/** A reservation in one room, as the day's round reads it. */
export interface PmsStay {
  roomId: string;
  reservationId: string;
  /** The guest's name: Cloudbeds' with the reservation, Mews' its owner customer's (customers/getAll). */
  guestName: string | null;
  /** Checked in now (Cloudbeds `checked_in`, Mews `Started`): the guest is in the room. */
  checkedIn: boolean;
  /** Arrival and departure: a day (YYYY-MM-DD, Cloudbeds) or an instant (ISO 8601 UTC, Mews' scheduled times). */
  from: string;
  to: string;
}

/** The resort's day in the PMS: who leaves, who stays, who comes. */
export interface PmsDay {
  /** Due out that day: still checked in, or checked out already. */
  departures: PmsStay[];
  /** Checked in, staying past that day. */
  inHouse: PmsStay[];
  /** Due in that day, not checked in yet. */
  arrivals: PmsStay[];
}

/** The resort's day as UTC instants, for a PMS that filters by time (Mews). */
export interface DayWindow {
  day: string;
  startUtc: string;
  endUtc: string;
}

export interface PmsAdapter {
  kind: PmsKind;
  /** What the PMS says to a harmless read with these credentials; it names a currency other than THB. */
  test(): Promise<PmsAnswer<string>>;
  /** Every room, read page by page. */
  rooms(): Promise<PmsAnswer<PmsRoomOption[]>>;
  /** The reservation checked in to this room, or null when there is none. */
  inHouse(roomId: string): Promise<PmsAnswer<InHouse | null>>;
  /**
   * The reservation checked out of this room within `departedWithinMs` before `at` (a check made after the
   * guest left), or null.
   */
  departed(roomId: string, at: string): Promise<PmsAnswer<InHouse | null>>;
  /** The day's departures, stays and arrivals, by the vendor's own filters. */
  day(window: DayWindow): Promise<PmsAnswer<PmsDay>>;
  /** Posts the lines to the reservation's folio; answers the PMS's id of what it posted. */
  post(post: PmsPost): Promise<PmsAnswer<string>>;
  /** Voids what `post` answered. */
  void(reservationId: string, postingId: string): Promise<PmsAnswer<void>>;
}

/** The secrets, kept in `pms_connections.credentials` and never answered, logged or audited. */
export interface PmsCredentials {
  /** Cloudbeds. */
  apiKey?: string;
  /** Mews. */
  clientToken?: string;
  accessToken?: string;
}

export interface PmsSettings {
  kind: PmsKind;
  apiUrl: string;
  /** Cloudbeds' propertyID. */
  propertyId: string | null;
  /** Mews' ServiceId (where orders go) and the tax rate code sent with VAT. */
  serviceId: string | null;
  taxCode: string | null;
  credentials: PmsCredentials;
}

/** How long a request to a PMS may take. */
export const pmsTimeoutMs = 15_000;

/**
 * How long after the PMS's checkout a check still goes to the departed guest's folio: as long as the app's own
 * late charges (a check within 24 hours of the stay's end, 012-stock).
 */
export const departedWithinMs = 24 * 3600_000;

/** Our currency: every price is baht. */
export const pmsCurrency = 'THB';

/** What "test connection" adds when the property's currency is not ours. */
export const currencyWarning = (vendor: string, found: string) =>
  `; but its currency is ${found}, not ${pmsCurrency}: ${vendor} will refuse posts in baht (set the property's currency to ${pmsCurrency})`;

/**
 * The most of a PMS answer read (seventh stage): a page of rooms or reservations or a folio answer is kilobytes to
 * a few hundred; a 400 MB body once took the server from 109 to 501 MB. Past it the answer is not read (refused).
 */
export const pmsAnswerBytes = 4 * 1024 * 1024;

/** The most of a PMS's reason kept on a posting or the connection (a 5 MB refusal was stored and served). */
export const pmsReasonChars = 500;

/** A reason as kept: at most `pmsReasonChars`, cut with an ellipsis. */
export const keptReason = (reason: string): string =>
  reason.length <= pmsReasonChars ? reason : `${reason.slice(0, pmsReasonChars - 1)}…`;

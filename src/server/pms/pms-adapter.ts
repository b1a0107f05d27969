import type { PmsKind, PmsRoomOption } from '../../shared/pms-types';

/**
 * What the poster asks of a PMS, whatever the vendor: one adapter a vendor (`cloudbeds.ts`) turns it into that
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
       * refused who we are (401, 403).
       */
      failure: 'unreachable' | 'refused' | 'credentials';
      reason: string;
      retryAfterMs?: number | null;
    };

/** One line as posted: prices in satang; `vat` the line's VAT in satang (0 when tax is off). */
export interface PmsLine {
  itemCode: string;
  name: string;
  quantity: number;
  /** The unit price without VAT when `vat` is given, else the price as charged. */
  unitPrice: number;
  vat: number;
}

export interface PmsPost {
  reservationId: string;
  /** The reservation's part in that room, where the PMS has one (Cloudbeds' subReservationID). */
  roomPartId: string | null;
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
}

export interface PmsAdapter {
  kind: PmsKind;
  /** What the PMS says to a harmless read with these credentials. */
  test(): Promise<PmsAnswer<string>>;
  rooms(): Promise<PmsAnswer<PmsRoomOption[]>>;
  /** The reservation checked in to this room, or null when there is none. */
  inHouse(roomId: string): Promise<PmsAnswer<InHouse | null>>;
  /** Posts the lines to the reservation's folio; answers the PMS's id of what it posted. */
  post(post: PmsPost): Promise<PmsAnswer<string>>;
  /** Voids what `post` answered. */
  void(reservationId: string, postingId: string): Promise<PmsAnswer<void>>;
}

export interface PmsSettings {
  kind: PmsKind;
  apiUrl: string;
  propertyId: string | null;
  credentials: { apiKey: string };
}

/** How long a request to a PMS may take. */
export const pmsTimeoutMs = 15_000;

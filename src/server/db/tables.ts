import type { Generated } from 'kysely';

/** Kysely's view of the schema. "Drinks" and "Guest" keep the original's names so its data works as is. */
export interface Database {
  Drinks: {
    id: Generated<number>;
    drinkName: string;
    startingQuantity: number;
    price: number;
  };
  Guest: {
    id: Generated<number>;
    name: string;
    email: string;
  };
  checkouts: {
    id: Generated<number>;
    bungalow: number;
    /** ISO 8601 in UTC: sorts and compares as text on both databases. */
    created_at: string;
    guest_name: string;
    total: number;
    /** Set when staff void the checkout; the row itself is never deleted. */
    voided_at: string | null;
    void_reason: string | null;
  };
  checkout_lines: {
    id: Generated<number>;
    checkout_id: number;
    drink_id: number;
    drink_name: string;
    quantity: number;
    unit_price: number;
    line_total: number;
  };
  restocks: {
    id: Generated<number>;
    bungalow: number;
    restocked_at: string;
  };
  /** Running total kept in step with checkouts, voids and restocks (see migration 002). */
  restock_pending: {
    bungalow: number;
    drink_name: string;
    units: number;
  };
  /** Running total per UTC day and drink name, voided checkouts excluded (see migration 002). */
  consumption_daily: {
    day: string;
    drink_name: string;
    units: number;
    thb: number;
  };
  admin_sessions: {
    token_hash: string;
    created_ms: number;
    last_seen_ms: number;
  };
  login_attempts: {
    client: string;
    failures: number;
    blocked_until_ms: number;
    updated_ms: number;
  };
  settings: {
    key: string;
    value: string;
  };
  /** One row (id 1): a token the "Drinks" triggers replace on every write (003-catalogue-version). */
  catalogue_version: {
    id: number;
    version: string;
  };
}

import type { Generated } from 'kysely';

/** Kysely's view of the schema. "Drinks" and "Guest" keep the original's names so its data works as is. */
export interface Database {
  Drinks: {
    id: Generated<number>;
    drinkName: string;
    startingQuantity: number;
    price: number;
    /** One of the checkout's section titles, or null: the section follows from the name (004). */
    section: string | null;
    /** The drink's place in its section at checkout, lower first, then id (004). */
    sectionOrder: Generated<number>;
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
    /** The stay whose guest was charged, or null when the spec's "Guest" row was (005). */
    stay_id: number | null;
    /** The page's id of the fridge check (a UUID), unique: a repeat or a revision finds this row (005). */
    check_id: string | null;
    /** When the last revision replaced the lines, else null. */
    revised_at: string | null;
    /** How it was paid (cash, promptpay, card, room), or null while unpaid (006-payments). */
    paid_method: string | null;
    paid_at: string | null;
    paid_by: string | null;
    /** 0 for a checkout recorded before payments were tracked (006): "not tracked", never counted as owed. */
    payment_tracked: Generated<number>;
  };
  /** Earlier versions of revised checkouts, as they were (005). */
  checkout_revisions: {
    id: Generated<number>;
    checkout_id: number;
    bungalow: number;
    /** When this version was recorded (the checkout's created_at, or the revision before it). */
    recorded_at: string;
    /** When a later send of the same check replaced it. */
    replaced_at: string;
    total: number;
    /** JSON array of CheckoutLine. */
    lines: string;
  };
  /** A guest's stay in a bungalow; at most one open (checked_out_at null) a bungalow (005). */
  stays: {
    id: Generated<number>;
    bungalow: number;
    guest_name: string;
    guest_email: string | null;
    /** Planned check-out day (YYYY-MM-DD), or null. */
    check_out_on: string | null;
    checked_in_at: string;
    checked_out_at: string | null;
  };
  /** Every payment change, kept: a method when marked paid, null when undone (006-payments). */
  checkout_payments: {
    id: Generated<number>;
    checkout_id: number;
    method: string | null;
    recorded_at: string;
    recorded_by: string;
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
  /**
   * Running total per UTC quarter hour ('YYYY-MM-DDTHH:MM') and drink name, voided checkouts excluded:
   * summed into the resort's local days when read (migration 005).
   */
  consumption_quarter: {
    bucket: string;
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

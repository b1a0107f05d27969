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
    /** Units in a case, or null: bottles only (012-stock). */
    packSize: Generated<number | null>;
  };
  Guest: {
    id: Generated<number>;
    name: string;
    email: string;
    /** The guest this record is about (016-guest-data). */
    guest_id: Generated<number | null>;
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
    /** JSON {id, name, role, device} of who recorded, voided, and approved the void, as they were (008). */
    recorded_by: string | null;
    voided_by: string | null;
    void_approved_by: string | null;
    /** 1 when recorded within 24 hours after its stay was closed and charged to that stay (012-stock). */
    late_charge: Generated<number>;
    /** 1: from an unknown sender (no session, no registered device, no sticker key) (017). */
    unverified: Generated<number>;
    /** The guest charged (016-guest-data); `guest_name` reads "Erased guest" once they are erased. */
    guest_id: Generated<number | null>;
    /** 1: let through the public limits by the sticker's key, at most 60 an hour a bungalow (025). */
    keyed: Generated<number>;
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
    /** The stay's guest (016-guest-data). */
    guest_id: Generated<number | null>;
    /** `app` (typed at the desk), `cloudbeds` or `mews` (imported from its in-house reservations; 030). */
    source: Generated<string>;
    /** The PMS reservation an imported stay came from (030). */
    pms_reservation_id: Generated<string | null>;
  };
  /** Every payment change, kept: a method when marked paid, null when undone (006-payments). */
  checkout_payments: {
    id: Generated<number>;
    checkout_id: number;
    method: string | null;
    recorded_at: string;
    recorded_by: string;
    /** JSON {id, name, role, device} of who made the change (008); null on older rows. */
    by_actor: string | null;
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
    /** The person of a PIN session; null for the owner's (the admin password) (008). */
    staff_id: number | null;
    /** The registered device the session lives on, or null (008). */
    device_id: number | null;
  };
  /** The resort's team: a person with a role and a PIN, deactivated but never deleted (008). */
  staff: {
    id: Generated<number>;
    name: string;
    /** The name as compared: unique ignoring case (shared/team-schemas.ts nameKey). */
    name_key: string;
    role: string;
    /** scrypt, as the admin password's (auth/password.ts). */
    pin_hash: string;
    active: number;
    /** Wrong PINs in a row, on any device; reset by a right PIN or a new one. */
    pin_failures: number;
    pin_blocked: number;
    created_at: string;
    updated_at: string;
  };
  /** Browsers the owner or a manager registered: a PIN signs in only on one of these (008). */
  devices: {
    id: Generated<number>;
    name: string;
    /** SHA-256 of the device cookie's token. */
    token_hash: string;
    created_at: string;
    last_used_at: string | null;
    revoked_at: string | null;
  };
  /** One-time codes that register another browser without a session (008). */
  device_pairing_codes: {
    /** SHA-256 of the code. */
    code_hash: string;
    created_at: string;
    expires_ms: number;
    /** JSON of the Actor who made the code: the device it registers is theirs in the audit. */
    created_by: string;
    used_at: string | null;
    device_id: number | null;
  };
  /** PIN tries per person and device: the free tries and the doubling wait (008). */
  pin_attempts: {
    staff_id: number;
    device_id: number;
    failures: number;
    blocked_until_ms: number;
    updated_ms: number;
  };
  login_attempts: {
    client: string;
    failures: number;
    blocked_until_ms: number;
    updated_ms: number;
    /** When this address's failures were last written to the audit, and how many since (017). */
    audited_ms: Generated<number>;
    unaudited: Generated<number>;
  };
  /** Wrong owner passwords from any address, kept 15 minutes (017). */
  password_failures: {
    id: Generated<number>;
    at_ms: number;
  };
  settings: {
    key: string;
    value: string;
  };
  /** Append-only (triggers refuse UPDATE and DELETE): every change, who made it, chained by SHA-256 (007). */
  audit_events: {
    seq: number;
    at: string;
    actor_id: number | null;
    actor_name: string;
    actor_role: string;
    device_id: number | null;
    device_name: string | null;
    action: string;
    subject_type: string;
    subject_id: string | null;
    /** Canonical JSON of the event's details. */
    details: string;
    hash: string;
  };
  /**
   * PostgreSQL only (011): an event waiting for its transaction's COMMIT, where a deferred trigger numbers it,
   * hashes it into the chain and moves it to audit_events. Unlogged, and always empty outside a transaction.
   */
  audit_pending: Omit<Database['audit_events'], 'seq' | 'hash'> & {
    id: Generated<number>;
    /** Canonical JSON of the event up to its seq, and after it (eventJsonAroundSeq). */
    json_before_seq: string;
    json_after_seq: string;
    /** A second event of the same change, chained right after this one (022): its action, details and texts. */
    then_action: string | null;
    then_details: string | null;
    then_json_before_seq: string | null;
    then_json_after_seq: string | null;
  };
  /** One row (id 1): the chain's last seq and hash; every append moves it (007; on PostgreSQL at the COMMIT, 011). */
  audit_head: {
    id: number;
    seq: number;
    hash: string;
    /** Events up to this seq were chained with HMAC under AUDIT_KEY (decision 134); every later link is plain (024). */
    keyed_until: Generated<number>;
  };
  /**
   * Heads of the chain the app signed with AUDIT_KEY (024, decision 160): HMAC over seq, hash and signed_at.
   * Verify checks each against the chain; the database never sees the key.
   */
  audit_signed_heads: {
    seq: number;
    hash: string;
    signed_at: string;
    signature: string;
  };
  /**
   * Closes of resort days (009-days): one row per close, kept when reopened (reopened_* set); at most one
   * standing close a day (partial unique index on day where reopened_at is null).
   */
  day_closes: {
    id: Generated<number>;
    /** YYYY-MM-DD in the resort's time zone. */
    day: string;
    /** JSON of DayFigures as they were at the close. */
    figures: string;
    counted_cash: number;
    difference: number;
    note: string | null;
    closed_at: string;
    /** Who closed it, as they were named then ("Owner", "Noi on Desk tablet"). */
    closed_by: string;
    reopened_at: string | null;
    reopened_by: string | null;
    reopen_reason: string | null;
    // The chain anchored outside the database (fifth stage)
    /** The audit chain's head at the close (null for closes made before it was kept). */
    chain_head_seq: number | string | null;
    chain_head_hash: string | null;
  };
  /** The desk's requests for a fridge check; open while done_at is null (010-check-requests). */
  check_requests: {
    id: Generated<number>;
    bungalow: number;
    requested_at: string;
    /** Who asked, as they were ("Noi on Desk tablet"). */
    requested_by: string;
    done_at: string | null;
    done_by: string | null;
    /** `checkout` (a checkout for the bungalow answered it) or `nothing-missing`. */
    outcome: string | null;
    checkout_id: number | null;
  };
  /** One row (id 1): a token the "Drinks" triggers replace on every write (003-catalogue-version). */
  catalogue_version: {
    id: number;
    version: string;
  };
  /** Where the resort's other systems hear the audit (013-webhooks); `events` is a JSON array of actions or `*`. */
  webhook_endpoints: {
    id: Generated<number>;
    url: string;
    events: string;
    description: string;
    enabled: number;
    /** Why it was disabled: by a person, a 410, or three days of failures. */
    disabled_reason: string | null;
    /** Sealed for its URL with SECRETS_KEY (secrets/secret-box.ts, decision 234); plain with no key. */
    secret: string;
    /** The secret before the last rotation, still signing (a second signature) until `previous_secret_until`. */
    previous_secret: string | null;
    previous_secret_until: string | null;
    /** The last audit seq this endpoint has had (or did not want): what to send next is `seq > cursor`. */
    cursor: number;
    failures_in_row: number;
    failing_since: string | null;
    /** No delivery before this (a retry's wait); null: as soon as there is something to send. */
    next_attempt_at: string | null;
    last_success_at: string | null;
    /** The app server sending this endpoint's events, until `lease_until`. */
    lease_owner: string | null;
    lease_until: string | null;
    created_at: string;
  };
  /** Every delivery attempt (013-webhooks): the log of GET /api/webhooks/:id/attempts. */
  webhook_attempts: {
    id: Generated<number>;
    endpoint_id: number;
    seq: number;
    action: string;
    attempted_at: string;
    /** The HTTP status answered; null when none came (timeout, refused address, network). */
    status: number | null;
    /** The first 1 KiB of the answer, or what went wrong. */
    response: string;
    duration_ms: number;
    /** `delivered`, `retrying` or `disabled`. */
    outcome: string;
    next_attempt_at: string | null;
  };
  /** The PMS connection (027-pms): at most one row; `credentials` is secret JSON, never answered. */
  pms_connections: {
    id: Generated<number>;
    /** `cloudbeds` or `mews` (the adapters in src/server/pms/). */
    kind: string;
    api_url: string;
    property_id: string | null;
    /**
     * JSON: the secrets (Cloudbeds `{apiKey}`; Mews `{clientToken, accessToken}`), never answered, logged or
     * audited, and beside Mews' its non-secret `serviceId` and `taxCode` (StoredCredentials in pms-poster.ts).
     * Each secret is sealed for the connection's kind and URL with SECRETS_KEY (decision 234); plain with no key.
     */
    credentials: string;
    /** The last audit seq posted or passed over: what to post next is `seq > cursor`. */
    cursor: number;
    failures_in_row: number;
    failing_since: string | null;
    /** No post before this (a retry's wait after the PMS did not answer). */
    next_attempt_at: string | null;
    last_error: string | null;
    lease_owner: string | null;
    lease_until: string | null;
    created_at: string;
    updated_at: string;
  };
  /** Drink → the PMS's item code (027-pms). */
  pms_item_map: {
    drink_id: number;
    item_code: string;
  };
  /** Bungalow → the PMS's room (027-pms). */
  pms_room_map: {
    bungalow: number;
    room_id: string;
    room_name: string;
  };
  /** What reached the PMS of each checkout (027-pms). */
  pms_postings: {
    checkout_id: number;
    bungalow: number;
    /** `posted`, `failed`, `voided` or `settled`. */
    state: string;
    /** A failed post's reason, the PMS's own words where it gave them. */
    reason: string | null;
    reservation_id: string | null;
    /** What the PMS answered for the posted items (Cloudbeds' soldProductID, Mews' OrderId): what a void names. */
    posting_id: string | null;
    reference: string | null;
    posted_total: number | null;
    posts: number;
    seq: number;
    updated_at: string;
    /** 1: the PMS refused a check made after the guest had left; the desk collects it (030). */
    settle_at_desk: Generated<number>;
  };
  /** One row (id 1): when stock was started, null until then (012-stock). */
  stock_state: {
    id: number;
    started_at: string | null;
  };
  /**
   * The ledger, append-only (triggers refuse UPDATE and DELETE): bottles of one drink from one place to
   * another, with the document that moved them (012-stock). Written only by src/server/stock/ledger.ts.
   */
  stock_moves: {
    id: Generated<number>;
    at: string;
    drink_id: number;
    quantity: number;
    from_place: string;
    to_place: string;
    document_type: string;
    document_id: number;
    /** Satang per bottle: a delivery's cost, the average cost of a sale or a move out of the storeroom. */
    unit_cost: number | null;
  };
  /** What each inside place holds per drink: the ledger replayed, kept by the same function (012-stock). */
  stock_balances: {
    place: string;
    drink_id: number;
    quantity: number;
  };
  /** The places the ledger has opened; a restock or a count locks its place's row (012-stock). */
  stock_places: {
    place: string;
    opened_at: string;
  };
  /** Per drink: its average cost (satang) and, once deleted, the name it had (012-stock). */
  stock_drinks: {
    drink_id: number;
    drink_name: string | null;
    average_cost: number | null;
  };
  /** A bungalow's own par per drink, over the catalogue's startingQuantity; 0 = not carried (012-stock). */
  pars: {
    bungalow: number;
    drink_id: number;
    par: number;
  };
  stock_deliveries: {
    id: Generated<number>;
    received_at: string;
    supplier: string | null;
    reference: string | null;
    total_cost: number;
    /** "Owner", "Noi on Desk tablet": as they were named then. */
    received_by: string;
    /** JSON of the AuditActor. */
    by_actor: string;
  };
  stock_delivery_lines: {
    id: Generated<number>;
    delivery_id: number;
    drink_id: number;
    drink_name: string;
    quantity: number;
    unit_cost: number;
    expires_on: string | null;
  };
  stock_counts: {
    id: Generated<number>;
    counted_at: string;
    place: string;
    note: string | null;
    counted_by: string;
    by_actor: string;
  };
  stock_count_lines: {
    id: Generated<number>;
    count_id: number;
    drink_id: number;
    drink_name: string;
    /** What the counter's page showed (decision 080), or what the place held at posting. */
    expected: number;
    counted: number;
    /** What the place held at posting, and the count's move (found > 0, missing < 0). */
    before: number;
    difference: number;
  };
  stock_write_offs: {
    id: Generated<number>;
    written_off_at: string;
    place: string;
    reason: string;
    note: string | null;
    written_off_by: string;
    by_actor: string;
    /** The checkout whose void wrote its bottles off (complimentary), else null. */
    checkout_id: number | null;
  };
  /** What live checkouts sold per UTC quarter hour and drink id, with the known cost (014-stock-costs). */
  stock_sales_quarter: {
    bucket: string;
    drink_id: number;
    units: number;
    thb: number;
    /** Satang: the known cost of the units sold. */
    cost: number;
    /** How many of the units had a known cost. */
    costed: number;
  };
  /** Bottles written off (kind = the reason) or missing at a count (kind `count`), at cost (014-stock-costs). */
  stock_losses_quarter: {
    bucket: string;
    drink_id: number;
    kind: string;
    quantity: number;
    cost: number;
    costed: number;
  };
  /** The storeroom's dated bottles (014-stock-costs). */
  stock_lots: {
    drink_id: number;
    /** YYYY-MM-DD. */
    expires_on: string;
    quantity: number;
  };
  // Tax documents (fifth stage)
  /** One counter per prefix and month of issue: `next` is the number the next document takes (015). */
  tax_sequences: {
    prefix: string;
    yymm: string;
    next_number: number;
    /** The issue time of the series' last document (024): the next one's is never earlier. */
    last_issued_at: string | null;
  };
  /** Every abbreviated and full tax invoice ever numbered; never deleted (015-tax-documents). */
  /** A tax month marked filed, with its report as filed, byte for byte (028-tax-months). */
  tax_months: {
    month: string;
    filed_at: string;
    /** JSON of the AuditActor who filed it. */
    filed_by: string;
    /** SHA-256 (hex) of `report`. */
    sha256: string;
    report: string;
    csv: string;
    /** base64 */
    xlsx: string;
    xlsx_daily: string;
  };
  tax_documents: {
    id: Generated<number>;
    number: string;
    /** `abb` or `full`. */
    type: string;
    checkout_id: number;
    /** YYYY-MM of the number's YYMM. */
    month: string;
    issued_at: string;
    /** `issued`, `replaced` or `cancelled`. */
    status: string;
    /** THB, as the checkout's; vat and net in satang. */
    total: number;
    vat: number;
    net: number;
    vat_rate: number;
    replaces: string | null;
    replaced_by: string | null;
    reason: string | null;
    buyer_name: string | null;
    buyer_address: string | null;
    buyer_tax_id: string | null;
    buyer_branch: string | null;
    /**
     * The seller block the document printed (JSON of `TaxSeller`), kept from its issue (migration 026); null
     * only for a document issued before 026 when the settings no longer held a seller.
     */
    seller: string | null;
    /** A hold on a full invoice's buyer block extended by staff past the law's (ISO 8601 UTC), else null. */
    held_until: string | null;
    /** The date the document bears when not its issue's: a replacement's, the replaced one's (028, Por. 86/2542). */
    dated_at: string | null;
    /** A credit or debit note's: the number of the document it adjusts, and the sale's value before and after (THB). */
    adjusts: string | null;
    before_total: number | null;
    after_total: number | null;
    /** How many substitutes (ใบแทน) of it were issued. */
    substitutes: Generated<number>;
  };
  // Guests' personal data (fifth stage)
  /** A guest's name and email, their one home, and the key of their audit commitments (016-guest-data). */
  guests: {
    id: Generated<number>;
    /** Null once erased. */
    name: string | null;
    email: string | null;
    /** The email as compared (lower case): with the name, a returning guest is one guest. */
    email_key: string | null;
    /** The name as compared (trimmed, spaces folded, lower case): two names on one email are two guests (025). */
    name_key: Generated<string | null>;
    /** Random, base64url: the HMAC key of the tokens audit events hold for this guest; null once erased. */
    commit_key: string | null;
    created_at: string;
    /** When the guest's values last changed or a stay of theirs ended: what retention counts from. */
    changed_at: string;
    erased_at: string | null;
    erase_reason: string | null;
  };
  /** Each value an audit event committed to, by its HMAC: removed with the guest's key when erased (016). */
  guest_values: {
    guest_id: number;
    hmac: string;
    value: string;
  };
  // Books no one can rewrite (sixth stage)
  /** How often a bungalow's sticker key was rotated on its own (025); none: never. */
  sticker_key_generations: {
    bungalow: number;
    generation: number;
  };
  /**
   * Free text staff typed (a void's, a write-off's, an erase's reason): an audit event holds `{text, hmac}`,
   * the HMAC of the value under the text's own key, and the value sits here; an erase takes a guest's name and
   * email out of it and drops its key (025, decision 168).
   */
  audit_texts: {
    id: Generated<number>;
    commit_key: string | null;
    value: string;
  };
}

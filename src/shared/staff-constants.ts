/** Limits and texts of the staff tools (not in the original product, so not in the spec's constants). */
export const staffLimits = {
  pageSizeDefault: 50,
  /** Checkouts per page in the admin panel's history. */
  historyPageSize: 20,
  pageSizeMax: 100,
  pageMax: 100_000,
  voidReasonMax: 200,
  /** Checkouts read per round trip while streaming a CSV export. */
  exportBatch: 500,
} as const;

export const consumptionPeriods = [7, 30] as const;

export const csvFileName = (from: string, to: string) => `fridge-checkouts-${from}-to-${to}.csv`;

/** Header row of the CSV export, one row per checkout line. */
export const csvColumns = [
  'checkout_id',
  'created_at_utc',
  'bungalow',
  'guest_name',
  'drink',
  'quantity',
  'unit_price_thb',
  'line_total_thb',
  'checkout_total_thb',
  'status',
  'voided_at_utc',
  'void_reason',
  'payment_status',
  'payment_method',
  'paid_at_utc',
  'paid_by',
] as const;

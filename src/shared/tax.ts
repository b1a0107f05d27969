/**
 * Tax documents (DESIGN.md, "Books the law accepts"): the Revenue Code's abbreviated (§86/6) and full (§86/4)
 * tax invoices, their numbers, their VAT and the output-tax report. Free of zod, so a receipt can read it
 * without loading the schemas (`tax-schemas.ts`).
 */

export { thaiIdCheckDigitOk as taxIdCheckDigitOk } from './promptpay/promptpay-id';

export const taxLimits = {
  sellerNameMax: 120,
  addressMax: 300,
  posIdMax: 30,
  vatRateMax: 3000,
  vatRateDefault: 700,
  prefixMax: 10,
  abbPrefixDefault: 'ABB',
  invoicePrefixDefault: 'INV',
  buyerNameMax: 120,
  correctionReasonMax: 300,
  /** Head office's branch number; a branch is any other five digits. */
  headOffice: '00000',
  /** A settled check's counts no longer change after this long from its first record (2 hours). */
  settleAfterMs: 2 * 60 * 60 * 1000,
} as const;

/** The 409s' messages (code `settled`, `already_invoiced`, `not_invoiced`, `voided`, `tax_off`). */
export const taxMessages = {
  notInvoiced: 'This checkout has no full tax invoice to correct',
  settled: 'This check is already settled: staff can void it and record a new one',
  alreadyInvoiced: 'This checkout already has a full tax invoice',
  voided: 'This checkout was voided: a voided checkout gets no tax invoice',
  taxOff: 'Tax documents are off: set the seller in the settings first',
  monthOpen: 'This month has not ended yet: a month is filed from the 1st of the next',
  alreadyFiled: 'This month is already filed',
  notFiled: 'This month is not filed: there is no report as filed',
} as const;

/** `tax` in the resort settings: null (the default) issues no tax documents. Prices include VAT. */
export interface TaxSettings {
  sellerName: string;
  /** 13 digits with the Revenue Department's check digit. */
  taxId: string;
  /** "00000" for the head office, else the branch's five digits. */
  branch: string;
  address: string;
  /** The Revenue Department's POS number, or null. */
  posId: string | null;
  /** Basis points: 700 is 7%. */
  vatRate: number;
  abbPrefix: string;
  invoicePrefix: string;
}

/**
 * The seller block a tax document printed (name, address, tax ID, branch, POS number, VAT rate), kept with it
 * from its issue: a copy, the report and the exports read this, never today's settings.
 */
export type TaxSeller = Pick<
  TaxSettings,
  'sellerName' | 'address' | 'taxId' | 'branch' | 'posId' | 'vatRate'
>;

export const taxSellerOf = (tax: TaxSeller): TaxSeller => ({
  sellerName: tax.sellerName,
  address: tax.address,
  taxId: tax.taxId,
  branch: tax.branch,
  posId: tax.posId,
  vatRate: tax.vatRate,
});

export type TaxDocumentType = 'abb' | 'full';

/** A credit note (ใบลดหนี้, §86/10) or a debit note (ใบเพิ่มหนี้, §86/9): a change to a sale of an ended month. */
export type TaxNoteType = 'cn' | 'dn';

/** The notes' own series (docs/decisions/220): CN2612-00001, DN2612-00001. */
export const notePrefixes: Record<TaxNoteType, string> = { cn: 'CN', dn: 'DN' };

/** `POST /api/tax/documents/:number/substitute`'s answer: which substitute (ใบแทน) of the document this is. */
export interface TaxSubstitute {
  number: string;
  checkoutId: number;
  /** 1 for the first substitute (ใบแทนออกให้ครั้งที่ 1), and on. */
  time: number;
  reason: string;
  /** ISO 8601 UTC: the substitute's date, which it prints. */
  issuedAt: string;
}

/** A tax month's state (seventh stage): open until 00:00 on the 1st of the next, ended from then, then filed. */
export type TaxMonthState = 'open' | 'ended' | 'filed';

export interface TaxMonth {
  month: string;
  state: TaxMonthState;
  /** ISO 8601 UTC, once filed. */
  filedAt: string | null;
  filedBy: { id: number | null; name: string; role: string } | null;
  /** SHA-256 (hex) of the report's JSON as filed, which the audit's `tax.month_filed` carries. */
  sha256: string | null;
}

/** The month's figures for the VAT return (ภ.พ.30), in satang: sales and output tax with the notes netted. */
export interface ReturnFigures {
  /** Net sales: the invoices still issued, less credit notes, plus debit notes. */
  sales: number;
  outputTax: number;
  creditNotes: { count: number; net: number; vat: number };
  debitNotes: { count: number; net: number; vat: number };
}

export type TaxDocumentStatus = 'issued' | 'replaced' | 'cancelled';

export interface TaxBuyer {
  name: string;
  address: string;
  taxId: string;
  branch: string;
}

/** The abbreviated tax invoice a checkout carries (`document` on its answers). Money in satang. */
export interface AbbreviatedTaxDocument {
  type: 'abb';
  number: string;
  /** ISO 8601 UTC. */
  issuedAt: string;
  status: TaxDocumentStatus;
  vat: number;
  /** The number this one took the place of (a revision's earlier invoice), else null. */
  replaces: string | null;
  /** The number that took this one's place (a revision, or the full invoice), else null. */
  replacedBy: string | null;
  /** A cancelled document's void reason, else null. */
  reason: string | null;
  /** The seller block it printed; null only for one issued before it was kept with tax off since. */
  seller: TaxSeller | null;
  /**
   * Seventh stage, on a replacement only: the date it bears, the replaced document's (Por. 86/2542; ISO 8601
   * UTC), and why that one was cancelled (a buyer's correction's reason).
   */
  datedAt?: string;
  replacedReason?: string;
}

export interface FullTaxDocument extends Omit<AbbreviatedTaxDocument, 'type'> {
  type: 'full';
  buyer: TaxBuyer;
  /** Total without VAT, in satang. */
  net: number;
}

export type TaxDocument = AbbreviatedTaxDocument | FullTaxDocument;

/**
 * A credit or debit note of a checkout (seventh stage), with the particulars §86/10 and §86/9 ask it to print:
 * its number and date of issue, the document it adjusts and that one's date, the value on it, the correct value,
 * the difference, the VAT on the difference, and the reason. Money in satang.
 */
export interface TaxNote {
  type: TaxNoteType;
  number: string;
  /** ISO 8601 UTC: the note is dated when it is issued (§82/10 counts it in that month). */
  issuedAt: string;
  /** The invoice it adjusts, and the date that invoice bears (ISO 8601 UTC). */
  adjusts: string;
  adjustsDatedAt: string;
  /** The value on the adjusted invoice and the correct value, VAT included. */
  before: number;
  after: number;
  /** The difference (always positive: the type says which way), its net and its VAT. */
  total: number;
  net: number;
  vat: number;
  /** The VAT rate the adjusted invoice charged, in basis points. */
  vatRate: number;
  reason: string | null;
  /** The adjusted invoice's buyer, when it had one. */
  buyer: TaxBuyer | null;
  seller: TaxSeller | null;
}

/** The VAT inside a VAT-included total: satang, round(total × 100 × rate / (10000 + rate)), half up. */
export function vatOf(totalThb: number, vatRate: number): number {
  const numerator = totalThb * 100 * vatRate;
  const denominator = 10_000 + vatRate;
  return Math.floor((2 * numerator + denominator) / (2 * denominator));
}

/** The net (without VAT) of a VAT-included total, in satang. */
export function netOf(totalThb: number, vatRate: number): number {
  return totalThb * 100 - vatOf(totalThb, vatRate);
}

/** `ABB2611-`: what every number of a prefix and month of issue (YYMM) starts with. */
export const numberStem = (prefix: string, yymm: string): string => `${prefix}${yymm}-`;

/** `ABB2611-00001`: prefix, the year and month of issue (YYMM) and the sequence, five digits or more. */
export function documentNumber(prefix: string, yymm: string, sequence: number): string {
  return `${numberStem(prefix, yymm)}${String(sequence).padStart(5, '0')}`;
}

/** One row of the output-tax report (รายงานภาษีขาย). Money in satang. */
export interface TaxReportRow {
  number: string;
  type: TaxDocumentType | TaxNoteType;
  status: TaxDocumentStatus;
  issuedAt: string;
  checkoutId: number;
  bungalow: number;
  buyer: TaxBuyer | null;
  total: number;
  vat: number;
  net: number;
  replaces: string | null;
  replacedBy: string | null;
  reason: string | null;
  /** The seller block the document printed. */
  seller: TaxSeller | null;
  /**
   * The date the document bears (ISO 8601 UTC): its issue's, or for a replacement the replaced one's
   * (Por. 86/2542), which puts it in that month's report.
   */
  datedAt: string;
  /** A credit or debit note's: the number it adjusts, and the sale's value before and after it (satang). */
  adjusts: string | null;
  before: number | null;
  after: number | null;
}

/** `GET /api/tax/documents?month=YYYY-MM`: every number of the month in order, abbreviated then full. */
export interface TaxReport {
  month: string;
  documents: TaxReportRow[];
  /**
   * The report's header: the month's seller blocks as its documents printed them, in number order, each with
   * the first and last number that printed it (one block unless the seller changed within the month).
   */
  sellers: { seller: TaxSeller; firstNumber: string; lastNumber: string }[];
  /**
   * Over the invoices still `issued`, less the month's credit notes and plus its debit notes (count: the
   * documents that count).
   */
  totals: { count: number; total: number; vat: number; net: number };
  /** Seventh stage: the month's state, and when it was filed. */
  state: TaxMonthState;
  filedAt: string | null;
  /**
   * A filed month: what touched it after the filing (a replacement dated in it, a document of it cancelled or
   * replaced since, a note adjusting one of its documents), listed apart from the report as filed.
   */
  afterFiling: TaxReportRow[];
  /** The figures the VAT return (ภ.พ.30) asks for. */
  returnFigures: ReturnFigures;
}

/** A series' first and last number issued on a day, and how many it issued. */
export interface NumberRange {
  first: string;
  last: string;
  count: number;
}

/** What the day's close adds when the day has tax documents (issued on the day, in the resort's zone). */
export interface DayTaxFigures {
  /** VAT of the day's documents still issued, in satang. */
  vat: number;
  /** Each series apart (sixth stage): the abbreviated invoices' first and last number, and the full ones'. */
  abbreviated?: NumberRange | null;
  full?: NumberRange | null;
  /** Seventh stage: the day's credit and debit notes, each series apart (absent on closes frozen before). */
  credit?: NumberRange | null;
  debit?: NumberRange | null;
  /**
   * Closes frozen before the sixth stage: the day's first and last numbers over both series (abbreviated then
   * full). Newer figures leave them out.
   */
  firstNumber?: string;
  lastNumber?: string;
}

import { type ChainHead, cashBalanceOf, type DaySummary } from './day-close-types';
import type { AdminMessages } from './i18n/admin-en';
import { formatBaht, formatNumber, type Language } from './i18n/languages';
import { type PaymentMethod, paymentMethods } from './payment-constants';
import { formatSatangGrouped } from './satang';
import type { DayTaxFigures, NumberRange } from './tax';

/**
 * The Z report (the day's close, one A4 page) as plain text, so it can be tested without a PDF: what the
 * close page shows, in the page's language.
 */

export interface CloseReportRow {
  label: string;
  /** One text per column of its table, right-aligned under the column's heading. */
  values: string[];
  bold?: boolean;
}

export interface CloseReportTable {
  title: string;
  columns: string[];
  rows: CloseReportRow[];
}

export interface CloseReportModel {
  /** The PDF's title property too. */
  title: string;
  resortName: string | null;
  dayLine: string;
  /** "Closed by Noi on Desk tablet, 11/06/2026 12:00", or that the day is not closed yet. */
  statusLine: string;
  tables: CloseReportTable[];
  /** The close's note, or null when there is none. */
  note: { label: string; text: string } | null;
  footer: string;
  // The chain anchored outside the database (fifth stage)
  /** The audit chain's head at the close, as `SEQ:HASH` (what `audit:verify -- --head` takes); null if none. */
  chainHead?: { label: string; text: string } | null;
}

export interface CloseReportInput {
  summary: DaySummary;
  language: Language;
  messages: AdminMessages;
  resortName?: string;
  /** The day as the page writes it ("Wed, 10 Jun 2026"), and moments as the language writes them. */
  dayText: string;
  formatMoment: (iso: string) => string;
  /** When the report is made (ISO 8601). */
  madeAt: string;
  /** The audit chain's head the close kept (fifth stage). */
  chainHead?: ChainHead | null;
}

export const methodLabel = (a: AdminMessages, method: PaymentMethod): string =>
  ({ cash: a.methodCash, promptpay: a.methodPromptpay, card: a.methodCard, room: a.methodRoom })[method];

/** "Short by 60 THB", "Over by 40 THB" or "Exact": a difference as staff read it. */
export function differenceText(a: AdminMessages, language: Language, difference: number): string {
  const balance = cashBalanceOf(difference);
  if (balance === 'exact') return a.cashExact;
  const amount = formatBaht(language, Math.abs(difference));
  return balance === 'short' ? a.cashShort(amount) : a.cashOver(amount);
}

/**
 * Intl puts narrow and thin no-break spaces in dates and times ("10:00\u202fAM"): plain spaces keep an English
 * report within Helvetica's Latin-1, so it never needs the embedded font.
 */
const plainSpaces = (text: string) => text.replace(/[\u00a0\u2009\u202f]/g, ' ');

export function buildCloseReportModel({
  summary,
  language,
  messages: a,
  resortName,
  dayText,
  formatMoment,
  madeAt,
  chainHead,
}: CloseReportInput): CloseReportModel {
  const baht = (amount: number) => formatBaht(language, amount);
  const count = (value: number) => formatNumber(language, value);
  const { close } = summary;
  const takenTotal = paymentMethods.reduce(
    (sum, method) => ({
      count: sum.count + summary.payments[method].count,
      thb: sum.thb + summary.payments[method].thb,
    }),
    { count: 0, thb: 0 },
  );
  const undoneTotal = paymentMethods.reduce(
    (sum, method) => ({
      count: sum.count + summary.undone[method].count,
      thb: sum.thb + summary.undone[method].thb,
    }),
    { count: 0, thb: 0 },
  );

  const drawer: CloseReportRow[] = [
    { label: a.cashFloat, values: [baht(summary.cash.float)] },
    { label: a.cashReceived, values: [`+ ${baht(summary.cash.received)}`] },
    { label: a.cashUndone, values: [`- ${baht(summary.cash.undone)}`] },
    { label: a.expectedCash, values: [baht(summary.cash.expected)], bold: true },
  ];
  if (close) {
    drawer.push(
      { label: a.countedCash, values: [baht(close.countedCash)], bold: true },
      { label: a.cashDifference, values: [differenceText(a, language, close.difference)], bold: true },
    );
  }

  return {
    title: a.zReportTitle,
    resortName: resortName?.trim() || null,
    dayLine: plainSpaces(a.zReportDay(dayText)),
    statusLine: close ? plainSpaces(a.closedByAt(close.by, formatMoment(close.at))) : a.notClosedYet,
    tables: [
      {
        title: a.checkouts,
        columns: [a.countColumn, a.bahtColumn],
        rows: [
          {
            label: a.standingCheckouts,
            values: [count(summary.checkouts.count), baht(summary.checkouts.thb)],
          },
          { label: a.voidedCheckouts, values: [count(summary.voided.count), baht(summary.voided.thb)] },
          { label: a.stillUnpaid, values: [count(summary.unpaid.count), baht(summary.unpaid.thb)] },
        ],
      },
      {
        title: a.moneyByMethod,
        columns: [a.takenColumn, a.bahtColumn, a.undoneColumn, a.bahtColumn],
        rows: [
          ...paymentMethods.map((method) => ({
            label: methodLabel(a, method),
            values: [
              count(summary.payments[method].count),
              baht(summary.payments[method].thb),
              count(summary.undone[method].count),
              baht(summary.undone[method].thb),
            ],
          })),
          {
            label: a.totalRow,
            values: [
              count(takenTotal.count),
              baht(takenTotal.thb),
              count(undoneTotal.count),
              baht(undoneTotal.thb),
            ],
            bold: true,
          },
        ],
      },
      { title: a.cashDrawer, columns: [a.bahtColumn], rows: drawer },
      // Tax documents (fifth stage): the day's VAT and its first and last numbers, when it has any.
      ...(summary.tax
        ? [
            {
              title: a.closeVatTitle,
              columns: [''],
              rows: [
                {
                  label: a.closeVatIncluded,
                  values: [formatSatangGrouped(language, summary.tax.vat)],
                  bold: true,
                },
                ...taxNumberRows(a, summary.tax).map(({ label, value }) => ({ label, values: [value] })),
              ],
            },
          ]
        : []),
    ],
    note: close?.note ? { label: a.closeNote, text: close.note } : null,
    footer: plainSpaces(a.zReportMade(formatMoment(madeAt))),
    chainHead:
      close && chainHead ? { label: a.zReportChainHead, text: `${chainHead.seq}:${chainHead.hash}` } : null,
  };
}

/**
 * The day's numbers, each series apart (sixth stage): the abbreviated invoices' first and last number, then the
 * full invoices'. A close frozen before then kept one first and last over both, shown as it was.
 */
export function taxNumberRows(
  a: Pick<
    AdminMessages,
    | 'closeFirstNumber'
    | 'closeLastNumber'
    | 'closeAbbreviatedSeries'
    | 'closeFullSeries'
    | 'docTypeCreditNote'
    | 'docTypeDebitNote'
  >,
  tax: DayTaxFigures,
): { label: string; value: string }[] {
  if (tax.abbreviated === undefined && tax.full === undefined) {
    return [
      { label: a.closeFirstNumber, value: tax.firstNumber ?? '' },
      { label: a.closeLastNumber, value: tax.lastNumber ?? '' },
    ];
  }
  const series = (name: string, range: NumberRange | null | undefined) =>
    range
      ? [
          { label: `${name}: ${a.closeFirstNumber}`, value: range.first },
          { label: `${name}: ${a.closeLastNumber}`, value: range.last },
        ]
      : [];
  // Seventh stage: the day's credit and debit notes, each series apart, after the invoices.
  return [
    ...series(a.closeAbbreviatedSeries, tax.abbreviated),
    ...series(a.closeFullSeries, tax.full),
    ...series(a.docTypeCreditNote, tax.credit),
    ...series(a.docTypeDebitNote, tax.debit),
  ];
}

/** Helvetica (jsPDF's built-in font) writes Latin-1 only: anything else (Thai, a note's dashes) needs Sarabun. */
export function closeReportNeedsEmbeddedFont(model: CloseReportModel): boolean {
  const texts = [
    model.title,
    model.resortName ?? '',
    model.dayLine,
    model.statusLine,
    model.footer,
    model.chainHead?.label ?? '',
    model.note?.label ?? '',
    model.note?.text ?? '',
    ...model.tables.flatMap((table) => [
      table.title,
      ...table.columns,
      ...table.rows.flatMap((row) => [row.label, ...row.values]),
    ]),
  ];
  // Any character above U+00FF.
  return texts.some((text) => [...text].some((char) => (char.codePointAt(0) ?? 0) > 0xff));
}

import type { Language } from './i18n/languages';
import { type TaxReceiptWords, taxReceiptWords, thaiTaxTitles } from './i18n/tax-receipt';
import type { ReceiptLine, ReceiptModel } from './receipt-model';
import { buyerLines, sellerLines, vatPercent } from './receipt-tax';
import { formatSatang } from './satang';
import type { TaxNote } from './tax';

/**
 * A credit note (ใบลดหนี้, §86/10) or a debit note (ใบเพิ่มหนี้, §86/9) as a printed document (seventh stage):
 * a receipt model, so the tax invoices' own generator (receipt-pdf.ts) lays it out with the same fonts and
 * head. It prints the particulars the two sections list: the word "ใบลดหนี้"/"ใบเพิ่มหนี้" prominently, the
 * seller, the buyer where the adjusted invoice had one, its number and date of issue, the adjusted invoice's
 * number and date, the value on it, the correct value, the difference, the VAT on the difference and the
 * reason; Thai first, the reader's language beside or under it.
 */
export interface NoteInput {
  language: Language;
  note: TaxNote;
  /** The note's date and time of issue as the reader writes them (formatIssuedAt with particularsDate). */
  issuedAt: string;
  /** The date the adjusted invoice bears, as the reader writes it (particularsDate). */
  adjustsDate: string;
  resortName?: string | null;
  /** Printed again later (the history): marked a copy. */
  copy?: boolean;
}

export function buildNoteModel({
  language,
  note,
  issuedAt,
  adjustsDate,
  resortName,
  copy,
}: NoteInput): ReceiptModel {
  if (!note.seller) throw new Error(`Note ${note.number} has no seller block to print`);
  const words = taxReceiptWords[language];
  const thai = taxReceiptWords.th;
  const inThai = language === 'th';
  const own = (pick: (w: TaxReceiptWords) => string) =>
    inThai ? pick(thai) : `${pick(thai)} / ${pick(words)}`;
  /** A particular with its amount: one line in Thai; the Thai words over the reader's on another language's. */
  const particular = (pick: (w: TaxReceiptWords) => string, amount: string): ReceiptLine[] =>
    inThai
      ? [{ label: pick(thai), amount }]
      : [
          { label: pick(thai), amount: '' },
          { label: pick(words), amount },
        ];
  const money = (satang: number) => formatSatang(language, satang);
  const rate = vatPercent(note.vatRate);
  const title = note.type === 'cn' ? 'creditNote' : 'debitNote';
  return {
    language,
    resortName: resortName?.trim() || null,
    title: note.number,
    // Under the note's number: the invoice it adjusts, and the date that one bears.
    dateLine: `${own((w) => w.originalInvoice)}: ${note.adjusts}`,
    guestLine: `${own((w) => w.originalDated)}: ${adjustsDate}`,
    lines: [
      ...particular((w) => w.originalValue, money(note.before)),
      ...particular((w) => w.correctValue, money(note.after)),
    ],
    totalLabel: own((w) => w.difference),
    totalAmount: money(note.total),
    footer: '',
    payment: null,
    tax: {
      heading: inThai ? [thaiTaxTitles[title]] : [thaiTaxTitles[title], words[title]],
      mark: copy ? (inThai ? thaiTaxTitles.copy : `${thaiTaxTitles.copy} / ${words.copy}`) : null,
      seller: sellerLines(language, note.seller),
      numberLine: `${words.documentNumber} ${note.number}`,
      issuedLine: `${words.issuedAt}: ${issuedAt}`,
      notes: note.reason ? [`${own((w) => w.reason)}: ${note.reason}`] : [],
      buyer: note.buyer ? buyerLines(language, note.buyer) : [],
      lines: [
        ...particular((w) => w.netAmount, money(note.net)),
        ...particular((w) => w.vatOnDifference(rate), money(note.vat)),
      ],
    },
  };
}

/** The file a note downloads as: credit-note-CN2612-00001.pdf, debit-note-DN2612-00001.pdf. */
export const noteFileName = (note: Pick<TaxNote, 'type' | 'number'>): string =>
  `${note.type === 'cn' ? 'credit' : 'debit'}-note-${note.number}.pdf`;

import { receiptFileName } from '../shared/constants';
import { taxReceiptTextsOf } from '../shared/i18n/tax-receipt';
import { buildReceiptModel, type ReceiptItem } from '../shared/receipt-model';
import { formatIssuedAt, particularsDate, receiptSeller } from '../shared/receipt-tax';
import type { TaxDocument, TaxNote } from '../shared/tax';
import { currentI18n } from './i18n/language';
import { servedFontLoader } from './receipt-fonts';
import { loadPublicSettings } from './settings';

/**
 * jsPDF is about 130 KiB gzip, more than the rest of the checkout together: it is fetched only when a receipt
 * is made, as its own chunk (and the Thai font, another chunk, only for a receipt that holds Thai; the fonts of
 * other scripts come from the server, only for a receipt that holds them).
 */
const loadPdfBuilder = () => import('../shared/receipt-pdf');

export interface ReceiptFileInput {
  bungalow: number;
  items: readonly ReceiptItem[];
  /** When the fridge was checked: the receipt's Date is that moment's day on the resort's calendar. */
  at: Date;
  /** The guest charged, on a receipt staff download; a guest's own receipt names none (the spec's). */
  guestName?: string | undefined;
  /** Still to be paid: the receipt carries the PromptPay code when the resort has an ID. */
  owed: boolean;
  /**
   * The checkout's tax document (with the resort's tax settings on): the receipt carries its number, the time
   * of issue and the VAT. Without one (not recorded yet), a receipt with tax on is a bill, not a tax invoice.
   */
  document?: TaxDocument | null | undefined;
  /** Staff print it again from the history: marked a copy. */
  copy?: boolean;
  /** Seventh stage: a substitute for a lost original (ใบแทน): which time, when, and why. Marked so instead. */
  substitute?: { time: number; at: Date; reason: string } | undefined;
}

/**
 * A receipt as the PDF file bungalow-{id}-checkout.pdf, in the page's language, dated in its date format
 * (spec section 9) on the resort's calendar whatever the device's zone: the one way the checkout screen and
 * the staff's history make a receipt.
 */
export async function makeReceiptFile({
  bungalow,
  items,
  at,
  guestName,
  owed,
  document = null,
  copy = false,
  substitute,
}: ReceiptFileInput): Promise<File> {
  const [{ makeReceiptPdf }, { timeZone, resortName, promptPayId, promptPayName, tax }] = await Promise.all([
    loadPdfBuilder(),
    loadPublicSettings(),
  ]);
  // A document prints the seller block it was issued with (a copy after the settings changed is still the
  // original's); a bill, not yet a document, the settings' own.
  const seller = receiptSeller(document, tax);
  const { language, t, date } = currentI18n();
  const issuedAt = document ? new Date(document.issuedAt) : at;
  const taxDate = (when: Date) => particularsDate(language, when, timeZone, date(when, timeZone));
  const model = buildReceiptModel({
    bungalow,
    items,
    date: date(at, timeZone),
    resortName,
    language,
    messages: t,
    ...(guestName ? { guestName } : {}),
    promptPay: owed && promptPayId ? { id: promptPayId, name: promptPayName } : null,
    tax: seller
      ? {
          seller,
          document,
          // The tax particulars' dates (seventh stage): unambiguous in English ("12 Nov 2026").
          issuedAt: formatIssuedAt(language, issuedAt, timeZone, taxDate(issuedAt)),
          copy,
          saleDate: taxDate(at),
          ...(document?.datedAt ? { replacedDate: taxDate(new Date(document.datedAt)) } : {}),
          ...(substitute
            ? {
                substitute: {
                  time: substitute.time,
                  date: taxDate(substitute.at),
                  reason: substitute.reason,
                },
              }
            : {}),
        }
      : null,
  });
  const names = [...items.map((item) => item.name), resortName, promptPayName ?? ''];
  if (seller) {
    names.push(seller.sellerName, seller.address);
    if (document?.type === 'full') names.push(document.buyer.name, document.buyer.address);
  }
  const taxTexts = seller ? [taxReceiptTextsOf(language)] : [];
  const pdf = await makeReceiptPdf(model, servedFontLoader(t, names, taxTexts));
  return new File([pdf as BlobPart], receiptFileName(bungalow), {
    type: 'application/pdf',
  });
}

/**
 * A credit or debit note (seventh stage) as its PDF, made by the receipts' generator in the page's language
 * beside the Thai, its dates on the resort's calendar: from the history, marked a copy unless `copy` is false.
 */
export async function makeNoteFile(note: TaxNote, { copy = true }: { copy?: boolean } = {}): Promise<File> {
  const [{ makeReceiptPdf }, { buildNoteModel, noteFileName }, { timeZone, resortName }] = await Promise.all([
    loadPdfBuilder(),
    import('../shared/receipt-note'),
    loadPublicSettings(),
  ]);
  const { language, t, date } = currentI18n();
  const taxDate = (when: Date) => particularsDate(language, when, timeZone, date(when, timeZone));
  const issuedAt = new Date(note.issuedAt);
  const model = buildNoteModel({
    language,
    note,
    issuedAt: formatIssuedAt(language, issuedAt, timeZone, taxDate(issuedAt)),
    adjustsDate: taxDate(new Date(note.adjustsDatedAt)),
    resortName,
    copy,
  });
  const names = [resortName, note.seller?.sellerName ?? '', note.seller?.address ?? ''];
  if (note.buyer) names.push(note.buyer.name, note.buyer.address);
  if (note.reason) names.push(note.reason);
  const pdf = await makeReceiptPdf(model, servedFontLoader(t, names, [taxReceiptTextsOf(language)]));
  return new File([pdf as BlobPart], noteFileName(note), { type: 'application/pdf' });
}

/** Saves a file the way a link with `download` does. */
export function saveFile(file: File): void {
  const url = URL.createObjectURL(file);
  const link = document.createElement('a');
  link.href = url;
  link.download = file.name;
  link.click();
  // The download has started by now; revoking later keeps slow browsers from losing the file.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

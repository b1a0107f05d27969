import { type Language, localeOf } from './i18n/languages';
import { type TaxReceiptWords, taxReceiptWords, thaiTaxTitles } from './i18n/tax-receipt';
import { formatSatang } from './satang';
import type { TaxDocument, TaxSettings } from './tax';

export interface ReceiptTaxInput {
  seller: TaxSettings;
  /** The checkout's document; null before the check is recorded (Generate PDF before Share, or offline): a bill. */
  document: TaxDocument | null;
  /** The date and time of issue (or of the bill) as the reader writes them, on the resort's calendar. */
  issuedAt: string;
  /** Staff print a recorded receipt again from the history: it is marked a copy. */
  copy?: boolean;
}

export interface ReceiptTaxLine {
  label: string;
  amount: string;
}

/** What a receipt adds with tax on, as plain text (receipt-pdf.ts lays it out). */
export interface ReceiptTaxBlock {
  /** The Thai title and, on a receipt in another language, that language's words for it. */
  heading: string[];
  /** "สำเนา / Copy" on a reprint, "ยกเลิกแล้ว / Cancelled" on a voided one's; null on the original. */
  mark: string | null;
  seller: string[];
  /** "No. ABB2611-00001"; null on a bill. */
  numberLine: string | null;
  issuedLine: string;
  /** A full invoice's buyer: the heading word then their name, address and tax ID; empty otherwise. */
  buyer: string[];
  /** Under the total: "VAT included" and the VAT (abbreviated), or the net amount and the VAT (full). */
  lines: ReceiptTaxLine[];
}

/** Thai first, then the receipt language's words for the same thing (none on a Thai receipt). */
const bilingual = (thai: string, own: string) => (own ? [thai, own] : [thai]);

/** Basis points as the percentage printed beside VAT: 700 → "7", 750 → "7.5". */
export const vatPercent = (basisPoints: number) => String(basisPoints / 100);

export function branchText(words: TaxReceiptWords, branch: string): string {
  return branch === '00000' ? words.headOffice : words.branch(branch);
}

export function buildTaxBlock(language: Language, tax: ReceiptTaxInput): ReceiptTaxBlock {
  const words = taxReceiptWords[language];
  const { seller, document } = tax;
  const titleKey =
    document === null ? 'bill' : document.type === 'full' ? 'fullInvoice' : 'abbreviatedInvoice';
  const markKey = document?.status === 'cancelled' ? 'cancelled' : tax.copy ? 'copy' : null;
  const vat = words.vat(vatPercent(seller.vatRate));
  const buyer = document?.type === 'full' ? document.buyer : null;
  return {
    heading: bilingual(thaiTaxTitles[titleKey], words[titleKey]),
    mark: markKey && bilingual(thaiTaxTitles[markKey], words[markKey]).join(' / '),
    seller: [
      seller.sellerName,
      seller.address,
      `${words.taxId} ${seller.taxId} (${branchText(words, seller.branch)})`,
      ...(seller.posId ? [`${words.posNumber} ${seller.posId}`] : []),
    ],
    numberLine: document ? `${words.documentNumber} ${document.number}` : null,
    issuedLine: `${words.issuedAt}: ${tax.issuedAt}`,
    buyer: buyer
      ? [
          `${words.buyer}: ${buyer.name}`,
          buyer.address,
          `${words.taxId} ${buyer.taxId} (${branchText(words, buyer.branch)})`,
        ]
      : [],
    lines:
      document === null
        ? []
        : document.type === 'full'
          ? [
              { label: words.netAmount, amount: formatSatang(language, document.net) },
              { label: vat, amount: formatSatang(language, document.vat) },
            ]
          : [{ label: words.vatIncluded, amount: `${vat} ${formatSatang(language, document.vat)}` }],
  };
}

/** A moment's date and time on the resort's calendar, as the receipt's language writes them (24-hour clock). */
export function formatIssuedAt(language: Language, at: Date, timeZone: string, date: string): string {
  const options = { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' } as const;
  const locale = language === 'en' ? 'en-GB' : localeOf(language);
  let time: string;
  try {
    time = at.toLocaleTimeString(locale, { ...options, timeZone });
  } catch {
    time = at.toLocaleTimeString(locale, options);
  }
  return `${date} ${time}`;
}

/** Every text of the block, for the fonts it needs. */
export function taxBlockTexts(block: ReceiptTaxBlock): string[] {
  return [
    ...block.heading,
    block.mark ?? '',
    ...block.seller,
    block.numberLine ?? '',
    block.issuedLine,
    ...block.buyer,
    ...block.lines.flatMap((line) => [line.label, line.amount]),
  ];
}

import { type Language, localeOf } from './i18n/languages';
import { type TaxReceiptWords, taxReceiptWords, thaiTaxTitles } from './i18n/tax-receipt';
import { formatSatang } from './satang';
import type { TaxBuyer, TaxDocument, TaxSeller } from './tax';

export interface ReceiptTaxInput {
  /** The seller block the document printed (a copy reprints it), or the settings' for a bill. */
  seller: TaxSeller;
  /** The checkout's document; null before the check is recorded (Generate PDF before Share, or offline): a bill. */
  document: TaxDocument | null;
  /** The date and time of issue (or of the bill) as the reader writes them, on the resort's calendar. */
  issuedAt: string;
  /** Staff print a recorded receipt again from the history: it is marked a copy. */
  copy?: boolean;
  /** The sale's date as the reader writes it: a replacement prints it beside its own time of issue. */
  saleDate?: string;
  /** A replacement's: the replaced document's date as the reader writes it (the date it bears, seventh stage). */
  replacedDate?: string;
  /** A substitute (ใบแทน) for a lost original: which one, its date as the reader writes it, and why. */
  substitute?: { time: number; date: string; reason: string };
}

export interface ReceiptTaxLine {
  label: string;
  amount: string;
}

/** What a receipt adds with tax on, as plain text (receipt-pdf.ts lays it out). */
export interface ReceiptTaxBlock {
  /** The Thai title and, on a receipt in another language, that language's words for it. */
  heading: string[];
  /** "สำเนา / Copy" on a reprint, "ยกเลิก / Cancelled" on a cancelled one's; null on the original. */
  mark: string | null;
  seller: string[];
  /** "No. ABB2611-00001"; null on a bill. */
  numberLine: string | null;
  issuedLine: string;
  /**
   * Under the time of issue: a replacement's reference to what it replaces ("ยกเลิกและออกใบกำกับภาษีฉบับใหม่แทน
   * ฉบับเดิมเลขที่ …" / "Replaces …") and the sale's date; a cancelled one's reason. Empty otherwise.
   */
  notes: string[];
  /** A full invoice's buyer: the heading word then their name, address and tax ID; empty otherwise. */
  buyer: string[];
  /** Under the total: "VAT included" and the VAT (abbreviated), or the net amount and the VAT (full). */
  lines: ReceiptTaxLine[];
}

/**
 * The seller a receipt prints: the block its document was issued with, else (a bill, or a document from before
 * blocks were kept with tax off since) the settings' seller; null prints no tax block at all.
 */
export function receiptSeller(document: TaxDocument | null, settings: TaxSeller | null): TaxSeller | null {
  return document?.seller ?? settings;
}

/** Thai first, then the receipt language's words for the same thing (none on a Thai receipt). */
const bilingual = (thai: string, own: string) => (own ? [thai, own] : [thai]);

/** Basis points as the percentage printed beside VAT: 700 → "7", 750 → "7.5". */
export const vatPercent = (basisPoints: number) => String(basisPoints / 100);

export function branchText(words: TaxReceiptWords, branch: string): string {
  return branch === '00000' ? words.headOffice : words.branch(branch);
}

/**
 * The branch as a tax document prints it: the Thai words the Revenue Department's notifications use
 * ("สำนักงานใหญ่", "สาขาที่ 00001") on every receipt, the receipt language's beside them.
 */
export function documentBranchText(language: Language, branch: string): string {
  const thai = branchText(taxReceiptWords.th, branch);
  return language === 'th' ? thai : `${thai} / ${branchText(taxReceiptWords[language], branch)}`;
}

/**
 * Why a replacement was issued (seventh stage): the cancelled invoice's reason (a buyer's correction), or that
 * a full invoice was asked for the sale's abbreviated one.
 */
function replacementReason(document: TaxDocument, own: (pick: (w: TaxReceiptWords) => string) => string) {
  const reason =
    document.replacedReason ??
    (document.type === 'full' && document.datedAt ? own((w) => w.fullInvoiceAsked) : undefined);
  return reason ? [`${own((w) => w.reason)}: ${reason}`] : [];
}

/** A date in a tax document's particulars: English writes "12 Nov 2026", never a day-month order to guess. */
export function particularsDate(language: Language, at: Date, timeZone: string, local: string): string {
  if (language !== 'en') return local;
  const options = { day: 'numeric', month: 'short', year: 'numeric' } as const;
  try {
    return at.toLocaleDateString('en-GB', { ...options, timeZone });
  } catch {
    return at.toLocaleDateString('en-GB', options);
  }
}

/** The seller block a tax document prints: name, address, tax ID with the branch, the POS number if any. */
export function sellerLines(language: Language, seller: TaxSeller): string[] {
  const words = taxReceiptWords[language];
  return [
    seller.sellerName,
    seller.address,
    `${words.taxId} ${seller.taxId} (${documentBranchText(language, seller.branch)})`,
    ...(seller.posId ? [`${words.posNumber} ${seller.posId}`] : []),
  ];
}

/** A buyer block: the heading word and the name, the address, the tax ID and branch when the buyer has them. */
export function buyerLines(language: Language, buyer: TaxBuyer): string[] {
  const words = taxReceiptWords[language];
  return [
    `${words.buyer}: ${buyer.name}`,
    buyer.address,
    // A buyer without a Thai tax ID (a person, a foreign company) prints none, and no branch line.
    ...(buyer.taxId
      ? [
          buyer.branch
            ? `${words.taxId} ${buyer.taxId} (${documentBranchText(language, buyer.branch)})`
            : `${words.taxId} ${buyer.taxId}`,
        ]
      : []),
  ];
}

export function buildTaxBlock(language: Language, tax: ReceiptTaxInput): ReceiptTaxBlock {
  const words = taxReceiptWords[language];
  const thai = taxReceiptWords.th;
  const own = (pick: (w: TaxReceiptWords) => string) =>
    language === 'th' ? pick(thai) : `${pick(thai)} / ${pick(words)}`;
  const { seller, document } = tax;
  const titleKey =
    document === null ? 'bill' : document.type === 'full' ? 'fullInvoice' : 'abbreviatedInvoice';
  const markKey = document?.status === 'cancelled' ? 'cancelled' : tax.copy ? 'copy' : null;
  const vat = words.vat(vatPercent(seller.vatRate));
  const buyer = document?.type === 'full' ? document.buyer : null;
  return {
    heading: bilingual(thaiTaxTitles[titleKey], words[titleKey]),
    mark: tax.substitute
      ? bilingual(
          `ใบแทนออกให้ครั้งที่ ${tax.substitute.time}`,
          language === 'th' ? '' : words.substitute(tax.substitute.time),
        ).join(' / ')
      : markKey && bilingual(thaiTaxTitles[markKey], words[markKey]).join(' / '),
    seller: sellerLines(language, seller),
    numberLine: document ? `${words.documentNumber} ${document.number}` : null,
    issuedLine: `${words.issuedAt}: ${tax.issuedAt}`,
    notes: [
      ...(document?.replaces
        ? [
            ...bilingual(
              thai.replaces(document.replaces),
              language === 'th' ? '' : words.replaces(document.replaces),
            ),
            ...(tax.saleDate ? [`${own((w) => w.saleDate)}: ${tax.saleDate}`] : []),
            ...(tax.replacedDate ? [`${own((w) => w.replacedDate)}: ${tax.replacedDate}`] : []),
            ...replacementReason(document, own),
          ]
        : []),
      ...(tax.substitute
        ? [
            `${own((w) => w.substituteDate)}: ${tax.substitute.date}`,
            `${own((w) => w.reason)}: ${tax.substitute.reason}`,
          ]
        : []),
      ...(document?.status === 'cancelled' && document.reason
        ? [`${own((w) => w.reason)}: ${document.reason}`]
        : []),
    ],
    buyer: buyer ? buyerLines(language, buyer) : [],
    lines:
      document === null
        ? []
        : document.type === 'full'
          ? [
              { label: words.netAmount, amount: formatSatang(language, document.net) },
              { label: vat, amount: formatSatang(language, document.vat) },
            ]
          : [
              // The Thai words the law names on an abbreviated invoice, on their own line above the receipt
              // language's (a Thai receipt has them once).
              ...(language === 'th' ? [] : [{ label: thai.vatIncluded, amount: '' }]),
              { label: words.vatIncluded, amount: `${vat} ${formatSatang(language, document.vat)}` },
            ],
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
    ...block.notes,
    ...block.buyer,
    ...block.lines.flatMap((line) => [line.label, line.amount]),
  ];
}

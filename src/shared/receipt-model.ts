import { en, type Messages } from './i18n/en';
import { formatBaht, type Language } from './i18n/languages';
import { grandTotal, lineTotal, selectedItems } from './money';
import { promptPayAmountProblem } from './promptpay/promptpay-amount';
import { parsePromptPayId } from './promptpay/promptpay-id';
import { promptPayPayload } from './promptpay/promptpay-payload';
import { buildTaxBlock, type ReceiptTaxBlock, type ReceiptTaxInput, taxBlockTexts } from './receipt-tax';

export interface ReceiptItem {
  name: string;
  price: number;
  missing: number;
}

export interface ReceiptLine {
  label: string;
  amount: string;
}

export interface ReceiptModel {
  /** The language its texts are in (the fonts follow it); English when not given. */
  language?: Language;
  /** The resort's name, above the title in the top margin (so the spec's lines keep their places); null: none. */
  resortName: string | null;
  title: string;
  dateLine: string;
  /** 'Guest: …' on a receipt staff download for a recorded checkout; null on the checkout page's receipt. */
  guestLine: string | null;
  lines: ReceiptLine[];
  totalLabel: string;
  totalAmount: string;
  footer: string;
  /** The PromptPay QR below the total, or null when the resort has no PromptPay ID or nothing is owed. */
  payment: ReceiptPayment | null;
  /** With the resort's tax settings: the tax invoice's (or the bill's) lines. Absent with tax off. */
  tax?: ReceiptTaxBlock;
}

export interface ReceiptPayment {
  title: string;
  /** The EMVCo payload the QR code carries. */
  payload: string;
  amount: string;
  /** "Payee: <name>" when the resort set a payee name. */
  payee: string | null;
  scanHint: string;
}

/** The resort's PromptPay settings, as the public settings give them. */
export interface ReceiptPromptPay {
  id: string;
  name: string | null;
}

export interface ReceiptInput {
  bungalow: number;
  items: readonly ReceiptItem[];
  /** Already formatted for the reader (formatDate of i18n/languages): the spec wants the local date format. */
  date: string;
  /** The guest the checkout was charged to, when staff download a recorded receipt. */
  guestName?: string;
  /** From the resort settings; empty or absent: the receipt names no resort, as the spec's does. */
  resortName?: string;
  /** The receipt's language; English (the spec's texts) when not given. Drink names stay as staff typed them. */
  language?: Language;
  /** That language's messages (loaded by the caller: a language's file is fetched only when chosen). */
  messages?: Messages;
  promptPay?: ReceiptPromptPay | null;
  /** The resort's tax settings and the checkout's document: null or absent, the receipt of before (tax off). */
  tax?: ReceiptTaxInput | null;
}

/** Everything the PDF shows, as plain text, so it can be tested without a PDF. */
export function buildReceiptModel({
  bungalow,
  items,
  date,
  guestName,
  resortName,
  language = 'en',
  messages = en,
  promptPay,
  tax,
}: ReceiptInput): ReceiptModel {
  const chosen = selectedItems(items);
  const recap = chosen.map((item) => `${item.missing} x ${item.name}`).join(', ');
  const amount = grandTotal(chosen);
  const total = formatBaht(language, amount);
  return {
    language,
    resortName: resortName?.trim() || null,
    title: messages.receiptTitle(bungalow),
    dateLine: messages.receiptDate(date),
    guestLine: guestName ? messages.receiptGuest(guestName) : null,
    lines: chosen.map((item) => ({
      label: `${item.missing} x ${item.name}`,
      amount: formatBaht(language, lineTotal(item.missing, item.price)),
    })),
    totalLabel: messages.totalCost,
    totalAmount: total,
    footer: messages.receiptFooter(bungalow, recap || messages.receiptNothingTaken, total),
    payment: receiptPayment(promptPay, amount, total, messages),
    ...(tax ? { tax: buildTaxBlock(language, tax) } : {}),
  };
}

/**
 * A receipt carries the QR only for an amount one PromptPay payment can take (above the limit the guest pays
 * staff; the checkout page says so) and an ID the rules accept: the settings refuse a bad one, and a receipt
 * must never fail over its QR code.
 */
function receiptPayment(
  promptPay: ReceiptPromptPay | null | undefined,
  amount: number,
  total: string,
  messages: Messages,
): ReceiptPayment | null {
  if (!promptPay || !parsePromptPayId(promptPay.id).ok || promptPayAmountProblem(amount) !== null)
    return null;
  return {
    title: messages.payWithPromptPay,
    payload: promptPayPayload(promptPay.id, amount),
    amount: total,
    payee: promptPay.name ? messages.payeeLine(promptPay.name) : null,
    scanHint: messages.scanWithBankingApp,
  };
}

/** Helvetica, jsPDF's built-in font, has no Thai letters: a receipt with any gets the embedded Thai font. */
export function receiptNeedsThaiFont(receipt: ReceiptModel): boolean {
  const thai = /[\u0e00-\u0e7f]/;
  return receiptTexts(receipt).some((text) => thai.test(text));
}

/** Every text the receipt draws. */
export function receiptTexts(receipt: ReceiptModel): string[] {
  return [
    receipt.resortName ?? '',
    receipt.title,
    receipt.dateLine,
    receipt.guestLine ?? '',
    receipt.totalLabel,
    receipt.totalAmount,
    receipt.footer,
  ]
    .concat(receipt.lines.flatMap((line) => [line.label, line.amount]))
    .concat(
      receipt.payment ? [receipt.payment.title, receipt.payment.payee ?? '', receipt.payment.scanHint] : [],
    )
    .concat(receipt.tax ? taxBlockTexts(receipt.tax) : []);
}

import { receiptTitle, texts } from './constants';
import { formatThb, grandTotal, lineTotal, selectedItems } from './money';

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
  title: string;
  dateLine: string;
  lines: ReceiptLine[];
  totalLabel: string;
  totalAmount: string;
  footer: string;
}

export interface ReceiptInput {
  bungalow: number;
  items: readonly ReceiptItem[];
  /** Already formatted in the viewer's locale: the spec wants the local date format. */
  date: string;
}

/** Everything the PDF shows, as plain text, so it can be tested without a PDF. */
export function buildReceiptModel({ bungalow, items, date }: ReceiptInput): ReceiptModel {
  const chosen = selectedItems(items);
  const recap = chosen.map((item) => `${item.missing} x ${item.name}`).join(', ');
  const total = formatThb(grandTotal(chosen));
  return {
    title: receiptTitle(bungalow),
    dateLine: `Date: ${date}`,
    lines: chosen.map((item) => ({
      label: `${item.missing} x ${item.name}`,
      amount: formatThb(lineTotal(item.missing, item.price)),
    })),
    totalLabel: texts.totalCost,
    totalAmount: total,
    footer: `Thank you for staying with us in Bungalow #${bungalow}! We hope you enjoyed your stay. Drinks taken from the fridge: ${recap || 'none'}. Total: ${total}.`,
  };
}

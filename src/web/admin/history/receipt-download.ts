import type { HistoryCheckout } from '../../../shared/staff-types';
import { makeReceiptFile, saveFile } from '../../receipt-file';

/**
 * The receipt of a past checkout, made as the checkout screen's 'Generate PDF' makes it (jsPDF loaded only
 * now), dated the day it was recorded and naming the guest it was charged to. One still owed carries the
 * PromptPay code, as at the bungalow; a paid, voided or not-tracked one does not. With tax documents, it is
 * the checkout's numbered tax invoice, marked "สำเนา / Copy" (the guest had the original), except the full
 * invoice's first print right after the desk issued it.
 */
export async function downloadPastReceipt(
  checkout: HistoryCheckout,
  {
    copy = true,
    substitute,
  }: { copy?: boolean; substitute?: { time: number; at: Date; reason: string } } = {},
): Promise<void> {
  saveFile(
    await makeReceiptFile({
      bungalow: checkout.bungalow,
      items: checkout.lines.map((line) => ({
        name: line.drinkName,
        price: line.unitPrice,
        missing: line.quantity,
      })),
      at: new Date(checkout.createdAt),
      guestName: checkout.guestName,
      owed: checkout.payment === null && checkout.voidedAt === null && checkout.paymentTracked,
      document: checkout.document ?? null,
      copy: copy && Boolean(checkout.document),
      substitute,
    }),
  );
}

import { receiptFileName } from '../../../shared/constants';
import { buildReceiptModel } from '../../../shared/receipt-model';
import type { HistoryCheckout } from '../../../shared/staff-types';

/**
 * The receipt of a past checkout, made by the same builder as the checkout screen's 'Generate PDF'
 * (shared/receipt-pdf, jsPDF loaded only now) under the same file name, dated the day it was recorded.
 */
export async function downloadPastReceipt(checkout: HistoryCheckout): Promise<void> {
  const { buildReceiptPdf } = await import('../../../shared/receipt-pdf');
  const model = buildReceiptModel({
    bungalow: checkout.bungalow,
    items: checkout.lines.map((line) => ({
      name: line.drinkName,
      price: line.unitPrice,
      missing: line.quantity,
    })),
    date: new Date(checkout.createdAt).toLocaleDateString(),
  });
  const file = new File([buildReceiptPdf(model) as BlobPart], receiptFileName(checkout.bungalow), {
    type: 'application/pdf',
  });
  const url = URL.createObjectURL(file);
  const link = document.createElement('a');
  link.href = url;
  link.download = file.name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

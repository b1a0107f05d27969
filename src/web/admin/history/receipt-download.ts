import { receiptFileName } from '../../../shared/constants';
import { buildReceiptModel } from '../../../shared/receipt-model';
import type { HistoryCheckout } from '../../../shared/staff-types';
import { currentI18n } from '../../i18n/language';
import { loadPublicSettings } from '../../settings';

/**
 * The receipt of a past checkout, made by the same builder as the checkout screen's 'Generate PDF'
 * (shared/receipt-pdf, jsPDF loaded only now) under the same file name, dated the day it was recorded in
 * the resort's time zone, and naming the guest it was charged to.
 */
export async function downloadPastReceipt(checkout: HistoryCheckout): Promise<void> {
  const [{ makeReceiptPdf }, { timeZone, resortName, promptPayId, promptPayName }] = await Promise.all([
    import('../../../shared/receipt-pdf'),
    loadPublicSettings(),
  ]);
  const { language, t, date } = currentI18n();
  // A checkout still owed carries the PromptPay code, as at the bungalow; a paid, voided or not-tracked one does not.
  const owed = checkout.payment === null && checkout.voidedAt === null && checkout.paymentTracked;
  const model = buildReceiptModel({
    resortName,
    language,
    messages: t,
    bungalow: checkout.bungalow,
    items: checkout.lines.map((line) => ({
      name: line.drinkName,
      price: line.unitPrice,
      missing: line.quantity,
    })),
    date: date(new Date(checkout.createdAt), timeZone),
    guestName: checkout.guestName,
    promptPay: owed && promptPayId ? { id: promptPayId, name: promptPayName } : null,
  });
  const file = new File([(await makeReceiptPdf(model)) as BlobPart], receiptFileName(checkout.bungalow), {
    type: 'application/pdf',
  });
  const url = URL.createObjectURL(file);
  const link = document.createElement('a');
  link.href = url;
  link.download = file.name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

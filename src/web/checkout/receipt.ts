import { Info, ReceiptText } from 'lucide-react';
import { createElement } from 'react';
import toast from 'react-hot-toast/headless';
import { receiptFileName, shareTitle, texts, timings, toastTexts } from '../../shared/constants';
import { selectedItems } from '../../shared/money';
import { buildReceiptModel } from '../../shared/receipt-model';
import { ApiError, fetchGuest, recordCheckout } from '../api';
import type { CheckoutItem } from './missing-counts';

/**
 * jsPDF is about 130 KiB gzip, more than the rest of the checkout together: it is fetched only when a receipt
 * is made, as its own chunk.
 */
const loadPdfBuilder = () => import('../../shared/receipt-pdf');

/** The receipt as a PDF file, dated in the viewer's own date format (spec section 9). */
export async function makeReceiptFile(bungalow: number, items: readonly CheckoutItem[]): Promise<File> {
  const { buildReceiptPdf } = await loadPdfBuilder();
  const model = buildReceiptModel({ bungalow, items, date: new Date().toLocaleDateString() });
  return new File([buildReceiptPdf(model) as BlobPart], receiptFileName(bungalow), {
    type: 'application/pdf',
  });
}

/** 'Generate PDF': saves bungalow-{id}-checkout.pdf. The spec wants a failure only logged. */
export async function downloadReceiptPdf(bungalow: number, items: readonly CheckoutItem[]): Promise<void> {
  try {
    const file = await makeReceiptFile(bungalow, items);
    const url = URL.createObjectURL(file);
    const link = document.createElement('a');
    link.href = url;
    link.download = file.name;
    link.click();
    // The download has started by now; revoking later keeps slow browsers from losing the file.
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  } catch (error) {
    console.error('The PDF receipt could not be generated', error);
  }
}

/** Why a receipt cannot be sent yet, checked before anything is recorded (spec section 5), or null. */
export function receiptProblem(guestFound: boolean, items: readonly CheckoutItem[]): string | null {
  if (!guestFound) return toastTexts.guestNotFound;
  if (selectedItems(items).length === 0) return toastTexts.noItemsSelected;
  return null;
}

/**
 * The toast for a failed send. The server's own reasons are shown as they are: 409 means the guest record is
 * gone, 422 names the problem (nothing selected, or staff changed a drink while the guest was counting).
 */
export function shareFailureMessage(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 409) return toastTexts.guestNotFound;
    if (error.status === 422) {
      return error.message === toastTexts.noItemsSelected
        ? error.message
        : `${toastTexts.failedToShare}: ${error.message}. Reload the page to see the current fridge.`;
    }
  }
  return toastTexts.failedToShare;
}

/**
 * 'Share Receipt': checks the guest and the items, records the checkout on the server (the server computes
 * the total), then hands the PDF to the device's share sheet where it takes files. Returns whether the
 * checkout was recorded. The guest's counts are never touched, so nothing is lost when a step fails.
 */
export async function sendReceipt(bungalow: number, items: readonly CheckoutItem[]): Promise<boolean> {
  // Started at once: the share sheet must open soon after the tap, while the browser still counts it as
  // the user's gesture.
  const receiptFile = makeReceiptFile(bungalow, items);
  receiptFile.catch(() => {});
  try {
    const problem = receiptProblem((await fetchGuest()) !== null, items);
    if (problem) {
      toast.error(problem);
      return false;
    }
    await recordCheckout({
      bungalow,
      items: selectedItems(items).map((item) => ({ drinkId: item.id, missing: item.missing })),
    });
  } catch (error) {
    console.error('The receipt could not be sent', error);
    toast.error(shareFailureMessage(error));
    return false;
  }

  toast.success(toastTexts.readyToShare, {
    duration: timings.successToastMs,
    icon: createElement(ReceiptText, { 'aria-hidden': true, className: 'size-5 shrink-0 text-brand-700' }),
  });

  if (typeof navigator.share !== 'function') {
    toast(toastTexts.sharingNotSupported, {
      icon: createElement(Info, { 'aria-hidden': true, className: 'size-5 shrink-0 text-sky-700' }),
    });
    return true;
  }
  try {
    const shareData: ShareData = { title: shareTitle(bungalow), text: texts.shareText };
    const file = await receiptFile.catch((error) => {
      console.error('The PDF receipt could not be generated; sharing without it', error);
      return null;
    });
    if (file && navigator.canShare?.({ files: [file] })) shareData.files = [file];
    try {
      await navigator.share(shareData);
    } catch (error) {
      // A browser opens the share sheet only shortly after a tap; a slow connection can outlast that window.
      // Then one more tap, on this toast, opens it.
      if (!(error instanceof DOMException && error.name === 'NotAllowedError')) throw error;
      offerShareTap(shareData);
    }
  } catch (error) {
    // Cancelling the share sheet lands here too; the spec wants a failed share only logged.
    console.error('The receipt was not shared', error);
  }
  return true;
}

function offerShareTap(shareData: ShareData) {
  toast(
    (shown) =>
      createElement(
        'span',
        { className: 'flex items-center gap-3' },
        'The receipt is ready to share.',
        createElement(
          'button',
          {
            type: 'button',
            className: 'min-h-12 shrink-0 rounded-xl bg-brand-700 px-4 font-semibold text-white',
            onClick: () => {
              toast.dismiss(shown.id);
              navigator.share(shareData).catch((error) => console.error('The receipt was not shared', error));
            },
          },
          'Share now',
        ),
      ),
    { id: 'share-tap', duration: 15_000 },
  );
}

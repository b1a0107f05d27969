import { CloudUpload, Info, ReceiptText } from 'lucide-react';
import { createElement } from 'react';
import toast from 'react-hot-toast/headless';
import type { RecordedCheckout } from '../../shared/api-types';
import { timings } from '../../shared/constants';
import { en } from '../../shared/i18n/en';
import { selectedItems } from '../../shared/money';
import type { TaxDocument } from '../../shared/tax';
import { ApiError, fetchGuestOnFile } from '../api';
import { currentI18n } from '../i18n/language';
import { keepCheck, type ShareOutcome } from '../offline/outbox';
import { isWorthRetrying } from '../offline/outbox-flush';
import { makeReceiptFile, saveFile } from '../receipt-file';
import { checkBody } from './check';
import type { CheckoutItem } from './missing-counts';

/**
 * The tax document of the last check this page recorded, with the counts it was recorded with: a Generate PDF
 * of the same counts after Share is that tax invoice, not a bill. Kept here, in the receipt's chunk, so the
 * checkout's first download does not grow.
 */
let lastRecorded: { bungalow: number; counts: string; document: TaxDocument } | null = null;
const countsKey = (items: readonly CheckoutItem[]) =>
  JSON.stringify(selectedItems(items).map((item) => [item.name, item.price, item.missing]));

/**
 * The guest's receipt of the counts on screen, made now and owed. With the resort's tax settings on it is a
 * bill until the check is recorded, and the abbreviated tax invoice (its number and VAT) once it is.
 */
const receiptOf = (bungalow: number, items: readonly CheckoutItem[], document?: TaxDocument | null) =>
  makeReceiptFile({ bungalow, items, at: new Date(), owed: true, document: document ?? null });

/** The recorded document of these counts, if this page shared them. */
function documentOf(bungalow: number, items: readonly CheckoutItem[]): TaxDocument | null {
  if (lastRecorded?.bungalow !== bungalow || lastRecorded.counts !== countsKey(items)) return null;
  return lastRecorded.document;
}

/** 'Generate PDF': saves bungalow-{id}-checkout.pdf. The spec wants a failure only logged. */
export async function downloadReceiptPdf(bungalow: number, items: readonly CheckoutItem[]): Promise<void> {
  try {
    saveFile(await receiptOf(bungalow, items, documentOf(bungalow, items)));
  } catch (error) {
    console.error('The PDF receipt could not be generated', error);
  }
}

/**
 * The toast for a failed send. The server's own reasons are shown as they are: 409 "Guest information not
 * found" (no stay and no guest record), another 409 (the check was voided or is another bungalow's), 422 names
 * the problem (nothing selected, or staff changed a drink while the guest was counting), 429 says when to try
 * again.
 */
export function shareFailureMessage(error: unknown): string {
  const { t } = currentI18n();
  if (error instanceof ApiError) {
    if (error.status === 409) {
      return error.message === en.toastGuestNotFound ? t.toastGuestNotFound : t.shareRefused(error.message);
    }
    if (error.status === 429) return t.shareThrottled(error.message);
    // With stock on: more counted missing than the fridge held; the server's message names the drink.
    if (error.code === 'exceeds_fridge') return t.exceedsFridge(error.message);
    if (error.status === 422) {
      // The server says it in English (the API's language); the toast says it in the page's.
      return error.message === en.toastNoItemsSelected
        ? t.toastNoItemsSelected
        : t.shareFailedReload(error.message);
    }
  }
  return t.toastFailedToShare;
}

/**
 * What a Share did: the record it went to; or queued in the outbox (no usable answer: it is sent later, and
 * the check counts as shared); or why not and whether the page must start a new check.
 */
export type SendResult =
  | { recorded: RecordedCheckout; queued?: false }
  | { recorded: null; queued: true }
  | { recorded: null; queued?: false; startNewCheck: boolean };

/**
 * 'Share Receipt': writes the check to the outbox first (the device's disk: from here on a reload, a closed
 * tab or a crash loses nothing), sends it (the server finds the guest, the bungalow's stay or the Guest record,
 * and computes the total; a resend of the same check writes nothing), then hands the PDF to the device's share
 * sheet where it takes files. With no answer (offline, the answer lost, 408 or 5xx) the check stays queued and
 * is sent later: the page says so instead of 'Ready to share receipt!' and the share sheet still opens with the
 * receipt (docs/decisions/040-offline-first-checkout.md). The guest's counts are never touched.
 */
export async function sendReceipt(
  bungalow: number,
  items: readonly CheckoutItem[],
  checkId: string,
): Promise<SendResult> {
  // Started at once: the share sheet must open soon after the tap, while the browser still counts it as
  // the user's gesture.
  const receiptFile = receiptOf(bungalow, items);
  receiptFile.catch(() => {});
  let outcome: ShareOutcome;
  try {
    // On the device's disk before anything else: from here on nothing is lost.
    const kept = await keepCheck(checkBody(bungalow, items, checkId));
    // The spec's order: the guest first, then the items; asked before sending, so a refused share sends no
    // checkout (and the browser logs no failed request). Without an answer (offline) the server checks the
    // guest when the queued check is sent.
    const onFile =
      !navigator.onLine ||
      (await fetchGuestOnFile(bungalow).then(
        (answer) => answer.onFile,
        (error: unknown) => {
          if (isWorthRetrying(error, { tooManyRequests: false })) return true;
          throw error;
        },
      ));
    const problem = !onFile
      ? currentI18n().t.toastGuestNotFound
      : selectedItems(items).length === 0
        ? currentI18n().t.toastNoItemsSelected
        : null;
    if (problem) {
      await kept.drop();
      toast.error(problem);
      return { recorded: null, startNewCheck: false };
    }
    outcome = await kept.send();
  } catch (error) {
    console.error('The receipt could not be sent', error);
    toast.error(shareFailureMessage(error));
    // A voided check, or one recorded for another bungalow, cannot take this send: the next Share is a new check.
    const checkRefused =
      error instanceof ApiError && error.status === 409 && error.message !== en.toastGuestNotFound;
    return { recorded: null, startNewCheck: checkRefused };
  }
  const result: SendResult =
    outcome.kind === 'sent' ? { recorded: outcome.recorded } : { recorded: null, queued: true };
  // With tax on, the record carries the abbreviated tax invoice: the receipt shared is that, numbered.
  const document = outcome.kind === 'sent' ? (outcome.recorded.document ?? null) : null;
  let shareFile = receiptFile;
  if (document) {
    lastRecorded = { bungalow, counts: countsKey(items), document };
    shareFile = receiptOf(bungalow, items, document);
    shareFile.catch(() => {});
  }

  const { t } = currentI18n();
  if (outcome.kind === 'queued') {
    toast(t.queuedToast, {
      id: 'check-queued',
      icon: createElement(CloudUpload, { 'aria-hidden': true, className: 'size-5 shrink-0 text-amber-700' }),
    });
  } else {
    toast.success(t.toastReadyToShare, {
      duration: timings.successToastMs,
      icon: createElement(ReceiptText, { 'aria-hidden': true, className: 'size-5 shrink-0 text-brand-700' }),
    });
  }

  if (typeof navigator.share !== 'function') {
    toast(t.toastSharingNotSupported, {
      icon: createElement(Info, { 'aria-hidden': true, className: 'size-5 shrink-0 text-sky-700' }),
    });
    return result;
  }
  try {
    const shareData: ShareData = { title: t.shareTitle(bungalow), text: t.shareText };
    const file = await shareFile.catch((error) => {
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
  return result;
}

function offerShareTap(shareData: ShareData) {
  const { t } = currentI18n();
  toast(
    (shown) =>
      createElement(
        'span',
        { className: 'flex items-center gap-3' },
        t.receiptReadyToShare,
        createElement(
          'button',
          {
            type: 'button',
            // Toasts are click-through (so one never hides a control under it); this one's own button is not.
            className:
              'pointer-events-auto min-h-12 shrink-0 rounded-xl bg-brand-700 px-4 font-semibold text-white',
            onClick: () => {
              toast.dismiss(shown.id);
              navigator.share(shareData).catch((error) => console.error('The receipt was not shared', error));
            },
          },
          t.shareNow,
        ),
      ),
    { id: 'share-tap', duration: 15_000 },
  );
}

import { CircleCheck, CloudUpload, TriangleAlert } from 'lucide-react';
import { useSyncExternalStore } from 'react';
import { Button } from '../components/ui/button';
import { useI18n } from '../i18n/language';
import { discardRefused, flushOutboxSoon, outboxSnapshot, retryRefused, subscribeOutbox } from './outbox';

/** Safari on an iPhone or iPad (iPadOS says it is a Mac, but has touch), in a tab rather than installed. */
function isIosBrowserTab() {
  const ios =
    /iPhone|iPad|iPod/.test(navigator.userAgent) ||
    (navigator.userAgent.includes('Macintosh') && navigator.maxTouchPoints > 1);
  const installed =
    window.matchMedia('(display-mode: standalone)').matches ||
    (navigator as Navigator & { standalone?: boolean }).standalone === true;
  return ios && !installed;
}

/**
 * What waits in the outbox, on the checkout page: "1 check waiting to send" with a Send now button, checks the
 * server refused (with its reason, to retry or discard), and "All checks sent." once a flush emptied it.
 * A lazy chunk: it is not part of /checkout's first load.
 */
export function OutboxStatus() {
  const { t } = useI18n();
  const outbox = useSyncExternalStore(subscribeOutbox, outboxSnapshot, outboxSnapshot);
  const waiting = outbox.checks.filter((check) => !check.refused);
  const refused = outbox.checks.filter((check) => check.refused);

  return (
    <div role="status" aria-live="polite" className="empty:hidden mb-5 grid gap-3">
      {waiting.length > 0 && (
        <div className="rounded-2xl bg-amber-50 p-4 text-amber-950 ring-1 ring-amber-300">
          <div className="flex flex-wrap items-center gap-3">
            <CloudUpload aria-hidden="true" className="size-6 shrink-0 text-amber-700" />
            <p className="flex-1">
              <strong className="block font-semibold">{t.waitingToSend(waiting.length)}</strong>
              <span className="text-sm">{t.waitingDetail(waiting.length)}</span>
            </p>
            <Button variant="secondary" pending={outbox.sending} onClick={() => void flushOutboxSoon()}>
              {t.sendNow}
            </Button>
          </div>
          {isIosBrowserTab() && <p className="mt-3 text-sm">{t.iosInstall}</p>}
        </div>
      )}
      {refused.map((check) => (
        <div key={check.checkId} className="rounded-2xl bg-red-50 p-4 text-red-950 ring-1 ring-red-300">
          <p className="flex items-start gap-3">
            <TriangleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-red-700" />
            {t.checkRefused(check.body.bungalow, check.refused?.message ?? '')}
          </p>
          <div className="mt-3 flex flex-wrap gap-2">
            <Button variant="secondary" pending={outbox.sending} onClick={() => void retryRefused(check)}>
              {t.tryAgain}
            </Button>
            <Button variant="ghost" onClick={() => void discardRefused(check)}>
              {t.discard}
            </Button>
          </div>
        </div>
      ))}
      {outbox.checks.length === 0 && outbox.allSentAt !== null && (
        <p className="flex items-center gap-2 rounded-2xl bg-brand-50 p-4 font-medium text-brand-900 ring-1 ring-brand-100">
          <CircleCheck aria-hidden="true" className="size-5 shrink-0 text-brand-700" />
          {t.allSent}
        </p>
      )}
    </div>
  );
}

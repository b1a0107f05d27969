import { Suspense } from 'react';
import { Await } from 'react-router';
import { useI18n } from '../i18n/language';
import { OutboxStatus } from './outbox-status';

/** Offline, the drinks come from the service worker's last copy: say so, and from when. */
function OfflineDrinksNote({ savedAt }: { savedAt: string | null }) {
  const { t, dateTime } = useI18n();
  if (savedAt === null) return null;
  const date = new Date(savedAt);
  const when = Number.isNaN(date.getTime()) ? null : dateTime(date);
  return (
    <p role="note" className="mb-5 rounded-2xl bg-amber-50 p-4 text-amber-950 ring-1 ring-amber-300">
      {t.offlineDrinks(when)}
    </p>
  );
}

/** The checkout page's offline part (a lazy chunk): the outbox and, offline, the drinks' age. */
export function OfflinePanel({ offlineCopyOf }: { offlineCopyOf: Promise<string | null> }) {
  return (
    <>
      <OutboxStatus />
      <Suspense fallback={null}>
        <Await resolve={offlineCopyOf}>
          {(savedAt: string | null) => <OfflineDrinksNote savedAt={savedAt} />}
        </Await>
      </Suspense>
    </>
  );
}

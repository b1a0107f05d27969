import { BellRing, Radio, Volume2, VolumeX, WifiOff } from 'lucide-react';
import { useState } from 'react';
import { Link, useRevalidator } from 'react-router';
import type { LiveEvent } from '../../../shared/live-types';
import { fetchSession, inBackground } from '../../api';
import { type AdminI18n, useAdminI18n } from '../admin-i18n';
import { DeskDepartures } from './desk-departures';
import { chime, setSoundEnabled, soundEnabled, useSoundEnabled } from './live-sound';
import { PmsNotPosted } from './pms-not-posted';
import { useLiveSignals, useLiveStatus } from './use-live';

interface Notice {
  seq: number;
  event: LiveEvent;
}

/** The notices worth a line: what came in from elsewhere (a count, an answer, a request), not every change. */
function noticeText(event: LiveEvent, { a, baht }: AdminI18n): string | null {
  const bungalow = event.bungalow ?? 0;
  switch (event.action) {
    case 'checkout.recorded':
    case 'checkout.revised':
      if (event.total === undefined) return null;
      return event.unverified
        ? a.liveUnverifiedCameIn(bungalow, baht(event.total))
        : a.liveAmountCameIn(bungalow, baht(event.total));
    case 'request.opened':
      return a.liveCheckAsked(bungalow);
    case 'request.done':
      // A checkout's answer says its amount already (checkout.recorded comes with it).
      return event.outcome === 'nothing-missing' ? a.liveNothingMissing(bungalow) : null;
    default:
      return null;
  }
}

const kept = 3;

/**
 * The workspace's live strip: whether live updates run, the last things that came in ("Bungalow 12:
 * 490 THB"), an optional chime (this device's setting), and a link to count the fridge of a requested check.
 */
export function LiveDesk() {
  const i18n = useAdminI18n();
  const { a, dateTime } = i18n;
  const status = useLiveStatus();
  const sound = useSoundEnabled();
  const [notices, setNotices] = useState<Notice[]>([]);

  const revalidator = useRevalidator();
  useLiveSignals((signal) => {
    // The server ends a stream whose session ended (locked elsewhere, device revoked, person deactivated):
    // ask whether this one is still open, and if not, the workspace shows its sign-in.
    if (signal.kind === 'refused') {
      void inBackground(fetchSession)
        .then((session) => {
          if (!session.authenticated) return revalidator.revalidate();
        })
        .catch(() => {});
      return;
    }
    if (signal.kind !== 'event' || noticeText(signal.event, i18n) === null) return;
    const { event } = signal;
    setNotices((shown) =>
      [{ seq: event.seq, event }, ...shown.filter((n) => n.seq !== event.seq)].slice(0, kept),
    );
    if (soundEnabled()) chime();
  });

  return (
    <section aria-label={a.liveDesk} className="flex flex-col gap-2 print:hidden">
      <div className="flex flex-wrap items-center gap-3">
        {status === 'down' ? (
          <p
            role="alert"
            className="flex items-center gap-2 rounded-lg bg-amber-50 px-3 py-2 text-amber-900 ring-1 ring-amber-300"
          >
            <WifiOff aria-hidden="true" className="size-5 shrink-0" />
            {a.liveDown}
          </p>
        ) : (
          <p className="flex items-center gap-2 text-sm text-slate-600">
            <Radio aria-hidden="true" className={`size-4 ${status === 'open' ? 'text-emerald-700' : ''}`} />
            {status === 'open' ? a.liveOn : a.liveConnecting}
          </p>
        )}
        <button
          type="button"
          aria-pressed={sound}
          onClick={() => setSoundEnabled(!sound)}
          className="flex min-h-10 items-center gap-2 rounded-lg px-2 text-sm text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-700"
        >
          {sound ? (
            <Volume2 aria-hidden="true" className="size-4" />
          ) : (
            <VolumeX aria-hidden="true" className="size-4" />
          )}
          {a.liveSound}
        </button>
      </div>
      <ul aria-label={a.liveNotices} aria-live="polite" className="flex flex-col gap-1 empty:hidden">
        {notices.map(({ seq, event }) => (
          <li
            key={seq}
            className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded-lg bg-brand-50 px-3 py-2 text-slate-900"
          >
            <BellRing aria-hidden="true" className="size-4 shrink-0 text-brand-800" />
            <strong className="font-semibold">{noticeText(event, i18n)}</strong>
            <span className="text-sm text-slate-600">{dateTime(event.at)}</span>
            {event.action === 'request.opened' && event.bungalow !== null && (
              <Link
                to={`/checkout?bungalow=${event.bungalow}`}
                className="font-semibold text-brand-800 underline underline-offset-2"
              >
                {a.checkTheFridge(event.bungalow)}
              </Link>
            )}
          </li>
        ))}
      </ul>
      <DeskDepartures />
      <PmsNotPosted />
    </section>
  );
}

import '../zod-jitless';
import { Suspense, useEffect } from 'react';
import { Await, useRevalidator } from 'react-router';
import type { Round, RoundEntry } from '../../../shared/round-types';
import { inBackground } from '../../api';
import { pageLoader, reportLoadFailure } from '../admin-data';
import { useAdminI18n } from '../admin-i18n';
import { useLiveSignals } from '../live/use-live';
import { LoadFailed, Loading } from '../load-states';
import { PageSection } from '../page-section';
import { usePageData } from '../use-page-data';
import { fetchRound } from './round-api';
import { RoundEntryRow } from './round-entry';

/**
 * /admin/round: housekeeping's morning on a phone (DESIGN.md, "The departure round"). Departures first, by
 * the time they are due out (the desk is waiting for the bill), then the rooms in house, then the arrivals'
 * fridges to par; each bungalow with its state, a tap opening its checkout. It reads again on every
 * `round.changed` of the live stream, and every few minutes for what only the PMS knows (a guest checked out).
 */

export const loader = pageLoader(() => ({ round: reportLoadFailure(fetchRound()) }));

/** The PMS tells no one when a guest checks out there: read again this often while the page is open. */
const pmsRereadMs = 3 * 60_000;

function useRoundLive() {
  const revalidator = useRevalidator();
  const reread = () => void inBackground(() => revalidator.revalidate()).catch(() => {});
  useLiveSignals((signal) => {
    if (signal.kind === 'round' || signal.kind === 'reset' || signal.kind === 'back') reread();
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: one timer for the page's life
  useEffect(() => {
    const timer = setInterval(reread, pmsRereadMs);
    return () => clearInterval(timer);
  }, []);
}

function Part({
  id,
  title,
  entries,
  kind,
}: {
  id: string;
  title: string;
  entries: RoundEntry[];
  kind: 'departure' | 'inHouse' | 'arrival';
}) {
  const { a } = useAdminI18n();
  return (
    <PageSection id={id} title={`${title} (${entries.length})`}>
      {entries.length === 0 ? (
        <p className="text-slate-600">{a.roundNone}</p>
      ) : (
        <ul aria-label={title} className="flex flex-col gap-2">
          {entries.map((entry) => (
            <RoundEntryRow key={`${kind} ${entry.bungalow} ${entry.from ?? ''}`} entry={entry} kind={kind} />
          ))}
        </ul>
      )}
    </PageSection>
  );
}

function RoundView({ round }: { round: Round }) {
  const { a } = useAdminI18n();
  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-slate-600">
        {a.roundDay(round.day)} · {round.source === 'pms' ? a.roundFromPms : a.roundFromStays}
      </p>
      {round.pmsError && (
        <p role="alert" className="rounded-lg bg-amber-50 px-3 py-2 text-amber-950 ring-1 ring-amber-300">
          {a.roundPmsAway(round.pmsError)}
        </p>
      )}
      <Part id="round-departures" title={a.roundDepartures} entries={round.departures} kind="departure" />
      <Part id="round-in-house" title={a.roundInHouse} entries={round.inHouse} kind="inHouse" />
      <Part id="round-arrivals" title={a.roundArrivals} entries={round.arrivals} kind="arrival" />
    </div>
  );
}

export function Component() {
  const data = usePageData<typeof loader>();
  const { a } = useAdminI18n();
  useRoundLive();
  if (!data) return null;
  return (
    <Suspense fallback={<Loading />}>
      <Await resolve={data.round} errorElement={<LoadFailed what={a.pageRound} />}>
        {(round) => <RoundView round={round} />}
      </Await>
    </Suspense>
  );
}

import { LogOut } from 'lucide-react';
import { useCallback, useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router';
import type { RoundEntry } from '../../../shared/round-types';
import { inBackground } from '../../api';
import { useAdminI18n } from '../admin-i18n';
import { fetchRound } from '../round/round-api';
import { RoundStateBadge } from '../round/round-entry';
import { useGrant } from '../team/session-context';
import { useLiveSignals } from './use-live';

/**
 * The day's departures on the desk's live strip, each with the state housekeeping's round shows (checked with
 * its amount, posted, paid, settle at the desk…): the desk sees which bills are ready. Read again on every
 * `round.changed`.
 */
export function DeskDepartures() {
  const { a } = useAdminI18n();
  // The desk's: housekeeping has the round page itself, where this strip would say it twice.
  const desk = useGrant('frontDesk') === 'yes';
  const onRound = useLocation().pathname.startsWith('/admin/round');
  const fridge = desk && !onRound;
  const [departures, setDepartures] = useState<RoundEntry[]>([]);

  const load = useCallback(() => {
    if (!fridge) return;
    void inBackground(() => fetchRound())
      .then((round) => setDepartures(round.departures))
      .catch(() => {});
  }, [fridge]);
  useEffect(load, [load]);
  useLiveSignals((signal) => {
    if (signal.kind === 'round' || signal.kind === 'reset' || signal.kind === 'back') load();
  });

  if (!fridge || departures.length === 0) return null;
  return (
    <section aria-label={a.roundDepartures} className="rounded-lg bg-white px-3 py-2 ring-1 ring-slate-200">
      <h3 className="flex items-center gap-2 font-semibold text-slate-900">
        <LogOut aria-hidden="true" className="size-4" />
        <Link to="/admin/round" className="underline underline-offset-2">
          {a.roundDepartures}
        </Link>
      </h3>
      <ul className="flex flex-wrap gap-x-4 gap-y-1 pt-1">
        {departures.map((entry) => (
          <li
            key={`${entry.bungalow} ${entry.to ?? ''}`}
            data-bungalow={entry.bungalow}
            className="flex items-center gap-2"
          >
            <strong className="font-semibold">{a.roundBungalow(entry.bungalow)}</strong>
            <RoundStateBadge entry={entry} />
          </li>
        ))}
      </ul>
    </section>
  );
}

import { ChevronRight } from 'lucide-react';
import { Link } from 'react-router';
import type { RoundEntry, RoundState } from '../../../shared/round-types';
import { type AdminI18n, useAdminI18n } from '../admin-i18n';

/** Each state's colours: what is left to do stands out, what is done fades. */
const stateLook: Record<RoundState, string> = {
  to_check: 'bg-amber-100 text-amber-950 ring-amber-300',
  checked: 'bg-sky-100 text-sky-950 ring-sky-300',
  posted: 'bg-indigo-100 text-indigo-950 ring-indigo-300',
  paid: 'bg-emerald-100 text-emerald-950 ring-emerald-300',
  settled_outside: 'bg-emerald-100 text-emerald-950 ring-emerald-300',
  restocked: 'bg-slate-100 text-slate-700 ring-slate-300',
};

export const stateText = (state: RoundState, { a }: AdminI18n) => a[`roundState_${state}`];

/** A day (YYYY-MM-DD) stays as it is; an instant becomes its time of day where the phone is. */
function whenOf(value: string | null, language: string): string | null {
  if (!value || /^\d{4}-\d{2}-\d{2}$/.test(value)) return null;
  return new Date(value).toLocaleTimeString(language, { hour: '2-digit', minute: '2-digit' });
}

/** The state beside a bungalow, with the amount once it is checked and "settle at the desk" where it applies. */
export function RoundStateBadge({ entry }: { entry: RoundEntry }) {
  const i18n = useAdminI18n();
  return (
    <span className="flex flex-wrap items-center gap-2">
      <span
        data-round-state={entry.state}
        className={`rounded-full px-2.5 py-0.5 text-sm font-semibold ring-1 ${stateLook[entry.state]}`}
      >
        {stateText(entry.state, i18n)}
        {entry.amount !== null && entry.state !== 'to_check' ? ` · ${i18n.baht(entry.amount)}` : ''}
      </span>
      {entry.settleAtDesk && (
        <span className="rounded-full bg-red-100 px-2.5 py-0.5 text-sm font-semibold text-red-900 ring-1 ring-red-300">
          {i18n.a.roundSettleAtDesk}
        </span>
      )}
    </span>
  );
}

/** One bungalow of the round: a tap opens its checkout, where the fridge is counted. */
export function RoundEntryRow({
  entry,
  kind,
}: {
  entry: RoundEntry;
  kind: 'departure' | 'inHouse' | 'arrival';
}) {
  const i18n = useAdminI18n();
  const { a, language } = i18n;
  const out = whenOf(entry.to, language);
  const arrives = whenOf(entry.from, language);
  const when =
    kind === 'departure' && out
      ? a.roundOut(out)
      : kind === 'arrival' && arrives
        ? a.roundIn(arrives)
        : kind === 'inHouse' && entry.to
          ? a.roundUntil(entry.to.slice(0, 10))
          : null;
  return (
    <li>
      <Link
        to={`/checkout?bungalow=${entry.bungalow}`}
        aria-label={a.roundOpenCheckout(entry.bungalow)}
        data-bungalow={entry.bungalow}
        className="flex min-h-16 items-center gap-3 rounded-xl bg-white px-3 py-2 ring-1 ring-slate-200 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-brand-700"
      >
        <span className="w-12 shrink-0 text-center text-2xl font-bold text-slate-900">{entry.bungalow}</span>
        <span className="flex min-w-0 flex-1 flex-col gap-1">
          <span className="flex flex-wrap items-baseline gap-x-2 text-slate-700">
            {entry.guestName && (
              <span className="truncate font-medium text-slate-900">{entry.guestName}</span>
            )}
            {when && <span className="text-sm">{when}</span>}
          </span>
          <RoundStateBadge entry={entry} />
        </span>
        <ChevronRight aria-hidden="true" className="size-5 shrink-0 text-slate-400" />
      </Link>
    </li>
  );
}

import { ArrowRight } from 'lucide-react';
import { type ReactNode, Suspense } from 'react';
import { Await, Link } from 'react-router';
import type { DaySummary } from '../../../shared/day-close-types';
import type { RestockList, UnpaidSummary } from '../../../shared/staff-types';
import { useAdminI18n } from '../admin-i18n';
import { formatDay } from '../format';
import { LoadFailed, Loading } from '../load-states';
import { PageSection } from '../page-section';

export interface TodayFigures {
  /** YYYY-MM-DD, as the server counts days. */
  day: string;
  /** Checkouts recorded today, voided ones left out. */
  checkouts: number;
  /** More checkouts than one history page holds: the count is a lower bound. */
  moreThanCounted: boolean;
  units: number;
  thb: number;
}

export interface OverviewPageProps {
  today: Promise<TodayFigures>;
  restock: Promise<RestockList>;
  unpaid: Promise<UnpaidSummary>;
  /** Yesterday when it was not closed (null: nothing to remind of). */
  yesterday: Promise<DaySummary | null>;
}

const linkClass =
  'inline-flex min-h-12 items-center gap-2 rounded-xl font-semibold text-brand-800 underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700';

/**
 * The overview's cards. Each is a section of its own with its own loading state, so a slow read never holds
 * the others back.
 */
export function OverviewPage({ today, restock, unpaid, yesterday }: OverviewPageProps) {
  const { a } = useAdminI18n();
  return (
    <div className="grid gap-4 xl:grid-cols-2">
      <Suspense fallback={null}>
        <Await resolve={yesterday} errorElement={null}>
          {(day: DaySummary | null) => day && <YesterdayCard day={day.day} />}
        </Await>
      </Suspense>
      <PageSection id="today" title={a.today}>
        <Deferred resolve={today} what={a.todaysFigures}>
          {(figures) => <TodayCard figures={figures} />}
        </Deferred>
      </PageSection>
      <PageSection id="waiting-restock" title={a.waitingForRestock}>
        <Deferred resolve={restock} what={a.theRestockList}>
          {(list) => <RestockCard list={list} />}
        </Deferred>
      </PageSection>
      <PageSection id="unpaid" title={a.unpaidCheckouts}>
        <Deferred resolve={unpaid} what={a.theUnpaidCheckouts}>
          {(summary) => <UnpaidCard summary={summary} />}
        </Deferred>
      </PageSection>
    </div>
  );
}

function Deferred<T>({
  resolve,
  what,
  children,
}: {
  resolve: Promise<T>;
  what: string;
  children: (value: T) => ReactNode;
}) {
  return (
    <Suspense fallback={<Loading />}>
      <Await resolve={resolve} errorElement={<LoadFailed what={what} />}>
        {(value: T) => children(value)}
      </Await>
    </Suspense>
  );
}

/** A small reminder: yesterday's cash was not counted and closed. */
function YesterdayCard({ day }: { day: string }) {
  const { a, language } = useAdminI18n();
  return (
    <section
      aria-labelledby="admin-section-yesterday"
      className="flex flex-col gap-2 rounded-2xl bg-amber-50 p-4 ring-1 ring-amber-300 xl:col-span-2"
    >
      <h3 id="admin-section-yesterday" className="text-lg font-bold text-slate-900">
        {a.yesterdayNotClosed}
      </h3>
      <p className="text-slate-800">{a.yesterdayNotClosedText(formatDay(day, language))}</p>
      <Link to={`/admin/close?${new URLSearchParams({ day })}`} className={linkClass}>
        {a.closeYesterday}
        <ArrowRight aria-hidden="true" className="size-5" />
      </Link>
    </section>
  );
}

function TodayCard({ figures }: { figures: TodayFigures }) {
  const history = `/admin/history?${new URLSearchParams({ from: figures.day, to: figures.day })}`;
  const { a, baht, language } = useAdminI18n();
  return (
    <div className="flex flex-col gap-3">
      <p className="text-slate-600">{formatDay(figures.day, language)}</p>
      <dl className="grid grid-cols-2 gap-3">
        <div className="rounded-xl bg-brand-50 p-3">
          <dt className="text-sm font-semibold text-slate-700">{a.checkouts}</dt>
          <dd className="text-3xl font-extrabold tabular-nums text-slate-900">
            {figures.checkouts}
            {figures.moreThanCounted ? '+' : ''}
          </dd>
        </div>
        <div className="rounded-xl bg-brand-50 p-3">
          <dt className="text-sm font-semibold text-slate-700">{a.drinksTaken}</dt>
          <dd className="text-2xl font-extrabold tabular-nums text-slate-900 sm:text-3xl">
            {baht(figures.thb)}
          </dd>
          <dd className="text-sm text-slate-700">{a.units(figures.units)}</dd>
        </div>
      </dl>
      <Link to={history} className={linkClass}>
        {a.todaysCheckouts}
        <ArrowRight aria-hidden="true" className="size-5" />
      </Link>
    </div>
  );
}

function RestockCard({ list }: { list: RestockList }) {
  const { a } = useAdminI18n();
  if (list.bungalows.length === 0) {
    return <p className="text-slate-600">{a.everyFridgeFull}</p>;
  }
  return (
    <div className="flex flex-col gap-3">
      <p className="text-slate-700">
        <span className="text-3xl font-extrabold tabular-nums text-slate-900">{list.bungalows.length}</span>{' '}
        {a.bungalowsToCarry(list.bungalows.length, list.units)}
      </p>
      <ul aria-label={a.bungalowsWaiting} className="flex flex-wrap gap-2">
        {list.bungalows.map((bungalow) => (
          <li key={bungalow.bungalow}>
            <Link
              to={`/admin/restock#restock-${bungalow.bungalow}`}
              className="inline-flex min-h-12 min-w-12 items-center justify-center rounded-xl bg-slate-100 px-3 font-semibold text-slate-900 ring-1 ring-slate-300 hover:bg-slate-200 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
            >
              <span className="sr-only">
                {a.bungalow(bungalow.bungalow)}: {a.units(bungalow.units)}
              </span>
              <span aria-hidden="true">{bungalow.bungalow}</span>
            </Link>
          </li>
        ))}
      </ul>
      <Link to="/admin/restock" className={linkClass}>
        {a.openRestockList}
        <ArrowRight aria-hidden="true" className="size-5" />
      </Link>
    </div>
  );
}

/** What the resort is still owed: checkouts neither paid nor voided, with a link to the filtered history. */
function UnpaidCard({ summary }: { summary: UnpaidSummary }) {
  const { a, baht } = useAdminI18n();
  if (summary.count === 0) {
    return <p className="text-slate-600">{a.nothingOwed}</p>;
  }
  return (
    <div className="flex flex-col gap-3">
      <dl className="grid grid-cols-2 gap-3">
        <div className="rounded-xl bg-amber-50 p-3">
          <dt className="text-sm font-semibold text-slate-700">{a.unpaid}</dt>
          <dd className="text-3xl font-extrabold tabular-nums text-slate-900">{summary.count}</dd>
          <dd className="text-sm text-slate-700">{a.checkoutCount(summary.count)}</dd>
        </div>
        <div className="rounded-xl bg-amber-50 p-3">
          <dt className="text-sm font-semibold text-slate-700">{a.owed}</dt>
          <dd className="text-3xl font-extrabold tabular-nums text-slate-900">{baht(summary.thb)}</dd>
        </div>
      </dl>
      <Link to="/admin/history?paid=false" className={linkClass}>
        {a.showUnpaid}
        <ArrowRight aria-hidden="true" className="size-5" />
      </Link>
    </div>
  );
}

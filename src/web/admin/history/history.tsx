import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Suspense } from 'react';
import { Await, Link } from 'react-router';
import { staffLimits } from '../../../shared/staff-constants';
import type { HistoryPage } from '../../../shared/staff-types';
import { useAdminI18n } from '../admin-i18n';
import { LoadFailed, Loading } from '../load-states';
import { CheckoutEntry } from './checkout-entry';
import { HistoryFilterForm } from './history-filters';
import { useSearchParams } from './use-search-params';

export interface HistoryFilters {
  bungalow: string;
  guest: string;
  from: string;
  to: string;
  /** 'false': only checkouts still owed; 'true': only paid ones; '': all. */
  paid: string;
  page: number;
}

export interface HistorySectionProps {
  filters: HistoryFilters;
  /** The filters do not make sense (e.g. from after to): shown by the form, nothing fetched. */
  filterError: string | null;
  history: Promise<HistoryPage>;
}

/** Checkout history: newest first, filtered by bungalow and a range of the resort's days through the page's URL. */
export function HistorySection({ filters, filterError, history }: HistorySectionProps) {
  const { a } = useAdminI18n();
  return (
    <div className="flex flex-col gap-4">
      <HistoryFilterForm
        key={`${filters.bungalow}|${filters.guest}|${filters.from}|${filters.to}|${filters.paid}`}
        error={filterError}
      />
      <Suspense fallback={<Loading />}>
        <Await resolve={history} errorElement={<LoadFailed what={a.theCheckoutHistory} />}>
          {(page) => <HistoryList page={page} pageNumber={filters.page} />}
        </Await>
      </Suspense>
    </div>
  );
}

function HistoryList({ page, pageNumber }: { page: HistoryPage; pageNumber: number }) {
  const params = useSearchParams();
  const { a } = useAdminI18n();
  const pageLink = (n: number) => {
    const next = new URLSearchParams(params);
    next.set('page', String(n));
    return `?${next}`;
  };
  return (
    <div className="flex flex-col gap-3">
      {page.items.length === 0 ? (
        <p className="py-4 text-slate-600">{a.noCheckoutsMatch}</p>
      ) : (
        <ol className="flex flex-col gap-3" aria-label={a.checkoutsNewestFirst}>
          {page.items.map((checkout) => (
            <CheckoutEntry key={checkout.id} checkout={checkout} />
          ))}
        </ol>
      )}
      {(pageNumber > 1 || page.hasMore) && (
        <nav aria-label={a.historyPages} className="flex items-center justify-between gap-3">
          {pageNumber > 1 ? (
            <Link className={pagerClass} to={pageLink(pageNumber - 1)}>
              <ChevronLeft aria-hidden="true" className="size-5" />
              {a.newer}
            </Link>
          ) : (
            <span />
          )}
          <span className="text-slate-600">{a.historyPageOf(pageNumber, staffLimits.historyPageSize)}</span>
          {page.hasMore ? (
            <Link className={pagerClass} to={pageLink(pageNumber + 1)}>
              {a.older}
              <ChevronRight aria-hidden="true" className="size-5" />
            </Link>
          ) : (
            <span />
          )}
        </nav>
      )}
    </div>
  );
}

const pagerClass =
  'inline-flex min-h-12 items-center gap-1 rounded-xl px-4 font-semibold text-brand-800 ring-1 ring-slate-300 hover:bg-slate-50';

import { Suspense } from 'react';
import { Await } from 'react-router';
import { staffLimits } from '../../../shared/staff-constants';
import type { HistoryPage } from '../../../shared/staff-types';
import { useAdminI18n } from '../admin-i18n';
import { LoadFailed, Loading } from '../load-states';
import { UrlPagedList } from '../url-filtered-list';
import { CheckoutEntry } from './checkout-entry';
import { HistoryFilterForm } from './history-filters';
import { useSearchParams } from './use-search-params';
import { VoidUnverified } from './void-unverified';

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
  const unverifiedStanding = page.items.some((checkout) => checkout.unverified && checkout.voidedAt === null);
  return (
    <>
      {unverifiedStanding && <VoidUnverified />}
      <UrlPagedList
        items={page.items}
        renderItem={(checkout) => <CheckoutEntry key={checkout.id} checkout={checkout} />}
        emptyText={a.noCheckoutsMatch}
        listLabel={a.checkoutsNewestFirst}
        listClassName="flex flex-col gap-3"
        page={pageNumber}
        hasMore={page.hasMore}
        pagesLabel={a.historyPages}
        pageText={a.historyPageOf(pageNumber, staffLimits.historyPageSize)}
        params={params}
      />
    </>
  );
}

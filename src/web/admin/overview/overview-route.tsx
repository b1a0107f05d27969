import '../zod-jitless';
import type { DaySummary } from '../../../shared/day-close-types';
import { addDays, localDayOf } from '../../../shared/local-days';
import { paymentMethods } from '../../../shared/payment-constants';
import { loadPublicSettings } from '../../settings';
import {
  fetchCheckoutHistory,
  fetchConsumption,
  fetchDay,
  fetchRestockList,
  fetchUnpaidSummary,
} from '../admin-api';
import { pageLoader, reportLoadFailure } from '../admin-data';
import { liveFilters, useLiveRevalidate } from '../live/use-live';
import { usePageData } from '../use-page-data';
import { OverviewPage, type TodayFigures } from './overview-page';

/** /admin: the day at a glance, each figure a link to the page that has the detail. */

/** The history's largest page: more checkouts than this on one day show as "100+". */
const countUpTo = 100;

async function loadToday(): Promise<TodayFigures> {
  // The server's own "today" (the last day of its consumption period), so the count and the baht are the
  // same day however the server counts days.
  const consumption = await fetchConsumption(7);
  const day = consumption.to;
  const figures = consumption.daily.find((entry) => entry.day === day) ?? { units: 0, thb: 0 };
  const history = await fetchCheckoutHistory({ from: day, to: day, page: 1, pageSize: countUpTo });
  return {
    day,
    checkouts: history.items.filter((checkout) => checkout.voidedAt === null).length,
    moreThanCounted: history.hasMore,
    units: figures.units,
    thb: figures.thb,
  };
}

/**
 * Yesterday, when it was not closed and something happened in it (a checkout, a void, a payment or an undo):
 * the desk's reminder to count the cash. A quiet day is not nagged about. Null otherwise, and when it cannot
 * be read (the reminder is a help, not a figure of the page).
 */
async function loadUnclosedYesterday(): Promise<DaySummary | null> {
  try {
    const { timeZone } = await loadPublicSettings();
    const day = await fetchDay(addDays(localDayOf(Date.now(), timeZone), -1));
    const moved =
      day.checkouts.count + day.voided.count > 0 ||
      paymentMethods.some((method) => day.payments[method].count + day.undone[method].count > 0);
    return day.close === null && moved ? day : null;
  } catch (error) {
    console.error("Yesterday's close could not be read", error);
    return null;
  }
}

export const loader = pageLoader(() => ({
  yesterday: loadUnclosedYesterday(),
  today: reportLoadFailure(loadToday()),
  restock: reportLoadFailure(fetchRestockList()),
  unpaid: reportLoadFailure(fetchUnpaidSummary()),
}));

export function Component() {
  const data = usePageData<typeof loader>();
  useLiveRevalidate(liveFilters.overview);
  if (!data) return null;
  return (
    <OverviewPage today={data.today} restock={data.restock} unpaid={data.unpaid} yesterday={data.yesterday} />
  );
}

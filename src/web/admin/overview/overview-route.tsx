import '../zod-jitless';
import { fetchCheckoutHistory, fetchConsumption, fetchRestockList, fetchUnpaidSummary } from '../admin-api';
import { pageLoader, reportLoadFailure } from '../admin-data';
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

export const loader = pageLoader(() => ({
  today: reportLoadFailure(loadToday()),
  restock: reportLoadFailure(fetchRestockList()),
  unpaid: reportLoadFailure(fetchUnpaidSummary()),
}));

export function Component() {
  const data = usePageData<typeof loader>();
  if (!data) return null;
  return <OverviewPage today={data.today} restock={data.restock} unpaid={data.unpaid} />;
}

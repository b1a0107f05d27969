import { Suspense } from 'react';
import { Await, Form, Link, useLocation } from 'react-router';
import { CURRENCY } from '../../../shared/constants';
import { addDays, localDayOf } from '../../../shared/local-days';
import { bahtOfSatang, type MarginDrink, type StockMargin } from '../../../shared/stock-costs';
import { can, type Role } from '../../../shared/team';
import { Button } from '../../components/ui/button';
import { Field } from '../../components/ui/field';
import { loadPublicSettings } from '../../settings';
import { sessionFor } from '../admin-data';
import { useAdminI18n } from '../admin-i18n';
import { fetchMargin, marginCsvUrl } from '../buy-list/stock-costs-api';
import { CsvDownloadLink } from '../csv-download-link';
import { DataTable } from '../data-table';
import { LoadFailed, Loading } from '../load-states';

/**
 * The margin of a period on the Reports page (owner, manager): revenue, cost and margin per drink, and the
 * shrinkage at cost. The period lives in the URL (`marginFrom`, `marginTo`, resort days); without it, this
 * month so far.
 */

const dayParam = (value: string | null) => (value && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : null);

export interface MarginPeriod {
  from: string;
  to: string;
}

/** The period of the URL, else the resort's month so far. */
export async function marginPeriodOf(url: URL): Promise<MarginPeriod> {
  const from = dayParam(url.searchParams.get('marginFrom'));
  const to = dayParam(url.searchParams.get('marginTo'));
  if (from && to) return { from, to };
  const { timeZone } = await loadPublicSettings();
  const today = localDayOf(Date.now(), timeZone);
  return { from: from ?? `${today.slice(0, 8)}01`, to: to ?? today };
}

/** For the loader: the margin when the role may read costs, else null (the desk reads the rest of the page). */
export function loadMargin(request: Request): Promise<{ period: MarginPeriod; margin: StockMargin } | null> {
  return sessionFor(request).then(async (session) => {
    const role: Role = session.user?.role ?? 'owner';
    if (!session.authenticated || !can(role, 'stockCosts')) return null;
    const period = await marginPeriodOf(new URL(request.url));
    return { period, margin: await fetchMargin(period.from, period.to) };
  });
}

export function MarginSection({
  margin,
}: {
  margin: Promise<{ period: MarginPeriod; margin: StockMargin } | null>;
}) {
  const { a } = useAdminI18n();
  return (
    <Suspense fallback={<Loading />}>
      <Await resolve={margin} errorElement={<LoadFailed what={a.theMargin} />}>
        {(loaded) => (loaded ? <MarginView period={loaded.period} margin={loaded.margin} /> : null)}
      </Await>
    </Suspense>
  );
}

const money = (satang: number) => `${bahtOfSatang(satang)} ${CURRENCY}`;

function MarginView({ period, margin }: { period: MarginPeriod; margin: StockMargin }) {
  const { a } = useAdminI18n();
  const location = useLocation();
  const kept = [...new URLSearchParams(location.search)].filter(
    ([name]) => name !== 'marginFrom' && name !== 'marginTo',
  );
  const monthLink = (from: string, to: string) => {
    const next = new URLSearchParams(kept);
    next.set('marginFrom', from);
    next.set('marginTo', to);
    return { search: `?${next}`, hash: '#margin' };
  };
  const thisMonthStart = `${period.to.slice(0, 8)}01`;
  const lastMonthEnd = addDays(thisMonthStart, -1);
  const shrinkage = [
    ...margin.writeOffs.map((w) => ({ key: w.reason, name: a.reasonName(w.reason), ...w })),
    ...(margin.countDifferences.quantity !== 0 || margin.countDifferences.cost !== 0
      ? [{ key: 'count', name: a.countDifferences, ...margin.countDifferences }]
      : []),
  ];
  const lost = shrinkage.reduce((sum, line) => sum + line.cost, 0);
  return (
    <div className="flex flex-col gap-4">
      <Form method="get" className="flex flex-col gap-3" aria-label={a.marginPeriod} preventScrollReset>
        {kept.map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <div className="grid grid-cols-1 gap-3 sm:grid-cols-3 sm:items-end">
          <Field label={a.marginFrom} type="date" name="marginFrom" defaultValue={period.from} required />
          <Field label={a.marginTo} type="date" name="marginTo" defaultValue={period.to} required />
          <Button type="submit" variant="secondary">
            {a.showMargin}
          </Button>
        </div>
        <nav className="flex flex-wrap gap-3">
          <Link className="font-semibold text-teal-800 underline" to={monthLink(thisMonthStart, period.to)}>
            {a.thisMonth}
          </Link>
          <Link
            className="font-semibold text-teal-800 underline"
            to={monthLink(`${lastMonthEnd.slice(0, 8)}01`, lastMonthEnd)}
          >
            {a.lastMonth}
          </Link>
        </nav>
      </Form>
      <DataTable<MarginDrink>
        caption={a.marginCaption(period.from, period.to)}
        className="max-w-3xl"
        columns={[
          { header: a.drink, cell: (d) => d.drinkName },
          { header: a.soldHeader, cell: (d) => d.sold, numeric: true },
          { header: a.revenueHeader, cell: (d) => money(d.revenue), numeric: true },
          { header: a.costHeader, cell: (d) => money(d.cost), numeric: true },
          { header: a.marginHeader, cell: (d) => money(d.margin), numeric: true },
        ]}
        rows={margin.drinks}
        rowKey={(d) => d.drinkId}
        empty={a.noSalesInPeriod}
        footer={[
          a.totalRow,
          margin.totals.sold,
          money(margin.totals.revenue),
          money(margin.totals.cost),
          money(margin.totals.margin),
        ]}
      />
      <DataTable
        caption={a.shrinkageTitle}
        columns={[
          { header: a.writeOffReason, cell: (line: (typeof shrinkage)[number]) => line.name },
          { header: a.bottlesHeader, cell: (line) => line.quantity, numeric: true },
          { header: a.costHeader, cell: (line) => money(line.cost), numeric: true },
        ]}
        rows={shrinkage}
        rowKey={(line) => line.key}
        empty={a.noShrinkage}
        footer={[a.totalRow, shrinkage.reduce((sum, line) => sum + line.quantity, 0), money(lost)]}
      />
      <div>
        <CsvDownloadLink href={marginCsvUrl(period.from, period.to)} look="margin">
          {a.downloadMarginCsv}
        </CsvDownloadLink>
      </div>
    </div>
  );
}

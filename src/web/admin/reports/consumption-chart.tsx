import { Suspense, useId, useState } from 'react';
import { Await, Link, useLocation } from 'react-router';
import { CURRENCY } from '../../../shared/constants';
import { consumptionPeriods } from '../../../shared/staff-constants';
import type { Consumption, ConsumptionDay, ConsumptionDrink } from '../../../shared/staff-types';
import { useAdminI18n } from '../admin-i18n';
import { DataTable } from '../data-table';
import { formatDay } from '../format';
import { LoadFailed, Loading } from '../load-states';

type Measure = 'thb' | 'units';

/** Units and baht per day and per drink over 7 or 30 days: CSS bars for the glance, tables for the figures. */
export function ConsumptionSection({
  days,
  consumption,
}: {
  days: 7 | 30;
  consumption: Promise<Consumption>;
}) {
  const { a } = useAdminI18n();
  return (
    <div className="flex flex-col gap-4">
      <PeriodSwitch days={days} />
      <Suspense fallback={<Loading />}>
        <Await resolve={consumption} errorElement={<LoadFailed what={a.theConsumption} />}>
          {(consumption) => <ConsumptionView consumption={consumption} />}
        </Await>
      </Suspense>
    </div>
  );
}

function PeriodSwitch({ days }: { days: 7 | 30 }) {
  const params = new URLSearchParams(useLocation().search);
  const { a } = useAdminI18n();
  return (
    <nav aria-label={a.consumptionPeriod} className="flex gap-2">
      {consumptionPeriods.map((period) => {
        const next = new URLSearchParams(params);
        next.set('days', String(period));
        const current = period === days;
        return (
          <Link
            key={period}
            to={`?${next}`}
            preventScrollReset
            aria-current={current ? 'page' : undefined}
            className={`inline-flex min-h-12 items-center rounded-xl px-4 font-semibold ring-1 ${
              current
                ? 'bg-brand-700 text-white ring-brand-700'
                : 'text-slate-800 ring-slate-300 hover:bg-slate-50'
            }`}
          >
            {a.lastDays(period)}
          </Link>
        );
      })}
    </nav>
  );
}

function ConsumptionView({ consumption }: { consumption: Consumption }) {
  const [measure, setMeasure] = useState<Measure>('thb');
  const chartId = useId();
  const { a, baht, language } = useAdminI18n();
  const day = (value: string) => formatDay(value, language);
  const currency = language === 'en' ? CURRENCY : a.baht(CURRENCY);
  const label = measure === 'thb' ? currency : a.unitsWord;
  const max = Math.max(1, ...consumption.daily.map((day) => day[measure]));
  const drinkMax = Math.max(1, ...consumption.drinks.map((drink) => drink[measure]));
  const busiest = consumption.daily.reduce<ConsumptionDay | undefined>(
    (a, b) => (!a || b[measure] > a[measure] ? b : a),
    undefined,
  );

  return (
    <div className="flex flex-col gap-4">
      <p className="text-lg">
        <span className="font-bold">{a.periodTotal(baht(consumption.total.thb))}</span> ·{' '}
        {a.units(consumption.total.units)} ·{' '}
        {a.periodRange(day(consumption.from), day(consumption.to), consumption.timeZone)}
      </p>
      <fieldset className="flex flex-wrap items-center gap-3">
        <legend className="sr-only">{a.barsShow}</legend>
        {(['thb', 'units'] as const).map((value) => (
          <label key={value} className="inline-flex min-h-12 items-center gap-2">
            <input
              type="radio"
              name={`${chartId}-measure`}
              checked={measure === value}
              onChange={() => setMeasure(value)}
              className="size-5 accent-brand-700"
            />
            {value === 'thb' ? a.baht(CURRENCY) : a.unitsOption}
          </label>
        ))}
      </fieldset>

      <figure className="flex flex-col gap-2">
        {/* The bars are a picture of the table below; screen readers get the summary and the table. */}
        <div
          role="img"
          aria-label={a.chartLabel(
            label,
            consumption.days,
            busiest ? a.busiestDay(day(busiest.day), busiest[measure], label) : null,
          )}
          className="flex h-48 items-end gap-px border-b border-l border-slate-400 px-1"
        >
          {consumption.daily.map((entry) => (
            <div
              key={entry.day}
              title={a.dayValue(day(entry.day), entry[measure], label)}
              className="flex-1 rounded-t bg-brand-600"
              style={{ height: `${(entry[measure] / max) * 100}%`, minHeight: entry[measure] > 0 ? 2 : 0 }}
            />
          ))}
        </div>
        <figcaption className="flex justify-between text-sm text-slate-600">
          <span>{day(consumption.from)}</span>
          <span>{a.perDayHighest(label, max)}</span>
          <span>{day(consumption.to)}</span>
        </figcaption>
      </figure>

      <DataTable<ConsumptionDrink>
        caption={a.perDrink}
        columns={[
          { header: a.drink, cell: (drink) => drink.drinkName },
          { header: a.unitsHeader, cell: (drink) => drink.units, numeric: true },
          { header: currency, cell: (drink) => drink.thb, numeric: true },
          {
            header: <span className="sr-only">{a.share}</span>,
            decorative: true,
            className: 'w-1/3 pl-3',
            cell: (drink) => (
              <div
                className="h-3 rounded bg-brand-600"
                style={{ width: `${(drink[measure] / drinkMax) * 100}%` }}
              />
            ),
          },
        ]}
        rows={consumption.drinks}
        rowKey={(drink) => drink.drinkName}
        empty={a.nothingTaken}
      />

      <details>
        <summary className="min-h-12 cursor-pointer py-3 font-semibold text-brand-800">
          {a.figuresPerDay}
        </summary>
        <DataTable<ConsumptionDay>
          className="max-w-md"
          caption={a.unitsAndPerDay(CURRENCY)}
          captionHidden
          columns={[
            { header: a.day, cell: (entry) => day(entry.day) },
            { header: a.unitsHeader, cell: (entry) => entry.units, numeric: true },
            { header: currency, cell: (entry) => entry.thb, numeric: true },
          ]}
          rows={consumption.daily}
          rowKey={(entry) => entry.day}
          footer={[a.total, consumption.total.units, consumption.total.thb]}
        />
      </details>
    </div>
  );
}

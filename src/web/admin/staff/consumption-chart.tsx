import { Suspense, useId, useState } from 'react';
import { Await, Link, useLocation } from 'react-router';
import { CURRENCY } from '../../../shared/constants';
import { formatThb } from '../../../shared/money';
import { consumptionPeriods } from '../../../shared/staff-constants';
import type { Consumption, ConsumptionDay } from '../../../shared/staff-types';
import type { AdminPanelData } from '../admin-data';
import { LoadFailed, Loading } from '../load-states';
import { formatDay } from './format';

type Measure = 'thb' | 'units';

/** Units and baht per day and per drink over 7 or 30 days: CSS bars for the glance, tables for the figures. */
export function ConsumptionSection({ panel }: { panel: AdminPanelData }) {
  return (
    <div className="flex flex-col gap-4">
      <PeriodSwitch days={panel.staff.days} />
      <Suspense fallback={<Loading />}>
        <Await resolve={panel.staff.consumption} errorElement={<LoadFailed what="the consumption" />}>
          {(consumption) => <ConsumptionView consumption={consumption} />}
        </Await>
      </Suspense>
    </div>
  );
}

function PeriodSwitch({ days }: { days: 7 | 30 }) {
  const params = new URLSearchParams(useLocation().search);
  return (
    <nav aria-label="Consumption period" className="flex gap-2">
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
            Last {period} days
          </Link>
        );
      })}
    </nav>
  );
}

function ConsumptionView({ consumption }: { consumption: Consumption }) {
  const [measure, setMeasure] = useState<Measure>('thb');
  const chartId = useId();
  const label = measure === 'thb' ? CURRENCY : 'units';
  const max = Math.max(1, ...consumption.daily.map((day) => day[measure]));
  const drinkMax = Math.max(1, ...consumption.drinks.map((drink) => drink[measure]));
  const busiest = consumption.daily.reduce<ConsumptionDay | undefined>(
    (a, b) => (!a || b[measure] > a[measure] ? b : a),
    undefined,
  );

  return (
    <div className="flex flex-col gap-4">
      <p className="text-lg">
        <span className="font-bold">Period total: {formatThb(consumption.total.thb)}</span> ·{' '}
        {consumption.total.units} units · {formatDay(consumption.from)} to {formatDay(consumption.to)} (UTC
        days)
      </p>
      <fieldset className="flex flex-wrap items-center gap-3">
        <legend className="sr-only">Bars show</legend>
        {(['thb', 'units'] as const).map((value) => (
          <label key={value} className="inline-flex min-h-12 items-center gap-2">
            <input
              type="radio"
              name={`${chartId}-measure`}
              checked={measure === value}
              onChange={() => setMeasure(value)}
              className="size-5 accent-brand-700"
            />
            {value === 'thb' ? `Baht (${CURRENCY})` : 'Units'}
          </label>
        ))}
      </fieldset>

      <figure className="flex flex-col gap-2">
        {/* The bars are a picture of the table below; screen readers get the summary and the table. */}
        <div
          role="img"
          aria-label={`Bar chart of ${label} per day over ${consumption.days} days; most on ${
            busiest ? `${formatDay(busiest.day)} with ${busiest[measure]} ${label}` : 'no day'
          }. The figures are in the table below.`}
          className="flex h-48 items-end gap-px border-b border-l border-slate-400 px-1"
        >
          {consumption.daily.map((day) => (
            <div
              key={day.day}
              title={`${formatDay(day.day)}: ${day[measure]} ${label}`}
              className="flex-1 rounded-t bg-brand-600"
              style={{ height: `${(day[measure] / max) * 100}%`, minHeight: day[measure] > 0 ? 2 : 0 }}
            />
          ))}
        </div>
        <figcaption className="flex justify-between text-sm text-slate-600">
          <span>{formatDay(consumption.from)}</span>
          <span>
            {label} per day (highest {max})
          </span>
          <span>{formatDay(consumption.to)}</span>
        </figcaption>
      </figure>

      <table className="w-full max-w-xl border-collapse text-left">
        <caption className="mb-2 text-left font-bold text-slate-900">Per drink</caption>
        <thead>
          <tr className="border-b border-slate-300">
            <th scope="col" className="py-1">
              Drink
            </th>
            <th scope="col" className="py-1 text-right">
              Units
            </th>
            <th scope="col" className="py-1 text-right">
              {CURRENCY}
            </th>
            <th scope="col" className="w-1/3 py-1">
              <span className="sr-only">Share</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {consumption.drinks.length === 0 && (
            <tr>
              <td colSpan={4} className="py-2 text-slate-600">
                Nothing taken in this period.
              </td>
            </tr>
          )}
          {consumption.drinks.map((drink) => (
            <tr key={drink.drinkName} className="border-b border-slate-100">
              <th scope="row" className="py-1 font-normal">
                {drink.drinkName}
              </th>
              <td className="py-1 text-right tabular-nums">{drink.units}</td>
              <td className="py-1 text-right tabular-nums">{drink.thb}</td>
              <td className="py-1 pl-3" aria-hidden="true">
                <div
                  className="h-3 rounded bg-brand-600"
                  style={{ width: `${(drink[measure] / drinkMax) * 100}%` }}
                />
              </td>
            </tr>
          ))}
        </tbody>
      </table>

      <details>
        <summary className="min-h-12 cursor-pointer py-3 font-semibold text-brand-800">
          Figures per day
        </summary>
        <table className="w-full max-w-md border-collapse text-left">
          <caption className="sr-only">Units and {CURRENCY} per day</caption>
          <thead>
            <tr className="border-b border-slate-300">
              <th scope="col" className="py-1">
                Day (UTC)
              </th>
              <th scope="col" className="py-1 text-right">
                Units
              </th>
              <th scope="col" className="py-1 text-right">
                {CURRENCY}
              </th>
            </tr>
          </thead>
          <tbody>
            {consumption.daily.map((day) => (
              <tr key={day.day} className="border-b border-slate-100">
                <th scope="row" className="py-1 font-normal">
                  {formatDay(day.day)}
                </th>
                <td className="py-1 text-right tabular-nums">{day.units}</td>
                <td className="py-1 text-right tabular-nums">{day.thb}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr className="font-bold">
              <th scope="row" className="py-1">
                Total
              </th>
              <td className="py-1 text-right tabular-nums">{consumption.total.units}</td>
              <td className="py-1 text-right tabular-nums">{consumption.total.thb}</td>
            </tr>
          </tfoot>
        </table>
      </details>
    </div>
  );
}

import type { FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button } from '../../components/ui/button';
import { Field } from '../../components/ui/field';
import { useAdminI18n } from '../admin-i18n';
import { useSearchParams } from './use-search-params';

/** The history's filters: bungalow, guest, a range of the resort's days and payment, kept in the page's URL. */
export function HistoryFilterForm({ error }: { error: string | null }) {
  const params = useSearchParams();
  const navigate = useNavigate();
  const { a } = useAdminI18n();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const next = new URLSearchParams();
    for (const [key, value] of new FormData(event.currentTarget)) {
      if (typeof value === 'string' && value !== '') next.set(key, value);
    }
    navigate(`?${next}`, { preventScrollReset: true });
  };
  return (
    <form onSubmit={submit} className="flex flex-col gap-3" aria-label={a.filterHistory}>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <Field
          label={a.filterBungalow}
          name="bungalow"
          type="number"
          inputMode="numeric"
          min={1}
          max={9999}
          defaultValue={params.get('bungalow') ?? ''}
          placeholder={a.filterAll}
        />
        <Field
          label={a.filterGuest}
          name="guest"
          defaultValue={params.get('guest') ?? ''}
          placeholder={a.anyGuest}
        />
        <Field label={a.fromDay} name="from" type="date" defaultValue={params.get('from') ?? ''} />
        <Field
          label={a.toDay}
          name="to"
          type="date"
          defaultValue={params.get('to') ?? ''}
          error={error ?? undefined}
        />
        <PaidFilter defaultValue={params.get('paid') ?? ''} />
      </div>
      <div className="flex flex-wrap gap-3">
        <Button type="submit">{a.showCheckouts}</Button>
        <Link
          to="?"
          className="inline-flex min-h-12 items-center rounded-xl px-5 font-semibold text-slate-700 hover:bg-slate-100"
        >
          {a.clearFilters}
        </Link>
      </div>
    </form>
  );
}

/** Which checkouts by payment: all, the ones still owed (unpaid and not voided), or the paid ones. */
function PaidFilter({ defaultValue }: { defaultValue: string }) {
  const { a } = useAdminI18n();
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor="history-paid" className="text-sm font-semibold text-slate-800">
        {a.payment}
      </label>
      <select
        id="history-paid"
        name="paid"
        defaultValue={defaultValue}
        className="min-h-12 rounded-xl border border-slate-400 bg-white px-3 text-base text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand-700"
      >
        <option value="">{a.allCheckouts}</option>
        <option value="false">{a.unpaidOnly}</option>
        <option value="true">{a.paidOnly}</option>
      </select>
    </div>
  );
}

import { Field } from '../../components/ui/field';
import { useAdminI18n } from '../admin-i18n';
import { DayRangeFields, UrlFilterForm } from '../url-filtered-list';
import { useSearchParams } from './use-search-params';

/** The history's filters: bungalow, guest, a range of the resort's days and payment, kept in the page's URL. */
export function HistoryFilterForm({ error }: { error: string | null }) {
  const params = useSearchParams();
  const { a } = useAdminI18n();
  return (
    <UrlFilterForm label={a.filterHistory} submitLabel={a.showCheckouts}>
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
      <DayRangeFields params={params} error={error} />
      <PaidFilter defaultValue={params.get('paid') ?? ''} />
    </UrlFilterForm>
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

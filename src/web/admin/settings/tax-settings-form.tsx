import { type FieldErrors, type Resolver, useForm } from 'react-hook-form';
import { useFetcher } from 'react-router';
import type { ResortSettings } from '../../../shared/resort-settings';
import { type TaxSettings, taxLimits } from '../../../shared/tax';
import { taxSettingsSchema } from '../../../shared/tax-schemas';
import { Button } from '../../components/ui/button';
import { Field } from '../../components/ui/field';
import { type AdminActionResult, submitOptions } from '../admin-data';
import { adminI18n, useAdminI18n } from '../admin-i18n';
import { useActionResult } from '../use-action-result';
import { adminResolver, showServerIssues, useMessagesFollowLanguage } from '../validation';

/** The tax settings as staff type them: the rate in percent (7), the rest as the API takes it. */
interface TaxFormValues {
  on: boolean;
  sellerName: string;
  address: string;
  taxId: string;
  branch: string;
  posId: string;
  vatRate: string;
  abbPrefix: string;
  invoicePrefix: string;
}

const fieldNames: ReadonlySet<string> = new Set([
  'sellerName',
  'address',
  'taxId',
  'branch',
  'posId',
  'vatRate',
  'abbPrefix',
  'invoicePrefix',
]);

/** "7" or "7.5" percent as basis points; anything else (three decimals, words) is NaN, which the schema refuses. */
export function percentToBasisPoints(text: string): number {
  const trimmed = text.trim().replace(',', '.');
  return /^\d{1,3}(\.\d{1,2})?$/.test(trimmed) ? Math.round(Number(trimmed) * 100) : Number.NaN;
}

const valuesOf = (tax: TaxSettings | null): TaxFormValues => ({
  on: tax !== null,
  sellerName: tax?.sellerName ?? '',
  address: tax?.address ?? '',
  taxId: tax?.taxId ?? '',
  branch: tax?.branch ?? taxLimits.headOffice,
  posId: tax?.posId ?? '',
  vatRate: String((tax?.vatRate ?? taxLimits.vatRateDefault) / 100),
  abbPrefix: tax?.abbPrefix ?? taxLimits.abbPrefixDefault,
  invoicePrefix: tax?.invoicePrefix ?? taxLimits.invoicePrefixDefault,
});

const checkSettings = adminResolver<Omit<TaxFormValues, 'on' | 'vatRate'>, TaxSettings>(taxSettingsSchema);

/**
 * Off: `tax` null, nothing to check. On: the shared schema checks what the API will (the rate typed in percent,
 * sent in basis points); a rate it refuses is said in percent, as the field asks for it.
 */
const taxResolver: Resolver<TaxFormValues, unknown, TaxSettings | null> = async (
  values,
  context,
  options,
) => {
  if (!values.on) return { values: null, errors: {} };
  const { on: _on, vatRate, ...rest } = values;
  const result = await checkSettings(
    { ...rest, vatRate: percentToBasisPoints(vatRate) } as never,
    context,
    options as never,
  );
  const errors = result.errors as FieldErrors<TaxFormValues>;
  if (errors.vatRate) errors.vatRate = { type: 'vatRate', message: adminI18n().a.vatRateInvalid };
  return Object.keys(errors).length > 0
    ? { values: {}, errors }
    : { values: result.values as TaxSettings, errors: {} };
};

/**
 * The resort's tax documents (DESIGN "Tax settings"), on the Settings page: off by default; on, every checkout
 * recorded gets a numbered abbreviated tax invoice. Saved on its own (`PUT /api/settings` with `tax` alone).
 */
export function TaxSettingsForm({ settings }: { settings: ResortSettings }) {
  const { a } = useAdminI18n();
  const fetcher = useFetcher<AdminActionResult>();
  const form = useForm<TaxFormValues, unknown, TaxSettings | null>({
    resolver: taxResolver,
    defaultValues: valuesOf(settings.tax),
  });
  useMessagesFollowLanguage(form.formState.errors, form.trigger);
  const { register } = form;
  const { errors } = form.formState;
  const on = form.watch('on');

  useActionResult(fetcher, (result) => {
    if (result.ok) return;
    // The server names a field of `tax` as "tax.taxId".
    const issues = result.issues.map((issue) => ({ ...issue, path: issue.path.replace(/^tax\./, '') }));
    showServerIssues(issues, fieldNames, form.setError);
  });

  const save = form.handleSubmit((tax) => {
    // As JSON: the interface's fields, plainly typed, for the submit's JSON value type.
    const body: Record<string, string | number | null> | null = tax && { ...tax };
    fetcher.submit({ intent: 'save-tax', tax: body }, submitOptions());
  });

  return (
    <form
      onSubmit={save}
      noValidate
      aria-label={a.taxSettingsTitle}
      className="flex flex-col gap-4 rounded-xl p-4 ring-1 ring-slate-200"
    >
      <h3 className="text-lg font-bold text-slate-900">{a.taxSettingsTitle}</h3>
      <p className="text-slate-700">{a.taxSettingsIntro}</p>
      <label className="flex min-h-12 items-center gap-3 font-semibold text-slate-900">
        <input type="checkbox" className="size-5" {...register('on')} />
        {a.taxOnLabel}
      </label>
      {!on && settings.tax !== null && <p className="text-sm text-slate-700">{a.taxOffHint}</p>}
      {on && (
        <>
          <Field
            label={a.sellerName}
            autoComplete="organization"
            maxLength={taxLimits.sellerNameMax}
            {...register('sellerName')}
            error={errors.sellerName?.message}
          />
          <Field
            label={a.sellerAddress}
            autoComplete="street-address"
            maxLength={taxLimits.addressMax}
            {...register('address')}
            error={errors.address?.message}
          />
          <div className="grid gap-4 md:grid-cols-2">
            <Field
              label={a.sellerTaxId}
              hint={a.taxIdHint}
              inputMode="numeric"
              autoComplete="off"
              {...register('taxId')}
              error={errors.taxId?.message}
            />
            <Field
              label={a.sellerBranch}
              hint={a.branchHint}
              inputMode="numeric"
              autoComplete="off"
              {...register('branch')}
              error={errors.branch?.message}
            />
            <Field
              label={a.posIdLabel}
              hint={a.posIdHint}
              autoComplete="off"
              maxLength={taxLimits.posIdMax}
              {...register('posId')}
              error={errors.posId?.message}
            />
            <Field
              label={a.vatRateLabel}
              hint={a.vatRateHint}
              inputMode="decimal"
              autoComplete="off"
              {...register('vatRate')}
              error={errors.vatRate?.message}
            />
            <Field
              label={a.abbPrefixLabel}
              hint={a.prefixHint}
              autoComplete="off"
              maxLength={taxLimits.prefixMax}
              {...register('abbPrefix')}
              error={errors.abbPrefix?.message}
            />
            <Field
              label={a.invoicePrefixLabel}
              hint={a.prefixHint}
              autoComplete="off"
              maxLength={taxLimits.prefixMax}
              {...register('invoicePrefix')}
              error={errors.invoicePrefix?.message}
            />
          </div>
          <p className="text-sm text-slate-700">{a.taxOffHint}</p>
        </>
      )}
      <div>
        <Button type="submit" pending={fetcher.state !== 'idle'}>
          {a.saveTaxSettings}
        </Button>
      </div>
    </form>
  );
}

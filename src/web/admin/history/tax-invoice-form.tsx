import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useFetcher } from 'react-router';
import type { AdminMessages } from '../../../shared/i18n/admin-en';
import type { HistoryCheckout } from '../../../shared/staff-types';
import {
  type FullInvoiceCorrection,
  type FullInvoiceRequest,
  fullInvoiceCorrectionSchema,
  fullInvoiceRequestSchema,
} from '../../../shared/tax-schemas';
import { Button } from '../../components/ui/button';
import { Field } from '../../components/ui/field';
import { type AdminActionResult, submitOptions } from '../admin-data';
import { useAdminI18n } from '../admin-i18n';
import { useActionResult } from '../use-action-result';
import { adminResolver, showServerIssues, useMessagesFollowLanguage } from '../validation';
import { downloadPastReceipt } from './receipt-download';

type TaxInvoiceValues = FullInvoiceRequest & { reason?: string };

const fields: ReadonlySet<string> = new Set([
  'buyerName',
  'buyerAddress',
  'buyerTaxId',
  'buyerBranch',
  'reason',
]);

/** The server's refusals that name no field, said in the page's language; others as the server says them. */
const refusals: Record<string, keyof AdminMessages> = {
  already_invoiced: 'alreadyInvoiced',
  voided: 'voidedNoInvoice',
  tax_off: 'taxOffNoInvoice',
  not_invoiced: 'notInvoiced',
};

/**
 * A full tax invoice for a guest's company (DESIGN "Full tax invoices"): the buyer's name, address, tax ID and
 * branch, checked with the API's own schema; once issued, the invoice is printed at once (the original: later
 * prints from the history say "Copy").
 */
export function TaxInvoiceForm({
  checkout,
  correction = false,
  onClose,
}: {
  checkout: HistoryCheckout;
  /** "Correct buyer": the standing full invoice is cancelled and a new one replaces it; a reason is asked. */
  correction?: boolean;
  onClose: () => void;
}) {
  const fetcher = useFetcher<AdminActionResult>();
  const { a } = useAdminI18n();
  const titleId = useId();
  const [refusal, setRefusal] = useState<string | null>(null);
  const current = checkout.document?.type === 'full' ? checkout.document.buyer : null;
  const form = useForm<TaxInvoiceValues, unknown, FullInvoiceCorrection | FullInvoiceRequest>({
    resolver: adminResolver<TaxInvoiceValues, FullInvoiceCorrection | FullInvoiceRequest>(
      correction ? fullInvoiceCorrectionSchema : fullInvoiceRequestSchema,
    ),
    defaultValues: correction
      ? {
          buyerName: current?.name ?? '',
          buyerAddress: current?.address ?? '',
          buyerTaxId: current?.taxId ?? '',
          buyerBranch: current?.branch ?? '00000',
          reason: '',
        }
      : { buyerName: '', buyerAddress: '', buyerTaxId: '', buyerBranch: '00000' },
  });
  useMessagesFollowLanguage(form.formState.errors, form.trigger);
  const { errors } = form.formState;

  useActionResult(fetcher, (result) => {
    if (result.ok) {
      const issued = result.data as HistoryCheckout | undefined;
      if (issued) {
        downloadPastReceipt(issued, { copy: false }).catch((error: unknown) =>
          console.error('The tax invoice PDF could not be generated', error),
        );
      }
      onClose();
      return;
    }
    showServerIssues(result.issues, fields, form.setError);
    if (result.issues.length === 0) {
      const key = refusals[result.code];
      setRefusal(key ? (a[key] as string) : result.message);
    }
  });

  const submit = form.handleSubmit((invoice) => {
    setRefusal(null);
    if (correction) {
      fetcher.submit(
        { intent: 'tax-invoice-correct', id: checkout.id, correction: invoice as FullInvoiceCorrection },
        submitOptions(),
      );
    } else fetcher.submit({ intent: 'tax-invoice', id: checkout.id, invoice }, submitOptions());
  });

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-labelledby={titleId}
      className="mt-3 flex flex-col gap-3 rounded-xl bg-sky-50 p-3"
    >
      <h5 id={titleId} className="font-bold text-slate-900">
        {correction ? a.correctBuyer : a.taxInvoiceFormTitle(checkout.id)}
      </h5>
      <p className="text-sm text-slate-700">{correction ? a.correctBuyerHint : a.taxInvoiceIntro}</p>
      <Field
        label={a.buyerName}
        autoComplete="organization"
        {...form.register('buyerName')}
        error={errors.buyerName?.message}
        autoFocus
      />
      <Field
        label={a.buyerAddress}
        autoComplete="street-address"
        {...form.register('buyerAddress')}
        error={errors.buyerAddress?.message}
      />
      <div className="grid gap-3 md:grid-cols-2">
        <Field
          label={a.buyerTaxId}
          hint={a.taxIdHint}
          inputMode="numeric"
          autoComplete="off"
          {...form.register('buyerTaxId')}
          error={errors.buyerTaxId?.message}
        />
        <Field
          label={a.buyerBranch}
          hint={a.branchHint}
          inputMode="numeric"
          autoComplete="off"
          {...form.register('buyerBranch')}
          error={errors.buyerBranch?.message}
        />
      </div>
      {correction && (
        <Field label={a.correctionReason} {...form.register('reason')} error={errors.reason?.message} />
      )}
      {refusal && (
        <p role="alert" className="rounded-lg bg-red-50 p-2 font-medium text-red-900">
          {refusal}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" pending={fetcher.state !== 'idle'}>
          {correction ? a.reissueAndPrint : a.issueInvoice}
        </Button>
        <Button variant="secondary" onClick={onClose}>
          {a.cancel}
        </Button>
      </div>
    </form>
  );
}

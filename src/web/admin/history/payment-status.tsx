import { CircleCheck, Undo2 } from 'lucide-react';
import { useState } from 'react';
import { useFetcher } from 'react-router';
import type { AdminMessages } from '../../../shared/i18n/admin-en';
import { type PaymentMethod, paymentMethods } from '../../../shared/payment-constants';
import type { HistoryCheckout } from '../../../shared/staff-types';
import { Button } from '../../components/ui/button';
import { type AdminActionResult, submitOptions } from '../admin-data';
import { useAdminI18n } from '../admin-i18n';
import { useActionResult } from '../use-action-result';

/**
 * Paid (how and when; who marked it is in the checkout's WhoDidIt lines) with an undo, or unpaid with "Mark paid" and the method. A voided
 * checkout is owed nothing: it offers no "Mark paid" (the server would refuse it with 409).
 */
export function PaymentStatus({ checkout }: { checkout: HistoryCheckout }) {
  const fetcher = useFetcher<AdminActionResult>();
  const { a, baht, dateTime } = useAdminI18n();
  const [method, setMethod] = useState<PaymentMethod>('cash');
  const [error, setError] = useState<string | undefined>();
  const selectId = `payment-method-${checkout.id}`;
  const errorId = `payment-error-${checkout.id}`;
  const pending = fetcher.state !== 'idle';
  useActionResult(fetcher, (result) => setError(result.ok ? undefined : result.message));
  const send = (command: object) => {
    setError(undefined);
    fetcher.submit({ id: checkout.id, ...command }, submitOptions());
  };
  const voided = checkout.voidedAt !== null;
  const { payment } = checkout;

  if (payment) {
    return (
      <div className="mt-3 flex flex-wrap items-center gap-3 rounded-lg bg-emerald-50 p-2 text-emerald-950">
        <p className="flex-1">
          <CircleCheck aria-hidden="true" className="mr-1 inline size-5 align-text-bottom text-emerald-800" />
          <strong>{a.paidBy(methodLabel(a, payment.method))}</strong>{' '}
          <time dateTime={payment.paidAt}>{dateTime(payment.paidAt)}</time>
        </p>
        <Button
          variant="secondary"
          pending={pending}
          onClick={() => send({ intent: 'undo-payment' })}
          aria-label={a.undoPaymentOf(checkout.id, checkout.bungalow)}
        >
          <Undo2 aria-hidden="true" className="size-5" />
          {a.undoPayment}
        </Button>
      </div>
    );
  }
  // Voided on another device meanwhile: the reloaded list shows it voided, and this says why it was not paid.
  if (voided) {
    return error ? (
      <p role="alert" className="mt-2 text-sm font-medium text-red-700">
        {error}
      </p>
    ) : null;
  }
  return (
    <div className="mt-3 flex flex-col gap-2 rounded-lg bg-amber-50 p-2">
      <div className="flex flex-wrap items-end gap-3">
        {checkout.paymentTracked ? (
          <p className="flex-1 font-bold text-amber-950">{a.unpaidOwed(baht(checkout.total))}</p>
        ) : (
          <p className="flex-1 text-slate-800">
            <strong>{a.notTracked}</strong>
            <span className="block text-sm">{a.notTrackedDetail}</span>
          </p>
        )}
        <div className="flex flex-col gap-1">
          <label htmlFor={selectId} className="text-sm font-semibold text-slate-800">
            {a.paidByLabel}
          </label>
          <select
            id={selectId}
            value={method}
            onChange={(event) => setMethod(event.target.value as PaymentMethod)}
            aria-describedby={error ? errorId : undefined}
            className="min-h-12 rounded-xl border border-slate-400 bg-white px-3 text-base text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand-700"
          >
            {paymentMethods.map((value) => (
              <option key={value} value={value}>
                {methodLabel(a, value)}
              </option>
            ))}
          </select>
        </div>
        <Button
          pending={pending}
          onClick={() => send({ intent: 'mark-paid', method })}
          aria-label={a.markPaidOf(checkout.id, checkout.bungalow)}
        >
          <CircleCheck aria-hidden="true" className="size-5" />
          {a.markPaid}
        </Button>
      </div>
      {error && (
        <p id={errorId} role="alert" className="text-sm font-medium text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

const methodKeys = {
  cash: 'methodCash',
  promptpay: 'methodPromptpay',
  card: 'methodCard',
  room: 'methodRoom',
} as const satisfies Record<PaymentMethod, keyof AdminMessages>;

export const methodLabel = (a: AdminMessages, method: PaymentMethod) => a[methodKeys[method]];

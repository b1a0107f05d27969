import { Ban, ChevronLeft, ChevronRight, CircleCheck, FileDown, Undo2 } from 'lucide-react';
import { type FormEvent, Suspense, useState } from 'react';
import toast from 'react-hot-toast/headless';
import { Await, Link, useFetcher, useLocation, useNavigate } from 'react-router';
import type { AdminMessages } from '../../../shared/i18n/admin-en';
import { type PaymentMethod, paymentMethods } from '../../../shared/payment-constants';
import { staffLimits } from '../../../shared/staff-constants';
import { voidInputSchema } from '../../../shared/staff-schemas';
import type { HistoryCheckout, HistoryPage } from '../../../shared/staff-types';
import { Button } from '../../components/ui/button';
import { Field } from '../../components/ui/field';
import { type AdminActionResult, submitOptions } from '../admin-data';
import { useAdminI18n } from '../admin-i18n';
import { LoadFailed, Loading } from '../load-states';
import { useActionResult } from '../use-action-result';
import { type Issue, issueText } from '../validation';
import { downloadPastReceipt } from './receipt-download';

export interface HistoryFilters {
  bungalow: string;
  guest: string;
  from: string;
  to: string;
  /** 'false': only checkouts still owed; 'true': only paid ones; '': all. */
  paid: string;
  page: number;
}

export interface HistorySectionProps {
  filters: HistoryFilters;
  /** The filters do not make sense (e.g. from after to): shown by the form, nothing fetched. */
  filterError: string | null;
  history: Promise<HistoryPage>;
}

/** Checkout history: newest first, filtered by bungalow and a range of the resort's days through the page's URL. */
export function HistorySection({ filters, filterError, history }: HistorySectionProps) {
  const { a } = useAdminI18n();
  return (
    <div className="flex flex-col gap-4">
      <HistoryFilterForm
        key={`${filters.bungalow}|${filters.guest}|${filters.from}|${filters.to}|${filters.paid}`}
        error={filterError}
      />
      <Suspense fallback={<Loading />}>
        <Await resolve={history} errorElement={<LoadFailed what={a.theCheckoutHistory} />}>
          {(page) => <HistoryList page={page} pageNumber={filters.page} />}
        </Await>
      </Suspense>
    </div>
  );
}

/**
 * useLocation and useNavigate rather than useSearchParams and <Form>: the router's code sits in /checkout's
 * initial chunk, and those two would be kept there for the admin's sake.
 */
function useSearchParams() {
  return new URLSearchParams(useLocation().search);
}

function HistoryFilterForm({ error }: { error: string | null }) {
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

function HistoryList({ page, pageNumber }: { page: HistoryPage; pageNumber: number }) {
  const params = useSearchParams();
  const { a } = useAdminI18n();
  const pageLink = (n: number) => {
    const next = new URLSearchParams(params);
    next.set('page', String(n));
    return `?${next}`;
  };
  return (
    <div className="flex flex-col gap-3">
      {page.items.length === 0 ? (
        <p className="py-4 text-slate-600">{a.noCheckoutsMatch}</p>
      ) : (
        <ol className="flex flex-col gap-3" aria-label={a.checkoutsNewestFirst}>
          {page.items.map((checkout) => (
            <CheckoutEntry key={checkout.id} checkout={checkout} />
          ))}
        </ol>
      )}
      {(pageNumber > 1 || page.hasMore) && (
        <nav aria-label={a.historyPages} className="flex items-center justify-between gap-3">
          {pageNumber > 1 ? (
            <Link className={pagerClass} to={pageLink(pageNumber - 1)}>
              <ChevronLeft aria-hidden="true" className="size-5" />
              {a.newer}
            </Link>
          ) : (
            <span />
          )}
          <span className="text-slate-600">{a.historyPageOf(pageNumber, staffLimits.historyPageSize)}</span>
          {page.hasMore ? (
            <Link className={pagerClass} to={pageLink(pageNumber + 1)}>
              {a.older}
              <ChevronRight aria-hidden="true" className="size-5" />
            </Link>
          ) : (
            <span />
          )}
        </nav>
      )}
    </div>
  );
}

const pagerClass =
  'inline-flex min-h-12 items-center gap-1 rounded-xl px-4 font-semibold text-brand-800 ring-1 ring-slate-300 hover:bg-slate-50';

function CheckoutEntry({ checkout }: { checkout: HistoryCheckout }) {
  const [voiding, setVoiding] = useState(false);
  const [downloading, setDownloading] = useState(false);
  const voided = checkout.voidedAt !== null;
  const headingId = `checkout-${checkout.id}`;
  const { a, baht, dateTime } = useAdminI18n();

  const download = async () => {
    setDownloading(true);
    try {
      await downloadPastReceipt(checkout);
    } catch (error) {
      console.error('The PDF receipt could not be generated', error);
      toast.error(a.pdfFailed);
    } finally {
      setDownloading(false);
    }
  };

  return (
    <li
      aria-labelledby={headingId}
      className={`rounded-xl p-3 ring-1 ${voided ? 'bg-slate-50 ring-slate-300' : 'bg-white ring-slate-200'}`}
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h4 id={headingId} className="font-bold text-slate-900">
          {a.bungalow(checkout.bungalow)} ·{' '}
          <time dateTime={checkout.createdAt}>{dateTime(checkout.createdAt)}</time>
        </h4>
        <span className="text-sm text-slate-600">{a.checkoutNumber(checkout.id)}</span>
      </div>
      <p className="text-slate-700">{a.guestIs(checkout.guestName)}</p>
      <ul className={`mt-2 flex flex-col gap-1 ${voided ? 'text-slate-500 line-through' : ''}`}>
        {checkout.lines.map((line) => (
          <li key={`${line.drinkId}-${line.drinkName}`} className="flex justify-between gap-3">
            <span>
              {line.quantity} x {line.drinkName}{' '}
              <span className="text-slate-500">{a.at(baht(line.unitPrice))}</span>
            </span>
            <span>{baht(line.lineTotal)}</span>
          </li>
        ))}
        <li className="flex justify-between gap-3 border-t border-slate-200 pt-1 font-bold">
          <span>{a.total}</span>
          <span>{baht(checkout.total)}</span>
        </li>
      </ul>
      {checkout.revisions.length > 0 && <Revisions checkout={checkout} />}
      {voided && (
        <p className="mt-2 rounded-lg bg-red-50 p-2 text-red-900">
          <strong>{a.voided}</strong> {checkout.voidedAt && dateTime(checkout.voidedAt)}:{' '}
          {checkout.voidReason}
          <span className="block text-sm">{a.notCounted}</span>
        </p>
      )}
      <PaymentStatus checkout={checkout} />
      <div className="mt-3 flex flex-wrap gap-2">
        <Button
          variant="secondary"
          onClick={download}
          pending={downloading}
          aria-label={a.downloadReceiptOf(checkout.id, checkout.bungalow)}
        >
          <FileDown aria-hidden="true" className="size-5" />
          {a.receiptPdf}
        </Button>
        {!voided && !voiding && (
          <Button
            variant="ghost"
            onClick={() => setVoiding(true)}
            aria-label={a.voidCheckoutOf(checkout.id, checkout.bungalow)}
          >
            <Ban aria-hidden="true" className="size-5" />
            {a.void}
          </Button>
        )}
      </div>
      {voiding && !voided && <VoidForm checkout={checkout} onClose={() => setVoiding(false)} />}
    </li>
  );
}

/**
 * Paid (how, when, by which admin session) with an undo, or unpaid with "Mark paid" and the method. A voided
 * checkout is owed nothing: it offers no "Mark paid" (the server would refuse it with 409).
 */
function PaymentStatus({ checkout }: { checkout: HistoryCheckout }) {
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
          <span className="block text-sm text-emerald-900">{a.markedBy(payment.paidBy)}</span>
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

function VoidForm({ checkout, onClose }: { checkout: HistoryCheckout; onClose: () => void }) {
  const fetcher = useFetcher<AdminActionResult>();
  const i18n = useAdminI18n();
  const { a } = i18n;
  const [reason, setReason] = useState('');
  // The form's own finding is kept as the issue, so its words follow a language switch; the server's as said.
  const [problem, setProblem] = useState<{ issue: Issue } | { text: string } | undefined>();
  const error = problem && ('issue' in problem ? issueText(problem.issue, i18n) : problem.text);

  useActionResult(fetcher, (result) => {
    if (result.ok) onClose();
    else setProblem({ text: result.issues[0]?.message ?? result.message });
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = voidInputSchema.safeParse({ reason });
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      setProblem(issue && { issue });
      return;
    }
    fetcher.submit({ intent: 'void-checkout', id: checkout.id, reason: parsed.data.reason }, submitOptions());
  };

  return (
    <form onSubmit={submit} noValidate className="mt-3 flex flex-col gap-3 rounded-xl bg-red-50 p-3">
      <Field
        label={a.voidReasonFor(checkout.id)}
        hint={a.voidHint}
        value={reason}
        onChange={(event) => setReason(event.target.value)}
        maxLength={staffLimits.voidReasonMax}
        error={error}
        autoFocus
      />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" variant="danger" pending={fetcher.state !== 'idle'}>
          {a.voidCheckout}
        </Button>
        <Button variant="secondary" onClick={onClose}>
          {a.cancel}
        </Button>
      </div>
    </form>
  );
}

/**
 * The earlier versions of a checkout whose check was shared again with changed counts, oldest first: what was
 * recorded, and when a later share replaced it (docs/decisions/031-one-fridge-check-one-record.md).
 */
function Revisions({ checkout }: { checkout: HistoryCheckout }) {
  const count = checkout.revisions.length;
  const { a, baht, dateTime } = useAdminI18n();
  return (
    <details className="mt-2 rounded-lg bg-slate-50 p-2">
      <summary className="cursor-pointer font-semibold text-slate-800">
        {a.earlierVersions(count)} {a.revised(checkout.revisedAt ? dateTime(checkout.revisedAt) : '')}
      </summary>
      <ol className="mt-2 flex flex-col gap-2" aria-label={a.earlierVersionsOf(checkout.id)}>
        {checkout.revisions.map((revision) => (
          <li key={revision.replacedAt} className="text-slate-700">
            <span className="block text-sm">
              {a.recordedReplaced(dateTime(revision.recordedAt), dateTime(revision.replacedAt))}
            </span>
            {revision.lines.map((line) => `${line.quantity} x ${line.drinkName}`).join(', ')} ·{' '}
            {baht(revision.total)}
          </li>
        ))}
      </ol>
    </details>
  );
}

const methodKeys = {
  cash: 'methodCash',
  promptpay: 'methodPromptpay',
  card: 'methodCard',
  room: 'methodRoom',
} as const satisfies Record<PaymentMethod, keyof AdminMessages>;

const methodLabel = (a: AdminMessages, method: PaymentMethod) => a[methodKeys[method]];

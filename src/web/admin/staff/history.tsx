import { Ban, ChevronLeft, ChevronRight, FileDown } from 'lucide-react';
import { type FormEvent, Suspense, useState } from 'react';
import toast from 'react-hot-toast/headless';
import { Await, Link, useFetcher, useLocation, useNavigate } from 'react-router';
import { formatThb } from '../../../shared/money';
import { staffLimits } from '../../../shared/staff-constants';
import { voidInputSchema } from '../../../shared/staff-schemas';
import type { HistoryCheckout, HistoryPage } from '../../../shared/staff-types';
import { Button } from '../../components/ui/button';
import { Field } from '../../components/ui/field';
import { type AdminActionResult, type AdminPanelData, submitOptions } from '../admin-data';
import { LoadFailed, Loading } from '../load-states';
import { useActionResult } from '../use-action-result';
import { formatDateTime } from './format';
import { downloadPastReceipt } from './receipt-download';

/** Checkout history: newest first, filtered by bungalow and UTC date range through the /admin URL. */
export function HistorySection({ panel }: { panel: AdminPanelData }) {
  const { filters, filterError, history } = panel.staff;
  return (
    <div className="flex flex-col gap-4">
      <HistoryFilterForm key={`${filters.bungalow}|${filters.from}|${filters.to}`} error={filterError} />
      <Suspense fallback={<Loading />}>
        <Await resolve={history} errorElement={<LoadFailed what="the checkout history" />}>
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
  // Other parts of the panel keep their own URL state (the chart's period).
  const days = params.get('days');
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const next = new URLSearchParams();
    if (days) next.set('days', days);
    for (const [key, value] of new FormData(event.currentTarget)) {
      if (typeof value === 'string' && value !== '') next.set(key, value);
    }
    navigate(`?${next}`, { preventScrollReset: true });
  };
  return (
    <form onSubmit={submit} className="flex flex-col gap-3" aria-label="Filter the checkout history">
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-3">
        <Field
          label="Bungalow"
          name="bungalow"
          type="number"
          inputMode="numeric"
          min={1}
          max={9999}
          defaultValue={params.get('bungalow') ?? ''}
          placeholder="All"
        />
        <Field label="From (UTC day)" name="from" type="date" defaultValue={params.get('from') ?? ''} />
        <Field
          label="To (UTC day)"
          name="to"
          type="date"
          defaultValue={params.get('to') ?? ''}
          error={error ?? undefined}
        />
      </div>
      <div className="flex flex-wrap gap-3">
        <Button type="submit">Show checkouts</Button>
        <Link
          to={days ? `?days=${days}` : '?'}
          className="inline-flex min-h-12 items-center rounded-xl px-5 font-semibold text-slate-700 hover:bg-slate-100"
        >
          Clear filters
        </Link>
      </div>
    </form>
  );
}

function HistoryList({ page, pageNumber }: { page: HistoryPage; pageNumber: number }) {
  const params = useSearchParams();
  const pageLink = (n: number) => {
    const next = new URLSearchParams(params);
    next.set('page', String(n));
    return `?${next}`;
  };
  return (
    <div className="flex flex-col gap-3">
      {page.items.length === 0 ? (
        <p className="py-4 text-slate-600">No checkouts match these filters.</p>
      ) : (
        <ol className="flex flex-col gap-3" aria-label="Checkouts, newest first">
          {page.items.map((checkout) => (
            <CheckoutEntry key={checkout.id} checkout={checkout} />
          ))}
        </ol>
      )}
      {(pageNumber > 1 || page.hasMore) && (
        <nav aria-label="History pages" className="flex items-center justify-between gap-3">
          {pageNumber > 1 ? (
            <Link className={pagerClass} to={pageLink(pageNumber - 1)}>
              <ChevronLeft aria-hidden="true" className="size-5" />
              Newer
            </Link>
          ) : (
            <span />
          )}
          <span className="text-slate-600">
            Page {pageNumber} ({staffLimits.historyPageSize} per page)
          </span>
          {page.hasMore ? (
            <Link className={pagerClass} to={pageLink(pageNumber + 1)}>
              Older
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

  const download = async () => {
    setDownloading(true);
    try {
      await downloadPastReceipt(checkout);
    } catch (error) {
      console.error('The PDF receipt could not be generated', error);
      toast.error('The PDF receipt could not be made. Try again.');
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
          Bungalow {checkout.bungalow} ·{' '}
          <time dateTime={checkout.createdAt}>{formatDateTime(checkout.createdAt)}</time>
        </h4>
        <span className="text-sm text-slate-600">Checkout #{checkout.id}</span>
      </div>
      <p className="text-slate-700">Guest: {checkout.guestName}</p>
      <ul className={`mt-2 flex flex-col gap-1 ${voided ? 'text-slate-500 line-through' : ''}`}>
        {checkout.lines.map((line) => (
          <li key={`${line.drinkId}-${line.drinkName}`} className="flex justify-between gap-3">
            <span>
              {line.quantity} x {line.drinkName}{' '}
              <span className="text-slate-500">at {formatThb(line.unitPrice)}</span>
            </span>
            <span>{formatThb(line.lineTotal)}</span>
          </li>
        ))}
        <li className="flex justify-between gap-3 border-t border-slate-200 pt-1 font-bold">
          <span>Total</span>
          <span>{formatThb(checkout.total)}</span>
        </li>
      </ul>
      {voided && (
        <p className="mt-2 rounded-lg bg-red-50 p-2 text-red-900">
          <strong>Voided</strong> {checkout.voidedAt && formatDateTime(checkout.voidedAt)}:{' '}
          {checkout.voidReason}
          <span className="block text-sm">Not counted in totals, restock or consumption.</span>
        </p>
      )}
      <div className="mt-3 flex flex-wrap gap-2">
        <Button
          variant="secondary"
          onClick={download}
          pending={downloading}
          aria-label={`Download the receipt of checkout #${checkout.id} (bungalow ${checkout.bungalow})`}
        >
          <FileDown aria-hidden="true" className="size-5" />
          Receipt PDF
        </Button>
        {!voided && !voiding && (
          <Button
            variant="ghost"
            onClick={() => setVoiding(true)}
            aria-label={`Void checkout #${checkout.id} (bungalow ${checkout.bungalow})`}
          >
            <Ban aria-hidden="true" className="size-5" />
            Void
          </Button>
        )}
      </div>
      {voiding && !voided && <VoidForm checkout={checkout} onClose={() => setVoiding(false)} />}
    </li>
  );
}

function VoidForm({ checkout, onClose }: { checkout: HistoryCheckout; onClose: () => void }) {
  const fetcher = useFetcher<AdminActionResult>();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();

  useActionResult(fetcher, (result) => {
    if (result.ok) onClose();
    else setError(result.issues[0]?.message ?? result.message);
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = voidInputSchema.safeParse({ reason });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    fetcher.submit({ intent: 'void-checkout', id: checkout.id, reason: parsed.data.reason }, submitOptions());
  };

  return (
    <form onSubmit={submit} noValidate className="mt-3 flex flex-col gap-3 rounded-xl bg-red-50 p-3">
      <Field
        label={`Reason for voiding checkout #${checkout.id}`}
        hint="The checkout stays in the history, marked voided, and stops counting."
        value={reason}
        onChange={(event) => setReason(event.target.value)}
        maxLength={staffLimits.voidReasonMax}
        error={error}
        autoFocus
      />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" variant="danger" pending={fetcher.state !== 'idle'}>
          Void checkout
        </Button>
        <Button variant="secondary" onClick={onClose}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

import { ChevronLeft, ChevronRight, FileDown } from 'lucide-react';
import { type FormEvent, type ReactNode, Suspense, useState } from 'react';
import toast from 'react-hot-toast/headless';
import { Await, Link, useFetcher, useNavigate } from 'react-router';
import { differenceText, methodLabel, taxNumberRows } from '../../../shared/close-report';
import { dayCloseLimits } from '../../../shared/day-close-schemas';
import { type CountAndThb, cashBalanceOf, type DaySummary } from '../../../shared/day-close-types';
import { addDays } from '../../../shared/local-days';
import { paymentMethods } from '../../../shared/payment-constants';
import { formatSatangGrouped } from '../../../shared/satang';
import { Button } from '../../components/ui/button';
import { Field } from '../../components/ui/field';
import { FieldFrame } from '../../components/ui/field-frame';
import { type AdminActionResult, submitOptions } from '../admin-data';
import { useAdminI18n } from '../admin-i18n';
import { LoadFailed, Loading } from '../load-states';
import { useActionResult } from '../use-action-result';
import { formatLongDay, formatResortMoment } from './close-format';
import { downloadCloseReport } from './close-report-file';

export interface CloseDayView {
  /** The day asked for, as typed in the URL. */
  day: string;
  /** Today in the resort's time zone: the last day that can be counted. */
  today: string;
  timeZone: string;
  /** Null when the day cannot be shown (`problem` says why). */
  summary: DaySummary | null;
  problem: 'invalid' | 'future' | null;
  /** Whether the signed-in person may reopen a closed day. */
  mayReopen: boolean;
}

export interface CloseDayPageProps {
  view: Promise<CloseDayView>;
}

const linkClass =
  'font-semibold text-brand-800 underline underline-offset-4 hover:no-underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700';

/** The history of the day's checkouts, optionally only the unpaid or the paid ones. */
const historyOf = (day: string, paid?: 'true' | 'false') =>
  `/admin/history?${new URLSearchParams({ from: day, to: day, ...(paid ? { paid } : {}) })}`;

export function CloseDayPage({ view }: CloseDayPageProps) {
  const { a } = useAdminI18n();
  return (
    <Suspense fallback={<Loading />}>
      <Await resolve={view} errorElement={<LoadFailed what={a.theDaysFigures} />}>
        {(loaded: CloseDayView) => (
          <div className="flex flex-col gap-5">
            <DayPicker view={loaded} />
            {loaded.problem !== null || !loaded.summary ? (
              <p role="alert" className="text-red-800">
                {loaded.problem === 'future' ? a.dayStillToCome : a.notRealDate}
              </p>
            ) : (
              <DayView summary={loaded.summary} timeZone={loaded.timeZone} mayReopen={loaded.mayReopen} />
            )}
          </div>
        )}
      </Await>
    </Suspense>
  );
}

/** Another day: a date field (up to today) and the days either side, all through the URL. */
function DayPicker({ view }: { view: CloseDayView }) {
  const navigate = useNavigate();
  const { a } = useAdminI18n();
  const valid = view.problem !== 'invalid';
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const day = new FormData(event.currentTarget).get('day');
    if (typeof day === 'string' && day !== '') navigate(`?${new URLSearchParams({ day })}`);
  };
  const step =
    'inline-flex min-h-12 items-center gap-1 rounded-xl px-3 font-semibold text-brand-800 hover:bg-slate-100';
  return (
    <div className="flex flex-col gap-3">
      <p className="text-slate-700">{a.closeDayIntro}</p>
      <form onSubmit={submit} className="flex flex-wrap items-end gap-3" aria-label={a.dayToShow}>
        <Field
          label={a.dayToShow}
          name="day"
          type="date"
          max={view.today}
          defaultValue={valid ? view.day : view.today}
        />
        <Button type="submit" variant="secondary">
          {a.showDay}
        </Button>
        {valid && (
          <span className="flex gap-1">
            <Link to={`?day=${addDays(view.day, -1)}`} className={step}>
              <ChevronLeft aria-hidden="true" className="size-5" />
              {a.previousDay}
            </Link>
            {view.day < view.today && (
              <Link to={`?day=${addDays(view.day, 1)}`} className={step}>
                {a.nextDay}
                <ChevronRight aria-hidden="true" className="size-5" />
              </Link>
            )}
          </span>
        )}
      </form>
    </div>
  );
}

function DayView({
  summary,
  timeZone,
  mayReopen,
}: {
  summary: DaySummary;
  timeZone: string;
  mayReopen: boolean;
}) {
  const { a, baht, language } = useAdminI18n();
  const { day, close } = summary;
  const [making, setMaking] = useState(false);
  const makeReport = async () => {
    setMaking(true);
    try {
      await downloadCloseReport(summary);
    } catch (error) {
      console.error('The Z report could not be made', error);
      toast.error(a.zReportFailed);
    } finally {
      setMaking(false);
    }
  };

  return (
    <div className="flex flex-col gap-5">
      {summary.pmsNotPosted && (
        <section aria-label={a.pmsNotPosted} className="rounded-lg bg-amber-50 p-3 ring-1 ring-amber-300">
          <h4 className="font-semibold text-amber-950">{a.pmsNotPosted}</h4>
          <ul className="text-sm">
            {summary.pmsNotPosted.map((p) => (
              <li key={p.checkoutId}>
                {a.pmsNotPostedLine(p.bungalow, p.checkoutId)}: {p.reason}
              </li>
            ))}
          </ul>
        </section>
      )}
      <div className="flex flex-wrap items-center gap-3">
        <h4 className="flex-1 text-lg font-bold text-slate-900">{formatLongDay(day, language)}</h4>
        <span
          className={`rounded-full px-3 py-1 text-sm font-semibold ${close ? 'bg-emerald-100 text-emerald-900' : 'bg-amber-100 text-amber-900'}`}
        >
          {close ? a.dayClosedStatus : a.dayOpenStatus}
        </span>
      </div>

      <div className="grid gap-4 lg:grid-cols-2">
        <Figures title={a.checkouts}>
          <FigureRow label={a.standingCheckouts} figure={summary.checkouts} link={historyOf(day)} />
          <FigureRow label={a.voidedCheckouts} figure={summary.voided} link={historyOf(day)} />
          <FigureRow label={a.stillUnpaid} figure={summary.unpaid} link={historyOf(day, 'false')} />
        </Figures>
        <Figures title={a.moneyByMethod}>
          {paymentMethods.map((method) => (
            <FigureRow
              key={method}
              label={methodLabel(a, method)}
              figure={summary.payments[method]}
              undone={summary.undone[method]}
              link={historyOf(day, 'true')}
            />
          ))}
        </Figures>
      </div>

      <Figures title={a.cashDrawer}>
        <MoneyRow label={a.cashFloat} value={baht(summary.cash.float)} />
        <MoneyRow label={a.cashReceived} value={`+ ${baht(summary.cash.received)}`} />
        <MoneyRow label={a.cashUndone} value={`- ${baht(summary.cash.undone)}`} />
        <MoneyRow label={a.expectedCash} value={baht(summary.cash.expected)} strong />
        {close && (
          <>
            <MoneyRow label={a.countedCash} value={baht(close.countedCash)} strong />
            <MoneyRow
              label={a.cashDifference}
              value={differenceText(a, language, close.difference)}
              strong
              tone={cashBalanceOf(close.difference)}
            />
          </>
        )}
      </Figures>

      {summary.tax && (
        <Figures title={a.closeVatTitle}>
          <MoneyRow
            label={a.closeVatIncluded}
            value={formatSatangGrouped(language, summary.tax.vat)}
            strong
          />
          {taxNumberRows(a, summary.tax).map((row) => (
            <MoneyRow key={row.label} label={row.label} value={row.value} />
          ))}
        </Figures>
      )}

      {close ? (
        <div className="flex flex-col gap-2 rounded-xl bg-emerald-50 p-4 ring-1 ring-emerald-200">
          <p className="font-semibold text-slate-900">
            {a.closedByAt(close.by, formatResortMoment(close.at, language, timeZone))}
          </p>
          {close.note && (
            <p className="text-slate-800">
              <span className="font-semibold">{a.closeNote}: </span>
              {close.note}
            </p>
          )}
        </div>
      ) : (
        <CloseForm summary={summary} />
      )}

      <div>
        <Button variant="secondary" onClick={makeReport} pending={making}>
          <FileDown aria-hidden="true" className="size-5" />
          {a.downloadZReport}
        </Button>
      </div>

      {close && mayReopen && <ReopenForm day={day} />}
    </div>
  );
}

function Figures({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section aria-label={title} className="rounded-xl p-4 ring-1 ring-slate-200">
      <h4 className="mb-2 font-bold text-slate-900">{title}</h4>
      <dl className="flex flex-col divide-y divide-slate-100">{children}</dl>
    </section>
  );
}

/** A count and its baht (and what was undone of it), linking to the history of the day. */
function FigureRow({
  label,
  figure,
  undone,
  link,
}: {
  label: string;
  figure: CountAndThb;
  undone?: CountAndThb;
  link: string;
}) {
  const { a, baht } = useAdminI18n();
  return (
    <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 py-2">
      <dt>
        <Link to={link} className={linkClass} aria-label={a.inHistory(label)}>
          {label}
        </Link>
      </dt>
      <dd className="text-right tabular-nums text-slate-900">
        <span className="font-semibold">
          {figure.count} · {baht(figure.thb)}
        </span>
        {undone && undone.count > 0 && (
          <span className="block text-sm text-red-800">
            {a.undoneColumn}: {undone.count} · {baht(undone.thb)}
          </span>
        )}
      </dd>
    </div>
  );
}

function MoneyRow({
  label,
  value,
  strong = false,
  tone,
}: {
  label: string;
  value: string;
  strong?: boolean;
  tone?: 'short' | 'over' | 'exact';
}) {
  const colour = tone === 'short' ? 'text-red-800' : tone === 'over' ? 'text-amber-800' : 'text-slate-900';
  return (
    <div className="flex items-baseline justify-between gap-4 py-2">
      <dt className={strong ? 'font-semibold text-slate-900' : 'text-slate-700'}>{label}</dt>
      <dd className={`tabular-nums ${strong ? 'text-lg font-bold' : ''} ${colour}`}>{value}</dd>
    </div>
  );
}

/** Whole baht typed on a phone's keypad; null when it is not a count of baht. */
function parseCountedCash(text: string): number | null {
  const digits = text.replace(/[\s,]/g, '');
  if (!/^\d{1,9}$/.test(digits)) return null;
  const value = Number(digits);
  return value <= dayCloseLimits.countedCashMax ? value : null;
}

/** The count: the difference shows as it is typed (short, over or exact), then Close. */
function CloseForm({ summary }: { summary: DaySummary }) {
  const fetcher = useFetcher<AdminActionResult>();
  const { a, baht, language } = useAdminI18n();
  const [counted, setCounted] = useState('');
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const value = parseCountedCash(counted);
  const difference = value === null ? null : value - summary.cash.expected;

  useActionResult(fetcher, (result) => {
    if (!result.ok) setError(result.message);
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (value === null) {
      setError(a.countedCashInvalid);
      return;
    }
    setError(null);
    fetcher.submit({ intent: 'close-day', day: summary.day, countedCash: value, note }, submitOptions());
  };

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label={a.closeTheDay}
      className="flex flex-col gap-4 rounded-xl p-4 ring-1 ring-slate-200"
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          label={a.countedCashLabel}
          hint={a.countedCashHint}
          name="countedCash"
          inputMode="numeric"
          autoComplete="off"
          value={counted}
          onChange={(event) => {
            setCounted(event.target.value);
            setError(null);
          }}
          error={error ?? undefined}
        />
        <div aria-live="polite" className="flex flex-col justify-end gap-1">
          <p className="text-sm font-semibold text-slate-700">
            {a.expectedCash}: <span className="tabular-nums">{baht(summary.cash.expected)}</span>
          </p>
          {difference !== null && (
            <p
              data-testid="cash-difference"
              className={`text-xl font-bold tabular-nums ${
                difference < 0 ? 'text-red-800' : difference > 0 ? 'text-amber-800' : 'text-emerald-800'
              }`}
            >
              {a.cashDifference}: {differenceText(a, language, difference)}
            </p>
          )}
        </div>
      </div>
      <FieldFrame label={a.closeNote} hint={a.closeNoteHint}>
        {(control) => (
          <textarea
            {...control}
            name="note"
            rows={2}
            maxLength={dayCloseLimits.noteMax}
            value={note}
            onChange={(event) => setNote(event.target.value)}
          />
        )}
      </FieldFrame>
      <div>
        <Button type="submit" pending={fetcher.state !== 'idle'}>
          {a.closeDayButton}
        </Button>
      </div>
    </form>
  );
}

/** A manager reopens a closed day with a reason; the close stays on record. */
function ReopenForm({ day }: { day: string }) {
  const fetcher = useFetcher<AdminActionResult>();
  const { a } = useAdminI18n();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);

  useActionResult(fetcher, (result) => {
    if (!result.ok) setError(result.message);
    else setReason('');
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (reason.trim() === '') {
      setError(a.reopenReasonRequired);
      return;
    }
    setError(null);
    fetcher.submit({ intent: 'reopen-day', day, reason }, submitOptions());
  };

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label={a.reopenDay}
      className="flex flex-col gap-3 rounded-xl p-4 ring-1 ring-slate-200"
    >
      <h4 className="font-bold text-slate-900">{a.reopenDay}</h4>
      <Field
        label={a.reopenReason}
        hint={a.reopenDayHint}
        name="reason"
        maxLength={dayCloseLimits.reasonMax}
        value={reason}
        onChange={(event) => {
          setReason(event.target.value);
          setError(null);
        }}
        error={error ?? undefined}
      />
      <div>
        <Button type="submit" variant="danger" pending={fetcher.state !== 'idle'}>
          {a.reopenDay}
        </Button>
      </div>
    </form>
  );
}

import { LogIn, LogOut, Pencil } from 'lucide-react';
import { type FormEvent, Suspense, useEffect, useState } from 'react';
import { Await, Link, useFetcher } from 'react-router';
import type { CheckRequest } from '../../../shared/live-types';
import { pmsLabels } from '../../../shared/pms-types';
import type { BungalowState, Stay } from '../../../shared/staff-types';
import { type StayInput, stayInputSchema } from '../../../shared/stay-schemas';
import { Button } from '../../components/ui/button';
import { Field } from '../../components/ui/field';
import { fetchStays } from '../admin-api';
import { type AdminActionResult, submitOptions } from '../admin-data';
import { useAdminI18n } from '../admin-i18n';
import { formatDay } from '../format';
import { guestNameText } from '../guest-name';
import { LoadFailed, Loading } from '../load-states';
import { useActionResult } from '../use-action-result';
import { fieldMessages } from '../validation';
import { AskCheck } from './ask-check';

/** A bungalow with its open check request, if the desk asked for one. */
export type BungalowRow = BungalowState & { checkRequest?: CheckRequest | undefined };

/** Every bungalow of the settings (and any other with a stay or checkouts) with the guest staying in it. */
export function StaysSection({ bungalows }: { bungalows: Promise<BungalowRow[]> }) {
  const { a } = useAdminI18n();
  return (
    <Suspense fallback={<Loading />}>
      <Await resolve={bungalows} errorElement={<LoadFailed what={a.theBungalows} />}>
        {(list) => (
          <ul className="flex flex-col gap-3" aria-label={a.bungalowsAndGuests}>
            {list.map((entry) => (
              <BungalowEntry key={entry.bungalow} entry={entry} />
            ))}
          </ul>
        )}
      </Await>
    </Suspense>
  );
}

function BungalowEntry({ entry }: { entry: BungalowRow }) {
  const [editing, setEditing] = useState(false);
  const checkout = useFetcher<AdminActionResult>();
  const { a, language } = useAdminI18n();
  const { bungalow, stay } = entry;
  const headingId = `bungalow-${bungalow}`;
  return (
    <li aria-labelledby={headingId} className="rounded-xl bg-white p-3 ring-1 ring-slate-200">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h4 id={headingId} className="font-bold text-slate-900">
          {a.bungalow(bungalow)}
          {!entry.listed && (
            <span className="ml-2 text-sm font-normal text-slate-600">{a.notInSettings}</span>
          )}
        </h4>
        {stay ? (
          <p className="text-slate-800">
            {a.guestLabel} <strong>{guestNameText(stay.guestName, a)}</strong>
            {stay.guestEmail && <span className="text-slate-600"> · {stay.guestEmail}</span>}
            {stay.checkOutOn && (
              <span className="text-slate-600"> · {a.leaves(formatDay(stay.checkOutOn, language))}</span>
            )}
            {stay.source !== 'app' && (
              <span className="text-slate-600">
                {' '}
                · {a.stayFromPms(pmsLabels[stay.source], stay.pmsReservationId ?? '?')}
              </span>
            )}
          </p>
        ) : (
          <p className="text-slate-600">{a.noGuestCheckedIn}</p>
        )}
      </div>
      {editing ? (
        <StayForm
          bungalow={bungalow}
          stay={stay}
          ownedBy={entry.stayOwnedBy}
          onDone={() => setEditing(false)}
        />
      ) : (
        <div className="mt-2 flex flex-wrap gap-2">
          <Button variant="secondary" onClick={() => setEditing(true)}>
            {stay ? (
              <Pencil aria-hidden="true" className="size-4" />
            ) : (
              <LogIn aria-hidden="true" className="size-4" />
            )}
            {stay ? a.editStay(bungalow) : a.checkInTo(bungalow)}
          </Button>
          {stay && !entry.stayOwnedBy && (
            <Button
              variant="secondary"
              pending={checkout.state !== 'idle'}
              onClick={() =>
                checkout.submit({ intent: 'end-stay', bungalow, guestName: stay.guestName }, submitOptions())
              }
            >
              <LogOut aria-hidden="true" className="size-4" />
              {a.checkOutGuest(guestNameText(stay.guestName, a))}
            </Button>
          )}
          <AskCheck bungalow={bungalow} request={entry.checkRequest} />
          {stay && (
            <Link
              to={`/admin/history?stay=${stay.id}`}
              className="inline-flex min-h-12 items-center rounded-xl px-4 font-semibold text-brand-800 hover:bg-slate-100"
            >
              {a.checkoutsOfStay}
            </Link>
          )}
        </div>
      )}
      <PastStays bungalow={bungalow} />
    </li>
  );
}

type FieldErrors = Partial<Record<keyof StayInput, string>>;

/** Check in (no open stay) or edit the open stay: name, optional email and planned check-out day. */
function StayForm({
  bungalow,
  stay,
  ownedBy,
  onDone,
}: {
  bungalow: number;
  stay: Stay | null;
  /** The PMS that owns the stay's name and day (GET /api/bungalows' `stayOwnedBy`). */
  ownedBy: string | null;
  onDone: () => void;
}) {
  const fetcher = useFetcher<AdminActionResult>();
  const { a } = useAdminI18n();
  const [errors, setErrors] = useState<FieldErrors>({});
  // A stay the connected PMS owns: its name and day shown but not typed over (the server refuses a change too).
  const vendor = stay ? ownedBy : null;
  useActionResult(fetcher, (result) => {
    if (result.ok) onDone();
    else
      setErrors(Object.fromEntries(result.issues.map((issue) => [issue.path, issue.message])) as FieldErrors);
  });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const input: StayInput = {
      guestName: String(form.get('guestName') ?? ''),
      guestEmail: String(form.get('guestEmail') ?? ''),
      checkOutOn: String(form.get('checkOutOn') ?? ''),
    };
    const parsed = stayInputSchema.safeParse(input);
    if (!parsed.success) {
      setErrors(fieldMessages(parsed.error) as FieldErrors);
      return;
    }
    setErrors({});
    fetcher.submit({ intent: stay ? 'update-stay' : 'check-in', bungalow, stay: input }, submitOptions());
  };
  return (
    <form
      onSubmit={submit}
      noValidate
      className="mt-3 flex flex-col gap-3"
      aria-label={stay ? a.editStay(bungalow) : a.checkInTo(bungalow)}
    >
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-3">
        <Field
          label={a.stayGuestName}
          name="guestName"
          defaultValue={stay?.guestName ?? ''}
          readOnly={vendor !== null}
          hint={vendor ? a.stayFromPmsHint(vendor) : undefined}
          error={errors.guestName}
        />
        <Field
          label={a.stayGuestEmail}
          name="guestEmail"
          type="email"
          defaultValue={stay?.guestEmail ?? ''}
          error={errors.guestEmail}
        />
        <Field
          label={a.plannedCheckOut}
          name="checkOutOn"
          type="date"
          defaultValue={stay?.checkOutOn ?? ''}
          readOnly={vendor !== null}
          error={errors.checkOutOn}
        />
      </div>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" pending={fetcher.state !== 'idle'}>
          {stay ? a.saveStay : a.checkIn}
        </Button>
        <Button type="button" variant="secondary" onClick={onDone}>
          {a.cancel}
        </Button>
      </div>
    </form>
  );
}

/** The bungalow's past stays, read when staff open the list. */
function PastStays({ bungalow }: { bungalow: number }) {
  const [open, setOpen] = useState(false);
  const [stays, setStays] = useState<Promise<Stay[]> | null>(null);
  const { a, dateTime } = useAdminI18n();
  useEffect(() => {
    if (open) setStays(fetchStays(bungalow));
  }, [open, bungalow]);
  return (
    <details className="mt-2" onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary className="cursor-pointer text-sm font-semibold text-slate-700">{a.pastStays}</summary>
      {stays && (
        <Suspense fallback={<Loading />}>
          <Await resolve={stays} errorElement={<LoadFailed what={a.thePastStays} />}>
            {(list) => {
              const past = list.filter((s) => s.checkedOutAt !== null);
              return past.length === 0 ? (
                <p className="mt-1 text-sm text-slate-600">{a.noPastStays}</p>
              ) : (
                <ul className="mt-1 flex flex-col gap-1 text-sm text-slate-700">
                  {past.map((s) => (
                    <li key={s.id}>
                      {guestNameText(s.guestName, a)}
                      {s.guestEmail && ` · ${s.guestEmail}`} ·{' '}
                      {a.stayPeriod(dateTime(s.checkedInAt), s.checkedOutAt ? dateTime(s.checkedOutAt) : '')}{' '}
                      ·{' '}
                      <Link
                        to={`/admin/history?stay=${s.id}`}
                        className="font-semibold text-brand-800 underline"
                      >
                        {a.checkoutsLink}
                      </Link>
                    </li>
                  ))}
                </ul>
              );
            }}
          </Await>
        </Suspense>
      )}
    </details>
  );
}

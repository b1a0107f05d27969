import '../zod-jitless';
import { Download, Search, UserX } from 'lucide-react';
import { Suspense, useState } from 'react';
import { Await, Form, useFetcher, useSearchParams } from 'react-router';
import { type Language, languages } from '../../../shared/i18n/languages';
import type { GuestErased, PrivacyGuest } from '../../../shared/privacy';
import { privacyLimits } from '../../../shared/privacy';
import { requestWithHeaders } from '../../api';
import { Button } from '../../components/ui/button';
import { Field } from '../../components/ui/field';
import {
  type AdminActionResult,
  pageAction,
  pageLoader,
  reportLoadFailure,
  submitOptions,
} from '../admin-data';
import { useAdminI18n } from '../admin-i18n';
import { guestNameText } from '../guest-name';
import { LoadFailed, Loading } from '../load-states';
import { PageSection } from '../page-section';
import { usePageData } from '../use-page-data';

/**
 * /admin/guest-data (owner, manager): find a guest by name or email (the search in the URL), download
 * everything held about them, erase them with a reason and a confirmation (DESIGN.md, "Guests' personal data").
 */

const searchGuests = async (q: string) =>
  (await requestWithHeaders<PrivacyGuest[]>(`/api/privacy/guests?q=${encodeURIComponent(q)}`)).body;

export const loader = pageLoader(({ request }) => {
  const q = new URL(request.url).searchParams.get('q')?.trim() ?? '';
  return {
    q,
    guests: q.length >= privacyLimits.searchMin ? reportLoadFailure(searchGuests(q)) : null,
  };
});

export type GuestDataCommand = { intent: 'erase'; guestRef: string; reason: string };

export const action = pageAction<GuestDataCommand>({
  run: async (command) =>
    (
      await requestWithHeaders<GuestErased>(`/api/privacy/guests/${command.guestRef}/erase`, {
        method: 'POST',
        body: { reason: command.reason },
      })
    ).body,
  success: { erase: ({ a }) => a.guestErased },
  failure: { erase: null },
});

export function Component() {
  const data = usePageData<typeof loader>();
  const { a } = useAdminI18n();
  const [params] = useSearchParams();
  if (!data) return null;
  return (
    <PageSection id="guest-data" title={a.guestDataTitle}>
      <p className="mb-3 text-slate-700">{a.guestDataIntro}</p>
      <Form method="get" role="search" className="flex flex-wrap items-end gap-2">
        <Field
          label={a.guestSearchLabel}
          hint={a.guestSearchHint}
          name="q"
          type="search"
          minLength={privacyLimits.searchMin}
          maxLength={privacyLimits.searchMax}
          defaultValue={params.get('q') ?? ''}
          className="min-w-64 flex-1"
        />
        <Button type="submit">
          <Search aria-hidden="true" className="size-5" />
          {a.guestSearchButton}
        </Button>
      </Form>
      {data.guests && (
        <Suspense fallback={<Loading />}>
          <Await resolve={data.guests} errorElement={<LoadFailed what={a.guestDataTitle} />}>
            {(guests) =>
              guests.length === 0 ? (
                <p className="py-3 text-slate-600">{a.noGuestsFound}</p>
              ) : (
                <ul className="mt-4 flex flex-col gap-3" aria-label={a.guestDataTitle}>
                  {guests.map((guest) => (
                    <GuestEntry key={guest.guestRef} guest={guest} />
                  ))}
                </ul>
              )
            }
          </Await>
        </Suspense>
      )}
    </PageSection>
  );
}

/** The guest's two export links (the download and the page), styled as buttons. */
const exportLinkClass =
  'inline-flex min-h-12 items-center justify-center gap-2 rounded-xl bg-white px-5 text-base font-semibold text-brand-800 ring-1 ring-slate-300 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700';

function GuestEntry({ guest }: { guest: PrivacyGuest }) {
  const { a, dateTime } = useAdminI18n();
  const fetcher = useFetcher<AdminActionResult>();
  const [armed, setArmed] = useState(false);
  const [reason, setReason] = useState('');
  // The export as a page the guest reads, in the language they speak (sixth stage).
  const [pageLanguage, setPageLanguage] = useState<Language>('en');
  const headingId = `guest-${guest.guestRef.replace(':', '-')}`;
  const failed = fetcher.data && !fetcher.data.ok ? fetcher.data.message : undefined;
  return (
    <li aria-labelledby={headingId} className="rounded-xl bg-white p-3 ring-1 ring-slate-200">
      <h4 id={headingId} className="font-bold text-slate-900">
        {guestNameText(guest.name, a)}
      </h4>
      {guest.email && <p className="text-slate-700">{guest.email}</p>}
      <p className="text-sm text-slate-600">
        {a.guestStays(guest.stays.length)} · {a.guestCheckouts(guest.checkouts)}
      </p>
      <ul className="text-sm text-slate-600">
        {guest.stays.map((stay) => (
          <li key={stay.openedAt}>
            {a.guestStayLine(
              stay.bungalow,
              dateTime(stay.openedAt),
              stay.closedAt ? dateTime(stay.closedAt) : null,
            )}
          </li>
        ))}
      </ul>
      {guest.legalHoldUntil && (
        <p className="text-sm text-amber-800">{a.legalHoldUntil(guest.legalHoldUntil)}</p>
      )}
      <div className="mt-2 flex flex-wrap gap-2">
        {/* A plain download: the server answers it as an attachment. */}
        <a href={`/api/privacy/guests/${guest.guestRef}/export`} download className={exportLinkClass}>
          <Download aria-hidden="true" className="size-5" />
          {a.downloadGuestExport}
        </a>
        <label className="inline-flex items-center gap-2">
          {a.guestExportLanguage}
          <select
            value={pageLanguage}
            onChange={(event) => setPageLanguage(event.target.value as Language)}
            className="min-h-12 rounded-xl bg-white px-3 ring-1 ring-slate-300"
          >
            {languages.map((language) => (
              <option key={language.code} value={language.code}>
                {language.name}
              </option>
            ))}
          </select>
        </label>
        <a
          href={`/api/privacy/guests/${guest.guestRef}/export?${new URLSearchParams({ format: 'html', lang: pageLanguage })}`}
          target="_blank"
          rel="noopener"
          className={exportLinkClass}
        >
          {a.openGuestExportPage}
        </a>
        {!armed && (
          <Button variant="ghost" onClick={() => setArmed(true)}>
            <UserX aria-hidden="true" className="size-5" />
            {a.eraseGuest}
          </Button>
        )}
      </div>
      {armed && (
        <form
          className="mt-3 flex flex-col gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            fetcher.submit({ intent: 'erase', guestRef: guest.guestRef, reason }, submitOptions());
          }}
        >
          <Field
            label={a.eraseReasonLabel}
            value={reason}
            required
            maxLength={privacyLimits.reasonMax}
            onChange={(event) => setReason(event.target.value)}
            error={failed}
          />
          <p role="alert" className="font-semibold text-red-800">
            {a.eraseConfirm(guestNameText(guest.name, a))}
          </p>
          <div className="flex gap-2">
            <Button type="submit" pending={fetcher.state !== 'idle'} disabled={reason.trim() === ''}>
              {a.eraseConfirmButton}
            </Button>
            <Button variant="ghost" onClick={() => setArmed(false)}>
              {a.cancel}
            </Button>
          </div>
        </form>
      )}
    </li>
  );
}

import { ShieldAlert, ShieldCheck } from 'lucide-react';
import { Suspense } from 'react';
import { Await, Link } from 'react-router';
import {
  type AuditEvent,
  type AuditPage,
  auditActions,
  type ChainVerdict,
} from '../../../shared/audit-types';
import { SelectField } from '../../components/ui/select-field';
import { activityCsvUrl } from '../admin-api';
import { useAdminI18n } from '../admin-i18n';
import { CsvDownloadLink } from '../csv-download-link';
import { LoadFailed, Loading } from '../load-states';
import { DayRangeFields, UrlFilterForm, UrlPagedList } from '../url-filtered-list';
import { checkoutOf, describeEvent } from './describe-event';

export interface ActivitySectionProps {
  /** The URL's filters, normalised (only the known, non-empty ones). */
  search: string;
  page: number;
  filterError: string | null;
  activity: Promise<AuditPage>;
  chain: Promise<ChainVerdict>;
}

export function ActivitySection({ search, page, filterError, activity, chain }: ActivitySectionProps) {
  const { a } = useAdminI18n();
  const params = new URLSearchParams(search);
  params.delete('page');
  return (
    <div className="flex flex-col gap-4">
      <Suspense fallback={<Loading />}>
        <Await resolve={chain} errorElement={<p className="text-slate-700">{a.chainNotChecked}</p>}>
          {(verdict) => <ChainStatus verdict={verdict} />}
        </Await>
      </Suspense>
      <ActivityFilterForm key={search} params={params} error={filterError} />
      <div>
        <CsvDownloadLink href={activityCsvUrl(params)}>{a.downloadActivityCsv}</CsvDownloadLink>
      </div>
      <Suspense fallback={<Loading />}>
        <Await resolve={activity} errorElement={<LoadFailed what={a.theActivity} />}>
          {(loaded) => <ActivityList loaded={loaded} params={params} page={page} />}
        </Await>
      </Suspense>
    </div>
  );
}

function ChainStatus({ verdict }: { verdict: ChainVerdict }) {
  const { a, number } = useAdminI18n();
  return verdict.ok ? (
    <p
      role="status"
      className="flex items-center gap-2 rounded-lg bg-emerald-50 p-2 font-semibold text-emerald-900"
    >
      <ShieldCheck aria-hidden="true" className="size-5 shrink-0" />
      {a.chainVerified(number(verdict.events))}
    </p>
  ) : (
    <p role="alert" className="flex items-center gap-2 rounded-lg bg-red-50 p-2 font-semibold text-red-900">
      <ShieldAlert aria-hidden="true" className="size-5 shrink-0" />
      {a.chainBroken(verdict.brokenAt, verdict.reason)}
    </p>
  );
}

/** Person, action and days: submitting puts them in the URL (a link that survives a reload). */
function ActivityFilterForm({ params, error }: { params: URLSearchParams; error: string | null }) {
  const { a } = useAdminI18n();
  const actor = params.get('actor') ?? '';
  return (
    <UrlFilterForm label={a.filterActivity} submitLabel={a.showActivity}>
      <SelectField label={a.filterPerson} name="actor" defaultValue={actor}>
        <option value="">{a.everyone}</option>
        <option value="owner">{a.ownerPerson}</option>
        <option value="guest">{a.guestsPerson}</option>
        {/^\d+$/.test(actor) && <option value={actor}>{a.staffPerson(Number(actor))}</option>}
      </SelectField>
      <SelectField label={a.filterAction} name="action" defaultValue={params.get('action') ?? ''}>
        <option value="">{a.anyAction}</option>
        {auditActions.map((action) => (
          <option key={action} value={action}>
            {a.actionName(action)}
          </option>
        ))}
      </SelectField>
      <DayRangeFields params={params} error={error} />
    </UrlFilterForm>
  );
}

function ActivityList({
  loaded,
  params,
  page,
}: {
  loaded: AuditPage;
  params: URLSearchParams;
  page: number;
}) {
  const { a } = useAdminI18n();
  return (
    <UrlPagedList
      items={loaded.events}
      renderItem={(event) => <ActivityEntry key={event.seq} event={event} params={params} />}
      emptyText={a.noActivityMatches}
      listLabel={a.activityNewestFirst}
      listClassName="flex flex-col gap-2"
      page={page}
      hasMore={loaded.hasMore}
      pagesLabel={a.activityPages}
      pageText={a.activityPage(page)}
      params={params}
    />
  );
}

/** The actor's filter value: their staff id, or owner, or guest. */
const actorParam = (actor: AuditEvent['actor']) =>
  actor.role === 'owner' ? 'owner' : actor.role === 'guest' ? 'guest' : String(actor.id);

function ActivityEntry({ event, params }: { event: AuditEvent; params: URLSearchParams }) {
  const i18n = useAdminI18n();
  const { a, dateTime } = i18n;
  const checkout = checkoutOf(event);
  const name =
    event.actor.role === 'owner'
      ? a.ownerActor
      : event.actor.role === 'guest'
        ? a.guestActor
        : event.actor.name;
  const who = event.actor.device ? a.actorOnDevice(name, event.actor.device.name) : name;
  const byPerson = new URLSearchParams(params);
  byPerson.set('actor', actorParam(event.actor));
  const headingId = `activity-${event.seq}`;
  return (
    <li aria-labelledby={headingId} className="rounded-xl bg-white p-3 ring-1 ring-slate-200">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h4 id={headingId} className="font-bold text-slate-900">
          {a.actionName(event.action)} ·{' '}
          <Link to={`?${byPerson}`} className="text-brand-800 underline underline-offset-2">
            {who}
          </Link>
        </h4>
        <span className="text-sm text-slate-600">
          <time dateTime={event.at}>{dateTime(event.at)}</time> · {a.eventNumber(event.seq)}
        </span>
      </div>
      <p className="text-slate-800">{describeEvent(i18n, event)}</p>
      <div className="flex flex-wrap gap-x-4 text-sm">
        {checkout !== null && (
          <Link
            to={`/admin/history?checkout=${checkout}`}
            className="text-brand-800 underline underline-offset-2"
          >
            {a.openCheckout(checkout)}
          </Link>
        )}
        {event.details.carriedOver === true && <span className="text-slate-600">{a.carriedOver}</span>}
      </div>
    </li>
  );
}

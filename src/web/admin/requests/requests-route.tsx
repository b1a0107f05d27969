import '../zod-jitless';
import { CheckCheck, ClipboardList } from 'lucide-react';
import { Suspense } from 'react';
import { Await, Link, useFetcher } from 'react-router';
import type { CheckRequest } from '../../../shared/live-types';
import { Button } from '../../components/ui/button';
import { answerNothingMissing, fetchCheckRequests } from '../admin-api';
import {
  type AdminActionResult,
  pageAction,
  pageLoader,
  reportLoadFailure,
  submitOptions,
} from '../admin-data';
import { useAdminI18n } from '../admin-i18n';
import { liveFilters, useLiveRevalidate } from '../live/use-live';
import { LoadFailed, Loading } from '../load-states';
import { PageSection } from '../page-section';
import { usePageData } from '../use-page-data';

/**
 * /admin/requests: the fridge checks the desk asked for, as they come (housekeeping's phones keep it open).
 * Each opens the bungalow's checkout to count; "Nothing missing" answers one with nothing taken.
 */

export const loader = pageLoader(() => ({ requests: reportLoadFailure(fetchCheckRequests()) }));

export type RequestsCommand = { intent: 'nothing-missing'; id: number };

export const action = pageAction<RequestsCommand>({
  run: (command) => answerNothingMissing(command.id),
  success: { 'nothing-missing': ({ a }) => a.answeredNothingMissing },
  failure: { 'nothing-missing': ({ a }) => a.failedToAnswerRequest },
});

export function Component() {
  const data = usePageData<typeof loader>();
  const { a } = useAdminI18n();
  useLiveRevalidate(liveFilters.requests);
  if (!data) return null;
  return (
    <PageSection id="requests" title={a.openCheckRequests}>
      <Suspense fallback={<Loading />}>
        <Await resolve={data.requests} errorElement={<LoadFailed what={a.theCheckRequests} />}>
          {(requests) =>
            requests.length === 0 ? (
              <p className="py-2 text-slate-600">{a.noCheckRequests}</p>
            ) : (
              <ul className="flex flex-col gap-3" aria-label={a.openCheckRequests}>
                {requests.map((request) => (
                  <RequestEntry key={request.id} request={request} />
                ))}
              </ul>
            )
          }
        </Await>
      </Suspense>
    </PageSection>
  );
}

function RequestEntry({ request }: { request: CheckRequest }) {
  const fetcher = useFetcher<AdminActionResult>();
  const { a, dateTime } = useAdminI18n();
  const headingId = `request-${request.id}`;
  return (
    <li aria-labelledby={headingId} className="rounded-xl bg-white p-3 ring-1 ring-slate-200">
      <h4 id={headingId} className="font-bold text-slate-900">
        {a.bungalow(request.bungalow)}
      </h4>
      <p className="text-sm text-slate-600">
        {a.requestedBy(request.requestedBy, dateTime(request.requestedAt))}
      </p>
      <div className="mt-2 flex flex-wrap gap-2">
        {/* A plain link: /checkout is its own page, loaded without the workspace. */}
        <Link
          to={`/checkout?bungalow=${request.bungalow}`}
          className="inline-flex min-h-12 items-center justify-center gap-2 rounded-xl bg-brand-700 px-5 text-base font-semibold text-white hover:bg-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
        >
          <ClipboardList aria-hidden="true" className="size-5" />
          {a.checkTheFridge(request.bungalow)}
        </Link>
        <Button
          variant="secondary"
          pending={fetcher.state !== 'idle'}
          aria-label={a.nothingMissingIn(request.bungalow)}
          onClick={() => fetcher.submit({ intent: 'nothing-missing', id: request.id }, submitOptions())}
        >
          <CheckCheck aria-hidden="true" className="size-5" />
          {a.nothingMissing}
        </Button>
      </div>
    </li>
  );
}

import '../zod-jitless';
import { auditQuerySchema } from '../../../shared/audit-schemas';
import type { AuditPage, ChainVerdict } from '../../../shared/audit-types';
import { fetchActivity, verifyActivityChain } from '../admin-api';
import { pageLoader, reportLoadFailure } from '../admin-data';
import { useAdminI18n } from '../admin-i18n';
import { PageSection } from '../page-section';
import { usePageData } from '../use-page-data';
import { issueText } from '../validation';
import { ActivitySection } from './activity';

/** The Activity page's filters, as they stand in its URL. */
const activityParams = ['actor', 'action', 'from', 'to', 'page'] as const;

/**
 * /admin/activity?actor=&action=&from=&to=&page=: the audit trail, newest first. The filters live in the URL,
 * so "everything Noi did yesterday" is a link; the chain is verified beside it on every load.
 */
export const loader = pageLoader(({ request }) => {
  const url = new URL(request.url);
  const search = new URLSearchParams();
  for (const name of activityParams) {
    const value = url.searchParams.get(name);
    if (value) search.set(name, value);
  }
  const parsed = auditQuerySchema.safeParse(Object.fromEntries(search));
  const activity: Promise<AuditPage> = parsed.success
    ? reportLoadFailure(fetchActivity(search))
    : Promise.resolve({ events: [], hasMore: false });
  // Its own promise: a million events take seconds to verify, and the list does not wait for it.
  const chain: Promise<ChainVerdict> = verifyActivityChain();
  // The page shows its own failure line; an unhandled rejection would only reach the console.
  chain.catch(() => {});
  return {
    search: search.toString(),
    page: parsed.success ? parsed.data.page : 1,
    filterIssue: parsed.success ? null : (parsed.error.issues[0] ?? null),
    activity,
    chain,
  };
});

export function Component() {
  const data = usePageData<typeof loader>();
  const i18n = useAdminI18n();
  if (!data) return null;
  return (
    <PageSection id="activity" title={i18n.a.activityTitle}>
      <ActivitySection
        search={data.search}
        page={data.page}
        filterError={data.filterIssue ? issueText(data.filterIssue, i18n) : null}
        activity={data.activity}
        chain={data.chain}
      />
    </PageSection>
  );
}

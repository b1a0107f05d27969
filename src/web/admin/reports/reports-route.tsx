import type { ShouldRevalidateFunctionArgs } from 'react-router';
import '../zod-jitless';
import { fetchConsumption } from '../admin-api';
import { pageLoader, reportLoadFailure } from '../admin-data';
import { useAdminI18n } from '../admin-i18n';
import { PageSection } from '../page-section';
import { useGrant } from '../team/session-context';
import { usePageData } from '../use-page-data';
import { ConsumptionSection } from './consumption-chart';
import { ExportSection } from './export';
import { loadMargin, MarginSection } from './margin-section';

/** /admin/reports?days=7|30&from=…&to=…: what the fridges gave, and the accountant's CSV of those days. */

export const loader = pageLoader(({ request }) => {
  const days = new URL(request.url).searchParams.get('days') === '30' ? 30 : 7;
  return {
    days,
    consumption: reportLoadFailure(fetchConsumption(days)),
    margin: reportLoadFailure(loadMargin(request)),
  } as const;
});

/**
 * The export's days are the form's alone: choosing one does not read the consumption again. Anything else (the
 * period, a revalidation after logging in again) reads it as usual.
 */
export function shouldRevalidate({
  currentUrl,
  nextUrl,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs): boolean {
  const exportDays = (url: URL) => `${url.searchParams.get('from')}/${url.searchParams.get('to')}`;
  const onlyExportDaysChanged =
    currentUrl.pathname === nextUrl.pathname &&
    currentUrl.searchParams.get('days') === nextUrl.searchParams.get('days') &&
    exportDays(currentUrl) !== exportDays(nextUrl);
  return onlyExportDaysChanged ? false : defaultShouldRevalidate;
}

export function Component() {
  const data = usePageData<typeof loader>();
  const { a } = useAdminI18n();
  // The margin is the owner's and the managers' (the desk reads the rest of the page).
  const costs = useGrant('stockCosts') === 'yes';
  if (!data) return null;
  return (
    <>
      <PageSection id="consumption" title={a.consumption}>
        <ConsumptionSection days={data.days} consumption={data.consumption} />
      </PageSection>
      {costs && (
        <PageSection id="margin" title={a.marginTitle}>
          <MarginSection margin={data.margin} />
        </PageSection>
      )}
      <PageSection id="export" title={a.exportCsv}>
        <ExportSection />
      </PageSection>
    </>
  );
}

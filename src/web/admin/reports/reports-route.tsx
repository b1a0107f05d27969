import type { ShouldRevalidateFunctionArgs } from 'react-router';
import '../zod-jitless';
import { fetchConsumption } from '../admin-api';
import { pageLoader, reportLoadFailure } from '../admin-data';
import { useAdminI18n } from '../admin-i18n';
import { PageSection } from '../page-section';
import { usePageData } from '../use-page-data';
import { ConsumptionSection } from './consumption-chart';
import { ExportSection } from './export';

/** /admin/reports?days=7|30&from=…&to=…: what the fridges gave, and the accountant's CSV of those days. */

export const loader = pageLoader(({ request }) => {
  const days = new URL(request.url).searchParams.get('days') === '30' ? 30 : 7;
  return { days, consumption: reportLoadFailure(fetchConsumption(days)) } as const;
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
  if (!data) return null;
  return (
    <>
      <PageSection id="consumption" title={a.consumption}>
        <ConsumptionSection days={data.days} consumption={data.consumption} />
      </PageSection>
      <PageSection id="export" title={a.exportCsv}>
        <ExportSection />
      </PageSection>
    </>
  );
}

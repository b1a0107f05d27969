import '../zod-jitless';
import type { MovedLine } from '../../../shared/stock-types';
import { fetchRestockList, markRestocked } from '../admin-api';
import { pageAction, pageLoader, reportLoadFailure } from '../admin-data';
import { useAdminI18n } from '../admin-i18n';
import { liveFilters, useLiveRevalidate } from '../live/use-live';
import { PageSection } from '../page-section';
import { usePageData } from '../use-page-data';
import { RestockSection } from './restock';

/**
 * /admin/restock: what each fridge lacks since its last restock; with stock on, its par less what it holds, and
 * the totals are the storeroom's pick list in cases and bottles.
 */

export const loader = pageLoader(() => ({ restock: reportLoadFailure(fetchRestockList()) }));

/** `items`, with stock on: what was really put in (else the fridge is filled to its pars). */
export type RestockCommand = { intent: 'restock'; bungalow: number; items?: MovedLine[] };

export const action = pageAction<RestockCommand>({
  run: (command) => markRestocked(command.bungalow, command.items),
  success: { restock: ({ a }) => a.restockRecorded },
  failure: { restock: ({ a }) => a.failedToRestock },
});

export function Component() {
  const data = usePageData<typeof loader>();
  const { a } = useAdminI18n();
  useLiveRevalidate(liveFilters.restock);
  if (!data) return null;
  return (
    <PageSection id="restock" title={a.restockList}>
      <RestockSection restock={data.restock} />
    </PageSection>
  );
}

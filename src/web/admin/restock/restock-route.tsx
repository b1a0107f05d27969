import '../zod-jitless';
import { Suspense } from 'react';
import { Await } from 'react-router';
import type { Drink } from '../../../shared/api-types';
import type { RestockList } from '../../../shared/staff-types';
import type { WriteOffInput } from '../../../shared/stock-schemas';
import type { MovedLine } from '../../../shared/stock-types';
import { fetchDrinks } from '../../api';
import { fetchRestockList, markRestocked } from '../admin-api';
import { pageAction, pageLoader, reportLoadFailure } from '../admin-data';
import { useAdminI18n } from '../admin-i18n';
import { liveFilters, useLiveRevalidate } from '../live/use-live';
import { PageSection } from '../page-section';
import { writeOff } from '../stock/stock-api';
import { useGrant } from '../team/session-context';
import { usePageData } from '../use-page-data';
import { BrokenBottleForm } from './broken-bottle';
import { RestockSection } from './restock';

/**
 * /admin/restock: what each fridge lacks since its last restock; with stock on, its par less what it holds, and
 * the totals are the storeroom's pick list in cases and bottles.
 */

export const loader = pageLoader(() => {
  const restock = reportLoadFailure(fetchRestockList());
  // For a broken bottle's write-off (stock on); without them the page still lists what to restock.
  const drinks = fetchDrinks().catch((): Drink[] => []);
  const breakage = Promise.all([restock, drinks]);
  // Read only where housekeeping may write off: a failure elsewhere is the list's own, not an unhandled one.
  breakage.catch(() => {});
  return { restock, breakage };
});

/** `items`, with stock on: what was really put in (else the fridge is filled to its pars). */
export type RestockCommand =
  | { intent: 'restock'; bungalow: number; items?: MovedLine[] }
  | { intent: 'broken'; input: WriteOffInput };

export const action = pageAction<RestockCommand>({
  run: (command) =>
    command.intent === 'broken' ? writeOff(command.input) : markRestocked(command.bungalow, command.items),
  success: { restock: ({ a }) => a.restockRecorded, broken: ({ a }) => a.writtenOff },
  failure: { restock: ({ a }) => a.failedToRestock, broken: ({ a }) => a.failedToWriteOff },
});

export function Component() {
  const data = usePageData<typeof loader>();
  const { a } = useAdminI18n();
  useLiveRevalidate(liveFilters.restock);
  const breakage = useGrant('breakage') === 'yes';
  if (!data) return null;
  return (
    <div className="flex flex-col gap-6">
      <PageSection id="restock" title={a.restockList}>
        <RestockSection restock={data.restock} />
      </PageSection>
      {breakage && (
        <Suspense fallback={null}>
          <Await resolve={data.breakage} errorElement={null}>
            {([list, drinks]: [RestockList, Drink[]]) =>
              list.stock && drinks.length > 0 ? (
                <PageSection id="broken" title={a.brokenBottle} className="print:hidden">
                  <BrokenBottleForm drinks={drinks} />
                </PageSection>
              ) : null
            }
          </Await>
        </Suspense>
      )}
    </div>
  );
}

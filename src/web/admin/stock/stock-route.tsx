import '../zod-jitless';
import { Suspense } from 'react';
import { Await } from 'react-router';
import type { Drink } from '../../../shared/api-types';
import type { StockState } from '../../../shared/stock-types';
import { fetchDrinks } from '../../api';
import { pageAction, pageLoader, reportLoadFailure } from '../admin-data';
import { useAdminI18n } from '../admin-i18n';
import { liveFilters, useLiveRevalidate } from '../live/use-live';
import { LoadFailed, Loading } from '../load-states';
import { PageSection } from '../page-section';
import { useGrant } from '../team/session-context';
import { usePageData } from '../use-page-data';
import { CountForm } from './count-form';
import { DeliveryForm } from './delivery-form';
import { ExpiringSoon } from './expiring-soon';
import { OnHand } from './on-hand';
import { StartStockForm } from './start-form';
import { fetchStock, postCount, receiveDelivery, type StockCommand, startStock, writeOff } from './stock-api';
import { WriteOffForm } from './write-off-form';

/**
 * /admin/stock: what is on hand in the storeroom and the fridges, and (owner, manager) the forms that move
 * it: the first count that turns stock on, deliveries, counts and write-offs. The desk reads it.
 */

export const loader = pageLoader(() => ({
  page: reportLoadFailure(Promise.all([fetchStock(), fetchDrinks()])),
}));

export const action = pageAction<StockCommand>({
  run: (command) => {
    switch (command.intent) {
      case 'start-stock':
        return startStock(command.input);
      case 'receive':
        return receiveDelivery(command.input);
      case 'count':
        return postCount(command.input);
      default:
        return writeOff(command.input);
    }
  },
  success: {
    'start-stock': ({ a }) => a.stockStarted,
    receive: ({ a }) => a.deliveryReceived,
    count: ({ a }) => a.countRecorded,
    'write-off': ({ a }) => a.writtenOff,
  },
  failure: {
    'start-stock': ({ a }) => a.failedToStartStock,
    receive: ({ a }) => a.failedToReceive,
    count: ({ a }) => a.failedToCount,
    'write-off': ({ a }) => a.failedToWriteOff,
  },
});

export function Component() {
  const data = usePageData<typeof loader>();
  const { a } = useAdminI18n();
  useLiveRevalidate(liveFilters.stock);
  if (!data) return null;
  return (
    <Suspense
      fallback={
        <PageSection id="stock" title={a.pageStock}>
          <Loading />
        </PageSection>
      }
    >
      <Await
        resolve={data.page}
        errorElement={
          <PageSection id="stock" title={a.pageStock}>
            <LoadFailed what={a.theStock} />
          </PageSection>
        }
      >
        {([stock, drinks]: [StockState, Drink[]]) => <StockPage stock={stock} drinks={drinks} />}
      </Await>
    </Suspense>
  );
}

function StockPage({ stock, drinks }: { stock: StockState; drinks: Drink[] }) {
  const { a } = useAdminI18n();
  const writes = useGrant('stock') === 'yes';
  if (!stock.started) {
    return (
      <PageSection id="stock" title={a.pageStock}>
        <p className="mb-3 text-slate-700">{a.stockOff}</p>
        {writes ? <StartStockForm drinks={drinks} /> : <p className="text-slate-700">{a.stockOffAskOwner}</p>}
      </PageSection>
    );
  }
  const sold = stock.drinks.filter((drink) => drink.sold);
  const withPacks = drinks.filter((drink) => sold.some((entry) => entry.drinkId === drink.id));
  return (
    <div className="flex flex-col gap-6">
      <PageSection id="stock" title={a.onHand}>
        <OnHand drinks={stock.drinks} startedAt={stock.startedAt} ledger={writes} />
      </PageSection>
      <ExpiringSoon drinks={stock.drinks} writes={writes} />
      {writes && (
        <>
          <PageSection id="delivery" title={a.receiveDelivery}>
            <DeliveryForm drinks={withPacks} />
          </PageSection>
          <PageSection id="count" title={a.countPlace}>
            <CountForm drinks={stock.drinks} />
          </PageSection>
          <PageSection id="write-off" title={a.writeOffTitle}>
            <WriteOffForm drinks={stock.drinks} />
          </PageSection>
        </>
      )}
    </div>
  );
}

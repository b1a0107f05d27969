import { PackageCheck, Printer } from 'lucide-react';
import { Suspense } from 'react';
import { Await, useFetcher } from 'react-router';
import type { DrinkUnits, RestockBungalow, RestockList } from '../../../shared/staff-types';
import { Button } from '../../components/ui/button';
import { type AdminActionResult, submitOptions } from '../admin-data';
import { useAdminI18n } from '../admin-i18n';
import { type DataColumn, DataTable } from '../data-table';
import { LoadFailed, Loading } from '../load-states';

/** The print stylesheet (styles.css) shows only this area while the body carries this class. */
const printingClass = 'printing-restock';

function printRestockList() {
  document.body.classList.add(printingClass);
  const done = () => {
    document.body.classList.remove(printingClass);
    window.removeEventListener('afterprint', done);
  };
  window.addEventListener('afterprint', done);
  window.print();
}

/** What each bungalow's fridge lacks since its last restock, and what to carry from the storeroom. */
export function RestockSection({ restock }: { restock: Promise<RestockList> }) {
  const { a } = useAdminI18n();
  return (
    <Suspense fallback={<Loading />}>
      <Await resolve={restock} errorElement={<LoadFailed what={a.theRestockList} />}>
        {(list) => <RestockView list={list} />}
      </Await>
    </Suspense>
  );
}

function RestockView({ list }: { list: RestockList }) {
  const { a, dateTime } = useAdminI18n();
  const unitColumns: DataColumn<DrinkUnits>[] = [
    { header: a.drink, cell: (item) => item.drinkName },
    { header: a.unitsHeader, cell: (item) => item.units, numeric: true },
  ];
  return (
    <div data-print-area="restock" className="flex flex-col gap-4">
      <p className="hidden print:block print:text-xl print:font-bold">
        {a.restockList} · {dateTime(new Date())}
      </p>
      <div className="print:hidden">
        <Button variant="secondary" onClick={printRestockList} disabled={list.bungalows.length === 0}>
          <Printer aria-hidden="true" className="size-5" />
          {a.printRestockList}
        </Button>
      </div>
      {list.bungalows.length === 0 ? (
        <p className="py-2 text-slate-600">{a.everyFridgeFull}</p>
      ) : (
        <>
          <DataTable
            className="max-w-md"
            caption={a.fromStoreroom(list.units)}
            columns={unitColumns}
            rows={list.totals}
            rowKey={(item) => item.drinkName}
          />
          <ul
            className="grid grid-cols-1 gap-3 sm:grid-cols-2 xl:grid-cols-3 print:grid-cols-2"
            aria-label={a.bungalowsToRestock}
          >
            {list.bungalows.map((bungalow) => (
              <BungalowRestock key={bungalow.bungalow} bungalow={bungalow} />
            ))}
          </ul>
        </>
      )}
    </div>
  );
}

function BungalowRestock({ bungalow }: { bungalow: RestockBungalow }) {
  const fetcher = useFetcher<AdminActionResult>();
  const { a, dateTime } = useAdminI18n();
  const headingId = `restock-${bungalow.bungalow}`;
  return (
    <li aria-labelledby={headingId} className="rounded-xl p-3 ring-1 ring-slate-200 print:break-inside-avoid">
      <h4 id={headingId} className="font-bold text-slate-900">
        {a.bungalow(bungalow.bungalow)}
      </h4>
      <p className="text-sm text-slate-600">
        {bungalow.lastRestockedAt ? a.lastRestocked(dateTime(bungalow.lastRestockedAt)) : a.neverRestocked}
      </p>
      <ul className="mt-2 flex flex-col gap-1">
        {bungalow.items.map((item) => (
          <li key={item.drinkName} className="flex justify-between gap-3">
            <span>{item.drinkName}</span>
            <span className="tabular-nums">{item.units}</span>
          </li>
        ))}
      </ul>
      <Button
        className="mt-3 print:hidden"
        variant="secondary"
        pending={fetcher.state !== 'idle'}
        aria-label={a.restockedBungalow(bungalow.bungalow)}
        onClick={() => fetcher.submit({ intent: 'restock', bungalow: bungalow.bungalow }, submitOptions())}
      >
        <PackageCheck aria-hidden="true" className="size-5" />
        {a.restocked}
      </Button>
    </li>
  );
}

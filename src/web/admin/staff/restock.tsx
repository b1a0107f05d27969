import { PackageCheck, Printer } from 'lucide-react';
import { Suspense } from 'react';
import { Await, useFetcher } from 'react-router';
import type { RestockBungalow, RestockList } from '../../../shared/staff-types';
import { Button } from '../../components/ui/button';
import { type AdminActionResult, type AdminPanelData, submitOptions } from '../admin-data';
import { LoadFailed, Loading } from '../load-states';
import { formatDateTime } from './format';

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
export function RestockSection({ panel }: { panel: AdminPanelData }) {
  return (
    <Suspense fallback={<Loading />}>
      <Await resolve={panel.staff.restock} errorElement={<LoadFailed what="the restock list" />}>
        {(list) => <RestockView list={list} />}
      </Await>
    </Suspense>
  );
}

function RestockView({ list }: { list: RestockList }) {
  return (
    <div data-print-area="restock" className="flex flex-col gap-4">
      <p className="hidden print:block print:text-xl print:font-bold">
        Restock list · {formatDateTime(new Date().toISOString())}
      </p>
      <div className="print:hidden">
        <Button variant="secondary" onClick={printRestockList} disabled={list.bungalows.length === 0}>
          <Printer aria-hidden="true" className="size-5" />
          Print restock list
        </Button>
      </div>
      {list.bungalows.length === 0 ? (
        <p className="py-2 text-slate-600">Every fridge is full: nothing taken since the last restocks.</p>
      ) : (
        <>
          <table className="w-full max-w-md border-collapse text-left">
            <caption className="mb-2 text-left font-bold text-slate-900">
              From the storeroom, whole resort ({list.units} units)
            </caption>
            <thead>
              <tr className="border-b border-slate-300">
                <th scope="col" className="py-1">
                  Drink
                </th>
                <th scope="col" className="py-1 text-right">
                  Units
                </th>
              </tr>
            </thead>
            <tbody>
              {list.totals.map((item) => (
                <tr key={item.drinkName} className="border-b border-slate-100">
                  <th scope="row" className="py-1 font-normal">
                    {item.drinkName}
                  </th>
                  <td className="py-1 text-right tabular-nums">{item.units}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <ul
            className="grid grid-cols-1 gap-3 sm:grid-cols-2 print:grid-cols-2"
            aria-label="Bungalows to restock"
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
  const headingId = `restock-${bungalow.bungalow}`;
  return (
    <li aria-labelledby={headingId} className="rounded-xl p-3 ring-1 ring-slate-200 print:break-inside-avoid">
      <h4 id={headingId} className="font-bold text-slate-900">
        Bungalow {bungalow.bungalow}
      </h4>
      <p className="text-sm text-slate-600">
        {bungalow.lastRestockedAt
          ? `Last restocked ${formatDateTime(bungalow.lastRestockedAt)}`
          : 'Never restocked in this app'}
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
        aria-label={`Restocked bungalow ${bungalow.bungalow}`}
        onClick={() => fetcher.submit({ intent: 'restock', bungalow: bungalow.bungalow }, submitOptions())}
      >
        <PackageCheck aria-hidden="true" className="size-5" />
        Restocked
      </Button>
    </li>
  );
}

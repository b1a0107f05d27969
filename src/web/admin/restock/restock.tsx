import { PackageCheck, Pencil, Printer } from 'lucide-react';
import { type FormEvent, Suspense, useState } from 'react';
import { Await, useFetcher } from 'react-router';
import type { DrinkUnits, RestockBungalow, RestockList } from '../../../shared/staff-types';
import { Button } from '../../components/ui/button';
import { Field } from '../../components/ui/field';
import { type AdminActionResult, submitOptions } from '../admin-data';
import { useAdminI18n } from '../admin-i18n';
import { type DataColumn, DataTable } from '../data-table';
import { LoadFailed, Loading } from '../load-states';
import { wholeNumberOf } from '../stock/stock-lines';
import { useActionResult } from '../use-action-result';

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
  const stock = list.stock === true;
  const unitColumns: DataColumn<DrinkUnits>[] = [
    { header: a.drink, cell: (item) => item.drinkName },
    ...(stock
      ? [
          // The pick list: whole cases to carry, then loose bottles (a drink without a pack size: bottles).
          { header: a.casesHeader, cell: (item: DrinkUnits) => item.cases ?? 0, numeric: true },
          { header: a.bottlesHeader, cell: (item: DrinkUnits) => item.bottles ?? item.units, numeric: true },
        ]
      : []),
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
      {stock && <p className="text-slate-700 print:hidden">{a.restockStockIntro}</p>}
      {list.bungalows.length === 0 ? (
        <p className="py-2 text-slate-600">{a.everyFridgeFull}</p>
      ) : (
        <>
          <DataTable
            className="max-w-md"
            caption={stock ? a.pickList(list.units) : a.fromStoreroom(list.units)}
            columns={unitColumns}
            rows={list.totals}
            rowKey={(item) => item.drinkName}
          />
          <ul
            className="grid grid-cols-1 gap-3 sm:grid-cols-2 xl:grid-cols-3 print:grid-cols-2"
            aria-label={a.bungalowsToRestock}
          >
            {list.bungalows.map((bungalow) => (
              <BungalowRestock key={bungalow.bungalow} bungalow={bungalow} stock={stock} />
            ))}
          </ul>
        </>
      )}
    </div>
  );
}

function BungalowRestock({ bungalow, stock }: { bungalow: RestockBungalow; stock: boolean }) {
  const fetcher = useFetcher<AdminActionResult>();
  const { a, dateTime } = useAdminI18n();
  const [editing, setEditing] = useState(false);
  const [putIn, setPutIn] = useState<Record<string, string>>({});
  const headingId = `restock-${bungalow.bungalow}`;
  const pending = fetcher.state !== 'idle';
  useActionResult(fetcher, (result) => {
    if (result.ok) {
      setEditing(false);
      setPutIn({});
    }
  });
  const fill = () => fetcher.submit({ intent: 'restock', bungalow: bungalow.bungalow }, submitOptions());
  const items = bungalow.items.flatMap((item) =>
    item.drinkId === undefined
      ? []
      : [{ drinkId: item.drinkId, text: putIn[item.drinkId] ?? String(item.units) }],
  );
  const saveWhatWentIn = (event: FormEvent) => {
    event.preventDefault();
    const lines = items
      .map((item) => ({ drinkId: item.drinkId, quantity: wholeNumberOf(item.text) }))
      .filter(
        (line): line is { drinkId: number; quantity: number } => line.quantity !== null && line.quantity > 0,
      );
    if (items.some((item) => Number.isNaN(wholeNumberOf(item.text)))) return;
    fetcher.submit({ intent: 'restock', bungalow: bungalow.bungalow, items: lines }, submitOptions());
  };
  return (
    <li aria-labelledby={headingId} className="rounded-xl p-3 ring-1 ring-slate-200 print:break-inside-avoid">
      <h4 id={headingId} className="font-bold text-slate-900">
        {a.bungalow(bungalow.bungalow)}
      </h4>
      <p className="text-sm text-slate-600">
        {bungalow.lastRestockedAt ? a.lastRestocked(dateTime(bungalow.lastRestockedAt)) : a.neverRestocked}
      </p>
      {editing ? (
        <form onSubmit={saveWhatWentIn} noValidate className="mt-2 flex flex-col gap-2 print:hidden">
          {bungalow.items.map((item) =>
            item.drinkId === undefined ? null : (
              <Field
                key={item.drinkId}
                label={a.putIn(item.drinkName)}
                inputMode="numeric"
                value={putIn[item.drinkId] ?? String(item.units)}
                error={Number.isNaN(wholeNumberOf(putIn[item.drinkId] ?? '')) ? a.wholeNumber : undefined}
                onChange={(event) => {
                  const value = event.target.value;
                  setPutIn((current) => ({ ...current, [item.drinkId as number]: value }));
                }}
              />
            ),
          )}
          <div className="flex flex-wrap gap-2">
            <Button type="submit" pending={pending}>
              {a.saveWhatWentIn}
            </Button>
            <Button variant="secondary" onClick={() => setEditing(false)}>
              {a.cancel}
            </Button>
          </div>
        </form>
      ) : (
        <>
          <ul className="mt-2 flex flex-col gap-1">
            {bungalow.items.map((item) => (
              <li key={item.drinkName} className="flex justify-between gap-3">
                <span>{item.drinkName}</span>
                <span className="tabular-nums">{item.units}</span>
              </li>
            ))}
          </ul>
          <div className="mt-3 flex flex-wrap gap-2 print:hidden">
            <Button
              variant="secondary"
              pending={pending}
              aria-label={stock ? a.fillToParOf(bungalow.bungalow) : a.restockedBungalow(bungalow.bungalow)}
              onClick={fill}
            >
              <PackageCheck aria-hidden="true" className="size-5" />
              {stock ? a.fillToPar : a.restocked}
            </Button>
            {stock && (
              <Button variant="ghost" onClick={() => setEditing(true)}>
                <Pencil aria-hidden="true" className="size-5" />
                {a.editWhatWentIn}
              </Button>
            )}
          </div>
        </>
      )}
    </li>
  );
}

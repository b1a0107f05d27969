import { Link } from 'react-router';
import { casesAndBottles } from '../../../shared/fridge-rule';
import type { StockDrink } from '../../../shared/stock-types';
import { useAdminI18n } from '../admin-i18n';
import { type DataColumn, DataTable } from '../data-table';
import { formatSatang } from '../format';

/** "2 cases + 4", or "4" for a drink sold by the bottle. */
export function useCasesText() {
  const { a } = useAdminI18n();
  return (units: number, packSize: number | null | undefined) => {
    const split = casesAndBottles(units, packSize ?? null);
    return a.casesAndBottles(split.cases, split.bottles);
  };
}

const badge = 'ml-2 inline-block rounded-full px-2 text-sm font-semibold';

/** What is on hand per drink: the storeroom (marked when it needs a count), the fridges, and the total. */
export function OnHand({
  drinks,
  startedAt,
  ledger,
}: {
  drinks: readonly StockDrink[];
  startedAt: string;
  /** Whether to link the ledger's moves (owner and manager). */
  ledger: boolean;
}) {
  const { a, dateTime, language } = useAdminI18n();
  const cases = useCasesText();
  const satangText = (satang: number | null | undefined) =>
    satang === null || satang === undefined ? '–' : formatSatang(satang, language);
  const columns: DataColumn<StockDrink>[] = [
    {
      header: a.drink,
      cell: (drink) => (
        <>
          {drink.drinkName}
          {!drink.sold && <span className={`${badge} bg-slate-200 text-slate-800`}>{a.noLongerSold}</span>}
        </>
      ),
    },
    {
      header: a.storeroom,
      numeric: true,
      cell: (drink) => (
        <>
          {cases(drink.storeroom, drink.packSize)}
          {drink.countNeeded && (
            <span className={`${badge} bg-amber-100 text-amber-900`}>{a.countNeeded}</span>
          )}
        </>
      ),
    },
    { header: a.fridges, numeric: true, cell: (drink) => cases(drink.fridges, drink.packSize) },
    { header: a.total, numeric: true, cell: (drink) => cases(drink.total, drink.packSize) },
    // Owner and manager only: the server sends costs to no one else.
    ...(drinks.some((drink) => drink.averageCost !== undefined)
      ? [
          {
            header: a.averageCost,
            numeric: true,
            cell: (drink: StockDrink) => satangText(drink.averageCost),
          },
          { header: a.stockValue, numeric: true, cell: (drink: StockDrink) => satangText(drink.value) },
        ]
      : []),
  ];
  return (
    <div className="flex flex-col gap-3">
      <p className="text-slate-700">{a.stockKeptSince(dateTime(startedAt))}</p>
      <div className="overflow-x-auto">
        <DataTable
          className="max-w-3xl"
          caption={a.onHandCaption}
          captionHidden
          columns={columns}
          rows={drinks}
          rowKey={(drink) => drink.drinkId}
          empty={a.nothingOnHand}
        />
      </div>
      {ledger && (
        <p>
          <Link to="/admin/stock/moves" className="font-semibold text-brand-800 underline">
            {a.stockMovesLink}
          </Link>
        </p>
      )}
    </div>
  );
}

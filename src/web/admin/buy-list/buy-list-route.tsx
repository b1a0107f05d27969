import { Printer, Share2 } from 'lucide-react';
import { Suspense } from 'react';
import toast from 'react-hot-toast/headless';
import { Await } from 'react-router';
import { type BuyList, type BuyListDrink, buyListText, stockCostLimits } from '../../../shared/stock-costs';
import { Button } from '../../components/ui/button';
import { pageLoader, reportLoadFailure } from '../admin-data';
import { useAdminI18n } from '../admin-i18n';
import { DataTable } from '../data-table';
import { LoadFailed, Loading } from '../load-states';
import { PageSection } from '../page-section';
import { usePageData } from '../use-page-data';
import { fetchBuyList } from './stock-costs-api';

/**
 * /admin/buy-list (owner, manager): what to buy on the way to the wholesaler. A phone's width, one A4 page
 * when printed (styles.css, `data-print-area="buy-list"`), and a text to share ("Chang: 3 cases (72)").
 */

export const loader = pageLoader(() => ({ list: reportLoadFailure(fetchBuyList()) }));

export function Component() {
  const data = usePageData<typeof loader>();
  const { a } = useAdminI18n();
  if (!data) return null;
  return (
    <PageSection id="buy-list" title={a.buyListTitle}>
      <Suspense fallback={<Loading />}>
        <Await resolve={data.list} errorElement={<LoadFailed what={a.theBuyList} />}>
          {(list: BuyList) => <BuyListView list={list} />}
        </Await>
      </Suspense>
    </PageSection>
  );
}

function BuyListView({ list }: { list: BuyList }) {
  const { a, dateTime } = useAdminI18n();
  const toBuy = list.drinks.filter((drink) => drink.buy > 0);
  const text = buyListText(toBuy, { cases: a.buyCases, bottles: a.buyBottles });
  const heading = a.buyListHeading(dateTime(new Date()));

  const share = async () => {
    const message = `${heading}\n${text}`;
    try {
      if (typeof navigator.share === 'function') {
        await navigator.share({ title: heading, text: message });
        return;
      }
    } catch (error) {
      // The person closed the share sheet: nothing to say.
      if (error instanceof DOMException && error.name === 'AbortError') return;
    }
    try {
      await navigator.clipboard.writeText(message);
      toast.success(a.buyListCopied);
    } catch {
      toast.error(a.buyListNotShared);
    }
  };

  const what = (drink: BuyListDrink) =>
    drink.buy === 0
      ? '–'
      : drink.packSize
        ? `${a.buyCases(drink.buy / drink.packSize)} (${drink.buy})`
        : a.buyBottles(drink.buy);

  return (
    <div data-print-area="buy-list" className="flex max-w-md flex-col gap-4">
      <p className="hidden print:block print:text-xl print:font-bold">{heading}</p>
      <p className="text-slate-700">{a.buyListIntro(list.coverDays, stockCostLimits.salesDays)}</p>
      <div className="flex flex-wrap gap-3 print:hidden">
        <Button onClick={share} disabled={toBuy.length === 0}>
          <Share2 aria-hidden="true" className="size-5" />
          {a.shareBuyList}
        </Button>
        <Button variant="secondary" onClick={() => window.print()}>
          <Printer aria-hidden="true" className="size-5" />
          {a.printBuyList}
        </Button>
      </div>
      {toBuy.length === 0 && <p className="font-semibold text-slate-900">{a.nothingToBuy}</p>}
      <DataTable<BuyListDrink>
        caption={a.buyListTitle}
        captionHidden
        className="w-full text-sm"
        columns={[
          { header: a.drink, cell: (d) => d.drinkName },
          { header: a.buyHeader, cell: what, numeric: true, className: 'font-semibold' },
          { header: a.onHandHeader, cell: (d) => d.onHand, numeric: true },
          { header: a.perDayHeader, cell: (d) => d.dailySales, numeric: true },
          { header: a.coverHeader, cell: (d) => d.daysOfCover ?? '–', numeric: true },
        ]}
        rows={list.drinks}
        rowKey={(d) => d.drinkId}
      />
    </div>
  );
}

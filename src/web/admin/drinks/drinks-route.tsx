import '../zod-jitless';
import { fetchDrinks } from '../../api';
import { pageAction, pageLoader, reportLoadFailure } from '../admin-data';
import { useAdminI18n } from '../admin-i18n';
import { PageSection } from '../page-section';
import { usePageData } from '../use-page-data';
import { drinkCommands } from './drink-commands';
import { DrinkOrder } from './drink-order';
import { DrinksPage } from './drinks-page';

/** /admin/drinks: the spec's Drinks list and drink form, beside the order of the drinks at checkout. */

export const loader = pageLoader(() => ({ drinks: reportLoadFailure(fetchDrinks()) }));

export const action = pageAction(drinkCommands);

export function Component() {
  const data = usePageData<typeof loader>();
  const { a } = useAdminI18n();
  if (!data) return null;
  return (
    <div className="grid items-start gap-4 xl:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
      <PageSection id="drinks" title={a.pageDrinks}>
        <DrinksPage drinks={data.drinks} />
      </PageSection>
      <PageSection id="drink-order" title={a.orderAtCheckout}>
        <DrinkOrder drinks={data.drinks} />
      </PageSection>
    </div>
  );
}

import '../zod-jitless';
import type { DrinkInput } from '../../../shared/schemas';
import { addDrink, deleteDrink, fetchDrinks, updateDrink } from '../../api';
import { reorderDrinks } from '../admin-api';
import { pageAction, pageLoader, reportLoadFailure } from '../admin-data';
import { useAdminI18n } from '../admin-i18n';
import { PageSection } from '../page-section';
import { usePageData } from '../use-page-data';
import { DrinkOrder } from './drink-order';
import { DrinksPage } from './drinks-page';

/** /admin/drinks: the spec's Drinks list and drink form. */

export const loader = pageLoader(() => ({ drinks: reportLoadFailure(fetchDrinks()) }));

export type DrinkCommand =
  | { intent: 'add-drink'; drink: DrinkInput }
  | { intent: 'update-drink'; id: number; drink: DrinkInput }
  | { intent: 'delete-drink'; id: number }
  | { intent: 'reorder-drinks'; ids: number[] };

export const action = pageAction<DrinkCommand>({
  run: (command) => {
    switch (command.intent) {
      case 'add-drink':
        return addDrink(command.drink);
      case 'update-drink':
        return updateDrink(command.id, command.drink);
      case 'delete-drink':
        return deleteDrink(command.id);
      case 'reorder-drinks':
        return reorderDrinks(command.ids);
    }
  },
  success: {
    'add-drink': ({ t }) => t.toastDrinkAdded,
    'update-drink': ({ t }) => t.toastDrinkUpdated,
    'delete-drink': ({ t }) => t.toastDrinkDeleted,
  },
  failure: {
    'add-drink': ({ t }) => t.toastFailedToSaveDrink,
    'update-drink': ({ t }) => t.toastFailedToSaveDrink,
    'delete-drink': ({ t }) => t.toastFailedToDelete,
    'reorder-drinks': ({ a }) => a.failedToSaveOrder,
  },
});

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

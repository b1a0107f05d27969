import type { DrinkInput } from '../../../shared/schemas';
import { addDrink, deleteDrink, updateDrink } from '../../api';
import { reorderDrinks } from '../admin-api';
import type { PageActionSpec } from '../admin-data';

/**
 * What the drink list, the drink form and the order at checkout submit, and their toasts: the action of every
 * page that shows them (/admin, the spec's panel, and /admin/drinks).
 */
export type DrinkCommand =
  | { intent: 'add-drink'; drink: DrinkInput }
  | { intent: 'update-drink'; id: number; drink: DrinkInput }
  | { intent: 'delete-drink'; id: number }
  | { intent: 'reorder-drinks'; ids: number[] };

export const drinkCommands: PageActionSpec<DrinkCommand> = {
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
};

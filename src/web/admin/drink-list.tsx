import { Pencil, Trash2 } from 'lucide-react';
import { useFetcher } from 'react-router';
import type { Drink } from '../../shared/api-types';
import { texts, timings } from '../../shared/constants';
import { sectionOfDrink } from '../../shared/drink-sections';
import { formatThb } from '../../shared/money';
import { Button } from '../components/ui/button';
import { type AdminActionResult, submitOptions } from './admin-data';
import { useArmed } from './use-armed';

export interface DrinkListProps {
  drinks: Drink[];
  onEdit: (drink: Drink) => void;
}

/** The catalogue in id order, as the server sends it. */
export function DrinkList({ drinks, onEdit }: DrinkListProps) {
  if (drinks.length === 0) return <p className="py-4 text-slate-600">{texts.noDrinks}</p>;
  return (
    <ul aria-label="Drinks" className="divide-y divide-slate-200">
      {drinks.map((drink) => (
        <DrinkRow key={drink.id} drink={drink} onEdit={onEdit} />
      ))}
    </ul>
  );
}

function DrinkRow({ drink, onEdit }: { drink: Drink; onEdit: (drink: Drink) => void }) {
  const fetcher = useFetcher<AdminActionResult>();
  const { armed, arm, disarm } = useArmed();
  const deleting = fetcher.state !== 'idle';
  const shownAtCheckout = sectionOfDrink(drink.drinkName) !== null;

  const onDelete = () => {
    if (!armed) {
      arm();
      return;
    }
    disarm();
    fetcher.submit({ intent: 'delete-drink', id: drink.id }, submitOptions());
  };

  return (
    <li className="flex flex-wrap items-center gap-3 py-3">
      <div className="min-w-48 flex-1">
        <p className="font-semibold text-slate-900 break-words">{drink.drinkName}</p>
        <p className="text-sm text-slate-600">
          Starting: {drink.startingQuantity} · <span className="font-medium">{formatThb(drink.price)}</span>
        </p>
        {!shownAtCheckout && (
          <p className="mt-1 text-sm text-amber-800">
            Not shown at checkout: the name matches none of the checkout's drinks.
          </p>
        )}
      </div>
      <div className="flex gap-2">
        <Button
          variant="secondary"
          aria-label={`Edit ${drink.drinkName}`}
          title={`Edit ${drink.drinkName}`}
          onClick={() => onEdit(drink)}
          className="px-3"
        >
          <Pencil aria-hidden="true" className="size-5" />
        </Button>
        <Button
          variant={armed ? 'danger' : 'secondary'}
          aria-label={armed ? `Confirm delete ${drink.drinkName}` : `Delete ${drink.drinkName}`}
          title={armed ? 'Click again to delete' : `Delete ${drink.drinkName}`}
          pending={deleting}
          onClick={onDelete}
          className="px-3"
        >
          <Trash2 aria-hidden="true" className="size-5" />
          {armed && <span>Confirm delete</span>}
        </Button>
      </div>
      {/* Tells a screen reader user what the changed button now means, and for how long. */}
      <span role="status" className="sr-only">
        {armed
          ? `Press again within ${timings.deleteConfirmMs / 1000} seconds to delete ${drink.drinkName}`
          : ''}
      </span>
    </li>
  );
}

import { Pencil, Trash2 } from 'lucide-react';
import { useFetcher } from 'react-router';
import type { Drink } from '../../../shared/api-types';
import { timings } from '../../../shared/constants';
import { sectionOf } from '../../../shared/drink-sections';
import { sectionHeading } from '../../../shared/i18n/section-heading';
import { Button } from '../../components/ui/button';
import { type AdminActionResult, submitOptions } from '../admin-data';
import { useAdminI18n } from '../admin-i18n';
import { useArmed } from '../use-armed';

export interface DrinkListProps {
  drinks: Drink[];
  /** Absent for a reader who may not change the catalogue: the rows then have no edit or delete. */
  onEdit?: (drink: Drink) => void;
}

/** The catalogue in id order, as the server sends it. */
export function DrinkList({ drinks, onEdit }: DrinkListProps) {
  const { t, a } = useAdminI18n();
  if (drinks.length === 0) return <p className="py-4 text-slate-600">{t.noDrinks}</p>;
  return (
    <ul aria-label={a.pageDrinks} className="divide-y divide-slate-200">
      {drinks.map((drink) => (
        <DrinkRow key={drink.id} drink={drink} onEdit={onEdit} />
      ))}
    </ul>
  );
}

function DrinkRow({ drink, onEdit }: { drink: Drink; onEdit?: (drink: Drink) => void }) {
  const fetcher = useFetcher<AdminActionResult>();
  const { armed, arm, disarm } = useArmed();
  const deleting = fetcher.state !== 'idle';
  const section = sectionOf(drink);
  const { t, a, baht } = useAdminI18n();

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
          {t.startingQuantity(drink.startingQuantity)} ·{' '}
          <span className="font-medium">{baht(drink.price)}</span>
          {section && <> · {sectionHeading(t, section)}</>}
        </p>
        {!section && <p className="mt-1 text-sm text-amber-800">{a.notShownAtCheckout}</p>}
      </div>
      {onEdit && (
        <div className="flex gap-2">
          <Button
            variant="secondary"
            aria-label={a.editDrinkNamed(drink.drinkName)}
            title={a.editDrinkNamed(drink.drinkName)}
            onClick={() => onEdit(drink)}
            className="px-3"
          >
            <Pencil aria-hidden="true" className="size-5" />
          </Button>
          <Button
            variant={armed ? 'danger' : 'secondary'}
            aria-label={armed ? a.confirmDeleteNamed(drink.drinkName) : a.deleteDrinkNamed(drink.drinkName)}
            title={armed ? a.clickAgainToDelete : a.deleteDrinkNamed(drink.drinkName)}
            pending={deleting}
            onClick={onDelete}
            className="px-3"
          >
            <Trash2 aria-hidden="true" className="size-5" />
            {armed && <span>{a.confirmDelete}</span>}
          </Button>
        </div>
      )}
      {/* Tells a screen reader user what the changed button now means, and for how long. */}
      <span role="status" className="sr-only">
        {armed ? a.pressAgainToDelete(timings.deleteConfirmMs / 1000, drink.drinkName) : ''}
      </span>
    </li>
  );
}

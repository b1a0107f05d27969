import { useState } from 'react';
import type { Drink } from '../../../shared/api-types';
import { Field } from '../../components/ui/field';
import { useAdminI18n } from '../admin-i18n';
import { SubmitRow, useStockCommand } from './stock-form';
import { wholeNumberOf } from './stock-lines';

/** Turning stock on: the storeroom's first count, one figure per drink (a blank is 0: nothing there). */
export function StartStockForm({ drinks }: { drinks: readonly Drink[] }) {
  const { a } = useAdminI18n();
  const [counted, setCounted] = useState<Record<number, string>>({});
  const { send, problem, setProblem, pending } = useStockCommand(() => setCounted({}));

  const command = () => {
    const storeroom = [];
    for (const drink of drinks) {
      const quantity = wholeNumberOf(counted[drink.id] ?? '');
      if (quantity === null) continue;
      if (Number.isNaN(quantity)) {
        setProblem(`${drink.drinkName}: ${a.wholeNumber}`);
        return null;
      }
      storeroom.push({ drinkId: drink.id, quantity });
    }
    return { intent: 'start-stock' as const, input: { storeroom } };
  };

  return (
    <form noValidate onSubmit={(event) => send(command())(event)} className="flex flex-col gap-4">
      <p className="text-slate-700">{a.stockStartIntro}</p>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {drinks.map((drink) => (
          <Field
            key={drink.id}
            label={a.countedOf(drink.drinkName)}
            hint={a.inStoreroomBottles}
            inputMode="numeric"
            value={counted[drink.id] ?? ''}
            onChange={(event) => setCounted((current) => ({ ...current, [drink.id]: event.target.value }))}
          />
        ))}
      </div>
      <SubmitRow label={a.startStock} pending={pending} problem={problem} />
    </form>
  );
}

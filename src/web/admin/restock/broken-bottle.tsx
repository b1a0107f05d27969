import { type FormEvent, useState } from 'react';
import { useFetcher } from 'react-router';
import type { Drink } from '../../../shared/api-types';
import { fridgeOf } from '../../../shared/stock-types';
import { Button } from '../../components/ui/button';
import { Field } from '../../components/ui/field';
import { SelectField } from '../../components/ui/select-field';
import { type AdminActionResult, submitOptions } from '../admin-data';
import { useAdminI18n } from '../admin-i18n';
import { wholeNumberOf } from '../stock/stock-lines';
import { useActionResult } from '../use-action-result';

/**
 * With stock on, housekeeping writes off a bottle that broke in a fridge (the rights table's `breakage`): the
 * fridge no longer holds it, and the next restock brings another.
 */
export function BrokenBottleForm({ drinks }: { drinks: readonly Drink[] }) {
  const { a } = useAdminI18n();
  const fetcher = useFetcher<AdminActionResult>();
  const [bungalow, setBungalow] = useState('');
  const [drinkId, setDrinkId] = useState(String(drinks[0]?.id ?? ''));
  const [quantity, setQuantity] = useState('1');
  const [problem, setProblem] = useState<string | undefined>();
  useActionResult(fetcher, (result) => {
    if (result.ok) {
      setProblem(undefined);
      setQuantity('1');
    } else setProblem(result.issues[0]?.message ?? result.message);
  });
  const send = (event: FormEvent) => {
    event.preventDefault();
    const bottles = wholeNumberOf(quantity);
    if (!/^[1-9]\d{0,3}$/.test(bungalow.trim())) return setProblem(a.enterBungalow);
    if (bottles === null || Number.isNaN(bottles) || bottles === 0) return setProblem(a.wholeNumber);
    setProblem(undefined);
    fetcher.submit(
      {
        intent: 'broken',
        input: {
          place: fridgeOf(Number(bungalow)),
          reason: 'broken',
          lines: [{ drinkId: Number(drinkId), quantity: bottles }],
        },
      },
      submitOptions(),
    );
  };
  return (
    <form noValidate onSubmit={send} aria-label={a.brokenBottle} className="flex flex-col gap-3">
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-3">
        <Field
          label={a.fridgeBungalow}
          inputMode="numeric"
          value={bungalow}
          onChange={(event) => setBungalow(event.target.value)}
        />
        <SelectField label={a.drink} value={drinkId} onChange={(event) => setDrinkId(event.target.value)}>
          {drinks.map((drink) => (
            <option key={drink.id} value={drink.id}>
              {drink.drinkName}
            </option>
          ))}
        </SelectField>
        <Field
          label={a.bottlesHeader}
          inputMode="numeric"
          value={quantity}
          onChange={(event) => setQuantity(event.target.value)}
        />
      </div>
      {problem && (
        <p role="alert" className="font-medium text-red-800">
          {problem}
        </p>
      )}
      <div>
        <Button type="submit" variant="secondary" pending={fetcher.state !== 'idle'}>
          {a.writeOffBroken}
        </Button>
      </div>
    </form>
  );
}

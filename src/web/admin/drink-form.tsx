import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useId } from 'react';
import { type Path, useForm } from 'react-hook-form';
import { useFetcher } from 'react-router';
import type { z } from 'zod';
import type { Drink } from '../../shared/api-types';
import { newDrinkDefaults, texts } from '../../shared/constants';
import { type DrinkInput, drinkInputSchema } from '../../shared/schemas';
import { Button } from '../components/ui/button';
import { Field } from '../components/ui/field';
import { type AdminActionResult, submitOptions } from './admin-data';
import { useActionResult } from './use-action-result';

type DrinkFormValues = z.input<typeof drinkInputSchema>;

/** The spec: non-numeric input becomes 0 (and so fails the minimum of 1 with a clear message). */
export function toWholeNumberInput(value: unknown): number {
  if (typeof value === 'number') return value;
  const text = String(value ?? '').trim();
  const number = Number(text);
  return text === '' || !Number.isFinite(number) ? 0 : number;
}

const fieldNames: ReadonlySet<string> = new Set(['drinkName', 'startingQuantity', 'price']);

export interface DrinkFormProps {
  /** The drink being edited; none to add a new one. */
  drink?: Drink;
  onClose: () => void;
}

export function DrinkForm({ drink, onClose }: DrinkFormProps) {
  const fetcher = useFetcher<AdminActionResult>();
  const title = drink ? texts.editDrink : texts.addNewDrink;
  const titleId = useId();
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    formState: { errors },
  } = useForm<DrinkFormValues, unknown, DrinkInput>({
    resolver: zodResolver(drinkInputSchema),
    defaultValues: drink
      ? { drinkName: drink.drinkName, startingQuantity: drink.startingQuantity, price: drink.price }
      : { drinkName: '', ...newDrinkDefaults },
  });

  useEffect(() => {
    setFocus('drinkName');
  }, [setFocus]);

  useActionResult(fetcher, (result) => {
    if (result.ok) {
      onClose();
      return;
    }
    // The server checks with the same schema; its messages belong under the same fields.
    for (const issue of result.issues) {
      if (fieldNames.has(issue.path)) {
        setError(issue.path as Path<DrinkFormValues>, { type: 'server', message: issue.message });
      }
    }
  });

  const save = handleSubmit((values) => {
    fetcher.submit(
      drink
        ? { intent: 'update-drink', id: drink.id, drink: values }
        : { intent: 'add-drink', drink: values },
      submitOptions(),
    );
  });

  const numberOptions = { setValueAs: toWholeNumberInput };
  return (
    <form
      onSubmit={save}
      noValidate
      aria-labelledby={titleId}
      className="flex flex-col gap-4 rounded-xl bg-brand-50 p-4 ring-1 ring-brand-100"
    >
      <h4 id={titleId} className="text-lg font-bold text-slate-900">
        {title}
      </h4>
      <Field
        label="Drink Name"
        autoComplete="off"
        {...register('drinkName')}
        error={errors.drinkName?.message}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          label="Starting Quantity"
          inputMode="numeric"
          autoComplete="off"
          {...register('startingQuantity', numberOptions)}
          error={errors.startingQuantity?.message}
        />
        <Field
          label="Price (THB)"
          inputMode="numeric"
          autoComplete="off"
          {...register('price', numberOptions)}
          error={errors.price?.message}
        />
      </div>
      <div className="flex gap-3">
        <Button type="submit" pending={fetcher.state !== 'idle'}>
          {texts.saveDrink}
        </Button>
        <Button type="button" variant="secondary" onClick={onClose}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

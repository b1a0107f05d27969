import { useId, useLayoutEffect, useRef } from 'react';
import type { SubmitTarget } from 'react-router';
import type { z } from 'zod';
import type { Drink } from '../../../shared/api-types';
import { newDrinkDefaults } from '../../../shared/constants';
import { drinkSections, sectionOfDrink } from '../../../shared/drink-sections';
import { sectionHeading } from '../../../shared/i18n/section-heading';
import { type DrinkInput, drinkInputSchema } from '../../../shared/schemas';
import { Button } from '../../components/ui/button';
import { Field } from '../../components/ui/field';
import { SelectField } from '../../components/ui/select-field';
import { useAdminI18n } from '../admin-i18n';
import { useFetcherForm } from '../use-fetcher-form';

type DrinkFormValues = z.input<typeof drinkInputSchema>;

/** The spec: non-numeric input becomes 0 (and so fails the minimum of 1 with a clear message). */
export function toWholeNumberInput(value: unknown): number {
  if (typeof value === 'number') return value;
  const text = String(value ?? '').trim();
  const number = Number(text);
  return text === '' || !Number.isFinite(number) ? 0 : number;
}

const fieldNames: ReadonlySet<string> = new Set(['drinkName', 'startingQuantity', 'price', 'section']);

/** The select's empty option stands for null: the section follows from the name (the spec's rule). */
const byName = '';
const toSection = (value: unknown) => (value === byName || value == null ? null : value);

export interface DrinkFormProps {
  /** The drink being edited; none to add a new one. */
  drink?: Drink;
  onClose: () => void;
}

export function DrinkForm({ drink, onClose }: DrinkFormProps) {
  const { t, a } = useAdminI18n();
  const title = drink ? t.editDrink : t.addNewDrink;
  const titleId = useId();
  const { form, save, pending } = useFetcherForm<DrinkFormValues, DrinkInput>({
    schema: drinkInputSchema,
    defaultValues: drink
      ? {
          drinkName: drink.drinkName,
          startingQuantity: drink.startingQuantity,
          price: drink.price,
          section: drink.section,
        }
      : { drinkName: '', ...newDrinkDefaults, section: null },
    serverFields: fieldNames,
    command: (values): SubmitTarget =>
      drink
        ? { intent: 'update-drink', id: drink.id, drink: values }
        : { intent: 'add-drink', drink: values },
    onSaved: () => onClose(),
  });
  const { register, watch } = form;
  const { errors } = form.formState;
  const impliedSection = sectionOfDrink(watch('drinkName') ?? '');

  // The name is focused in the commit that shows the form. react-hook-form's setFocus waits a task, and a
  // quick tap and type into the price in between went into the name when the focus moved (a drink named "0"
  // at the default price, seen in admin-thai.spec).
  const nameField = register('drinkName');
  const nameInput = useRef<HTMLInputElement | null>(null);
  useLayoutEffect(() => {
    nameInput.current?.focus();
  }, []);

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
        label={a.drinkName}
        autoComplete="off"
        {...nameField}
        ref={(input: HTMLInputElement | null) => {
          nameField.ref(input);
          nameInput.current = input;
        }}
        error={errors.drinkName?.message}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          label={a.startingQuantity}
          inputMode="numeric"
          autoComplete="off"
          {...register('startingQuantity', numberOptions)}
          error={errors.startingQuantity?.message}
        />
        <Field
          label={a.priceThb}
          inputMode="numeric"
          autoComplete="off"
          {...register('price', numberOptions)}
          error={errors.price?.message}
        />
      </div>
      <SelectField
        label={a.section}
        hint={a.sectionHint}
        {...register('section', { setValueAs: toSection })}
        error={errors.section?.message}
      >
        <option value={byName}>
          {impliedSection ? a.sectionFromName(sectionHeading(t, impliedSection)) : a.sectionNone}
        </option>
        {drinkSections.map((section) => (
          <option key={section.title} value={section.title}>
            {sectionHeading(t, section.title)}
          </option>
        ))}
      </SelectField>
      <div className="flex gap-3">
        <Button type="submit" pending={pending}>
          {t.saveDrink}
        </Button>
        <Button type="button" variant="secondary" onClick={onClose}>
          {a.cancel}
        </Button>
      </div>
    </form>
  );
}

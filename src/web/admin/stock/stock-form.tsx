import { type FormEvent, type ReactNode, useRef, useState } from 'react';
import { useFetcher } from 'react-router';
import type { InsidePlace } from '../../../shared/stock-types';
import { fridgeOf, storeroom } from '../../../shared/stock-types';
import { Button } from '../../components/ui/button';
import { Field } from '../../components/ui/field';
import { SelectField } from '../../components/ui/select-field';
import { type AdminActionResult, submitOptions } from '../admin-data';
import { useAdminI18n } from '../admin-i18n';
import { useActionResult } from '../use-action-result';
import type { StockCommand } from './stock-api';

/**
 * A stock form that writes through the page's action: what it sends is built from the form's state when it
 * is submitted (null when the form itself found a problem, which it shows), the server's refusal is shown
 * under the button (its first issue's message, or its message), and `onDone` gets the server's answer.
 */
export function useStockCommand<T>(onDone: (answer: T) => void) {
  const fetcher = useFetcher<AdminActionResult>();
  const [problem, setProblem] = useState<string | undefined>();
  const done = useRef(onDone);
  done.current = onDone;
  useActionResult(fetcher, (result) => {
    if (result.ok) {
      setProblem(undefined);
      done.current(result.data as T);
    } else setProblem(result.issues[0]?.message ?? result.message);
  });
  const send = (command: StockCommand | null) => (event: FormEvent) => {
    event.preventDefault();
    if (command === null) return;
    setProblem(undefined);
    fetcher.submit(command, submitOptions());
  };
  return { send, problem, setProblem, pending: fetcher.state !== 'idle' };
}

/** The form's closing row: its button and, beside it, what went wrong. */
export function SubmitRow({
  label,
  pending,
  problem,
}: {
  label: string;
  pending: boolean;
  problem: string | undefined;
}) {
  return (
    <div className="flex flex-col gap-2">
      {problem && (
        <p role="alert" className="font-medium text-red-800">
          {problem}
        </p>
      )}
      <div>
        <Button type="submit" pending={pending}>
          {label}
        </Button>
      </div>
    </div>
  );
}

/** One drink's fields in a stock form: its name as the group's legend, the fields in a grid. */
export function DrinkFields({ name, children }: { name: string; children: ReactNode }) {
  return (
    <fieldset className="rounded-xl p-3 ring-1 ring-slate-200">
      <legend className="px-1 font-bold text-slate-900">{name}</legend>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4">{children}</div>
    </fieldset>
  );
}

export interface PlaceChoice {
  kind: 'storeroom' | 'fridge';
  bungalow: string;
}

/** The place a count or a write-off is about, or null while the fridge's bungalow is not a number. */
export function placeOf(choice: PlaceChoice): InsidePlace | null {
  if (choice.kind === 'storeroom') return storeroom;
  return /^[1-9]\d{0,3}$/.test(choice.bungalow.trim()) ? fridgeOf(Number(choice.bungalow)) : null;
}

/** The storeroom or a bungalow's fridge (its number typed). */
export function PlacePicker({
  value,
  onChange,
  error,
}: {
  value: PlaceChoice;
  onChange: (value: PlaceChoice) => void;
  error?: string | undefined;
}) {
  const { a } = useAdminI18n();
  return (
    <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
      <SelectField
        label={a.place}
        value={value.kind}
        onChange={(event) => onChange({ ...value, kind: event.target.value as PlaceChoice['kind'] })}
      >
        <option value="storeroom">{a.storeroom}</option>
        <option value="fridge">{a.fridges}</option>
      </SelectField>
      {value.kind === 'fridge' && (
        <Field
          label={a.fridgeBungalow}
          inputMode="numeric"
          value={value.bungalow}
          onChange={(event) => onChange({ ...value, bungalow: event.target.value })}
          error={error}
        />
      )}
    </div>
  );
}

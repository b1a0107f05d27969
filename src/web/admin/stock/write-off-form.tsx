import { useState } from 'react';
import { type WriteOffReason, writeOffReasons } from '../../../shared/stock-schemas';
import type { StockDrink } from '../../../shared/stock-types';
import { Field } from '../../components/ui/field';
import { SelectField } from '../../components/ui/select-field';
import { useAdminI18n } from '../admin-i18n';
import { type PlaceChoice, PlacePicker, placeOf, SubmitRow, useStockCommand } from './stock-form';
import { wholeNumberOf } from './stock-lines';

/** Bottles that left without a sale: from the storeroom or a fridge, with a reason. */
export function WriteOffForm({ drinks }: { drinks: readonly StockDrink[] }) {
  const { a } = useAdminI18n();
  const [choice, setChoice] = useState<PlaceChoice>({ kind: 'storeroom', bungalow: '' });
  const [reason, setReason] = useState<WriteOffReason>('broken');
  const [note, setNote] = useState('');
  const [quantities, setQuantities] = useState<Record<number, string>>({});
  const { send, problem, setProblem, pending } = useStockCommand(() => {
    setQuantities({});
    setNote('');
  });

  const command = () => {
    const place = placeOf(choice);
    if (place === null) {
      setProblem(a.enterBungalow);
      return null;
    }
    const lines = [];
    for (const drink of drinks) {
      const quantity = wholeNumberOf(quantities[drink.drinkId] ?? '');
      if (quantity === null || quantity === 0) continue;
      if (Number.isNaN(quantity)) {
        setProblem(`${drink.drinkName}: ${a.wholeNumber}`);
        return null;
      }
      lines.push({ drinkId: drink.drinkId, quantity });
    }
    if (lines.length === 0) {
      setProblem(a.enterOneLine);
      return null;
    }
    return { intent: 'write-off' as const, input: { place, reason, note: note || null, lines } };
  };

  return (
    <form noValidate onSubmit={(event) => send(command())(event)} className="flex flex-col gap-4">
      <PlacePicker value={choice} onChange={setChoice} />
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        <SelectField
          label={a.writeOffReason}
          value={reason}
          onChange={(event) => setReason(event.target.value as WriteOffReason)}
        >
          {writeOffReasons.map((value) => (
            <option key={value} value={value}>
              {a.reasonName(value)}
            </option>
          ))}
        </SelectField>
        <Field label={a.note} value={note} onChange={(event) => setNote(event.target.value)} />
      </div>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {drinks.map((drink) => (
          <Field
            key={drink.drinkId}
            label={a.writeOffQuantity(drink.drinkName)}
            inputMode="numeric"
            value={quantities[drink.drinkId] ?? ''}
            onChange={(event) =>
              setQuantities((current) => ({ ...current, [drink.drinkId]: event.target.value }))
            }
          />
        ))}
      </div>
      <SubmitRow label={a.writeOffButton} pending={pending} problem={problem} />
    </form>
  );
}

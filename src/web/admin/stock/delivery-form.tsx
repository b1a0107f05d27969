import { useState } from 'react';
import type { Drink } from '../../../shared/api-types';
import { Field } from '../../components/ui/field';
import { SelectField } from '../../components/ui/select-field';
import { useAdminI18n } from '../admin-i18n';
import { DrinkFields, SubmitRow, useStockCommand } from './stock-form';
import { type DeliveryRow, deliveryLines, type Unit } from './stock-lines';

type Row = Omit<DeliveryRow, 'drinkId' | 'packSize'>;

const emptyRow = (drink: Drink): Row => ({
  quantity: '',
  unit: drink.packSize ? 'cases' : 'bottles',
  cost: '',
  expiresOn: '',
});

/**
 * A delivery into the storeroom: per drink, how many came (in cases of its pack size or in bottles) and what
 * they cost (per case or per bottle, in baht); the server gets bottles and satang per bottle.
 */
export function DeliveryForm({ drinks }: { drinks: readonly Drink[] }) {
  const { a } = useAdminI18n();
  const [supplier, setSupplier] = useState('');
  const [reference, setReference] = useState('');
  const [rows, setRows] = useState<Record<number, Row>>({});
  const { send, problem, setProblem, pending } = useStockCommand(() => {
    setRows({});
    setReference('');
  });
  const rowOf = (drink: Drink) => rows[drink.id] ?? emptyRow(drink);
  const change = (drink: Drink, patch: Partial<Row>) =>
    setRows((current) => ({
      ...current,
      [drink.id]: { ...(current[drink.id] ?? emptyRow(drink)), ...patch },
    }));

  const command = () => {
    const found = deliveryLines(
      drinks.map((drink) => ({ drinkId: drink.id, packSize: drink.packSize, ...rowOf(drink) })),
    );
    if ('problem' in found) {
      const name = drinks.find((drink) => drink.id === found.drinkId)?.drinkName ?? '';
      setProblem(`${name}: ${found.problem === 'cost' ? a.enterCost : a.wholeNumber}`);
      return null;
    }
    if (found.lines.length === 0) {
      setProblem(a.enterOneLine);
      return null;
    }
    return {
      intent: 'receive' as const,
      input: { supplier: supplier || null, reference: reference || null, lines: found.lines },
    };
  };

  return (
    <form noValidate onSubmit={(event) => send(command())(event)} className="flex flex-col gap-4">
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        <Field label={a.supplier} value={supplier} onChange={(event) => setSupplier(event.target.value)} />
        <Field label={a.reference} value={reference} onChange={(event) => setReference(event.target.value)} />
      </div>
      <p className="text-slate-700">{a.deliveryHint}</p>
      {drinks.map((drink) => {
        const row = rowOf(drink);
        const name = drink.drinkName;
        return (
          <DrinkFields key={drink.id} name={name}>
            <Field
              label={a.quantityOf(name)}
              inputMode="numeric"
              value={row.quantity}
              onChange={(event) => change(drink, { quantity: event.target.value })}
            />
            {drink.packSize ? (
              <SelectField
                label={a.unitOf(name)}
                value={row.unit}
                onChange={(event) => change(drink, { unit: event.target.value as Unit })}
              >
                <option value="cases">{a.unitCases(drink.packSize)}</option>
                <option value="bottles">{a.unitBottles}</option>
              </SelectField>
            ) : null}
            <Field
              label={row.unit === 'cases' ? a.costPerCase(name) : a.costPerBottle(name)}
              inputMode="decimal"
              value={row.cost}
              onChange={(event) => change(drink, { cost: event.target.value })}
            />
            <Field
              label={a.expiresOn(name)}
              type="date"
              value={row.expiresOn}
              onChange={(event) => change(drink, { expiresOn: event.target.value })}
            />
          </DrinkFields>
        );
      })}
      <SubmitRow label={a.receive} pending={pending} problem={problem} />
    </form>
  );
}

import { useEffect, useRef, useState } from 'react';
import type { CountedLine, StockCount, StockDrink } from '../../../shared/stock-types';
import { storeroom } from '../../../shared/stock-types';
import { fetchFridge } from '../../api';
import { Field } from '../../components/ui/field';
import { signed } from '../activity/describe-event';
import { useAdminI18n } from '../admin-i18n';
import { type PlaceChoice, PlacePicker, placeOf, SubmitRow, useStockCommand } from './stock-form';
import { type CountEntry, countLines, enterCount } from './stock-lines';

interface CountRow {
  drinkId: number;
  drinkName: string;
  /** What the page shows the place holding now. */
  shown: number;
}

/** The rows of a fridge's count: what GET /api/fridges/:n says it holds, read when the bungalow is typed. */
function useFridgeRows(bungalow: number | null, drinks: readonly StockDrink[]): CountRow[] | null {
  const [rows, setRows] = useState<{ bungalow: number; rows: CountRow[] } | null>(null);
  useEffect(() => {
    if (bungalow === null) return;
    let current = true;
    fetchFridge(bungalow).then(
      (fridge) => {
        if (!current) return;
        const names = new Map(drinks.map((drink) => [drink.drinkId, drink.drinkName]));
        setRows({
          bungalow,
          rows: fridge.items
            .filter((item) => item.par > 0 || item.holds !== 0)
            .map((item) => ({
              drinkId: item.drinkId,
              drinkName: names.get(item.drinkId) ?? `#${item.drinkId}`,
              shown: item.holds,
            })),
        });
      },
      () => current && setRows(null),
    );
    return () => {
      current = false;
    };
  }, [bungalow, drinks]);
  return rows && rows.bungalow === bungalow ? rows.rows : null;
}

/**
 * Counting the storeroom or a fridge. Each line keeps what the page showed when its number was typed (its
 * `expected`): bottles that move while the count goes on are neither lost nor counted twice (decision 080).
 * A drink left blank is not counted.
 */
export function CountForm({ drinks }: { drinks: readonly StockDrink[] }) {
  const { a } = useAdminI18n();
  const [choice, setChoice] = useState<PlaceChoice>({ kind: 'storeroom', bungalow: '' });
  const [entries, setEntries] = useState<Record<number, CountEntry>>({});
  const [found, setFound] = useState<{ place: string; lines: (CountedLine & { label: string })[] } | null>(
    null,
  );
  const sent = useRef<{ names: Map<number, string>; entries: Record<number, CountEntry> }>({
    names: new Map(),
    entries: {},
  });
  const { send, problem, setProblem, pending } = useStockCommand<StockCount>((answer) => {
    setEntries({});
    setFound({
      place: a.placeName(answer.place),
      lines: answer.lines.map((line) => {
        const entry = sent.current.entries[line.drinkId];
        const name = sent.current.names.get(line.drinkId) ?? `#${line.drinkId}`;
        return {
          ...line,
          label: entry
            ? a.countLine(name, entry.expected, Number(entry.counted), signed(line.difference))
            : a.countLine(name, line.before, line.after, signed(line.difference)),
        };
      }),
    });
  });

  const place = placeOf(choice);
  const fridgeBungalow = place && place !== storeroom ? Number(place.slice('fridge:'.length)) : null;
  const fridgeRows = useFridgeRows(fridgeBungalow, drinks);
  const rows: CountRow[] =
    choice.kind === 'storeroom'
      ? drinks.map((drink) => ({
          drinkId: drink.drinkId,
          drinkName: drink.drinkName,
          shown: drink.storeroom,
        }))
      : (fridgeRows ?? []);

  const changePlace = (next: PlaceChoice) => {
    setChoice(next);
    setEntries({});
    setFound(null);
  };

  const command = () => {
    if (place === null) {
      setProblem(a.enterBungalow);
      return null;
    }
    const counted = countLines(entries);
    if ('drinkId' in counted) {
      const name = rows.find((row) => row.drinkId === counted.drinkId)?.drinkName ?? '';
      setProblem(`${name}: ${a.wholeNumber}`);
      return null;
    }
    if (counted.lines.length === 0) {
      setProblem(a.enterOneLine);
      return null;
    }
    sent.current = { names: new Map(rows.map((row) => [row.drinkId, row.drinkName])), entries };
    setFound(null);
    return { intent: 'count' as const, input: { place, lines: counted.lines } };
  };

  return (
    <form noValidate onSubmit={(event) => send(command())(event)} className="flex flex-col gap-4">
      <PlacePicker value={choice} onChange={changePlace} />
      <p className="text-slate-700">{a.countHint}</p>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {rows.map((row) => (
          <Field
            key={row.drinkId}
            label={a.countedOf(row.drinkName)}
            hint={a.expectedHere(entries[row.drinkId]?.expected ?? row.shown)}
            inputMode="numeric"
            value={entries[row.drinkId]?.counted ?? ''}
            onChange={(event) => {
              const text = event.target.value;
              setEntries((current) => {
                const next = { ...current };
                const entry = enterCount(current[row.drinkId], text, row.shown);
                if (entry) next[row.drinkId] = entry;
                else delete next[row.drinkId];
                return next;
              });
            }}
          />
        ))}
      </div>
      <SubmitRow label={a.postCount} pending={pending} problem={problem} />
      {found && (
        <section aria-label={a.countFound} className="rounded-xl bg-slate-50 p-3">
          <h4 className="font-bold text-slate-900">
            {a.countFound}: {found.place}
          </h4>
          <ul className="mt-1 flex flex-col gap-1">
            {found.lines.map((line) => (
              <li key={line.drinkId} className="tabular-nums">
                {line.label}
              </li>
            ))}
          </ul>
        </section>
      )}
    </form>
  );
}

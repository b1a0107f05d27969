import { RotateCcw } from 'lucide-react';
import { type FormEvent, Suspense, useState } from 'react';
import { Await, useFetcher } from 'react-router';
import type { Drink } from '../../../shared/api-types';
import { parseBungalowList } from '../../../shared/resort-settings';
import type { ParsList } from '../../../shared/stock-types';
import { Button } from '../../components/ui/button';
import { Field } from '../../components/ui/field';
import { bungalowRanges } from '../activity/describe-event';
import { type AdminActionResult, submitOptions } from '../admin-data';
import { useAdminI18n } from '../admin-i18n';
import { LoadFailed, Loading } from '../load-states';
import { wholeNumberOf } from '../stock/stock-lines';
import { useGrant } from '../team/session-context';
import { useActionResult } from '../use-action-result';

export type ParsCommand =
  | { intent: 'set-pars'; bungalows: number[]; items: { drinkId: number; par: number }[] }
  | { intent: 'reset-pars'; bungalow: number };

/**
 * Pars per bungalow over the catalogue's starting quantity: set for a range of bungalows at once (the villas),
 * never one by one; the bungalows with pars of their own, each with a way back to the catalogue's.
 */
export function ParsSection({ pars }: { pars: Promise<[ParsList, Drink[]]> }) {
  const { a } = useAdminI18n();
  return (
    <Suspense fallback={<Loading />}>
      <Await resolve={pars} errorElement={<LoadFailed what={a.parsTitle} />}>
        {([list, drinks]: [ParsList, Drink[]]) => <ParsView list={list} drinks={drinks} />}
      </Await>
    </Suspense>
  );
}

function ParsView({ list, drinks }: { list: ParsList; drinks: Drink[] }) {
  const { a } = useAdminI18n();
  const writes = useGrant('stock') === 'yes';
  const names = new Map(drinks.map((drink) => [drink.id, drink.drinkName]));
  return (
    <div className="flex flex-col gap-4">
      <p className="text-slate-700">{a.parsIntro}</p>
      {writes && <ParsForm drinks={drinks} />}
      <h4 className="font-bold text-slate-900">{a.parsOverrides}</h4>
      {list.length === 0 ? (
        <p className="text-slate-600">{a.noParsOverrides}</p>
      ) : (
        <ul className="flex flex-col gap-2" aria-label={a.parsOverrides}>
          {list.map((entry) => (
            <li
              key={entry.bungalow}
              className="flex flex-wrap items-center justify-between gap-2 rounded-xl p-3 ring-1 ring-slate-200"
            >
              <span>
                <strong>{a.bungalow(entry.bungalow)}</strong>:{' '}
                {entry.items
                  .map((item) => a.parLine(names.get(item.drinkId) ?? `#${item.drinkId}`, item.par))
                  .join(', ')}
              </span>
              {writes && <ResetPars bungalow={entry.bungalow} />}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function ResetPars({ bungalow }: { bungalow: number }) {
  const fetcher = useFetcher<AdminActionResult>();
  const { a } = useAdminI18n();
  return (
    <Button
      variant="secondary"
      pending={fetcher.state !== 'idle'}
      aria-label={a.resetParsOf(bungalow)}
      onClick={() => fetcher.submit({ intent: 'reset-pars', bungalow }, submitOptions())}
    >
      <RotateCcw aria-hidden="true" className="size-5" />
      {a.resetPars}
    </Button>
  );
}

function ParsForm({ drinks }: { drinks: Drink[] }) {
  const { a } = useAdminI18n();
  const fetcher = useFetcher<AdminActionResult>();
  const [bungalows, setBungalows] = useState('');
  const [pars, setPars] = useState<Record<number, string>>({});
  const [problem, setProblem] = useState<string | undefined>();
  const [bungalowsError, setBungalowsError] = useState<string | undefined>();
  useActionResult(fetcher, (result) => {
    if (result.ok) {
      setPars({});
      setProblem(undefined);
    } else setProblem(result.issues[0]?.message ?? result.message);
  });

  const save = (event: FormEvent) => {
    event.preventDefault();
    const parsed = parseBungalowList(bungalows);
    setBungalowsError(parsed.ok ? undefined : parsed.message);
    setProblem(undefined);
    if (!parsed.ok) return;
    const items: { drinkId: number; par: number }[] = [];
    for (const drink of drinks) {
      const par = wholeNumberOf(pars[drink.id] ?? '');
      if (par === null) continue;
      if (Number.isNaN(par) || par > 999) {
        setProblem(`${drink.drinkName}: ${a.wholeNumber}`);
        return;
      }
      items.push({ drinkId: drink.id, par });
    }
    if (items.length === 0) {
      setProblem(a.enterOneLine);
      return;
    }
    fetcher.submit({ intent: 'set-pars', bungalows: parsed.numbers, items }, submitOptions());
  };

  const parsedRange = parseBungalowList(bungalows);
  return (
    <form noValidate onSubmit={save} aria-label={a.setPars} className="flex flex-col gap-3">
      <Field
        label={a.parsBungalows}
        hint={
          parsedRange.ok
            ? `${a.parsBungalowsHint} (${bungalowRanges(parsedRange.numbers)})`
            : a.parsBungalowsHint
        }
        value={bungalows}
        onChange={(event) => setBungalows(event.target.value)}
        error={bungalowsError}
      />
      <p className="text-sm text-slate-600">{a.parBlankHint}</p>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {drinks.map((drink) => (
          <Field
            key={drink.id}
            label={a.parOf(drink.drinkName, drink.startingQuantity)}
            inputMode="numeric"
            value={pars[drink.id] ?? ''}
            onChange={(event) => setPars((current) => ({ ...current, [drink.id]: event.target.value }))}
          />
        ))}
      </div>
      {problem && (
        <p role="alert" className="font-medium text-red-800">
          {problem}
        </p>
      )}
      <div>
        <Button type="submit" pending={fetcher.state !== 'idle'}>
          {a.setPars}
        </Button>
      </div>
    </form>
  );
}

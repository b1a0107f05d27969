import type { Drink } from '../../shared/api-types';
import { lineTotal } from '../../shared/money';
import { Minus, Plus } from '../components/guest-icons';
import { useHydrated } from '../components/use-hydrated';
import { useI18n } from '../i18n/language';
import { cardLook, countLook, lineTotalAttribute } from './drink-card-look';
import { countedByFirstTaps } from './first-taps';

export interface DrinkCardProps {
  drink: Drink;
  missing: number;
  onChange: (step: 1 | -1) => void;
}

const stepButton =
  'grid size-14 shrink-0 place-items-center rounded-full text-white shadow-sm transition-colors active:scale-95 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-brand-700 disabled:bg-slate-200 disabled:text-slate-500 disabled:shadow-none disabled:active:scale-100';

/** One drink: what it costs, how many were in the fridge, and the guest's count of missing units. */
export function DrinkCard({ drink, missing, onChange }: DrinkCardProps) {
  const { t, baht } = useI18n();
  const name = drink.drinkName;
  const counted = missing > 0;
  return (
    <li
      data-drink={drink.id}
      className={`flex min-h-28 items-center gap-3 rounded-2xl p-4 shadow-sm transition-colors ${
        counted ? cardLook.counted : cardLook.uncounted
      }`}
    >
      <div className="min-w-0 flex-1">
        <p className="truncate text-lg leading-7 font-bold text-slate-900">{name}</p>
        <p className="text-sm leading-5 text-slate-700">
          <span className="font-semibold text-slate-900">{baht(drink.price)}</span>
          <span aria-hidden="true"> · </span>
          <span>{t.startingQuantity(drink.startingQuantity)}</span>
        </p>
        {/* The line keeps its height when empty, so the card does not jump at the first tap. Like the count, the
            first taps' script may have written it before hydration: a text child (never none), which React keeps
            as it finds it until the form draws the counts it took. */}
        <p
          {...{ [lineTotalAttribute]: '' }}
          suppressHydrationWarning
          className="min-h-6 text-base leading-6 font-semibold text-brand-800"
        >
          {counted ? t.lineTotal(baht(lineTotal(missing, drink.price))) : ''}
        </p>
      </div>
      <div className="flex items-center gap-1">
        <button
          type="button"
          aria-label={t.removeOne(name)}
          data-step="-1"
          disabled={missing <= 0}
          onClick={() => onChange(-1)}
          className={`${stepButton} bg-slate-700 hover:bg-slate-800`}
        >
          <Minus aria-hidden="true" className="size-6" strokeWidth={2.75} />
        </button>
        {/* The first taps' script may have counted into the server's HTML before hydration (first-tap.ts): the
            form takes those counts just after and draws them, so React keeps this text as it finds it. */}
        <output
          aria-label={t.drinkMissing(name)}
          aria-live="polite"
          suppressHydrationWarning
          className={`w-10 text-center text-2xl font-bold tabular-nums ${counted ? countLook.counted : countLook.uncounted}`}
        >
          {missing}
        </output>
        <AddButton
          label={t.addOne(name)}
          full={missing >= drink.startingQuantity}
          onClick={() => onChange(1)}
        />
      </div>
    </li>
  );
}

/**
 * +, disabled on the server's HTML until a script can count it: the first taps' script enables it as the page
 * is parsed (first-tap.ts), and the app hydrates it enabled there (countedByFirstTaps); elsewhere the app
 * enables it once hydrated. The hook is here, not in the page: hydration's second render
 * is then these buttons', not every card's.
 */
function AddButton({ label, full, onClick }: { label: string; full: boolean; onClick: () => void }) {
  const ready = useHydrated() || countedByFirstTaps();
  return (
    <button
      type="button"
      aria-label={label}
      data-step="1"
      disabled={!ready || full}
      onClick={onClick}
      className={`${stepButton} bg-brand-700 hover:bg-brand-800`}
    >
      <Plus aria-hidden="true" className="size-6" strokeWidth={2.75} />
    </button>
  );
}

/** The same footprint as a card, shown while drinks load so nothing shifts when they arrive. */
export function DrinkCardPlaceholder() {
  return (
    <li
      aria-hidden="true"
      className="flex min-h-28 items-center gap-3 rounded-2xl bg-white p-4 ring-1 ring-slate-200"
    >
      <div className="flex-1 space-y-2">
        <div className="h-5 w-24 animate-pulse rounded bg-slate-200" />
        <div className="h-4 w-32 animate-pulse rounded bg-slate-100" />
      </div>
      <div className="size-14 animate-pulse rounded-full bg-slate-100" />
      <div className="size-14 animate-pulse rounded-full bg-slate-100" />
    </li>
  );
}

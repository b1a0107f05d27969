import { Trash2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { addDays, localDayOf } from '../../../shared/local-days';
import { defaultTimeZone } from '../../../shared/resort-settings';
import { stockCostLimits } from '../../../shared/stock-costs';
import type { StockDrink } from '../../../shared/stock-types';
import { Button } from '../../components/ui/button';
import { loadPublicSettings } from '../../settings';
import { useAdminI18n } from '../admin-i18n';
import { formatDay } from '../format';
import { PageSection } from '../page-section';
import { useStockCommand } from './stock-form';

/**
 * The storeroom's bottles that expire within 30 days (issue 26), earliest first; what has expired (its day is
 * past in the resort's calendar) is one tap from a write-off (`expired`), which takes the earliest bottles
 * first, so exactly those. Shown only when something expires soon.
 */
export function ExpiringSoon({ drinks, writes }: { drinks: readonly StockDrink[]; writes: boolean }) {
  const { a, language } = useAdminI18n();
  const [timeZone, setTimeZone] = useState(defaultTimeZone);
  useEffect(() => {
    let current = true;
    loadPublicSettings().then((settings) => {
      if (current) setTimeZone(settings.timeZone);
    });
    return () => {
      current = false;
    };
  }, []);
  const today = localDayOf(Date.now(), timeZone);
  const horizon = addDays(today, stockCostLimits.expiringWithinDays);
  const soon = drinks
    .flatMap((drink) =>
      (drink.expiring ?? [])
        .filter((lot) => lot.expiresOn <= horizon)
        .map((lot) => ({ drink, ...lot, expired: lot.expiresOn < today })),
    )
    .sort((x, y) => (x.expiresOn < y.expiresOn ? -1 : x.expiresOn > y.expiresOn ? 1 : 0));
  if (soon.length === 0) return null;
  const expired = new Map<number, { drink: StockDrink; quantity: number }>();
  for (const lot of soon) {
    if (!lot.expired) continue;
    const entry = expired.get(lot.drink.drinkId) ?? { drink: lot.drink, quantity: 0 };
    entry.quantity += lot.quantity;
    expired.set(lot.drink.drinkId, entry);
  }
  return (
    <PageSection id="expiring" title={a.expiringTitle(stockCostLimits.expiringWithinDays)}>
      <ul className="flex flex-col gap-1">
        {soon.map((lot) => (
          <li key={`${lot.drink.drinkId}-${lot.expiresOn}`} className="flex flex-wrap items-center gap-2">
            <span>
              {a.expiringLine(lot.drink.drinkName, lot.quantity, formatDay(lot.expiresOn, language))}
            </span>
            {lot.expired && (
              <span className="rounded-full bg-red-100 px-2 text-sm font-semibold text-red-800">
                {a.expiredTag}
              </span>
            )}
          </li>
        ))}
      </ul>
      {writes && expired.size > 0 && (
        <div className="mt-3 flex flex-wrap gap-3">
          {[...expired.values()].map(({ drink, quantity }) => (
            <WriteOffExpired key={drink.drinkId} drink={drink} quantity={quantity} />
          ))}
        </div>
      )}
    </PageSection>
  );
}

function WriteOffExpired({ drink, quantity }: { drink: StockDrink; quantity: number }) {
  const { a } = useAdminI18n();
  const { send, problem, pending } = useStockCommand(() => undefined);
  return (
    <form
      onSubmit={send({
        intent: 'write-off',
        input: {
          place: 'storeroom',
          reason: 'expired',
          note: null,
          lines: [{ drinkId: drink.drinkId, quantity }],
        },
      })}
    >
      <Button type="submit" variant="secondary" disabled={pending}>
        <Trash2 aria-hidden="true" className="size-5" />
        {a.writeOffExpired(drink.drinkName, quantity)}
      </Button>
      {problem && <p className="text-red-700">{problem}</p>}
    </form>
  );
}

import { useEffect } from 'react';
import { useAsyncError, useRevalidator } from 'react-router';
import { drinkSections } from '../../shared/drink-sections';
import { toastError } from '../components/toast-error';
import { Button } from '../components/ui/button';
import { currentI18n, useI18n } from '../i18n/language';
import { DrinkCardPlaceholder } from './drink-card';

// The checkout's loading and failure states: only where the browser loads the drinks itself, never on the
// server's page, so a module of its own, outside the first paint's rules (src/web/first-paint.css).

/** Cards in the seeded catalogue's shape, so the real ones replace them without moving the page. */
export function DrinksLoading() {
  const { t } = useI18n();
  return (
    <div>
      <p role="status" className="mb-3 flex items-center gap-2 font-medium text-slate-700">
        <span className="inline-block size-4 animate-spin rounded-full border-2 border-current border-r-transparent" />
        {t.loadingDrinks}
      </p>
      {drinkSections.map((section) => (
        <div key={section.title} className="mb-6">
          <div aria-hidden="true" className="mb-2 h-7 w-32 animate-pulse rounded bg-slate-200" />
          <ul className="grid gap-3 sm:grid-cols-2">
            {section.names.map((name) => (
              <DrinkCardPlaceholder key={name} />
            ))}
          </ul>
        </div>
      ))}
    </div>
  );
}

export function DrinksFailed() {
  const error = useAsyncError();
  const revalidator = useRevalidator();
  const { t } = useI18n();
  useEffect(() => {
    console.error('The drinks could not be loaded', error);
    // The id keeps one toast however often React runs this effect.
    toastError(currentI18n().t.toastFailedToLoad, { id: 'checkout-load-failed' });
  }, [error]);
  return (
    <div role="alert" className="rounded-2xl bg-white p-5 ring-1 ring-red-200">
      <p className="font-semibold text-red-800">{t.toastFailedToLoad}</p>
      <p className="mt-1 text-slate-700">{t.checkConnection}</p>
      <Button
        variant="secondary"
        pending={revalidator.state === 'loading'}
        onClick={() => revalidator.revalidate()}
        className="mt-4"
      >
        {t.tryAgain}
      </Button>
    </div>
  );
}

import type { ReactNode } from 'react';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { useI18n } from '../i18n/language';
import { Header } from './layout';

/**
 * What a route's error shows: the header, the words and the error's one line ("404 Not Found", or what was
 * thrown) or a `notice` instead of them, and the way back to the checkout. In the first load, so the page
 * still has it when the error page's own chunk could not be fetched (routes.tsx).
 */
export function ErrorScreen({ notice, reload = false }: { notice?: ReactNode; reload?: boolean }) {
  const { t } = useI18n();
  const error = useRouteError();
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : undefined;
  const backClass =
    'mt-6 inline-flex min-h-12 items-center rounded-xl bg-brand-700 px-6 font-semibold text-white hover:bg-brand-800';
  return (
    <div className="min-h-dvh">
      <Header />
      <main className="mx-auto max-w-3xl px-4 py-10 text-center">
        {notice ?? (
          <>
            <h2 className="text-2xl font-bold text-slate-900">{t.routeError}</h2>
            {detail && <p className="mt-3 text-slate-600">{detail}</p>}
          </>
        )}
        {/* A chunk that failed stays failed for the page's life: `reload` loads the checkout afresh. */}
        {reload ? (
          <a href="/checkout" className={backClass}>
            {t.backToCheckout}
          </a>
        ) : (
          <Link to="/checkout" className={backClass}>
            {t.backToCheckout}
          </Link>
        )}
      </main>
    </div>
  );
}

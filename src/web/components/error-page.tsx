import { useEffect } from 'react';
import { isRouteErrorResponse, Link, useLocation, useRouteError } from 'react-router';
import { useI18n } from '../i18n/language';
import { AdminOfflineNotice } from '../offline/admin-offline-notice';
import { useOnline } from '../offline/use-online';
import { Header } from './layout';

/**
 * What a route's error shows: the header, the words and the error's one line ("404 Not Found", or what was
 * thrown), and the way back to the checkout. In the first load (routes.tsx): it must show even when the
 * connection went before any lazy chunk came, and it weighs a few hundred bytes.
 */
export function ErrorPage() {
  const { t } = useI18n();
  const error = useRouteError();
  const { pathname } = useLocation();
  const online = useOnline();
  // Offline, the admin panel's code cannot be fetched: that is no application error, and the notice says why.
  const onAdmin = pathname.startsWith('/admin');
  const adminOffline = !online && onAdmin;
  useEffect(() => {
    if (!onAdmin) return;
    // The browser keeps a failed import() failed for the page's life: the panel comes back with a new load.
    const reload = () => window.location.reload();
    window.addEventListener('online', reload);
    return () => window.removeEventListener('online', reload);
  }, [onAdmin]);
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : undefined;
  return (
    <div className="min-h-dvh">
      <Header />
      <main className="mx-auto max-w-3xl px-4 py-10 text-center">
        {adminOffline ? (
          <AdminOfflineNotice />
        ) : (
          <>
            <h2 className="text-2xl font-bold text-slate-900">{t.routeError}</h2>
            {detail && <p className="mt-3 text-slate-600">{detail}</p>}
          </>
        )}
        <Link
          to="/checkout"
          className="mt-6 inline-flex min-h-12 items-center rounded-xl bg-brand-700 px-6 font-semibold text-white hover:bg-brand-800"
        >
          {t.backToCheckout}
        </Link>
      </main>
    </div>
  );
}

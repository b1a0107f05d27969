import { Suspense, useEffect, useState } from 'react';
import { Link, Outlet, useLocation } from 'react-router';
import { followPage, useI18n } from '../i18n/language';
import { lazyPart, loadToaster } from '../lazy-parts';
import { AdminOfflineNotice } from '../offline/admin-offline-notice';
import { loadPublicSettings, onPublicSettingsChange } from '../settings';
import { Home, Settings } from './guest-icons';
import { HydratedOnly } from './hydrated-only';
import { LanguageSwitch } from './language-switch';
import { markToasterMissing, PlainToasts } from './plain-toasts';

/**
 * The toasts are a chunk of their own: the first paint shows none, and their bytes counted against /checkout's
 * 110 KiB. The service worker keeps it with the checkout's other lazy chunks, not the admin's (so the toaster
 * lives outside components/ui/, whose modules go to the admin's chunk). A toast raised before the chunk is in
 * waits in react-hot-toast's store and shows when the toaster mounts. When the chunk cannot be fetched, the
 * first load's plain toasts say the errors (plain-toasts.tsx). The admin panel's offline notice stays
 * in the first load: it must show offline, and a chunk of its own would follow the admin pages that use it
 * into theirs, which the worker does not keep.
 */
const Toaster = lazyPart(
  () =>
    loadToaster().then(
      (module) => module.Toaster,
      (error: unknown) => {
        markToasterMissing();
        throw error;
      },
    ),
  'The toasts',
  PlainToasts,
);

/** The resort's name from its settings, '' until they arrive (or when none is set). */
function useResortName(): string {
  const [name, setName] = useState('');
  useEffect(() => {
    const load = () => void loadPublicSettings().then((settings) => setName(settings.resortName));
    load();
    return onPublicSettingsChange(load);
  }, []);
  return name;
}

export function Header() {
  const resortName = useResortName();
  const { t } = useI18n();
  return (
    <header className="sticky top-0 z-10 bg-brand-800 text-white shadow-md">
      <div className="mx-auto flex max-w-3xl items-center gap-2 px-4 py-3 lg:group-has-[[data-workspace]]/page:max-w-6xl">
        <h1 className="min-w-0 flex-1 leading-tight">
          {resortName && (
            <span className="block truncate text-sm font-medium text-brand-100">
              {resortName}
              {/* Read as "Koh Lanta Huts: Bungalow Fridge Check". */}
              <span className="sr-only">: </span>
            </span>
          )}
          <span className="block text-lg font-bold tracking-tight sm:text-xl">{t.appTitle}</span>
        </h1>
        <LanguageSwitch />
        <nav aria-label={t.navMain} className="flex gap-1">
          <Link
            to="/checkout"
            aria-label={t.navCheckout}
            title={t.navCheckout}
            className="grid size-12 place-items-center rounded-full hover:bg-white/15 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
          >
            <Home aria-hidden="true" className="size-6" />
          </Link>
          <Link
            to="/admin"
            aria-label={t.navAdmin}
            title={t.navAdmin}
            className="grid size-12 place-items-center rounded-full hover:bg-white/15 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
          >
            <Settings aria-hidden="true" className="size-6" />
          </Link>
        </nav>
      </div>
    </header>
  );
}

export function Layout() {
  const { pathname } = useLocation();
  useEffect(() => followPage(pathname), [pathname]);
  return (
    // The admin workspace (data-workspace) uses a desk's width, for its side nav and wider pages; the
    // checkout stays one column. CSS decides, so /checkout's script carries nothing for it.
    <div className="group/page min-h-dvh">
      <Header />
      <main className="mx-auto max-w-3xl px-4 pt-4 pb-12 lg:has-[[data-workspace]]:max-w-6xl">
        {pathname.startsWith('/admin') && <AdminOfflineNotice />}
        <Outlet />
      </main>
      {/* react-hot-toast's defaults are the spec's: 4 s errors, 2 s successes, at most 20 kept. A lazy part: after
          hydration only (HydratedOnly). */}
      <HydratedOnly>
        <Suspense fallback={null}>
          <Toaster />
        </Suspense>
      </HydratedOnly>
    </div>
  );
}

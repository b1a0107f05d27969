import { type ComponentType, lazy } from 'react';

/**
 * The lazy chunks every page mounts or may need once the network is gone: the toasts and the checkout's
 * offline panel. A page mounts them after hydration, and a connection that dropped in between
 * (a guest walking out of the Wi-Fi, a server restarting) failed their import: React threw that to the
 * route's error boundary, whose page was then a chunk too and failed the same way, and the page went blank
 * (spec test "says 'Failed to load data' when the server cannot be reached", about one run in fifty; the error
 * page is in the first load now). The browser keeps
 * a failed import() failed for the page's life, so asking again later does not help: the app asks for them as
 * it starts (`prefetchLazyParts`), and a part whose chunk still fails is left out rather than taking the
 * page with it.
 */
export const loadToaster = () => import('./components/toaster');
export const loadOfflinePanel = () => import('./offline/offline-panel');

/** Starts the parts' downloads without waiting for them (main.tsx, before the router and the hydration). */
export function prefetchLazyParts(): void {
  // The offline panel is the checkout's alone: a workspace page's own chunks come first there.
  const parts = window.location.pathname.startsWith('/checkout')
    ? [loadToaster, loadOfflinePanel]
    : [loadToaster];
  for (const load of parts) {
    load().catch(() => {
      // The part's own import says so when it is mounted.
    });
  }
}

/**
 * `React.lazy` for a part the page can go on without: `fallback` (nothing, by default) when its chunk cannot be
 * fetched, where React would throw the failed import to the nearest error boundary.
 */
export function lazyPart<Props>(
  load: () => Promise<ComponentType<Props>>,
  what: string,
  fallback: ComponentType<Props> = () => null,
) {
  return lazy(() =>
    load().then(
      (component) => ({ default: component }),
      (error: unknown) => {
        console.error(`${what} could not be loaded: the page goes on without it`, error);
        return { default: fallback };
      },
    ),
  );
}

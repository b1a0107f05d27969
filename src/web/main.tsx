import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { firstPaintOfPage } from './checkout/first-paint';
import { firstPaintElementId } from './checkout/first-paint-id';
import { loadSummaryLines } from './checkout/summary';
import { startLanguage } from './i18n/language';
import { prefetchLazyParts } from './lazy-parts';
import { nextTask } from './next-task';
import { createAppRouter } from './router';
import './styles.css';

type AppRouter = ReturnType<typeof createAppRouter>;

// The service worker and the outbox: after the page has loaded, in their own chunk (offline/start.ts).
const startOffline = () => {
  import('./offline/start')
    .then(({ startOffline }) => startOffline())
    .catch((error) => console.error('The offline support could not be loaded', error));
};

/** The longest the offline support waits for an idle main thread on the server's page (a busy phone). */
const offlineIdleWaitMs = 2000;

/**
 * On the server's page: once the hydration is done and the main thread idle (docs/decisions/252). Registering
 * the worker starts its precache (the app's files, about 1 MB) and the outbox opens IndexedDB: on a phone's two
 * cores both would run beside the hydration's tasks and lengthen them. An idle callback waits for React's slices;
 * Safari has none, so a timer there.
 */
const startOfflineWhenIdle = () => {
  if ('requestIdleCallback' in window) requestIdleCallback(startOffline, { timeout: offlineIdleWaitMs });
  else setTimeout(startOffline, offlineIdleWaitMs / 2);
};

/** The router's first loaders done: the page the server rendered is hydrated only once it can match it. */
const routerReady = (router: AppRouter) =>
  new Promise<void>((resolve) => {
    if (router.state.initialized) return resolve();
    const stop = router.subscribe((state) => {
      if (!state.initialized) return;
      stop();
      resolve();
    });
  });

/**
 * The app, started by boot.ts (after the first paint on the server's page). Each step in a task of its own, so
 * none is a long task on a phone: the lazy parts' and the offline support's downloads, the router (its first
 * loaders), the language, then the render.
 */
export async function start(): Promise<void> {
  const root = document.getElementById('root');
  if (!root) throw new Error('index.html has no #root element');
  // Before the router and the hydration, which take tasks of their own: the parts a page needs if the
  // connection drops next are on their way while the server is surely still there (lazy-parts.ts).
  prefetchLazyParts();
  // On the server's page the form takes the first taps' counts once the Summary's lines are here (summary.tsx):
  // asked for now, they come with the app's other downloads rather than a round trip after its hydration.
  const serverPage = document.getElementById(firstPaintElementId) !== null;
  if (serverPage) loadSummaryLines().catch(() => {});
  // Elsewhere (the shell, the workspace) after the load, as before: nothing was on screen to hydrate.
  else if (document.readyState === 'complete') startOffline();
  else window.addEventListener('load', startOffline, { once: true });
  // The router's creation (its routes matched, its first loaders run) is a task of its own: on a phone it is
  // the start's longest step (10-35 ms at full speed on a busy machine, 4x that on the phone).
  await nextTask();

  // The guest's page as the server rendered it (checkout/checkout-render.tsx): hydrated in its language, with
  // the drinks it carries. Every other page (the service worker's shell, the workspace) is rendered here.
  const rendered = firstPaintOfPage();
  const router = createAppRouter();
  const app = (
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>
  );
  await nextTask();
  // The language's messages first (none to fetch for English), so the page never flashes another language.
  await startLanguage(rendered?.language);
  await nextTask();
  if (rendered && root.firstElementChild) {
    await routerReady(router);
    // A transition: React hydrates in slices that yield to the browser, not one long task.
    startTransition(() => {
      hydrateRoot(root, app);
    });
  } else {
    createRoot(root).render(app);
  }
  if (serverPage) {
    // Asked for after the render's first slice is queued: the idle callback waits behind all of them.
    await nextTask();
    startOfflineWhenIdle();
  }
}

import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { firstPaintOfPage } from './checkout/first-paint';
import { startLanguage } from './i18n/language';
import { router } from './router';
import './styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// The service worker and the outbox: after the page has loaded, in their own chunk (offline/start.ts).
const startOffline = () => {
  import('./offline/start')
    .then(({ startOffline }) => startOffline())
    .catch((error) => console.error('The offline support could not be loaded', error));
};
if (document.readyState === 'complete') startOffline();
else window.addEventListener('load', startOffline, { once: true });

/** The router's first loaders done: the page the server rendered is hydrated only once it can match it. */
const routerReady = () =>
  new Promise<void>((resolve) => {
    if (router.state.initialized) return resolve();
    const stop = router.subscribe((state) => {
      if (!state.initialized) return;
      stop();
      resolve();
    });
  });

/**
 * Runs `hydrate` once the browser has painted the server's page: hydration's work (and the layout it reads)
 * then never holds the first paint back. A hidden tab paints no frames, so it goes on at once there.
 */
function afterFirstPaint(hydrate: () => void) {
  if (document.visibilityState !== 'visible') return hydrate();
  requestAnimationFrame(() => setTimeout(hydrate, 0));
}

const appRoot = root;
const app = (
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>
);
// The guest's page as the server rendered it (checkout/checkout-render.tsx): hydrated in its language, with
// the drinks it carries. Every other page (the service worker's shell, the workspace) is rendered here.
const rendered = firstPaintOfPage();
// The language's messages first (none to fetch for English), so the page never flashes another language.
startLanguage(rendered?.language).finally(() => {
  if (rendered && appRoot.firstElementChild) {
    // A transition: React hydrates in slices that yield to the browser, not one long task.
    void routerReady().then(() =>
      afterFirstPaint(() =>
        startTransition(() => {
          hydrateRoot(appRoot, app);
        }),
      ),
    );
  } else {
    createRoot(appRoot).render(app);
  }
});

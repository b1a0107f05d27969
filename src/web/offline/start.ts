/**
 * The offline side of the app, loaded after the page has loaded (main.tsx) so it costs /checkout's first load
 * nothing: registers the service worker, answers its "is a check in progress?" question, and sends the outbox
 * on load, when the connection returns and when the app comes back to the screen.
 */
import { checkInProgress } from './check-in-progress';
import { isCheckBusyQuestion } from './offline-protocol';
import { flushOutboxSoon } from './outbox';

/** An open app looks for a new version at most this often when it comes back to the screen. */
const updateCheckEveryMs = 60 * 60 * 1000;

export function startOffline() {
  void flushOutboxSoon();
  window.addEventListener('online', () => void flushOutboxSoon());
  let lastUpdateCheck = Date.now();
  let registration: ServiceWorkerRegistration | undefined;
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState !== 'visible') return;
    void flushOutboxSoon();
    if (registration && Date.now() - lastUpdateCheck > updateCheckEveryMs) {
      lastUpdateCheck = Date.now();
      registration.update().catch(() => {});
    }
  });

  if (!('serviceWorker' in navigator) || !import.meta.env.PROD) return;
  const container = navigator.serviceWorker;
  container.addEventListener('message', (event) => {
    if (event.data === isCheckBusyQuestion) event.ports[0]?.postMessage({ busy: checkInProgress() });
  });
  // A new version took over while this window was idle (the worker asked first): reload it, so it does not
  // run old code against the new version's files. The first worker taking an uncontrolled page is no change.
  let controller = container.controller;
  container.addEventListener('controllerchange', () => {
    const previous = controller;
    controller = container.controller;
    if (previous !== null && !checkInProgress()) window.location.reload();
  });
  container
    // updateViaCache 'none': the browser asks the server for sw.js itself every time, never its HTTP cache.
    .register('/sw.js', { scope: '/', updateViaCache: 'none' })
    .then((registered) => {
      registration = registered;
    })
    .catch((error) => console.error('The offline service worker could not be registered', error));
}

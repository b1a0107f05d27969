/// <reference lib="webworker" />
/**
 * The service worker (built by vite-plugin-pwa's injectManifest into dist/web/sw.js). It keeps what the
 * checkout needs to work with no network: the shell and the lazy chunks /checkout loads (the receipt and PDF
 * code included), precached at install; the drinks, network first with the last answer kept.
 *
 * Updates (docs/decisions/040-offline-first-checkout.md): a new version installs in the background and waits.
 * It is taken at a later load of the app, when no open window of the app is in the middle of a check: the
 * old worker asks them, and only then lets the new one take over and answers that load with a refresh, so
 * the load comes from the new version. It never takes over by itself (no skipWaiting on install).
 */
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { NetworkFirst } from 'workbox-strategies';
import { parseBungalowParam } from '../../shared/bungalow';
import { type PublicResortSettings, publicPart } from '../../shared/resort-settings';
import {
  drinksCacheName,
  isCheckBusyQuestion,
  offlineCopyHeader,
  outboxSyncTag,
  skipWaitingMessage,
} from './offline-protocol';
import { flushOutbox } from './outbox-flush';

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: Array<{ url: string; revision: string | null }>;
};

const shellUrl = '/index.html';
const receiptFontsPath = '/api/receipt-fonts/';
const receiptFontsCacheName = 'receipt-fonts';
/** How long a slow connection may keep the drinks from the page before the kept copy is used. */
const drinksNetworkTimeoutSeconds = 5;
/** How long an open window gets to say whether it is in the middle of a check. */
const busyAnswerMs = 1000;

// The first install has no older version to disturb: it takes the page that registered it at once, so that
// page's drinks are kept too. Later versions wait (see above).
if (!self.registration.active) clientsClaim();

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

self.addEventListener('message', (event) => {
  if (event.data === skipWaitingMessage) void self.skipWaiting();
});

/** Asks one window whether it has counts entered; no answer in time counts as busy (the safe side). */
function isBusy(client: Client): Promise<boolean> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    const timer = setTimeout(() => resolve(true), busyAnswerMs);
    channel.port1.onmessage = (event) => {
      clearTimeout(timer);
      resolve(event.data?.busy !== false);
    };
    client.postMessage(isCheckBusyQuestion, [channel.port2]);
  });
}

async function mayUpdateNow(): Promise<boolean> {
  const waiting = self.registration.waiting;
  if (!waiting) return false;
  const windows = await self.clients.matchAll({ type: 'window' });
  const answers = await Promise.all(windows.map(isBusy));
  if (answers.some(Boolean)) return false;
  waiting.postMessage(skipWaitingMessage);
  return true;
}

/** Where the server would send its drinks preload (static-files.ts): the shell keeps it when served here. */
const drinksFirstPaths = new Set(['/', '/checkout']);
const drinksPreloadLink = '</api/drinks>; rel=preload; as=fetch; crossorigin=anonymous';

// Every page of the app is the same shell, so /checkout?bungalow=N loads offline for any N. The precached
// copy kept the server's headers (the Content-Security-Policy among them).
registerRoute(
  new NavigationRoute(
    async ({ url, request }) => {
      if (await mayUpdateNow()) return new Response('', { headers: { Refresh: '0' } });
      const shell = await matchPrecache(shellUrl);
      if (!shell) return fetch(request);
      if (!drinksFirstPaths.has(url.pathname)) return shell;
      const headers = new Headers(shell.headers);
      headers.set('Link', drinksPreloadLink);
      return new Response(shell.body, { status: shell.status, statusText: shell.statusText, headers });
    },
    { denylist: [/^\/api\//, /^\/assets\//, /^\/sw\.js$/, /^\/manifest\.webmanifest$/] },
  ),
);

// The drinks: fresh when the network answers in time, else the last answer, marked so the page can say the
// prices may be out of date.
const drinksNetworkFirst = new NetworkFirst({
  cacheName: drinksCacheName,
  networkTimeoutSeconds: drinksNetworkTimeoutSeconds,
  plugins: [
    {
      cacheWillUpdate: async ({ response }) => (response.status === 200 ? response : null),
      cachedResponseWillBeUsed: async ({ cachedResponse }) => {
        if (!cachedResponse) return null;
        const headers = new Headers(cachedResponse.headers);
        headers.set(offlineCopyHeader, cachedResponse.headers.get('Date') ?? 'unknown');
        return new Response(cachedResponse.body, {
          status: cachedResponse.status,
          statusText: cachedResponse.statusText,
          headers,
        });
      },
    },
  ],
});

/** The admin panel is online only: staff editing the catalogue must see the server's drinks or a failure. */
async function isAdminPage(event: ExtendableEvent) {
  const clientId = (event as FetchEvent).clientId;
  const client = clientId ? await self.clients.get(clientId) : undefined;
  return client !== undefined && new URL(client.url).pathname.startsWith('/admin');
}

registerRoute(
  ({ url, request }) => url.pathname === '/api/drinks' && request.method === 'GET',
  async (options) =>
    (await isAdminPage(options.event)) ? fetch(options.request) : drinksNetworkFirst.handle(options),
);

// A bungalow's fridge (its pars; with stock on, what it holds): network first like the drinks, so offline the
// checkout stops + at what the fridge held when this device last saw it.
registerRoute(
  ({ url, request }) => /^\/api\/fridges\/\d+$/.test(url.pathname) && request.method === 'GET',
  async (options) =>
    (await isAdminPage(options.event)) ? fetch(options.request) : drinksNetworkFirst.handle(options),
);

// The resort's public settings (name, time zone for the receipt's date, PromptPay payee): network first like
// the drinks. Only the public part is ever kept, even when an admin's page asked (an admin gets more).
const settingsNetworkFirst = new NetworkFirst({
  cacheName: drinksCacheName,
  networkTimeoutSeconds: drinksNetworkTimeoutSeconds,
  plugins: [
    {
      cacheWillUpdate: async ({ response }) => {
        if (response.status !== 200) return null;
        const settings = (await response.clone().json()) as PublicResortSettings;
        return new Response(JSON.stringify(publicPart(settings)), { headers: response.headers });
      },
    },
  ],
});

registerRoute(
  ({ url, request }) => url.pathname === '/api/settings' && request.method === 'GET',
  async (options) =>
    (await isAdminPage(options.event)) ? fetch(options.request) : settingsNetworkFirst.handle(options),
);

// The receipt fonts the server cuts for Chinese, Korean, Cyrillic... (docs/decisions/090): kept from the first
// receipt in that script, so the next ones work offline. The URL's ?v= changes with the names the page knows,
// so a new drink's letters bring a new copy (the older copies of that font and weight are dropped).
registerRoute(
  ({ url, request }) => url.pathname.startsWith(receiptFontsPath) && request.method === 'GET',
  async ({ request }) => {
    const cache = await caches.open(receiptFontsCacheName);
    const kept = await cache.match(request);
    if (kept) return kept;
    const response = await fetch(request);
    if (response.ok) {
      const { pathname } = new URL(request.url);
      for (const old of await cache.keys()) {
        if (new URL(old.url).pathname === pathname) await cache.delete(old);
      }
      await cache.put(request, response.clone());
    }
    return response;
  },
);

/**
 * The bungalows of the checkout pages open now, whoever controls them. At the first install that is the page
 * that registered this worker: the first visit's, which the server rendered with its drinks and fridge in it,
 * so it fetched neither.
 */
async function openCheckoutBungalows(): Promise<number[]> {
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const bungalows = new Set<number>();
  for (const client of windows) {
    const url = new URL(client.url);
    if (url.pathname === '/checkout') bungalows.add(parseBungalowParam(url.searchParams.get('bungalow')));
  }
  return [...bungalows];
}

// Keep what the first visit's page showed (docs/decisions/150-guest-first-paint.md): the drinks, the settings
// and that bungalow's fridge, which the page the server rendered carried in itself. Offline, the shell then
// shows that bungalow as the device last saw it, as it does every bungalow it opened under this worker.
self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(drinksCacheName)
      .then(async (cache) => {
        if (!(await cache.match('/api/drinks'))) await cache.add('/api/drinks');
        // Without the session cookie: the public part, whoever is logged in on this device.
        const settings = await fetch('/api/settings', { credentials: 'omit' });
        if (settings.ok && !(await cache.match('/api/settings'))) await cache.put('/api/settings', settings);
        const fridges = (await openCheckoutBungalows()).map((bungalow) =>
          cache.add(`/api/fridges/${bungalow}`).catch(() => {}),
        );
        await Promise.all(fridges);
      })
      .catch(() => {}),
  );
});

// Background Sync, where the browser has it (Chromium), sends the outbox even with the app closed. The page
// flushes it on its own too (on load, `online`, `visibilitychange`, a tap): this is only an extra.
self.addEventListener('sync', (event: Event) => {
  const sync = event as Event & { tag: string; waitUntil(promise: Promise<unknown>): void };
  if (sync.tag !== outboxSyncTag) return;
  sync.waitUntil(
    flushOutbox().then((result) => {
      // Still waiting for the network: a rejected sync is retried by the browser later.
      if (result.waiting > 0 && result.networkFailed) throw new Error('The outbox is still waiting');
    }),
  );
});

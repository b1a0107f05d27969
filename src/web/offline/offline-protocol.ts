/** Names the page and the service worker (sw.ts) must agree on. Changing one strands what older versions kept. */

/** The runtime cache of the last GET /api/drinks answer. */
export const drinksCacheName = 'fridge-check-drinks';

/** Set by the service worker on a kept copy of the drinks (the value: the copy's Date header). */
export const offlineCopyHeader = 'X-Fridge-Check-Offline-Copy';

/** The service worker asks each open window this (with a reply port) before a new version takes over. */
export const isCheckBusyQuestion = 'fridge-check:is-check-busy';

/** Tells the waiting service worker to take over. */
export const skipWaitingMessage = 'fridge-check:skip-waiting';

/** Background Sync tag for the outbox (where the browser has Background Sync). */
export const outboxSyncTag = 'fridge-check-outbox';

/** Tabs and the service worker tell each other here that the outbox changed. */
export const outboxChannelName = 'fridge-check-outbox';

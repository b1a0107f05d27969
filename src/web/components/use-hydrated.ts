import { useSyncExternalStore } from 'react';

const noSubscription = () => () => {};

/**
 * False in the server's render of the guest's page and while the browser hydrates it, true from then on (and
 * at once on a page the browser renders itself). A button that needs the page's code is disabled until then:
 * a tap on the server's HTML before the JavaScript runs would otherwise be lost without a word. React renders
 * every caller again, synchronously, once hydrated (the server's snapshot differs): call it only in small
 * components (the + button, the language switch), never in one that holds the page (that second render was
 * about 100 ms of blocking time on a phone). Lazy parts wait with HydratedOnly instead.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}

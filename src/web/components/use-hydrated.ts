import { useSyncExternalStore } from 'react';

const noSubscription = () => () => {};

/**
 * False in the server's render of the guest's page and while the browser hydrates it, true from then on (and
 * at once on a page the browser renders itself). A button that needs the page's code is disabled until then:
 * a tap on the server's HTML before the JavaScript runs would otherwise be lost without a word.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}

import { type ReactNode, startTransition, useEffect, useState } from 'react';
import { firstPaintElementId } from '../checkout/first-paint-id';

/**
 * Its children only once the page's code runs: for the lazy parts the server cannot render (renderToString
 * cannot wait for a chunk) and the browser must not redo while hydrating (the toaster, the offline panel). On
 * the server's page they mount after hydration, in a transition (React renders it in slices that yield to the
 * browser; use-hydrated.ts's hook would force a synchronous render, and mounting lazy parts in it was a long
 * task on a phone). Where the browser renders the page itself they mount at once. For the page's shell only
 * (Layout, the checkout's heading), not inside a Suspense boundary the server rendered: that boundary hydrates
 * later, when this state may already be true.
 */
export function HydratedOnly({ children }: { children: ReactNode }) {
  const [shown, setShown] = useState(
    () => typeof document !== 'undefined' && !document.getElementById(firstPaintElementId),
  );
  useEffect(() => {
    if (!shown) startTransition(() => setShown(true));
  }, [shown]);
  return shown ? children : null;
}

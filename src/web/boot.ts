/**
 * The only script index.html names (docs/decisions/150-guest-first-paint.md): a few hundred bytes that start
 * the app. On the guest's page the server rendered, the app's code is asked for only once the browser has
 * painted that page, so neither its download nor its evaluation stands in the first paint's way (Lighthouse
 * counts every request that ended before the paint in it); everywhere else (the shell: the workspace, a
 * repeat visit's service-worker page) the app starts at once, as nothing is on screen without it.
 *
 * Then the work is cut into tasks, each well under 50 ms on a phone, so no long task holds a tap: React and
 * React DOM evaluate first (react-runtime.ts), the app's modules after a task, and the app's start
 * (main.tsx: router, language, hydration) in tasks of its own.
 */
import { firstPaintElementId } from './checkout/first-paint-id';
import { nextTask } from './next-task';

async function startApp() {
  await import('./react-runtime');
  await nextTask();
  const { start } = await import('./main');
  await nextTask();
  await start();
}

/** How long after the load event the app starts even if no frame was painted yet (a busy device). */
const paintWaitAfterLoadMs = 50;

/**
 * `run` once, when the browser has painted the page: a frame's callback runs just before that frame is
 * painted, and a task queued from it runs after. Or, on a device too busy to paint soon (headless Chromium
 * under load paints well after the load event), shortly after the load event, so the app is never held back
 * long by a late frame: a guest whose connection drops just after the page loaded must still get the app. A
 * hidden tab paints no frames, so it goes on at once there.
 */
export function afterFirstPaint(run: () => void) {
  if (document.visibilityState !== 'visible') return run();
  let done = false;
  const once = () => {
    if (done) return;
    done = true;
    run();
  };
  requestAnimationFrame(() => setTimeout(once, 0));
  const late = () => setTimeout(once, paintWaitAfterLoadMs);
  if (document.readyState === 'complete') late();
  else window.addEventListener('load', late, { once: true });
}

/**
 * The server's page leaves the manifest link out (server/http/checkout-page.ts: its download would count in
 * the first paint): added here once the page is painted. Its name is vite.config.ts's manifestFilename.
 */
function linkManifest() {
  if (document.querySelector('link[rel="manifest"]')) return;
  const link = document.createElement('link');
  link.rel = 'manifest';
  link.href = '/manifest.webmanifest';
  document.head.append(link);
}

const start = () => {
  startApp().catch((error) => console.error('The app could not be started', error));
};
if (document.getElementById(firstPaintElementId)) {
  afterFirstPaint(() => {
    linkManifest();
    start();
  });
} else start();

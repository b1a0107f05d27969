/**
 * What each of React's commits leaves suspended on the server's /checkout: a stand-in for React's DevTools hook
 * (React calls `onCommitFiberRoot` on every commit when the hook is there before it loads) lists the Suspense
 * boundaries still dehydrated (the server's HTML not yet hydrated) or showing their fallback, by their
 * components' names (minified in a build). The time of the commit in which the Summary's buttons appear is the
 * app's start (docs/decisions/254).
 *
 *   npm run build && npx tsx bench/hydration-commits.ts
 *
 * Environment: HYDRATION_COMMITS_CPU (4: Chrome's CPU slowdown, as the first-tap probe), HYDRATION_COMMITS_ENTRY
 * (another build's server).
 */
import { chromium } from '@playwright/test';
import { startServer } from '../tests/support/server-process';
import { findChrome } from './lighthouse';

interface Commit {
  at: number;
  suspended: string[];
  buttons: boolean;
}

/** A string, not a function: tsx's transform would name its inner functions through a helper the page lacks. */
const hookScript = `(() => {
  const commits = (window.hydrationCommits = []);
  const name = (fiber) => {
    const type = fiber.type;
    if (typeof type === 'string') return type;
    return type?.displayName || type?.name || (fiber.tag === 13 ? 'Suspense' : '');
  };
  const path = (fiber) => {
    const names = [];
    for (let at = fiber; at && names.length < 8; at = at.return) if (name(at)) names.push(name(at));
    return names.join(' < ');
  };
  window.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    supportsFiber: true, renderers: new Map(), inject: () => 1, checkDCE() {},
    onScheduleFiberRoot() {}, onCommitFiberUnmount() {}, onPostCommitFiberRoot() {},
    onCommitFiberRoot(_id, root) {
      const suspended = [];
      const walk = (fiber) => {
        for (let at = fiber; at; at = at.sibling) {
          // 13: a Suspense boundary; its state is set while it is dehydrated or showing its fallback.
          if (at.tag === 13 && at.memoizedState !== null)
            suspended.push((at.memoizedState.dehydrated ? 'dehydrated: ' : 'fallback: ') + path(at));
          if (at.child) walk(at.child);
        }
      };
      walk(root.current.child);
      commits.push({ at: Math.round(performance.now()), suspended, buttons: document.querySelectorAll('#summary button').length > 0 });
    },
  };
})();`;

const { env } = process;
const server = await startServer({
  env: { LOG_LEVEL: 'warn' },
  ...(env.HYDRATION_COMMITS_ENTRY ? { entry: env.HYDRATION_COMMITS_ENTRY } : {}),
});
const chromePath = findChrome();
const browser = await chromium.launch(chromePath ? { executablePath: chromePath } : {});
try {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: Number(env.HYDRATION_COMMITS_CPU ?? 4) });
  await page.addInitScript({ content: hookScript });
  await page.goto(`${server.baseURL}/checkout?bungalow=3`);
  // The lazy parts mount after the hydration, and React throttles their retries: a few seconds cover them.
  await page.waitForTimeout(5000);
  const commits = (await page.evaluate('window.hydrationCommits')) as Commit[];
  for (const commit of commits) {
    console.log(
      `${String(commit.at).padStart(6)} ms${commit.buttons ? ' (buttons)' : ''}: ${
        commit.suspended.length ? commit.suspended.join('; ') : 'nothing suspended'
      }`,
    );
  }
} finally {
  await browser.close();
  await server.stop();
}
process.exit(0);

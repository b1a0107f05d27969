import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { type BrowserContext, chromium } from '@playwright/test';
import { median } from './http-load';
import { findChrome } from './lighthouse';

/** One load of /checkout until its drinks show, with what came from the network. */
export interface Visit {
  /** From the start of the navigation until the first drink's + button is on screen. */
  drinksShownMs: number;
  domContentLoadedMs: number;
  /** Requests that left the browser (the page's and the service worker's); none served by the worker. */
  networkRequests: number;
  /** Their bytes on the wire (headers and body as sent, compressed where the server compressed). */
  networkBytes: number;
  /** Requests the service worker answered from its cache. */
  fromServiceWorker: number;
  networkPaths: string[];
}

export interface PwaReport {
  installable: boolean;
  installabilityErrors: string[];
  controlled: boolean;
  serviceWorker: { raw: number; gzip: number };
  precache: { entries: number; raw: number; gzip: number; files: string[] };
  firstVisit: Visit;
  repeatVisits: Visit[];
  repeatMedian: Omit<Visit, 'networkPaths'>;
  /** Offline (the browser's network off): the cached /checkout?bungalow=N, until its drinks show. */
  offlineDrinksShownMs: number;
}

/** What dist/web/sw.js precaches, read from its inlined manifest, sized as files on disk. */
export function measurePrecache(
  webRoot = 'dist/web',
): PwaReport['precache'] & { sw: PwaReport['serviceWorker'] } {
  const sw = fs.readFileSync(path.join(webRoot, 'sw.js'));
  const files = [...sw.toString().matchAll(/"url":"([^"]+)"/g)].map((match) => match[1] ?? '');
  let raw = 0;
  let gzip = 0;
  for (const file of files) {
    const body = fs.readFileSync(path.join(webRoot, file));
    raw += body.length;
    gzip += zlib.gzipSync(body, { level: 9 }).length;
  }
  return {
    entries: files.length,
    raw,
    gzip,
    files,
    sw: { raw: sw.length, gzip: zlib.gzipSync(sw, { level: 9 }).length },
  };
}

function watchNetwork(context: BrowserContext) {
  const seen: { path: string; bytes: number; fromServiceWorker: boolean }[] = [];
  const pending: Promise<void>[] = [];
  context.on('requestfinished', (request) => {
    pending.push(
      (async () => {
        const response = await request.response();
        const sizes = await request.sizes();
        seen.push({
          path: new URL(request.url()).pathname,
          bytes: sizes.responseBodySize + sizes.responseHeadersSize,
          fromServiceWorker: response?.fromServiceWorker() ?? false,
        });
      })(),
    );
  });
  return {
    async take() {
      await Promise.all(pending);
      const taken = seen.splice(0);
      pending.length = 0;
      return taken;
    },
  };
}

/**
 * The installed-app figures in a normal (not incognito) Chromium profile, unthrottled on loopback: whether
 * Chromium would offer to install the app, whether the service worker controls /checkout, and the first and
 * repeat loads of /checkout (time until the drinks show, requests and bytes from the network).
 */
export async function runPwa(baseUrl: string, repeats: number): Promise<PwaReport> {
  const executablePath = findChrome();
  if (!executablePath) throw new Error('No Chromium found: install it or set CHROME_PATH');
  const userDataDir = fs.mkdtempSync(path.join(process.env.TMPDIR ?? '/tmp', 'fridge-pwa-'));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath,
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
  });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    const network = watchNetwork(context);
    const visit = async (url: string): Promise<Visit> => {
      await network.take();
      const started = Date.now();
      await page.goto(url);
      await page
        .getByRole('button', { name: /^Add one / })
        .first()
        .waitFor();
      const drinksShownMs = Date.now() - started;
      const domContentLoadedMs = await page.evaluate(() => {
        const [entry] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
        return entry ? entry.domContentLoadedEventEnd : Number.NaN;
      });
      // The service worker's own network-first fetch of the drinks may finish just after the page shows them.
      await page.waitForLoadState('networkidle');
      const requests = await network.take();
      const fromNetwork = requests.filter((request) => !request.fromServiceWorker);
      return {
        drinksShownMs,
        domContentLoadedMs,
        networkRequests: fromNetwork.length,
        networkBytes: fromNetwork.reduce((sum, request) => sum + request.bytes, 0),
        fromServiceWorker: requests.length - fromNetwork.length,
        networkPaths: fromNetwork.map((request) => request.path),
      };
    };

    const firstVisit = await visit(`${baseUrl}/checkout`);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    const repeatVisits: Visit[] = [];
    for (let i = 0; i < repeats; i++) repeatVisits.push(await visit(`${baseUrl}/checkout?bungalow=${i + 2}`));
    const controlled = await page.evaluate(() => navigator.serviceWorker.controller !== null);

    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');

    await context.setOffline(true);
    const offline = await visit(`${baseUrl}/checkout?bungalow=99`);
    await context.setOffline(false);

    const of = (pick: (visit: Visit) => number) => median(repeatVisits.map(pick));
    const precache = measurePrecache();
    return {
      installable: installabilityErrors.length === 0,
      installabilityErrors: installabilityErrors.map((error) => error.errorId),
      controlled,
      serviceWorker: precache.sw,
      precache: { entries: precache.entries, raw: precache.raw, gzip: precache.gzip, files: precache.files },
      firstVisit,
      repeatVisits,
      repeatMedian: {
        drinksShownMs: of((v) => v.drinksShownMs),
        domContentLoadedMs: of((v) => v.domContentLoadedMs),
        networkRequests: of((v) => v.networkRequests),
        networkBytes: of((v) => v.networkBytes),
        fromServiceWorker: of((v) => v.fromServiceWorker),
      },
      offlineDrinksShownMs: offline.drinksShownMs,
    };
  } finally {
    await context.close();
    fs.rmSync(userDataDir, { recursive: true, force: true });
  }
}

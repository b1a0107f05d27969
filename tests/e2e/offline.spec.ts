import fs from 'node:fs';
import path from 'node:path';
import type { BrowserContext, Page } from '@playwright/test';
import { texts } from '../../src/shared/constants';
import { th } from '../../src/shared/i18n/th';
import { startServer } from '../support/server-process';
import {
  addMissing,
  controlledByServiceWorker,
  countOf,
  expectCokeAndWineReceipt,
  generatePdf,
  receiptCodeLoaded,
  testDrinks,
  testGuest,
  toastWith,
} from './checkout-helpers';
import { AdminApi, expect, test } from './fixtures';

/** Opens the checkout once with the network on, as staff do on a tablet before walking to the bungalows. */
async function openOnceOnline(page: Page, bungalow = 1) {
  await page.goto(`/checkout?bungalow=${bungalow}`);
  await expect(page.getByRole('button', { name: 'Add one Coke' })).toBeVisible();
  await controlledByServiceWorker(page);
}

/** Counts the requests that left the browser for the server (a page's or the service worker's). */
function countNetworkRequests(context: BrowserContext) {
  const seen: string[] = [];
  context.on('requestfinished', async (request) => {
    const response = await request.response();
    if (response && !response.fromServiceWorker()) seen.push(new URL(request.url()).pathname);
  });
  return seen;
}

test.describe('offline at the bungalow', () => {
  test('a device that opened the app once loads /checkout?bungalow=N offline, counts and makes the PDF', async ({
    page,
    context,
    adminApi,
  }) => {
    await adminApi.setDrinks(testDrinks);
    await openOnceOnline(page, 3);

    await context.setOffline(true);
    // A bungalow this device never opened: any N comes from the kept shell.
    await page.goto('/checkout?bungalow=17');
    await expect(page.getByRole('heading', { level: 2 })).toContainText('Bungalow 17');
    await expect(page.getByRole('note')).toContainText('may be out of date');
    await addMissing(page, 'Coke', 2);
    await addMissing(page, 'Wine', 1);
    await expect(page.getByText('Total Cost')).toBeVisible();

    const { fileName, text: pdf } = await generatePdf(page);
    expect(fileName).toBe('bungalow-17-checkout.pdf');
    // The kept defaults offline: the resort's calendar is Asia/Bangkok's.
    await expectCokeAndWineReceipt(page, pdf, 17);
  });

  test('with the server down the kept drinks are shown and said to be possibly out of date', async ({
    page,
    adminApi,
    server,
  }) => {
    await adminApi.setDrinks(testDrinks);
    await openOnceOnline(page);
    await expect(page.getByRole('note')).toHaveCount(0);
    await server.stop();
    await page.goto('/checkout?bungalow=9');
    await expect(page.getByRole('button', { name: 'Add one Chang' })).toBeVisible();
    await expect(page.getByRole('note')).toContainText(
      'The server cannot be reached: these drinks and prices were saved on',
    );
    await expect(toastWith(page, 'Failed to load data')).toHaveCount(0);
  });

  test('the app is installable and its service worker answers /checkout from the cache', async ({
    page,
    context,
    adminApi,
  }) => {
    await adminApi.setDrinks(testDrinks);
    await openOnceOnline(page);
    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    // A Playwright context is an incognito profile, where Chromium never offers to install anything; every
    // other check passed (npm run bench checks installability in a normal profile).
    expect(installabilityErrors.filter((error) => error.errorId !== 'in-incognito')).toEqual([]);
    const { errors } = await cdp.send('Page.getAppManifest');
    expect(errors).toEqual([]);
    const manifest = await (await page.request.get('/manifest.webmanifest')).json();
    expect(manifest).toMatchObject({
      name: 'Bungalow Fridge Check',
      short_name: 'Fridge Check',
      start_url: '/checkout',
      display: 'standalone',
      theme_color: '#115e59',
    });
    expect(manifest.icons).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ sizes: '192x192', purpose: 'any' }),
        expect.objectContaining({ sizes: '512x512', purpose: 'any' }),
        expect.objectContaining({ sizes: '512x512', purpose: 'maskable' }),
      ]),
    );

    // A repeat visit: the shell and its files come from the worker; only the data go out: the drinks and the
    // bungalow's fridge (network first) and the resort's public settings (the header's name, once per page load).
    const network = countNetworkRequests(context);
    await page.reload();
    await expect(page.getByRole('button', { name: 'Add one Coke' })).toBeVisible();
    await addMissing(page, 'Coke', 1);
    await expect(page.getByRole('button', { name: 'Generate PDF' })).toBeVisible();
    expect(
      network.filter((path) => !['/api/drinks', '/api/fridges/1', '/api/settings', '/sw.js'].includes(path)),
    ).toEqual([]);
  });

  test('the admin panel says it works only online, and opens again once the connection is back', async ({
    page,
    context,
    adminApi,
  }) => {
    await adminApi.setDrinks(testDrinks);
    await openOnceOnline(page);
    await context.setOffline(true);
    await page.getByRole('link', { name: 'Admin' }).click();
    await expect(page.getByRole('alert')).toContainText('The admin panel works only with a connection');
    await expect(page.getByText(texts.routeError)).toHaveCount(0);

    await context.setOffline(false);
    await expect(page.getByRole('dialog', { name: texts.adminAccess })).toBeVisible();
  });
});

/** Desktop Chromium has no share sheet: the page says so and the flow goes on, as on a laptop at the desk. */
async function withoutShareSheet(page: Page) {
  await page.addInitScript(() => {
    Reflect.deleteProperty(Navigator.prototype, 'share');
    Reflect.deleteProperty(Navigator.prototype, 'canShare');
  });
}

/** The catalogue and the guest on file, and a device without a share sheet: ready for a round of checks. */
async function readyForTheRound(page: Page, adminApi: AdminApi) {
  await adminApi.setDrinks(testDrinks);
  await adminApi.setGuest(testGuest);
  await withoutShareSheet(page);
}

const outboxStatus = (page: Page) =>
  page.getByRole('status').filter({ hasText: /waiting to send|All checks sent/ });

test.describe('the outbox', () => {
  test('in Thai: the offline note, the queued toast and the outbox speak Thai, and back online it is sent', async ({
    page,
    context,
    adminApi,
  }) => {
    await readyForTheRound(page, adminApi);
    await openOnceOnline(page);
    await page.getByRole('group', { name: 'Language' }).getByRole('button', { name: 'ไทย' }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'th');

    await context.setOffline(true);
    await page.goto('/checkout?bungalow=5');
    await expect(page.getByRole('note')).toContainText('เชื่อมต่อเซิร์ฟเวอร์ไม่ได้');
    await page.getByRole('button', { name: th.addOne('Coke') }).click();
    await page.getByRole('button', { name: th.shareReceipt }).click();
    await expect(toastWith(page, th.queuedToast)).toBeVisible();
    const thaiOutbox = page.getByRole('status').filter({ hasText: th.waitingToSend(1) });
    await expect(thaiOutbox).toContainText(th.waitingDetail(1));
    await expect(thaiOutbox.getByRole('button', { name: th.sendNow })).toBeVisible();
    await expect(page.getByText(/waiting to send|No connection/)).toHaveCount(0);
    expect(await adminApi.checkouts()).toEqual([]);

    await context.setOffline(false);
    await expect(page.getByRole('status').filter({ hasText: th.allSent })).toBeVisible();
    expect(await adminApi.checkouts()).toMatchObject([{ bungalow: 5, total: 40 }]);
  });

  test('Share offline queues the check, a reload and a closed tab keep it, and back online it is sent once', async ({
    page,
    context,
    adminApi,
  }) => {
    await readyForTheRound(page, adminApi);
    await openOnceOnline(page);

    await context.setOffline(true);
    await page.goto('/checkout?bungalow=21');
    await addMissing(page, 'Coke', 2);
    await addMissing(page, 'Chang', 1);
    expect((await generatePdf(page)).fileName).toBe('bungalow-21-checkout.pdf');

    await page.getByRole('button', { name: 'Share Receipt' }).click();
    await expect(
      toastWith(
        page,
        'No connection: the check is saved on this device and will be sent when the connection returns.',
      ),
    ).toBeVisible();
    await expect(toastWith(page, 'Ready to share receipt!')).toHaveCount(0);
    await expect(outboxStatus(page)).toContainText('1 check waiting to send');
    // Not asked of the server here: Chromium's offline emulation covers pages but not the service worker
    // (playwright#2311), whose Background Sync may really send the check meanwhile. What this test holds is
    // the device's side: kept across a reload and a closed tab, then recorded exactly once.

    await page.reload();
    await expect(outboxStatus(page)).toContainText('1 check waiting to send');
    // A closed tab: the next one opened on this device still has it.
    await page.close();
    const next = await context.newPage();
    await next.goto('/checkout?bungalow=2');
    await expect(outboxStatus(next)).toContainText(/1 check waiting to send|All checks sent/);

    await context.setOffline(false);
    await expect(outboxStatus(next)).toContainText('All checks sent.');
    await expect(outboxStatus(next)).not.toContainText('waiting to send');
    const checkouts = await adminApi.checkouts();
    expect(checkouts).toHaveLength(1);
    expect(checkouts[0]).toMatchObject({
      bungalow: 21,
      guestName: testGuest.name,
      total: 160,
      lines: [
        { drinkName: 'Coke', quantity: 2, lineTotal: 80 },
        { drinkName: 'Chang', quantity: 1, lineTotal: 80 },
      ],
    });
  });

  test('a send whose answer was lost is queued, and the retry makes no second record', async ({
    page,
    context,
    adminApi,
  }) => {
    await readyForTheRound(page, adminApi);
    await openOnceOnline(page, 6);
    const posts: string[] = [];
    let networkBack = false;
    // The context's route sees the page's requests and the service worker's (Background Sync) alike.
    await context.route('**/api/checkouts', async (route) => {
      if (route.request().method() !== 'POST') return route.fallback();
      posts.push(route.request().serviceWorker() ? 'service worker' : 'page');
      if (posts.length === 1) {
        // The server gets the check and stores it; the answer never reaches the tablet.
        const response = await route.fetch();
        expect(response.status()).toBe(201);
        return route.abort('connectionreset');
      }
      // Then the connection stays down until the test brings it back.
      return networkBack ? route.fallback() : route.abort('internetdisconnected');
    });
    await addMissing(page, 'Wine', 1);
    await page.getByRole('button', { name: 'Share Receipt' }).click();
    await expect(outboxStatus(page)).toContainText('1 check waiting to send');
    expect(await adminApi.checkouts()).toHaveLength(1);

    networkBack = true;
    // The tap, unless the app's own retry (Background Sync, a flush) sent it first and the button is gone:
    // either way the outcome below must hold.
    await page
      .getByRole('button', { name: 'Send now' })
      .click({ timeout: 5_000 })
      .catch(() => {});
    await expect(outboxStatus(page)).toContainText('All checks sent.');
    const checkouts = await adminApi.checkouts();
    expect(checkouts).toHaveLength(1);
    expect(checkouts[0]).toMatchObject({
      bungalow: 6,
      total: 450,
      lines: [{ drinkName: 'Wine', quantity: 1 }],
    });
    expect(posts.length).toBeGreaterThanOrEqual(2);
  });

  test('a second Share of the same check replaces its queued entry; two checks are counted apart', async ({
    page,
    context,
    adminApi,
  }) => {
    await readyForTheRound(page, adminApi);
    await openOnceOnline(page);
    await context.setOffline(true);

    await page.goto('/checkout?bungalow=31');
    const share = page.getByRole('button', { name: 'Share Receipt' });
    await addMissing(page, 'Coke', 1);
    await share.click();
    await expect(outboxStatus(page)).toContainText('1 check waiting to send');
    await addMissing(page, 'Coke', 1);
    await share.click();
    // The line already said so before this Share: wait for the Share itself to end (its button is busy until
    // the check is on disk), or the next page.goto can unload the page while IndexedDB still writes it.
    await expect(share).toBeEnabled();
    await expect(outboxStatus(page)).toContainText('1 check waiting to send');

    await page.goto('/checkout?bungalow=32');
    await addMissing(page, 'Chang', 1);
    await page.getByRole('button', { name: 'Share Receipt' }).click();
    await expect(outboxStatus(page)).toContainText('2 checks waiting to send');

    await context.setOffline(false);
    await expect(outboxStatus(page)).toContainText('All checks sent.');
    const checkouts = await adminApi.checkouts();
    expect(checkouts.map((c: { bungalow: number; total: number }) => [c.bungalow, c.total]).sort()).toEqual([
      [31, 80],
      [32, 80],
    ]);
  });
});

test.describe('the outbox without a service worker (as in Safari: no Background Sync)', () => {
  test.use({ serviceWorkers: 'block' });

  test('a check sent by another tab before this one heard of it: Send now says all checks were sent', async ({
    page,
    adminApi,
  }) => {
    await readyForTheRound(page, adminApi);
    await page.goto('/checkout?bungalow=43');
    const receiptCode = receiptCodeLoaded(page);
    await addMissing(page, 'Coke', 1);
    await receiptCode;
    await page.route('**/api/checkouts', (route) =>
      route.request().method() === 'POST' ? route.abort('internetdisconnected') : route.fallback(),
    );
    await page.getByRole('button', { name: 'Share Receipt' }).click();
    await expect(outboxStatus(page)).toContainText('1 check waiting to send');
    await page.unroute('**/api/checkouts');
    // Another tab (or the service worker) sent it and emptied the outbox; its message has not reached this
    // page yet, which still shows the check waiting.
    await page.evaluate(
      () =>
        new Promise<void>((resolve, reject) => {
          const open = indexedDB.open('fridge-check');
          open.onerror = () => reject(open.error);
          open.onsuccess = () => {
            const transaction = open.result.transaction('outbox', 'readwrite');
            transaction.objectStore('outbox').clear();
            transaction.oncomplete = () => {
              open.result.close();
              resolve();
            };
            transaction.onerror = () => reject(transaction.error);
          };
        }),
    );
    await page.getByRole('button', { name: 'Send now' }).click();
    await expect(outboxStatus(page)).toContainText('All checks sent.');
  });

  test('checks queued while the server was down are sent when the app comes back to the screen or loads again', async ({
    page,
    context,
    adminApi,
    server,
  }) => {
    await readyForTheRound(page, adminApi);
    await page.goto('/checkout?bungalow=41');
    const receiptCode = receiptCodeLoaded(page);
    await addMissing(page, 'Coke', 1);
    await receiptCode;
    await server.stop();
    await page.getByRole('button', { name: 'Share Receipt' }).click();
    await expect(outboxStatus(page)).toContainText('1 check waiting to send');

    const restarted = await startServer({ dataDir: server.dataDir, port: server.port });
    try {
      // The app comes back to the screen (the tablet woke up): what waits is sent.
      await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
      await expect(outboxStatus(page)).toContainText('All checks sent.');
      expect(await adminApi.checkouts()).toMatchObject([{ bungalow: 41, total: 40 }]);

      // Another check waits, the tab is closed; the next load of the app sends it.
      await page.goto('/checkout?bungalow=42');
      const code = receiptCodeLoaded(page);
      await addMissing(page, 'Chang', 1);
      await code;
      await restarted.stop();
      await page.getByRole('button', { name: 'Share Receipt' }).click();
      await expect(outboxStatus(page)).toContainText('1 check waiting to send');
      await page.close();
    } finally {
      await restarted.stop();
    }
    const again = await startServer({ dataDir: server.dataDir, port: server.port });
    try {
      const next = await context.newPage();
      await next.goto('/checkout');
      await expect(outboxStatus(next)).toContainText('All checks sent.');
      const checkouts = await adminApi.checkouts();
      expect(checkouts.map((c: { bungalow: number }) => c.bungalow).sort()).toEqual([41, 42]);
    } finally {
      await again.stop();
    }
  });
});

test.describe('updates', () => {
  test('a new version is taken at a later load, never by a window in the middle of a check', async ({
    context,
    page,
  }, testInfo) => {
    // A server of its own, two windows and a worker update: a minute on a busy machine.
    test.setTimeout(90_000);
    // A deploy of its own: a copy of the build this test can change (inside the project, so the server's
    // packages resolve from node_modules).
    const copy = testInfo.outputPath('deploy');
    fs.cpSync(path.resolve('dist'), path.join(copy, 'dist'), { recursive: true });
    const web = path.join(copy, 'dist/web');
    const server = await startServer({ entry: path.join(copy, 'dist/server/main.js') });
    try {
      const adminApi = await AdminApi.login(server);
      await adminApi.setDrinks(testDrinks);
      await adminApi.dispose();

      await page.goto(`${server.baseURL}/checkout?bungalow=1`);
      await controlledByServiceWorker(page);
      await addMissing(page, 'Coke', 1);

      // Version 2: another shell, announced by a changed service worker.
      const marker = '<meta name="fridge-check-version" content="2" />';
      const shell = fs.readFileSync(path.join(web, 'index.html'), 'utf8');
      fs.writeFileSync(path.join(web, 'index.html'), shell.replace('</head>', `${marker}</head>`));
      const worker = fs.readFileSync(path.join(web, 'sw.js'), 'utf8');
      const changed = worker.replace(
        /"revision":"[0-9a-f]+","url":"index.html"/,
        '"revision":"version-2","url":"index.html"',
      );
      expect(changed).not.toBe(worker);
      fs.writeFileSync(path.join(web, 'sw.js'), changed);
      for (const file of ['index.html', 'sw.js']) {
        for (const twin of ['br', 'gz']) fs.rmSync(path.join(web, `${file}.${twin}`), { force: true });
      }
      // Asked while a window may be reloading to the new version: no answer yet is no version yet.
      const version = (tab: Page) =>
        tab
          .evaluate(
            () => document.querySelector('meta[name="fridge-check-version"]')?.getAttribute('content') ?? '1',
          )
          .catch(() => 'loading');

      // A second window loads the app: the browser finds version 2, which installs and waits.
      const other = await context.newPage();
      await other.goto(`${server.baseURL}/checkout?bungalow=2`);
      await expect
        .poll(() =>
          other.evaluate(async () => Boolean((await navigator.serviceWorker.getRegistration())?.waiting)),
        )
        .toBe(true);
      // The first window is in the middle of a check: a new load still gets version 1, and the check stays.
      await other.reload();
      await expect(other.getByRole('button', { name: 'Add one Coke' })).toBeVisible();
      expect(await version(other)).toBe('1');
      await expect(countOf(page, 'Coke')).toHaveText('1');

      // The check is done (nothing counted any more): the next load takes version 2, and the idle first
      // window follows.
      await page.getByRole('button', { name: 'Remove one Coke' }).click();
      await expect
        .poll(
          async () => {
            await other.reload().catch(() => {});
            return version(other);
          },
          // The new worker activates, then each reload takes seconds on a busy machine.
          { intervals: [1000], timeout: 30_000 },
        )
        .toBe('2');
      await expect(other.getByRole('button', { name: 'Add one Coke' })).toBeVisible();
      await expect.poll(() => version(page), { timeout: 20_000 }).toBe('2');
    } finally {
      await server.stop();
    }
  });
});

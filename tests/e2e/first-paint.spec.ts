import type { Page } from '@playwright/test';
import { languages } from '../../src/shared/i18n/languages';
import type { ServerProcess } from '../support/server-process';
import { addMissing, controlledByServiceWorker, countOf, hydrated, testDrinks } from './checkout-helpers';
import { expect, test } from './fixtures';
import { ownerApi } from './owner-api';

/**
 * The guest's first paint (DESIGN.md, "The guest's first paint"): /checkout's HTML already holds the page,
 * and the browser hydrates it without fetching the drinks again and without a hydration error.
 */

/** Every console error and uncaught error of a page (a hydration mismatch is one of them). */
function watchErrors(page: Page) {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

/**
 * Counts the server's nodes that the browser threw away from #root: hydration keeps them all, while a render
 * from scratch (createRoot, or a hydration that gave up) replaces them and paints the page a second time.
 */
async function watchServerNodes(page: Page) {
  await page.addInitScript(() => {
    const state = window as unknown as { serverNodesReplaced: number };
    state.serverNodesReplaced = 0;
    new MutationObserver((records) => {
      for (const record of records) {
        if ((record.target as Element).id === 'root') state.serverNodesReplaced += record.removedNodes.length;
      }
    }).observe(document, { childList: true, subtree: true });
  });
  return () =>
    page.evaluate(() => (window as unknown as { serverNodesReplaced: number }).serverNodesReplaced);
}

/** The page's visible text, spaces evened out. */
const mainText = async (page: Page) =>
  ((await page.locator('main').textContent()) ?? '').replace(/\s+/g, ' ').trim();

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the drinks, their starting counts and the Summary are in the page', async ({ page }) => {
    await page.goto('/checkout?bungalow=12');
    await expect(page.getByRole('heading', { level: 2 })).toContainText('Bungalow 12');
    await expect(page.getByText('Coke', { exact: true })).toBeVisible();
    await expect(page.getByText('Starting: 4').first()).toBeVisible();
    await expect(countOf(page, 'Coke')).toHaveText('0');
    await expect(page.getByRole('region', { name: 'Summary' })).toContainText('No items selected');
    await expect(page.getByText('Loading drinks...')).toHaveCount(0);
  });
});

test.describe('before the app arrives', () => {
  test.use({ serviceWorkers: 'block' });

  test("the page's own inline rules draw it exactly as the whole stylesheet does (no flash when it arrives)", async ({
    page,
    browser,
    server,
  }) => {
    // The whole stylesheet's address, as the app loads it after the first paint.
    const withApp = await browser.newPage({ serviceWorkers: 'block' });
    await withApp.goto(`${server.baseURL}/checkout?bungalow=12`);
    const sheet = withApp.locator('link[rel="stylesheet"]');
    await expect(sheet).toHaveCount(1);
    const href = await sheet.getAttribute('href');
    await withApp.close();

    // Without the boot script the page keeps its inline rules only, as a phone paints it before the app arrives.
    await page.route('**/assets/boot-*.js', (route) => route.abort());
    await page.goto('/checkout?bungalow=12');
    await expect(page.locator('link[rel="stylesheet"]')).toHaveCount(0);
    const drawn = () =>
      page.evaluate(() =>
        [...document.querySelectorAll('#root *')].map((element) => {
          const style = getComputedStyle(element);
          const box = element.getBoundingClientRect();
          return [
            element.tagName,
            element.className,
            style.display,
            style.position,
            style.color,
            style.backgroundColor,
            style.fontSize,
            style.fontWeight,
            style.padding,
            style.margin,
            style.borderRadius,
            style.boxShadow,
            Math.round(box.x),
            Math.round(box.y),
            Math.round(box.width),
            Math.round(box.height),
          ].join(' | ');
        }),
      );
    const inlineOnly = await drawn();
    await page.evaluate(async (url) => {
      const link = document.createElement('link');
      link.rel = 'stylesheet';
      link.href = url ?? '';
      const loaded = new Promise((resolve, reject) => {
        link.onload = resolve;
        link.onerror = reject;
      });
      document.head.append(link);
      await loaded;
    }, href);
    expect(await drawn()).toEqual(inlineOnly);
  });
});

test.describe('with JavaScript', () => {
  // The first load of a device, which the service worker does not answer yet.
  test.use({ serviceWorkers: 'block' });

  test('hydrates without a console error or a fetch of the drinks, and counting works at once', async ({
    page,
  }) => {
    const errors = watchErrors(page);
    const drinkRequests: string[] = [];
    page.on('request', (request) => {
      const path = new URL(request.url()).pathname;
      if (path === '/api/drinks' || path.startsWith('/api/fridges/')) drinkRequests.push(path);
    });
    const serverNodesReplaced = await watchServerNodes(page);
    await page.goto('/checkout?bungalow=4');
    await hydrated(page);
    // Hydrated, not painted again from scratch: the server's nodes are the page's.
    expect(await serverNodesReplaced()).toBe(0);
    await addMissing(page, 'Coke', 2);
    await expect(countOf(page, 'Coke')).toHaveText('2');
    await expect(page.getByRole('region', { name: 'Summary' })).toContainText('2 x Coke');
    await expect(page.getByText('Loading drinks...')).toHaveCount(0);
    expect(drinkRequests).toEqual([]);
    expect(errors).toEqual([]);
  });

  test('a client-side navigation to /checkout still loads the drinks in the browser', async ({ page }) => {
    await page.goto('/checkout');
    await hydrated(page);
    await page.getByRole('link', { name: 'Admin' }).click();
    const drinks = page.waitForRequest((request) => new URL(request.url()).pathname === '/api/drinks');
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
    await drinks;
    await expect(page.getByRole('button', { name: 'Add one Coke' })).toBeVisible();
  });

  for (const { code } of languages) {
    test(`in ${code}, the server's first paint is the page the browser renders`, async ({
      browser,
      server,
    }) => {
      const cookie = { name: 'fridge-check-language', value: code, url: server.baseURL };
      // The server's HTML as a browser without JavaScript shows it.
      const still = await browser.newContext({ javaScriptEnabled: false, baseURL: server.baseURL });
      await still.addCookies([cookie]);
      const stillPage = await still.newPage();
      await stillPage.goto('/checkout?bungalow=3');
      const served = await mainText(stillPage);
      expect(await stillPage.locator('html').getAttribute('lang')).toBe(code);
      await still.close();

      // The same page hydrated, and as the browser renders it with the language chosen on the device.
      const live = await browser.newContext({ baseURL: server.baseURL, serviceWorkers: 'block' });
      await live.addCookies([cookie]);
      await live.addInitScript((language) => localStorage.setItem('fridge-check.language', language), code);
      const livePage = await live.newPage();
      const errors = watchErrors(livePage);
      await livePage.goto('/checkout?bungalow=3');
      await hydrated(livePage);
      expect(await mainText(livePage)).toBe(served);
      expect(served).toContain('Coke');
      // And rendered by the browser alone, from the shell (as the service worker serves it): the same text.
      const shell = await (await livePage.request.get('/index.html')).text();
      expect(shell).toContain('<div id="root"></div>');
      await livePage.route('**/checkout?bungalow=3', (route) =>
        route.fulfill({ body: shell, contentType: 'text/html; charset=utf-8' }),
      );
      await livePage.reload();
      await expect(livePage.locator('main li button').first()).toBeVisible();
      expect(await mainText(livePage)).toBe(served);
      expect(errors).toEqual([]);
      await live.close();
    });
  }
});

/** Coke's par in `bungalow`'s fridge, not the catalogue's 3: what tells the bungalow's own page apart. */
async function setCokePar(server: ServerProcess, bungalow: number, par: number) {
  const api = await ownerApi(server);
  const drinks = (await (await api.get('/api/drinks')).json()) as { id: number; drinkName: string }[];
  const coke = drinks.find((drink) => drink.drinkName === 'Coke');
  const response = await api.put('/api/pars', {
    data: { bungalows: [bungalow], items: [{ drinkId: coke?.id, par }] },
  });
  expect(response.status(), await response.text()).toBe(200);
  await api.dispose();
}

const card = (page: Page, name: string) =>
  page.getByRole('listitem').filter({ has: page.getByText(name, { exact: true }) });

test.describe('offline after a first visit the server rendered', () => {
  test('the service worker keeps that bungalow as the page showed it; a bungalow never opened gets the shell', async ({
    page,
    context,
    adminApi,
    server,
  }) => {
    await adminApi.setDrinks(testDrinks);
    await setCokePar(server, 8, 6);
    // The first visit: the server's page, whose drinks and fridge the page never fetched itself.
    await page.goto('/checkout?bungalow=8');
    await expect(card(page, 'Coke')).toContainText('Starting: 6');
    await controlledByServiceWorker(page);

    await context.setOffline(true);
    await page.reload();
    await expect(page.getByRole('heading', { level: 2 })).toContainText('Bungalow 8');
    await expect(card(page, 'Coke')).toContainText('Starting: 6');
    await expect(page.getByRole('note')).toContainText('may be out of date');
    await addMissing(page, 'Coke', 2);
    await expect(countOf(page, 'Coke')).toHaveText('2');

    // Never opened on this device: the shell, with the catalogue's drinks as the worker kept them.
    await page.goto('/checkout?bungalow=9');
    await expect(page.getByRole('heading', { level: 2 })).toContainText('Bungalow 9');
    await expect(card(page, 'Coke')).toContainText('Starting: 3');
    await context.setOffline(false);
  });
});

test.describe('with stock on', () => {
  test.use({ serviceWorkers: 'block' });

  test("the server's 'Starting: N' and what was not refilled are what the browser renders", async ({
    browser,
    adminApi,
    server,
  }) => {
    const created = await adminApi.setDrinks(testDrinks);
    const id = (name: string) => created.find((drink) => drink.drinkName === name)?.id;
    const api = await ownerApi(server);
    const started = await api.post('/api/stock/start', {
      data: { storeroom: [{ drinkId: id('Chang'), quantity: 48 }] },
    });
    expect(started.ok(), await started.text()).toBe(true);
    await api.put('/api/guest', { data: { name: 'Ana Silva', email: 'ana@example.com' } });
    // The guest before took 2 Chang, and nobody refilled the fridge.
    const taken = await api.post('/api/checkouts', {
      data: { bungalow: 7, items: [{ drinkId: id('Chang'), missing: 2 }] },
    });
    expect(taken.ok(), await taken.text()).toBe(true);
    await api.dispose();

    const still = await browser.newContext({ javaScriptEnabled: false, baseURL: server.baseURL });
    const stillPage = await still.newPage();
    await stillPage.goto('/checkout?bungalow=7');
    await expect(card(stillPage, 'Chang')).toContainText('Starting: 2');
    await expect(stillPage.getByText('Not refilled since the last check: 2 Chang')).toBeVisible();
    const served = await mainText(stillPage);
    await still.close();

    const live = await browser.newContext({ baseURL: server.baseURL, serviceWorkers: 'block' });
    const livePage = await live.newPage();
    const errors = watchErrors(livePage);
    await livePage.goto('/checkout?bungalow=7');
    await hydrated(livePage);
    expect(await mainText(livePage)).toBe(served);
    // As the browser renders it from the shell, fetching the drinks and the fridge itself.
    const shell = await (await livePage.request.get('/index.html')).text();
    await livePage.route('**/checkout?bungalow=7', (route) =>
      route.fulfill({ body: shell, contentType: 'text/html; charset=utf-8' }),
    );
    await livePage.reload();
    await expect(card(livePage, 'Chang')).toContainText('Starting: 2');
    expect(await mainText(livePage)).toBe(served);
    expect(errors).toEqual([]);
    await live.close();
  });
});

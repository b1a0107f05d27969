import type { Page } from '@playwright/test';
import { languages } from '../../src/shared/i18n/languages';
import { addMissing, countOf } from './checkout-helpers';
import { expect, test } from './fixtures';

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

/** Resolved once React has taken the server's page (hydrateRoot marks its container). */
const hydrated = (page: Page) =>
  page.waitForFunction(() => {
    const root = document.getElementById('root');
    return root !== null && Object.keys(root).some((key) => key.startsWith('__reactContainer'));
  });

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
    await page.goto('/checkout?bungalow=4');
    await hydrated(page);
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

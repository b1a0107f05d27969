import { measureBundle } from '../../bench/bundle';
import { addMissing, countOf, hydrated } from './checkout-helpers';
import { expect, test } from './fixtures';

test.describe('the first load of /checkout', () => {
  test('shows the drinks the page itself carries, asking for them nowhere else', async ({ page }) => {
    const drinkRequests: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/drinks') drinkRequests.push(request.resourceType());
    });
    const response = await page.goto('/checkout');
    // The server rendered the page with its drinks (DESIGN.md, "The guest's first paint"): nothing to preload.
    expect(response?.headers().link).toBeUndefined();
    await expect(page.getByRole('button', { name: 'Add one Coke' })).toBeVisible();
    expect(drinkRequests).toHaveLength(0);
  });

  test('runs without a single console error, a toast included', async ({ page }) => {
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto('/checkout');
    await page.getByRole('button', { name: 'Add one Coke' }).click();
    // No guest exists yet: the spec's error toast.
    await page.getByRole('button', { name: 'Share Receipt' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Guest information not found' })).toBeVisible();
    // Lighthouse's best-practices score counts every console error (a CSP violation is one).
    expect(errors).toEqual([]);
  });
});

test.describe('when the connection drops before the lazy parts are in', () => {
  // Chunks the service worker would answer from its cache are fetched from the network here.
  test.use({ serviceWorkers: 'block' });

  test('the app asks for the toasts and the offline panel as it starts', async ({ page }) => {
    const parts = ['toaster', 'offline-panel'];
    const asked = parts.map((part) =>
      page.waitForRequest((request) => new RegExp(`/assets/${part}-[^/]+\\.js$`).test(request.url())),
    );
    await page.goto('/checkout');
    // Nothing on the page needs the offline panel yet: it is asked for all the same, while the server is there.
    await Promise.all(asked);
  });

  test('a route error with no lazy chunk to be had still says so, with a way back', async ({ page }) => {
    // Every chunk but the first load's (as built): the error page must be in it.
    const firstLoad = new Set(measureBundle().initialJs.map(({ file }) => `/${file}`));
    await page.route(/\/assets\/[^/]+\.js$/, (route) =>
      firstLoad.has(new URL(route.request().url()).pathname) ? route.continue() : route.abort(),
    );
    await page.goto('/checkout');
    // A count that moves: the app runs (its router listens for the navigation below).
    await addMissing(page, 'Coke', 1);
    // The summary's lines are a chunk too: without it the guest still sees what is owed, and the count stays.
    await expect(page.getByRole('region', { name: 'Summary' })).toContainText('Total Cost40 THB');
    await expect(countOf(page, 'Coke')).toHaveText('1');
    // A client-side navigation to no route: the root's error boundary.
    await page.evaluate(() => {
      window.history.pushState({}, '', '/no-such-page');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    await expect(page.getByRole('heading', { name: 'Unexpected Application Error!' })).toBeVisible();
    // The error's own line too, as the error page shows it: what a guest reads out to the desk.
    await expect(page.getByText('404 Not Found')).toBeVisible();
    await page.getByRole('link', { name: 'Back to the checkout' }).click();
    await expect(page.getByRole('button', { name: 'Add one Coke' })).toBeVisible();
  });

  test('the checkout goes on without its toasts when their chunk cannot be fetched', async ({ page }) => {
    await page.route(/\/assets\/(toaster|offline-panel)-[^/]+\.js$/, (route) => route.abort());
    const failed = page.waitForEvent('requestfailed', (request) => /\/assets\/toaster-/.test(request.url()));
    await page.goto('/checkout');
    await failed;
    await addMissing(page, 'Coke', 2);
    // No guest: the send is refused with a toast that has nowhere to show; the page and its counts stay.
    await page.getByRole('button', { name: 'Share Receipt' }).click();
    await expect(page.getByRole('button', { name: 'Share Receipt' })).toBeVisible();
    await expect(countOf(page, 'Coke')).toHaveText('2');
  });

  test('an error toast still shows when the toasts cannot be fetched at all', async ({ page }) => {
    // The toaster and react-hot-toast's store: a server that stopped before the app asked for them.
    await page.route(/\/assets\/(toaster|toast-store)-[^/]+\.js$/, (route) => route.abort());
    const failed = page.waitForEvent('requestfailed', (request) => /\/assets\/toaster-/.test(request.url()));
    await page.goto('/checkout?bungalow=2');
    await failed;
    // The header's link is the router's, not a page load that the server would answer with its drinks.
    await hydrated(page);
    await page.route('**/api/drinks', (route) => route.abort());
    await page.getByRole('link', { name: 'Checkout' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Failed to load data' })).toBeVisible();
    await expect(page.getByRole('alert')).toContainText('Failed to load data');
  });
});

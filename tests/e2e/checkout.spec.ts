import { startServer } from '../support/server-process';
import { addMissing, countOf, testDrinks, toastWith } from './checkout-helpers';
import { expect, test } from './fixtures';

test.describe('routes', () => {
  test('/ replaces itself with /checkout', async ({ page }) => {
    await page.goto('/admin');
    await page.goto('/');
    await expect(page).toHaveURL(/\/checkout$/);
    await page.goBack();
    // The redirect replaced its history entry: Back skips '/' and lands on the page before it.
    await expect(page).toHaveURL(/\/admin$/);
  });

  test('the heading names the bungalow of ?bungalow=N, and 1 when it is absent or bad', async ({ page }) => {
    const heading = page.getByRole('heading', { level: 2 });
    await page.goto('/checkout?bungalow=7');
    await expect(heading).toHaveText(
      /^Bungalow 7\s*Please enter the number of missing items from the fridge$/,
    );
    for (const query of ['', '?bungalow=abc', '?bungalow=-3', '?bungalow=0', '?bungalow=2.5']) {
      await page.goto(`/checkout${query}`);
      await expect(heading, query).toContainText('Bungalow 1');
      await expect(page.getByRole('button', { name: 'Add one Coke' })).toBeVisible();
    }
  });

  test('an unknown path shows the error page with a way back to the checkout', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page.getByRole('heading', { name: 'Unexpected Application Error!' })).toBeVisible();
    await page.getByRole('link', { name: 'Back to the checkout' }).click();
    await expect(page).toHaveURL(/\/checkout$/);
    await expect(page.getByRole('button', { name: 'Add one Coke' })).toBeVisible();
  });

  test('the header links home to the checkout and to the admin panel', async ({ page }) => {
    await page.goto('/checkout?bungalow=3');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Bungalow Fridge Check');
    await page.getByRole('link', { name: 'Checkout' }).click();
    await expect(page).toHaveURL(/\/checkout$/);
    await expect(page.getByRole('heading', { level: 2 })).toContainText('Bungalow 1');
    await page.getByRole('link', { name: 'Admin' }).click();
    await expect(page).toHaveURL(/\/admin$/);
  });
});

test.describe('loading', () => {
  test("shows 'Loading drinks...' until the drinks arrive", async ({ page }) => {
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    // The real request is only held back, then answered by the real server.
    await page.route('**/api/drinks', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/checkout');
    await expect(page.getByText('Loading drinks...')).toBeVisible();
    await expect(page.getByRole('heading', { level: 2 })).toContainText('Bungalow 1');
    release();
    await expect(page.getByRole('button', { name: 'Add one Coke' })).toBeVisible();
    await expect(page.getByText('Loading drinks...')).toHaveCount(0);
  });

  // A device that never kept the drinks (no service worker yet): offline.spec.ts covers one that did.
  test.describe('on a device with nothing kept', () => {
    test.use({ serviceWorkers: 'block' });
    test("says 'Failed to load data' when the server cannot be reached, and Try again recovers", async ({
      page,
      server,
    }) => {
      await page.goto('/checkout?bungalow=2');
      await expect(page.getByRole('button', { name: 'Add one Coke' })).toBeVisible();
      await server.stop();

      await page.getByRole('link', { name: 'Checkout' }).click();
      await expect(toastWith(page, 'Failed to load data')).toBeVisible();
      await expect(page.getByRole('alert')).toContainText('Failed to load data');

      const restarted = await startServer({ dataDir: server.dataDir, port: server.port });
      try {
        await page.getByRole('button', { name: 'Try again' }).click();
        await expect(page.getByRole('button', { name: 'Add one Coke' })).toBeVisible();
        await expect(page.getByRole('alert')).toHaveCount(0);
      } finally {
        await restarted.stop();
      }
    });
  });
});

test.describe('drinks', () => {
  test('are grouped into the spec sections in order, empty sections and unlisted drinks left out', async ({
    page,
    adminApi,
  }) => {
    await adminApi.setDrinks([
      { drinkName: 'Smirnoff ICE', startingQuantity: 2, price: 120 },
      { drinkName: 'Lemonade', startingQuantity: 2, price: 30 },
      { drinkName: 'leo', startingQuantity: 4, price: 80 },
      { drinkName: 'Coke', startingQuantity: 4, price: 40 },
      { drinkName: 'Fanta', startingQuantity: 2, price: 40 },
    ]);
    await page.goto('/checkout');
    await expect(page.getByRole('heading', { level: 3 })).toHaveText([
      'Soft Drinks',
      'Beers',
      'Other Drinks',
      'Summary',
    ]);
    await expect(page.getByRole('region', { name: 'Soft Drinks' }).getByRole('listitem')).toHaveCount(2);
    await expect(page.getByRole('region', { name: 'Beers' })).toContainText('leo');
    await expect(page.getByText('Lemonade')).toHaveCount(0);
    await expect(page.getByRole('region', { name: 'Wine' })).toHaveCount(0);
  });

  test('a card shows name, starting quantity and price, and counts within 0..starting quantity', async ({
    page,
    adminApi,
  }) => {
    await adminApi.setDrinks(testDrinks);
    await page.goto('/checkout');
    const card = page
      .getByRole('listitem')
      .filter({ has: page.getByRole('button', { name: 'Add one Coke' }) });
    await expect(card).toContainText('Coke');
    await expect(card).toContainText('Starting: 3');
    await expect(card).toContainText('40 THB');

    const minus = page.getByRole('button', { name: 'Remove one Coke' });
    const plus = page.getByRole('button', { name: 'Add one Coke' });
    await expect(countOf(page, 'Coke')).toHaveText('0');
    await expect(minus).toBeDisabled();
    await expect(card).not.toContainText('Total:');

    await plus.click();
    await expect(countOf(page, 'Coke')).toHaveText('1');
    await expect(card).toContainText('Total: 40 THB');
    await expect(minus).toBeEnabled();

    await addMissing(page, 'Coke', 2);
    await expect(countOf(page, 'Coke')).toHaveText('3');
    await expect(card).toContainText('Total: 120 THB');
    await expect(plus).toBeDisabled();

    for (let i = 0; i < 3; i++) await minus.click();
    await expect(countOf(page, 'Coke')).toHaveText('0');
    await expect(minus).toBeDisabled();
    await expect(plus).toBeEnabled();
    await expect(card).not.toContainText('Total:');
  });
});

test.describe('summary', () => {
  test("says 'No items selected' with no buttons, then lists lines, Total Cost and both buttons", async ({
    page,
    adminApi,
  }) => {
    await adminApi.setDrinks(testDrinks);
    await page.goto('/checkout');
    const summary = page.getByRole('region', { name: 'Summary' });
    await expect(summary).toHaveText('SummaryNo items selected');
    await expect(summary.getByRole('button')).toHaveCount(0);

    await addMissing(page, 'Coke', 2);
    await addMissing(page, 'Wine', 1);
    await expect(summary.getByRole('listitem')).toHaveText(['2 x Coke80 THB', '1 x Wine450 THB']);
    await expect(summary).toContainText('Total Cost530 THB');
    await expect(summary.getByRole('button')).toHaveText(['Generate PDF', 'Share Receipt']);

    await page.getByRole('button', { name: 'Remove one Wine' }).click();
    await expect(summary.getByRole('listitem')).toHaveText(['2 x Coke80 THB']);
    await expect(summary).toContainText('Total Cost80 THB');
  });

  test('the bar at the bottom keeps the running total in reach and jumps to the summary', async ({
    page,
    adminApi,
  }) => {
    await adminApi.setDrinks(testDrinks);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/checkout');
    await expect(page.getByRole('button', { name: 'Review receipt' })).toHaveCount(0);
    await addMissing(page, 'Chang', 2);
    await expect(page.getByText('2 items missing')).toBeVisible();
    await page.getByRole('button', { name: 'Review receipt' }).click();
    await expect(page.getByRole('button', { name: 'Share Receipt' })).toBeInViewport();
  });
});

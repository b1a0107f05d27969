// The product spec's contract (tests/e2e/spec/README.md): written from the spec alone, not edited by features.
import { expect, test } from '../fixtures';

/** Spec sections 1 and 2: the routes, the header and its two links, the fallback for unknown paths. */

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
  await expect(heading).toHaveText(/^Bungalow 7\s*Please enter the number of missing items from the fridge$/);
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
  await expect(page.getByRole('link', { name: 'Checkout' })).toHaveAttribute('href', '/checkout');
  await expect(page.getByRole('link', { name: 'Admin' })).toHaveAttribute('href', '/admin');
  await page.getByRole('link', { name: 'Checkout' }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page.getByRole('heading', { level: 2 })).toContainText('Bungalow 1');
  await page.getByRole('link', { name: 'Admin' }).click();
  await expect(page).toHaveURL(/\/admin$/);
});

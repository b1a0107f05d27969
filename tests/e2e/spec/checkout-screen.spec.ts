// The product spec's contract (tests/e2e/spec/README.md): written from the spec alone, not edited by features.
import { addMissing, countOf, testDrinks } from '../checkout-helpers';
import { expect, test } from '../fixtures';

/** Spec section 2, /checkout, and section 4's missing count: loading, the sections, the drink cards. */

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
  // Reached by a client-side navigation (the admin modal's Cancel): a first load's HTML carries the drinks
  // (DESIGN.md, "The guest's first paint"), so only here do they load in the browser.
  await page.goto('/admin');
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByText('Loading drinks...')).toBeVisible();
  await expect(page.getByRole('heading', { level: 2 })).toContainText('Bungalow 1');
  release();
  await expect(page.getByRole('button', { name: 'Add one Coke' })).toBeVisible();
  await expect(page.getByText('Loading drinks...')).toHaveCount(0);
});

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
  const card = page.getByRole('listitem').filter({ has: page.getByRole('button', { name: 'Add one Coke' }) });
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

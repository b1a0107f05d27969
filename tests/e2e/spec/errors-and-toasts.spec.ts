// The product spec's contract (tests/e2e/spec/README.md): written from the spec alone, not edited by features.
import { texts, toastTexts } from '../../../src/shared/constants';
import { startServer } from '../../support/server-process';
import { drinkForm, drinkRow, loginAsAdmin } from '../admin-helpers';
import {
  addMissing,
  countOf,
  sharedCalls,
  stubShare,
  testDrinks,
  testGuest,
  toastWith,
} from '../checkout-helpers';
import { expect, test } from '../fixtures';

/** Spec section 8, the error catalogue, with section 5's refusals of a receipt and the toasts' place and times. */

const guestForm = (page: import('@playwright/test').Page) =>
  page.getByRole('form', { name: texts.guestInformation });

test("refuses with 'Guest information not found' when there is no guest, keeping the counts", async ({
  page,
  adminApi,
}) => {
  await adminApi.setDrinks(testDrinks);
  await stubShare(page);
  await page.goto('/checkout');
  await addMissing(page, 'Coke', 2);
  await page.getByRole('button', { name: 'Share Receipt' }).click();
  const toast = toastWith(page, 'Guest information not found');
  await expect(toast).toBeVisible();
  // Toasts appear at the top centre.
  const box = await toast.boundingBox();
  const width = page.viewportSize()?.width ?? 0;
  expect(Math.abs((box?.x ?? 0) + (box?.width ?? 0) / 2 - width / 2)).toBeLessThan(30);
  expect(box?.y).toBeLessThan(100);
  // Drawn as a card above the page, not bare text: the policy forbids the library's injected styles.
  await expect(toast.locator('xpath=..')).toHaveCSS('background-color', 'rgb(255, 255, 255)');
  await expect(countOf(page, 'Coke')).toHaveText('2');
  await expect(page.getByRole('button', { name: 'Share Receipt' })).toBeEnabled();
  expect(await sharedCalls(page)).toEqual([]);
  expect(await adminApi.checkouts()).toEqual([]);
});

test("offers no way to send a receipt with no items selected ('No items selected')", async ({
  page,
  adminApi,
}) => {
  await adminApi.setDrinks(testDrinks);
  await adminApi.setGuest(testGuest);
  await page.goto('/checkout');
  await addMissing(page, 'Coke', 1);
  await page.getByRole('button', { name: 'Remove one Coke' }).click();
  const summary = page.getByRole('region', { name: 'Summary' });
  await expect(summary).toContainText('No items selected');
  await expect(page.getByRole('button', { name: 'Share Receipt' })).toHaveCount(0);
  expect(await adminApi.checkouts()).toEqual([]);
});

test("a send that fails says 'Failed to share receipt' and keeps the counts", async ({ page, adminApi }) => {
  const [coke] = await adminApi.setDrinks(testDrinks);
  await adminApi.setGuest(testGuest);
  await stubShare(page);
  await page.goto('/checkout');
  await addMissing(page, 'Coke', 2);
  // Staff delete the drink while the guest counts: the send is refused.
  await adminApi.setDrinks(testDrinks.filter((drink) => drink.drinkName !== coke?.drinkName));
  await page.getByRole('button', { name: 'Share Receipt' }).click();
  await expect(toastWith(page, 'Failed to share receipt')).toBeVisible();
  await expect(toastWith(page, 'Ready to share receipt!')).toHaveCount(0);
  await expect(countOf(page, 'Coke')).toHaveText('2');
  expect(await sharedCalls(page)).toEqual([]);
  expect(await adminApi.checkouts()).toEqual([]);
});

test.describe('on a device with nothing kept', () => {
  // A device that never kept the drinks (no service worker yet), and the panel's calls held with page.route,
  // which a service worker's own fetches would bypass.
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

  test("a failed load shows 'Failed to load data' and a way to try again", async ({
    page,
    server,
    adminApi,
  }) => {
    await adminApi.setDrinks([{ drinkName: 'Coke', startingQuantity: 10, price: 30 }]);
    await loginAsAdmin(page, server.adminPassword);
    await page.route('**/api/drinks', (route) => route.abort());
    await page.reload();
    await expect(page.getByText(toastTexts.failedToLoad)).toBeVisible();
    await expect(page.getByText('Could not load the drinks')).toBeVisible();
    await page.unroute('**/api/drinks');
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(drinkRow(page, 'Coke')).toBeVisible();
  });

  test('a failed save shows the failure toast and keeps what the user typed', async ({
    page,
    server,
    adminApi,
  }) => {
    await adminApi.setDrinks([{ drinkName: 'Coke', startingQuantity: 10, price: 30 }]);
    await loginAsAdmin(page, server.adminPassword);
    await page.route('**/api/drinks', (route) => route.abort('connectionrefused'));
    await page.getByRole('button', { name: texts.addNewDrink }).click();
    const form = drinkForm(page);
    await form.getByLabel('Drink Name').fill('Carabao');
    await form.getByLabel('Starting Quantity').fill('7');
    await form.getByLabel('Price (THB)').fill('45');
    await form.getByRole('button', { name: texts.saveDrink }).click();
    await expect(page.getByText(toastTexts.failedToSaveDrink)).toBeVisible();
    await expect(form.getByLabel('Drink Name')).toHaveValue('Carabao');
    await expect(form.getByLabel('Starting Quantity')).toHaveValue('7');
    await expect(form.getByLabel('Price (THB)')).toHaveValue('45');

    // Once the server answers again, the same typed values save.
    await page.unroute('**/api/drinks');
    await form.getByRole('button', { name: texts.saveDrink }).click();
    await expect(page.getByText(toastTexts.drinkAdded)).toBeVisible();
    await expect(drinkRow(page, 'Carabao')).toContainText('45 THB');
  });

  test("a failed delete shows 'Failed to delete drink' and keeps the row", async ({
    page,
    server,
    adminApi,
  }) => {
    const [coke] = await adminApi.setDrinks([{ drinkName: 'Coke', startingQuantity: 10, price: 30 }]);
    await loginAsAdmin(page, server.adminPassword);
    await page.route(`**/api/drinks/${coke?.id}`, (route) => route.abort('connectionrefused'));
    await page.getByRole('button', { name: 'Delete Coke' }).click();
    await page.getByRole('button', { name: 'Confirm delete Coke' }).click();
    await expect(page.getByText(toastTexts.failedToDelete)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Delete Coke' })).toBeVisible();
    expect(await adminApi.drinks()).toHaveLength(1);
  });

  test("a failed guest save shows 'Failed to save guest information' and keeps what was typed", async ({
    page,
    server,
  }) => {
    await loginAsAdmin(page, server.adminPassword);
    await page.route('**/api/guest', (route) =>
      route.request().method() === 'PUT' ? route.abort('connectionrefused') : route.continue(),
    );
    const form = guestForm(page);
    await form.getByLabel('Guest Name').fill('Ada Lovelace');
    await form.getByLabel('Guest Email').fill('ada@example.com');
    await form.getByRole('button', { name: texts.saveGuest }).click();
    await expect(page.getByText(toastTexts.failedToSaveGuest)).toBeVisible();
    await expect(form.getByLabel('Guest Name')).toHaveValue('Ada Lovelace');
    await expect(form.getByLabel('Guest Email')).toHaveValue('ada@example.com');
  });
});

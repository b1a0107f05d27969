import { texts, toastTexts } from '../../src/shared/constants';
import { drinkForm, loginAsAdmin } from './admin-helpers';
import { expect, test } from './fixtures';

// These specs hold and break the panel's API calls with page.route, which a service worker's own fetches
// bypass. The panel is online only (the worker never answers it from a cache), so it is tested without one.
test.use({ serviceWorkers: 'block' });

test('the server’s field messages show under the fields too', async ({ page, server, adminApi }) => {
  await adminApi.setDrinks([]);
  await loginAsAdmin(page, server.adminPassword, '/admin/drinks');
  // Stands in for a browser whose checks differ from the server's: the server has the last word.
  await page.route('**/api/drinks', async (route) => {
    const body = route.request().postDataJSON();
    await route.continue({ postData: JSON.stringify({ ...body, price: 100_001 }) });
  });
  await page.getByRole('button', { name: texts.addNewDrink }).click();
  const form = drinkForm(page);
  await form.getByLabel('Drink Name').fill('Wine');
  await form.getByRole('button', { name: texts.saveDrink }).click();
  await expect(page.getByText(toastTexts.failedToSaveDrink)).toBeVisible();
  await expect(form.getByLabel('Price (THB)')).toHaveAccessibleDescription(
    'Price must be at most 100000 THB',
  );
  await expect(form.getByLabel('Drink Name')).toHaveValue('Wine');
});

test('editing a drink someone else deleted fails with the toast and keeps the form', async ({
  page,
  server,
  adminApi,
}) => {
  await adminApi.setDrinks([{ drinkName: 'Coke', startingQuantity: 10, price: 30 }]);
  await loginAsAdmin(page, server.adminPassword, '/admin/drinks');
  await page.getByRole('button', { name: 'Edit Coke' }).click();
  const form = drinkForm(page, texts.editDrink);
  await form.getByLabel('Price (THB)').fill('35');
  await adminApi.setDrinks([]);
  await form.getByRole('button', { name: texts.saveDrink }).click();
  await expect(page.getByText(toastTexts.failedToSaveDrink)).toBeVisible();
  await expect(form.getByLabel('Price (THB)')).toHaveValue('35');
  // The reloaded list shows what the server holds now.
  await expect(page.getByText(texts.noDrinks)).toBeVisible();
});

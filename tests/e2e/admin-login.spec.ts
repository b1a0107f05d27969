import AxeBuilder from '@axe-core/playwright';
import { texts, toastTexts } from '../../src/shared/constants';
import { drinkForm, loginAsAdmin } from './admin-helpers';
import { expect, test } from './fixtures';

const modalOf = (page: import('@playwright/test').Page) =>
  page.getByRole('dialog', { name: texts.adminAccess });

test('Enter in the password field logs in', async ({ page, server }) => {
  await page.goto('/admin');
  const password = modalOf(page).getByLabel('Admin password');
  await expect(password).toBeFocused();
  await page.keyboard.type(server.adminPassword);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: texts.adminPanel })).toBeVisible();
});

test('Escape cancels the modal like Cancel', async ({ page }) => {
  await page.goto('/admin');
  await expect(modalOf(page).getByLabel('Admin password')).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(/\/checkout$/);
});

test('focus starts in the password field and Tab stays inside the modal', async ({ page }) => {
  await page.goto('/admin');
  const modal = modalOf(page);
  const password = modal.getByLabel('Admin password');
  await expect(password).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(modal.getByRole('button', { name: 'Login' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(modal.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(password).toBeFocused();
  await page.keyboard.press('Shift+Tab');
  await expect(modal.getByRole('button', { name: 'Cancel' })).toBeFocused();
  // A click beside the dialog does not take focus out of it either.
  await page.mouse.click(5, 400);
  await page.keyboard.press('Tab');
  await expect(modal.locator(':focus')).toHaveCount(1);
});

test('an empty password is refused in the modal without asking the server', async ({ page }) => {
  await page.goto('/admin');
  const modal = modalOf(page);
  await modal.getByRole('button', { name: 'Login' }).click();
  await expect(modal.getByRole('alert')).toHaveText('Password is required');
});

test('after five wrong passwords the modal says when to try again', async ({ page }) => {
  // Six password checks at full scrypt strength (and each failure now an audit event) beside another worker.
  test.slow();
  await page.goto('/admin');
  const modal = modalOf(page);
  const password = modal.getByLabel('Admin password');
  for (let attempt = 1; attempt <= 5; attempt++) {
    await password.fill(`wrong guess ${attempt}`);
    await modal.getByRole('button', { name: 'Login' }).click();
    await expect(modal.getByRole('alert')).toHaveText(texts.incorrectPassword);
    // The next answer must be a new one, not the last attempt's message still on screen.
    await expect(modal.getByRole('button', { name: 'Login' })).toBeEnabled();
  }
  await password.fill('wrong guess 6');
  await modal.getByRole('button', { name: 'Login' }).click();
  await expect(modal.getByRole('alert')).toHaveText(
    /^Too many attempts\. Try again in \d+ seconds?\.$|^Too many attempts\. Try again in 1 minute\.$/,
  );
});

test('the session survives a reload, and Lock admin panel ends it', async ({ page, server }) => {
  await loginAsAdmin(page, server.adminPassword);
  await page.reload();
  await expect(page.getByRole('heading', { name: texts.adminPanel })).toBeVisible();
  await expect(modalOf(page)).toHaveCount(0);

  await page.getByRole('button', { name: 'Lock admin panel' }).click();
  await expect(modalOf(page)).toBeVisible();
  await expect(page.getByRole('heading', { name: texts.adminPanel })).toHaveCount(0);
  expect(await (await page.request.get('/api/session')).json()).toMatchObject({
    authenticated: false,
    user: null,
    device: null,
  });

  await page.reload();
  await expect(modalOf(page)).toBeVisible();
  await expect(page.getByRole('heading', { name: texts.adminPanel })).toHaveCount(0);
});

test('a session that ends while the panel is open brings the modal back and keeps what was typed', async ({
  page,
  server,
  adminApi,
}) => {
  await adminApi.setDrinks([{ drinkName: 'Coke', startingQuantity: 10, price: 30 }]);
  await loginAsAdmin(page, server.adminPassword, '/admin/drinks');
  await page.getByRole('button', { name: texts.addNewDrink }).click();
  const form = drinkForm(page);
  await form.getByLabel('Drink Name').fill('Chang');
  await form.getByLabel('Starting Quantity').fill('12');
  await form.getByLabel('Price (THB)').fill('80');

  // The session is gone (as after 30 idle minutes): the save is refused with 401.
  await page.context().clearCookies();
  await form.getByRole('button', { name: texts.saveDrink }).click();
  const modal = modalOf(page);
  await expect(modal).toBeVisible();
  await expect(modal).toContainText('Your admin session has ended');
  await expect(page.getByText(toastTexts.failedToSaveDrink)).toHaveCount(0);

  await modal.getByLabel('Admin password').fill(server.adminPassword);
  await modal.getByRole('button', { name: 'Login' }).click();
  await expect(modal).toBeHidden();
  await expect(form.getByLabel('Drink Name')).toHaveValue('Chang');
  await expect(form.getByLabel('Starting Quantity')).toHaveValue('12');
  await expect(form.getByLabel('Price (THB)')).toHaveValue('80');

  await form.getByRole('button', { name: texts.saveDrink }).click();
  await expect(page.getByText(toastTexts.drinkAdded)).toBeVisible();
  expect((await adminApi.drinks()).map((drink) => drink.drinkName)).toEqual(['Coke', 'Chang']);
});

test('the admin modal and panel have no serious or critical accessibility violations', async ({
  page,
  server,
  adminApi,
}) => {
  // Two full axe runs on a busy 2-core machine can pass the default 30 s.
  test.slow();
  await adminApi.setDrinks([
    { drinkName: 'Coke', startingQuantity: 10, price: 30 },
    { drinkName: 'Lemonade', startingQuantity: 4, price: 50 },
  ]);
  await page.goto('/admin');
  await expect(modalOf(page)).toBeVisible();
  const seriousOnly = (violations: { impact?: string | null }[]) =>
    violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
  expect(seriousOnly((await new AxeBuilder({ page }).analyze()).violations)).toEqual([]);

  await loginAsAdmin(page, server.adminPassword, '/admin/drinks');
  await expect(page.getByText('Lemonade')).toBeVisible();
  await page.getByRole('button', { name: texts.addNewDrink }).click();
  await drinkForm(page).getByRole('button', { name: texts.saveDrink }).click();
  await page.getByRole('button', { name: 'Delete Coke' }).click();
  await expect(page.getByRole('button', { name: 'Confirm delete Coke' })).toBeVisible();
  expect(seriousOnly((await new AxeBuilder({ page }).analyze()).violations)).toEqual([]);
});

test("when the session check fails the route says 'Failed to load data' and can try again", async ({
  page,
}) => {
  await page.route('**/api/session', (route) => route.abort('connectionrefused'));
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: toastTexts.failedToLoad })).toBeVisible();
  await page.unroute('**/api/session');
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(modalOf(page)).toBeVisible();
});

test('a guest save after the session ended keeps the typed guest and saves it after logging in', async ({
  page,
  server,
  adminApi,
}) => {
  await adminApi.setGuest({ name: 'Ada Lovelace', email: 'ada@example.com' });
  await loginAsAdmin(page, server.adminPassword, '/admin/bungalows');
  const form = page.getByRole('form', { name: texts.guestInformation });
  await form.getByLabel('Guest Name').fill('Grace Hopper');
  await form.getByLabel('Guest Email').fill('grace@example.org');
  await page.context().clearCookies();
  await form.getByRole('button', { name: texts.saveGuest }).click();

  const modal = modalOf(page);
  await expect(modal).toBeVisible();
  await expect(page.getByText(toastTexts.failedToSaveGuest)).toHaveCount(0);
  await modal.getByLabel('Admin password').fill(server.adminPassword);
  await page.keyboard.press('Enter');
  await expect(modal).toBeHidden();
  await expect(form.getByLabel('Guest Name')).toHaveValue('Grace Hopper');
  await expect(form.getByLabel('Guest Email')).toHaveValue('grace@example.org');

  await form.getByRole('button', { name: texts.saveGuest }).click();
  await expect(page.getByText(toastTexts.guestUpdated)).toBeVisible();
  await page.reload();
  await expect(page.getByRole('form', { name: texts.guestInformation }).getByLabel('Guest Name')).toHaveValue(
    'Grace Hopper',
  );
});

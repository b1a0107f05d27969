// The product spec's contract (tests/e2e/spec/README.md): written from the spec alone, not edited by features.
import { newDrinkDefaults, texts, toastTexts } from '../../../src/shared/constants';
import { drinkForm, drinkRow, drinkRows, loginAsAdmin } from '../admin-helpers';
import { expect, test } from '../fixtures';

/**
 * Spec section 2, /admin, with 5 (the forms' rules), 4 (the delete button's states) and 8 (the success toasts):
 * the 'Admin Access' modal, then on /admin itself 'Admin Panel', 'Add New Drink', the Drinks list and the
 * 'Guest Information' form (always shown: DESIGN.md).
 */

// Some of these hold the panel's API calls with page.route, which a service worker's own fetches bypass. The
// panel is online only (the worker never answers it from a cache), so it is tested without one.
test.use({ serviceWorkers: 'block' });

const guestForm = (page: import('@playwright/test').Page) =>
  page.getByRole('form', { name: texts.guestInformation });

const modalOf = (page: import('@playwright/test').Page) =>
  page.getByRole('dialog', { name: texts.adminAccess });

test("the 'Admin Access' modal: a wrong password says 'Incorrect password' inline; the right one shows the panel on /admin", async ({
  page,
  server,
  adminApi,
}) => {
  // Ids in this order, names not: the list follows the ids.
  await adminApi.setDrinks([
    { drinkName: 'Wine', startingQuantity: 2, price: 450 },
    { drinkName: 'Chang', startingQuantity: 6, price: 80 },
    { drinkName: 'Coke', startingQuantity: 10, price: 40 },
  ]);
  await page.goto('/admin');
  const modal = modalOf(page);
  const password = modal.getByPlaceholder(texts.passwordPlaceholder);
  await expect(password).toBeVisible();
  await expect(modal.getByRole('button', { name: 'Login' })).toBeVisible();
  await expect(modal.getByRole('button', { name: 'Cancel' })).toBeVisible();
  await expect(page.getByRole('heading', { name: texts.adminPanel })).toHaveCount(0);
  await expect(page.getByRole('button', { name: texts.addNewDrink })).toHaveCount(0);

  await password.fill('not the password');
  await modal.getByRole('button', { name: 'Login' }).click();
  await expect(modal.getByRole('alert')).toHaveText(texts.incorrectPassword);
  await expect(password).toHaveAttribute('aria-invalid', 'true');
  await expect(password).toHaveAccessibleDescription(texts.incorrectPassword);
  await expect(page.getByRole('heading', { name: texts.adminPanel })).toHaveCount(0);

  await password.fill(server.adminPassword);
  await modal.getByRole('button', { name: 'Login' }).click();
  await expect(modal).toBeHidden();
  // The panel is /admin itself.
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('heading', { name: texts.adminPanel })).toBeVisible();
  await expect(page.getByRole('button', { name: texts.addNewDrink })).toBeVisible();
  await expect(drinkRows(page)).toHaveCount(3);
  for (const [index, name] of ['Wine', 'Chang', 'Coke'].entries()) {
    await expect(drinkRows(page).nth(index)).toContainText(name);
  }
  await expect(guestForm(page)).toBeVisible();
  await expect(guestForm(page).getByRole('button', { name: texts.saveGuest })).toBeVisible();
});

test('Cancel goes to the checkout without logging in', async ({ page }) => {
  await page.goto('/admin');
  await modalOf(page).getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(modalOf(page)).toHaveCount(0);
});

test('the list shows every drink in id order with its starting quantity, price and checkout note', async ({
  page,
  server,
  adminApi,
}) => {
  await adminApi.setDrinks([
    { drinkName: 'Coke', startingQuantity: 10, price: 30 },
    { drinkName: 'Lemonade', startingQuantity: 4, price: 55 },
    { drinkName: ' leo ', startingQuantity: 6, price: 60 },
  ]);
  await loginAsAdmin(page, server.adminPassword);
  const rows = drinkRows(page);
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(0)).toContainText('Coke');
  await expect(rows.nth(0)).toContainText('Starting: 10');
  await expect(rows.nth(0)).toContainText('30 THB');
  await expect(rows.nth(1)).toContainText('Lemonade');
  await expect(rows.nth(1)).toContainText('Starting: 4');
  await expect(rows.nth(1)).toContainText('55 THB');
  // Only the name no checkout section lists gets the note; " leo " is LEO of the Beers.
  await expect(rows.nth(1)).toContainText('Not shown at checkout');
  await expect(rows.nth(0)).not.toContainText('Not shown at checkout');
  await expect(rows.nth(2)).not.toContainText('Not shown at checkout');
  for (const name of ['Coke', 'Lemonade']) {
    await expect(page.getByRole('button', { name: `Edit ${name}` })).toBeVisible();
    await expect(page.getByRole('button', { name: `Delete ${name}` })).toBeVisible();
  }
});

test("the list says 'Loading...' while the drinks load and 'No drinks available' when there are none", async ({
  page,
  server,
  adminApi,
}) => {
  await adminApi.setDrinks([]);
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/api/drinks', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/admin');
  const modal = page.getByRole('dialog', { name: texts.adminAccess });
  await modal.getByPlaceholder(texts.passwordPlaceholder).fill(server.adminPassword);
  await modal.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByRole('heading', { name: texts.adminPanel })).toBeVisible();
  const drinksSection = page.getByRole('region', { name: 'Drinks', exact: true });
  await expect(drinksSection.getByText(texts.loading)).toBeVisible();
  release();
  await expect(drinksSection.getByText(texts.noDrinks)).toBeVisible();
  await expect(drinksSection.getByText(texts.loading)).toHaveCount(0);
});

test('Add New Drink opens with the defaults 5 and 70 and adds the drink', async ({
  page,
  server,
  adminApi,
}) => {
  await adminApi.setDrinks([{ drinkName: 'Coke', startingQuantity: 10, price: 30 }]);
  await loginAsAdmin(page, server.adminPassword);
  await page.getByRole('button', { name: texts.addNewDrink }).click();
  const form = drinkForm(page);
  await expect(form.getByRole('heading', { name: texts.addNewDrink })).toBeVisible();
  await expect(form.getByLabel('Drink Name')).toBeFocused();
  await expect(form.getByLabel('Drink Name')).toHaveValue('');
  await expect(form.getByLabel('Starting Quantity')).toHaveValue(String(newDrinkDefaults.startingQuantity));
  await expect(form.getByLabel('Price (THB)')).toHaveValue(String(newDrinkDefaults.price));

  await form.getByLabel('Drink Name').fill('Fanta');
  await form.getByRole('button', { name: texts.saveDrink }).click();
  await expect(page.getByText(toastTexts.drinkAdded)).toBeVisible();
  await expect(form).toHaveCount(0);
  const rows = drinkRows(page);
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(1)).toContainText('Fanta');
  await expect(rows.nth(1)).toContainText('Starting: 5');
  await expect(rows.nth(1)).toContainText('70 THB');
  expect((await adminApi.drinks()).map(({ id, sectionOrder, ...drink }) => drink)).toEqual([
    { drinkName: 'Coke', startingQuantity: 10, price: 30, section: null },
    { drinkName: 'Fanta', startingQuantity: 5, price: 70, section: null },
  ]);
});

test('the drink form shows the field messages under the fields and saves nothing while they stand', async ({
  page,
  server,
  adminApi,
}) => {
  await adminApi.setDrinks([]);
  await loginAsAdmin(page, server.adminPassword);
  await page.getByRole('button', { name: texts.addNewDrink }).click();
  const form = drinkForm(page);
  const name = form.getByLabel('Drink Name');
  const quantity = form.getByLabel('Starting Quantity');
  const price = form.getByLabel('Price (THB)');

  await quantity.fill('0');
  await price.fill('0');
  await form.getByRole('button', { name: texts.saveDrink }).click();
  await expect(name).toHaveAttribute('aria-invalid', 'true');
  await expect(name).toHaveAccessibleDescription('Drink name is required');
  await expect(quantity).toHaveAccessibleDescription('Starting quantity must be at least 1');
  await expect(price).toHaveAccessibleDescription('Price must be at least 1 THB');
  await expect(name).toBeFocused();

  // Non-numeric input counts as 0, so it fails the same minimum.
  await name.fill('Schweppes');
  await quantity.fill('lots');
  await price.fill('40');
  await form.getByRole('button', { name: texts.saveDrink }).click();
  await expect(quantity).toHaveAccessibleDescription('Starting quantity must be at least 1');
  await expect(quantity).toHaveAttribute('aria-invalid', 'true');
  await expect(name).not.toHaveAttribute('aria-invalid');
  await expect(price).not.toHaveAttribute('aria-invalid');
  await expect(form.getByText('Starting quantity must be at least 1')).toBeVisible();

  // DESIGN.md's upper limits, from the same schema as the server's.
  await quantity.fill('1000');
  await expect(quantity).toHaveAccessibleDescription('Starting quantity must be at most 999');
  await expect(page.getByText(texts.noDrinks)).toBeVisible();
  expect(await adminApi.drinks()).toEqual([]);

  await quantity.fill('8');
  await form.getByRole('button', { name: texts.saveDrink }).click();
  await expect(page.getByText(toastTexts.drinkAdded)).toBeVisible();
  await expect(drinkRow(page, 'Schweppes')).toContainText('Starting: 8');
});

test('Edit Drink opens prefilled and saves the change', async ({ page, server, adminApi }) => {
  await adminApi.setDrinks([
    { drinkName: 'Coke', startingQuantity: 10, price: 30 },
    { drinkName: 'Chang', startingQuantity: 6, price: 60 },
  ]);
  await loginAsAdmin(page, server.adminPassword);
  await page.getByRole('button', { name: 'Edit Chang' }).click();
  const form = drinkForm(page, texts.editDrink);
  await expect(form.getByLabel('Drink Name')).toHaveValue('Chang');
  await expect(form.getByLabel('Starting Quantity')).toHaveValue('6');
  await expect(form.getByLabel('Price (THB)')).toHaveValue('60');

  await form.getByLabel('Starting Quantity').fill('12');
  await form.getByLabel('Price (THB)').fill('65');
  await form.getByRole('button', { name: texts.saveDrink }).click();
  await expect(page.getByText(toastTexts.drinkUpdated)).toBeVisible();
  await expect(form).toHaveCount(0);
  await expect(drinkRow(page, 'Chang')).toContainText('Starting: 12');
  await expect(drinkRow(page, 'Chang')).toContainText('65 THB');
  expect((await adminApi.drinks()).find((drink) => drink.drinkName === 'Chang')).toMatchObject({
    startingQuantity: 12,
    price: 65,
  });
});

test('Cancel closes the drink form and saves nothing', async ({ page, server, adminApi }) => {
  await adminApi.setDrinks([{ drinkName: 'Coke', startingQuantity: 10, price: 30 }]);
  await loginAsAdmin(page, server.adminPassword);
  await page.getByRole('button', { name: 'Edit Coke' }).click();
  const form = drinkForm(page, texts.editDrink);
  await form.getByLabel('Price (THB)').fill('99');
  await form.getByRole('button', { name: 'Cancel' }).click();
  await expect(form).toHaveCount(0);
  await expect(drinkRow(page, 'Coke')).toContainText('30 THB');
  expect((await adminApi.drinks())[0]?.price).toBe(30);
});

test('delete arms on the first click and disarms by itself after 3 seconds', async ({
  page,
  server,
  adminApi,
}) => {
  await adminApi.setDrinks([{ drinkName: 'Coke', startingQuantity: 10, price: 30 }]);
  await page.clock.install();
  await loginAsAdmin(page, server.adminPassword);
  // From here the page's time only moves when the test says so.
  await page.clock.pauseAt(Date.now() + 1_000);
  await page.getByRole('button', { name: 'Delete Coke' }).click();
  const armed = page.getByRole('button', { name: 'Confirm delete Coke' });
  await expect(armed).toBeVisible();
  await expect(armed).toContainText('Confirm delete');
  await page.clock.runFor(2_900);
  await expect(armed).toBeVisible();
  await page.clock.runFor(200);
  await expect(page.getByRole('button', { name: 'Delete Coke' })).toBeVisible();
  await expect(armed).toHaveCount(0);

  // A click after the window has passed only arms again; nothing is deleted.
  await page.getByRole('button', { name: 'Delete Coke' }).click();
  await expect(armed).toBeVisible();
  await expect(drinkRow(page, 'Coke')).toBeVisible();
  expect(await adminApi.drinks()).toHaveLength(1);
});

test('a second click while armed deletes the drink; the success toast stays 3 seconds', async ({
  page,
  server,
  adminApi,
}) => {
  await adminApi.setDrinks([
    { drinkName: 'Coke', startingQuantity: 10, price: 30 },
    { drinkName: 'Fanta', startingQuantity: 10, price: 30 },
  ]);
  await page.clock.install();
  await loginAsAdmin(page, server.adminPassword);
  await page.clock.pauseAt(Date.now() + 1_000);
  await page.getByRole('button', { name: 'Delete Coke' }).click();
  await page.clock.runFor(2_500);
  await page.getByRole('button', { name: 'Confirm delete Coke' }).click();
  const toast = page.getByText(toastTexts.drinkDeleted);
  await expect(toast).toBeVisible();
  await page.clock.runFor(2_800);
  await expect(toast).toBeVisible();
  // 3 s shown, then react-hot-toast removes it 1 s after its exit starts. Its timers are set in
  // effects after each change, so the fake time moves in small steps until the toast is gone.
  let advancedMs = 0;
  while ((await toast.count()) > 0 && advancedMs < 3_000) {
    await page.clock.runFor(100);
    advancedMs += 100;
  }
  await expect(toast).toHaveCount(0);
  expect(advancedMs).toBeLessThanOrEqual(1_500);
  await expect(drinkRow(page, 'Coke')).toHaveCount(0);
  await expect(drinkRows(page)).toHaveCount(1);
  expect((await adminApi.drinks()).map((drink) => drink.drinkName)).toEqual(['Fanta']);
});

test('drinks added, edited and deleted in the panel show that way on /checkout', async ({
  page,
  server,
  adminApi,
}) => {
  await adminApi.setDrinks([
    { drinkName: 'Coke', startingQuantity: 10, price: 30 },
    { drinkName: 'Chang', startingQuantity: 6, price: 60 },
  ]);
  await loginAsAdmin(page, server.adminPassword);

  await page.getByRole('button', { name: texts.addNewDrink }).click();
  const addForm = drinkForm(page);
  await addForm.getByLabel('Drink Name').fill('Spy');
  await addForm.getByLabel('Price (THB)').fill('45');
  await addForm.getByRole('button', { name: texts.saveDrink }).click();
  await expect(page.getByText(toastTexts.drinkAdded)).toBeVisible();

  await page.getByRole('button', { name: 'Edit Chang' }).click();
  const editForm = drinkForm(page, texts.editDrink);
  await editForm.getByLabel('Price (THB)').fill('65');
  await editForm.getByRole('button', { name: texts.saveDrink }).click();
  await expect(page.getByText(toastTexts.drinkUpdated)).toBeVisible();

  await page.getByRole('button', { name: 'Delete Coke' }).click();
  await page.getByRole('button', { name: 'Confirm delete Coke' }).click();
  await expect(page.getByText(toastTexts.drinkDeleted)).toBeVisible();

  await page.getByRole('link', { name: 'Checkout' }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  const cards = page.getByRole('listitem');
  await expect(cards.filter({ hasText: 'Spy' })).toContainText('45 THB');
  await expect(cards.filter({ hasText: 'Spy' })).toContainText('Starting: 5');
  await expect(cards.filter({ hasText: 'Chang' })).toContainText('65 THB');
  await expect(page.getByText('Coke', { exact: true })).toHaveCount(0);
});

test('with no guest the form is shown empty, and saving creates the guest', async ({ page, server }) => {
  await loginAsAdmin(page, server.adminPassword);
  const form = guestForm(page);
  await expect(form.getByLabel('Guest Name')).toHaveValue('');
  await expect(form.getByLabel('Guest Email')).toHaveValue('');
  expect(await (await page.request.get('/api/guest')).json()).toBeNull();

  await form.getByLabel('Guest Name').fill('Ada Lovelace');
  await form.getByLabel('Guest Email').fill('ada@example.com');
  await form.getByRole('button', { name: texts.saveGuest }).click();
  await expect(page.getByText(toastTexts.guestUpdated)).toBeVisible();

  await page.reload();
  await expect(guestForm(page).getByLabel('Guest Name')).toHaveValue('Ada Lovelace');
  await expect(guestForm(page).getByLabel('Guest Email')).toHaveValue('ada@example.com');
});

test('an existing guest is prefilled and an update persists after a reload', async ({
  page,
  request,
  server,
  adminApi,
}) => {
  await adminApi.setGuest({ name: 'Ada Lovelace', email: 'ada@example.com' });
  await loginAsAdmin(page, server.adminPassword);
  const form = guestForm(page);
  await expect(form.getByLabel('Guest Name')).toHaveValue('Ada Lovelace');
  await expect(form.getByLabel('Guest Email')).toHaveValue('ada@example.com');

  await form.getByLabel('Guest Name').fill('Grace Hopper');
  await form.getByLabel('Guest Email').fill('grace@example.org');
  await form.getByRole('button', { name: texts.saveGuest }).click();
  await expect(page.getByText(toastTexts.guestUpdated)).toBeVisible();

  await page.reload();
  await expect(guestForm(page).getByLabel('Guest Name')).toHaveValue('Grace Hopper');
  await expect(guestForm(page).getByLabel('Guest Email')).toHaveValue('grace@example.org');
  // The public read (what the checkout sees, without the admin cookie) has the new name, never the email.
  const publicGuest = await (await request.get('/api/guest')).json();
  expect(publicGuest).toMatchObject({ name: 'Grace Hopper' });
  expect(publicGuest).not.toHaveProperty('email');
});

test('the guest form requires a name and a valid email', async ({ page, server, adminApi }) => {
  await adminApi.setGuest({ name: 'Ada Lovelace', email: 'ada@example.com' });
  await loginAsAdmin(page, server.adminPassword);
  const form = guestForm(page);
  const name = form.getByLabel('Guest Name');
  const email = form.getByLabel('Guest Email');
  await name.fill('   ');
  await email.fill('not-an-email');
  await form.getByRole('button', { name: texts.saveGuest }).click();
  await expect(name).toHaveAttribute('aria-invalid', 'true');
  await expect(name).toHaveAccessibleDescription('Guest name is required');
  await expect(email).toHaveAccessibleDescription('Enter a valid email address');
  await email.fill('');
  await expect(email).toHaveAccessibleDescription('Guest email is required');
  await expect(page.getByText(toastTexts.guestUpdated)).toHaveCount(0);
  await page.reload();
  await expect(guestForm(page).getByLabel('Guest Name')).toHaveValue('Ada Lovelace');
});

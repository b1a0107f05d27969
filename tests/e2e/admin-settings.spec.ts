import fs from 'node:fs';
import { loginAsAdmin } from './admin-helpers';
import { addMissing, toastWith } from './checkout-helpers';
import { expect, test } from './fixtures';

const settingsForm = (page: import('@playwright/test').Page) =>
  page.getByRole('form', { name: 'Resort settings' });

test('staff set the resort; its name shows in the header at once, on /checkout and on the receipt', async ({
  page,
  server,
  adminApi,
}) => {
  test.slow();
  await adminApi.setDrinks([{ drinkName: 'Coke', startingQuantity: 4, price: 40 }]);
  await loginAsAdmin(page, server.adminPassword, '/admin/settings');
  const form = settingsForm(page);
  await expect(form.getByLabel('Time zone')).toHaveValue('Asia/Bangkok');
  await expect(form.getByLabel('Bungalow numbers')).toHaveValue('1-24');

  await form.getByLabel('Resort name').fill('Koh Lanta Huts');
  await form.getByLabel('Time zone').selectOption('Asia/Tokyo');
  await form.getByLabel('Bungalow numbers').fill('1 - 12, 30');
  const payments = form.getByRole('group', { name: 'Payments' });
  await payments.getByLabel('PromptPay ID').fill('081-234-5678');
  await payments.getByLabel('PromptPay payee name').fill('Koh Lanta Huts Co.');
  await payments.getByLabel('Public address').fill('https://fridge.example.com/');
  await form.getByRole('button', { name: 'Save settings' }).click();
  await expect(toastWith(page, 'Settings saved')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Koh Lanta Huts: Bungalow Fridge Check');

  const response = await page.request.get('/api/settings');
  expect(await response.json()).toMatchObject({
    resortName: 'Koh Lanta Huts',
    timeZone: 'Asia/Tokyo',
    bungalows: '1-12, 30',
    promptPayId: '0812345678',
    promptPayName: 'Koh Lanta Huts Co.',
    publicUrl: 'https://fridge.example.com',
  });

  await page.reload();
  await expect(settingsForm(page).getByLabel('Bungalow numbers')).toHaveValue('1-12, 30');
  await expect(settingsForm(page).getByLabel('Time zone')).toHaveValue('Asia/Tokyo');

  await page.goto('/checkout?bungalow=30');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Koh Lanta Huts: Bungalow Fridge Check');
  await addMissing(page, 'Coke', 1);
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Generate PDF' }).click();
  const pdf = fs.readFileSync(await (await downloading).path()).toString('latin1');
  expect(pdf).toContain('(Koh Lanta Huts)');
  expect(pdf).toContain('(Bungalow #30 Fridge Checkout)');
});

test('bad settings are refused at their fields, by the form and by the server, and nothing changes', async ({
  page,
  server,
  adminApi,
}) => {
  test.slow();
  await loginAsAdmin(page, server.adminPassword, '/admin/settings');
  const form = settingsForm(page);
  const bungalows = form.getByLabel('Bungalow numbers');
  const save = form.getByRole('button', { name: 'Save settings' });

  await form.getByLabel('Resort name').fill('Sea Breeze');
  await bungalows.fill('1-24, 20-30');
  await save.click();
  await expect(bungalows).toHaveAttribute('aria-invalid', 'true');
  await expect(bungalows).toHaveAccessibleDescription(/Bungalow 20 is listed twice: the ranges overlap/);
  await bungalows.fill(' , ');
  await save.click();
  await expect(bungalows).toHaveAccessibleDescription(/Enter at least one bungalow number/);

  // A browser whose checks differ from the server's: the server's 422 lands at the field too.
  await bungalows.fill('1-30');
  await page.route('**/api/settings', async (route) => {
    if (route.request().method() !== 'PUT') return route.continue();
    const body = route.request().postDataJSON();
    await route.continue({ postData: JSON.stringify({ ...body, timeZone: 'Mars/Olympus_Mons' }) });
  });
  await save.click();
  await expect(toastWith(page, 'Failed to save the settings')).toBeVisible();
  await expect(form.getByLabel('Time zone')).toHaveAccessibleDescription(
    /"Mars\/Olympus_Mons" is not a known time zone/,
  );
  // Nothing typed is lost, and nothing was saved.
  await expect(form.getByLabel('Resort name')).toHaveValue('Sea Breeze');
  await expect(bungalows).toHaveValue('1-30');
  expect(await (await page.request.get('/api/settings')).json()).toMatchObject({
    resortName: '',
    timeZone: 'Asia/Bangkok',
    bungalows: '1-24',
  });
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Bungalow Fridge Check');

  // Once the server agrees, the same values save.
  await page.unroute('**/api/settings');
  await save.click();
  await expect(toastWith(page, 'Settings saved')).toBeVisible();
  expect(await adminApi.drinks()).toHaveLength(9);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sea Breeze: Bungalow Fridge Check');
});

// Guests' personal data (fifth stage)
test('the days guest data is kept are set on the Settings page, refused outside 30 to 3650 days', async ({
  page,
  server,
}) => {
  test.slow();
  await loginAsAdmin(page, server.adminPassword, '/admin/settings');
  const form = settingsForm(page);
  const days = form.getByRole('group', { name: 'Guest data' }).getByLabel('Days to keep guest data');
  await expect(days).toHaveValue('365');
  await days.fill('20');
  await form.getByRole('button', { name: 'Save settings' }).click();
  await expect(days).toHaveAttribute('aria-invalid', 'true');
  await expect(days).toHaveAccessibleDescription(/Guest data must be kept at least 30 days/);
  expect(await (await page.request.get('/api/settings')).json()).toMatchObject({ guestDataDays: 365 });

  await days.fill('730');
  await form.getByRole('button', { name: 'Save settings' }).click();
  await expect(toastWith(page, 'Settings saved')).toBeVisible();
  expect(await (await page.request.get('/api/settings')).json()).toMatchObject({ guestDataDays: 730 });
  await page.reload();
  await expect(settingsForm(page).getByLabel('Days to keep guest data')).toHaveValue('730');
});

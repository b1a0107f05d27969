import { texts, toastTexts } from '../../src/shared/constants';
import { loginAsAdmin } from './admin-helpers';
import { expect, test } from './fixtures';

const guestForm = (page: import('@playwright/test').Page) =>
  page.getByRole('form', { name: texts.guestInformation });

test('with no guest the form is shown empty, and saving creates the guest', async ({ page, server }) => {
  await loginAsAdmin(page, server.adminPassword, '/admin/bungalows');
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
  await loginAsAdmin(page, server.adminPassword, '/admin/bungalows');
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
  await loginAsAdmin(page, server.adminPassword, '/admin/bungalows');
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

test("a failed guest save shows 'Failed to save guest information' and keeps what was typed", async ({
  page,
  server,
}) => {
  await loginAsAdmin(page, server.adminPassword, '/admin/bungalows');
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

import fs from 'node:fs';
import { type Page, request } from '@playwright/test';
import { parseCsv } from '../support/csv-parse';
import { loginAsAdmin, openAdminPage } from './admin-helpers';
import { expectNoSeriousAxeViolations } from './axe';
import { testDrinks, testGuest, updateDrinkAsStaff } from './checkout-helpers';
import { expect, test } from './fixtures';

const activity = (page: Page) => page.getByRole('region', { name: 'Activity' });
const entries = (page: Page) =>
  activity(page).getByRole('list', { name: 'Activity, newest first' }).locator(':scope > li');

test('the owner reads who changed a price and who recorded a checkout, filters in the URL, and downloads the CSV', async ({
  page,
  adminApi,
  server,
}) => {
  test.slow();
  const [, chang, wine] = await adminApi.setDrinks(testDrinks);
  await adminApi.setGuest(testGuest);
  if (!chang || !wine) throw new Error('the test drinks were not created');
  await updateDrinkAsStaff(server, chang.id, { drinkName: 'Chang', startingQuantity: 4, price: 95 });
  // A guest's checkout on the bungalow's tablet (no session).
  const guestApi = await request.newContext({
    baseURL: server.baseURL,
    extraHTTPHeaders: { Origin: server.baseURL },
  });
  const recorded = await guestApi.post('/api/checkouts', {
    data: { bungalow: 12, items: [{ drinkId: wine.id, missing: 1 }] },
  });
  expect(recorded.status()).toBe(201);
  const checkoutId: number = (await recorded.json()).id;
  await guestApi.dispose();

  // A link with its filters: only price and drink changes.
  await loginAsAdmin(page, server.adminPassword, '/admin/activity?action=drink.changed');
  await expect(activity(page).getByRole('status')).toHaveText(/^Chain verified: \d+ events$/);
  await expect(activity(page).getByLabel('Action')).toHaveValue('drink.changed');
  await expect(entries(page)).toHaveCount(1);
  await expect(entries(page).first()).toContainText('Drink or price changed · Owner');
  await expect(entries(page).first()).toContainText('Chang: price 80 → 95 THB');
  await expectNoSeriousAxeViolations(page);

  // The form puts the person in the URL; a reload keeps it.
  await activity(page).getByLabel('Action').selectOption('');
  await activity(page).getByLabel('Person').selectOption('guest');
  await activity(page).getByRole('button', { name: 'Show activity' }).click();
  await expect(page).toHaveURL(/\/admin\/activity\?actor=guest$/);
  await page.reload();
  await expect(activity(page).getByLabel('Person')).toHaveValue('guest');
  await expect(entries(page)).toHaveCount(1);
  await expect(entries(page).first()).toContainText(`Bungalow 12: checkout #${checkoutId}, 450 THB`);

  // The CSV of what is shown.
  const downloading = page.waitForEvent('download');
  await activity(page).getByRole('link', { name: 'Download CSV' }).click();
  const csv = await downloading;
  expect(csv.suggestedFilename()).toBe('fridge-activity.csv');
  const [header, ...rows] = parseCsv(fs.readFileSync(await csv.path(), 'utf8').replace(/^\uFEFF/, ''));
  expect(header?.slice(0, 7)).toEqual([
    'seq',
    'at_utc',
    'actor_name',
    'actor_role',
    'actor_id',
    'device',
    'action',
  ]);
  expect(rows.map((row) => [row[3], row[6], row[8]])).toEqual([
    ['guest', 'checkout.recorded', String(checkoutId)],
  ]);

  // The checkout event leads to its entry in the history.
  await entries(page)
    .first()
    .getByRole('link', { name: `Checkout #${checkoutId} in the history` })
    .click();
  await expect(page).toHaveURL(new RegExp(`/admin/history\\?checkout=${checkoutId}$`));
  const history = page.getByRole('list', { name: 'Checkouts, newest first' }).locator(':scope > li');
  await expect(history).toHaveCount(1);
  await expect(history.first()).toContainText(`Checkout #${checkoutId}`);

  // The nav leads back, unfiltered: everything, newest first: this browser's sign-in, then the guest's checkout.
  await openAdminPage(page, 'Activity');
  await expect(entries(page).first()).toContainText('Signed in · Owner');
  await expect(entries(page).nth(1)).toContainText('Checkout recorded · Guest');
});

test('Older and Newer page through the activity, 50 a page, and keep its filters in the URL', async ({
  page,
  adminApi,
  server,
}) => {
  await adminApi.setDrinks(
    Array.from({ length: 51 }, (_, index) => ({
      drinkName: `Soda ${index + 1}`,
      startingQuantity: 1,
      price: 10,
    })),
  );
  await loginAsAdmin(page, server.adminPassword, '/admin/activity?action=drink.added');
  const pages = activity(page).getByRole('navigation', { name: 'Activity pages' });
  await expect(entries(page)).toHaveCount(50);
  await expect(entries(page).first()).toContainText('Soda 51');
  await expect(pages).toContainText('Page 1');
  await expect(pages.getByRole('link', { name: 'Newer' })).toHaveCount(0);

  await pages.getByRole('link', { name: 'Older' }).click();
  await expect(page).toHaveURL(/\/admin\/activity\?action=drink\.added&page=2$/);
  await expect(entries(page)).toHaveCount(1);
  await expect(entries(page).first()).toContainText('Soda 1');
  await expect(pages).toContainText('Page 2');
  await expect(pages.getByRole('link', { name: 'Older' })).toHaveCount(0);

  // Back to the first page: the same link as the filters' own, with no page in it.
  await pages.getByRole('link', { name: 'Newer' }).click();
  await expect(page).toHaveURL(/\/admin\/activity\?action=drink\.added$/);
  await expect(entries(page)).toHaveCount(50);
});

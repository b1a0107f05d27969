import fs from 'node:fs';
import { adminTh } from '../../src/shared/i18n/admin-th';
import { testDrinks } from './checkout-helpers';
import { expect, test } from './fixtures';
import { ownerApi } from './owner-api';
import { ann, registerDeviceAndTeam, signInAs } from './team-helpers';

test('a manager finds a guest by email, downloads the export, erases her, and the history says Erased guest', async ({
  page,
  adminApi,
  server,
}) => {
  test.slow();
  const [, , wine] = await adminApi.setDrinks(testDrinks);
  if (!wine) throw new Error('the test drinks were not created');
  // The owner checks Mia in; her fridge is checked on the bungalow's tablet.
  const owner = await ownerApi(server);
  const stay = await owner.put('/api/bungalows/12/stay', {
    data: { guestName: 'Mia Chen', guestEmail: 'mia.chen@example.com' },
  });
  expect(stay.status()).toBe(201);
  const recorded = await owner.post('/api/checkouts', {
    data: { bungalow: 12, items: [{ drinkId: wine.id, missing: 1 }] },
  });
  expect(recorded.status()).toBe(201);
  const checkout = await recorded.json();
  await owner.dispose();

  await registerDeviceAndTeam(page, server.adminPassword);
  await page.goto('/admin');
  await signInAs(page, ann);
  await page.goto('/admin/guest-data');
  const section = page.getByRole('region', { name: 'Guests’ personal data' });
  await section.getByLabel('Name or email').fill('MIA.CHEN@example.com');
  await section.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(/\/admin\/guest-data\?q=MIA\.CHEN%40example\.com$/);
  const entry = section
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: 'Mia Chen' }) });
  await expect(entry).toContainText('mia.chen@example.com');
  await expect(entry).toContainText('1 stay · 1 checkout');

  const downloading = page.waitForEvent('download');
  await entry.getByRole('link', { name: 'Download export' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^guest-\d+\.json$/);
  const exported = JSON.parse(fs.readFileSync((await download.path()) ?? '', 'utf8'));
  expect(exported.guest).toMatchObject({ name: 'Mia Chen', email: 'mia.chen@example.com' });
  expect(exported.checkouts.map((c: { id: number }) => c.id)).toEqual([checkout.id]);
  // The same as a page the guest reads, in their language (sixth stage).
  await entry.getByLabel('In the language').selectOption('th');
  const opening = page.waitForEvent('popup');
  await entry.getByRole('link', { name: 'Open as a page for the guest' }).click();
  const readable = await opening;
  await expect(readable.getByRole('heading', { name: 'ข้อมูลของคุณ' })).toBeVisible();
  await expect(readable.getByText('Mia Chen', { exact: true })).toBeVisible();
  await readable.close();

  await entry.getByRole('button', { name: 'Erase this guest' }).click();
  await entry.getByLabel('Reason').fill('She asked by email');
  await expect(entry.getByRole('alert')).toContainText('Erase Mia Chen for good?');
  await entry.getByRole('button', { name: 'Erase for good' }).click();
  await expect(page.getByText('Guest erased')).toBeVisible();
  await expect(section.getByText('No guest found.')).toBeVisible();

  await page.goto('/admin/history');
  const history = page.getByRole('region', { name: 'Checkout history' });
  await expect(history.getByText('Erased guest').first()).toBeVisible();
  await expect(history).not.toContainText('Mia Chen');
  await expect(history).toContainText(`${checkout.total}`);

  // The Thai workspace says it in Thai wherever it shows the name; the stored text stays English.
  await page.getByRole('group', { name: 'Language' }).getByRole('button', { name: 'ไทย' }).click();
  const main = page.getByRole('main');
  await expect(main.getByText(adminTh.erasedGuest).first()).toBeVisible();
  await expect(main).not.toContainText('Erased guest');
  for (const path of ['/admin/bungalows', '/admin/activity']) {
    await page.goto(path);
    await expect(main.getByText(adminTh.erasedGuest).first(), path).toBeVisible();
    await expect(main, path).not.toContainText('Erased guest');
    await expect(main, path).not.toContainText('Mia Chen');
  }
});

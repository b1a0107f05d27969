import type { Browser, Page } from '@playwright/test';
import type { ServerProcess } from '../support/server-process';
import { loginAsAdmin, openAdminPage } from './admin-helpers';
import { addMissing, testDrinks, testGuest } from './checkout-helpers';
import { expect, test } from './fixtures';
import { lek, registerDeviceAndTeam, signInAs } from './team-helpers';

/** Housekeeping's phone: registered by the owner, then Lek signs in on it with her name and PIN. */
async function signInAsHousekeeping(page: Page, server: ServerProcess, path: string) {
  await registerDeviceAndTeam(page, server.adminPassword, 'Housekeeping phone');
  await page.goto(path);
  await signInAs(page, lek);
}

// Two browsers and three password logins (scrypt at full strength) on a shared machine: more than the default.
test.describe.configure({ timeout: 120_000 });
/** What one device does reaches the other through a write, an event and a reload of the page's data. */
const acrossDevices = { timeout: 15_000 };

async function openContexts(browser: Browser) {
  const desk = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const phone = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  });
  return { desk, phone, deskPage: await desk.newPage(), phonePage: await phone.newPage() };
}

/** Marks the page, so a later check can tell it was never reloaded (a reload forgets the mark). */
const markPage = (page: Page) =>
  page.evaluate(() => document.documentElement.setAttribute('data-not-reloaded', ''));
const stillTheSamePage = (page: Page) => expect(page.locator('html[data-not-reloaded]')).toHaveCount(1);

test('the desk asks for a fridge check, the phone counts it, the desk sees the amount without a reload', async ({
  browser,
  server,
  adminApi,
}) => {
  await adminApi.setDrinks(testDrinks);
  await adminApi.setGuest(testGuest);
  const { desk, phone, deskPage, phonePage } = await openContexts(browser);

  await loginAsAdmin(deskPage, server.adminPassword, '/admin/bungalows');
  await signInAsHousekeeping(phonePage, server, '/admin/requests');
  const phoneRequests = phonePage.getByRole('region', { name: 'Open check requests' });
  await expect(phoneRequests).toContainText('No fridge check is asked for right now');
  await expect(phonePage.getByText('Live', { exact: true })).toBeVisible();
  await markPage(phonePage);

  // The guest hands in the key: the desk asks for bungalow 12's fridge.
  const bungalow12 = deskPage.getByRole('listitem', { name: 'Bungalow 12', exact: true });
  await bungalow12.getByRole('button', { name: 'Ask for a fridge check of bungalow 12' }).click();
  await expect(bungalow12).toContainText('waiting for housekeeping', acrossDevices);
  await openAdminPage(deskPage, 'History');
  await markPage(deskPage);

  // Housekeeping's phone shows it as it comes, and opens the bungalow's checkout from it.
  const request = phoneRequests.getByRole('listitem').filter({ hasText: 'Bungalow 12' });
  await expect(request).toBeVisible(acrossDevices);
  await stillTheSamePage(phonePage);
  await expect(phonePage.getByRole('list', { name: 'What came in' })).toContainText(
    'Fridge check asked: bungalow 12',
    acrossDevices,
  );
  await request.getByRole('link', { name: 'Check the fridge of bungalow 12' }).click();
  await expect(phonePage).toHaveURL(/\/checkout\?bungalow=12$/);
  await addMissing(phonePage, 'Coke', 1);
  await addMissing(phonePage, 'Wine', 1);
  await phonePage.getByRole('button', { name: 'Share Receipt' }).click();
  await expect(phonePage.getByText(/^Recorded as #\d+$/)).toBeVisible();

  // The desk, still on the history it opened, sees the amount arrive.
  await expect(deskPage.getByRole('list', { name: 'What came in' })).toContainText(
    'Bungalow 12: 490 THB',
    acrossDevices,
  );
  const entries = deskPage.getByRole('list', { name: 'Checkouts, newest first' }).locator(':scope > li');
  const entry = entries.filter({ has: deskPage.getByRole('heading', { name: /^Bungalow 12 ·/ }) });
  await expect(entry).toHaveCount(1, acrossDevices);
  await expect(entry).toContainText('490 THB');
  await expect(entry).toContainText('Guest: Ana Silva');
  await stillTheSamePage(deskPage);

  // The checkout answered the request: it is gone from the list, and the desk's bungalow no longer waits.
  await phonePage.goto('/admin/requests');
  await expect(phoneRequests).toContainText('No fridge check is asked for right now');
  await openAdminPage(deskPage, 'Bungalows');
  await expect(
    bungalow12.getByRole('button', { name: 'Ask for a fridge check of bungalow 12' }),
  ).toBeVisible();

  await desk.close();
  await phone.close();
});

test('"Nothing missing" on the phone answers the request; the desk sees it come in', async ({
  browser,
  server,
  adminApi,
}) => {
  await adminApi.setDrinks(testDrinks);
  await adminApi.setGuest(testGuest);
  const { desk, phone, deskPage, phonePage } = await openContexts(browser);
  await loginAsAdmin(deskPage, server.adminPassword, '/admin/bungalows');
  await signInAsHousekeeping(phonePage, server, '/admin/requests');

  const bungalow5 = deskPage.getByRole('listitem', { name: 'Bungalow 5', exact: true });
  await bungalow5.getByRole('button', { name: 'Ask for a fridge check of bungalow 5' }).click();
  await expect(bungalow5).toContainText('waiting for housekeeping', acrossDevices);

  const request = phonePage.getByRole('listitem').filter({ hasText: 'Bungalow 5' });
  await request.getByRole('button', { name: 'Nothing missing in bungalow 5' }).click();
  await expect(phonePage.getByRole('region', { name: 'Open check requests' })).toContainText(
    'No fridge check is asked for right now',
  );

  await expect(deskPage.getByRole('list', { name: 'What came in' })).toContainText(
    'Bungalow 5: nothing missing',
  );
  await expect(bungalow5.getByRole('button', { name: 'Ask for a fridge check of bungalow 5' })).toBeVisible(
    acrossDevices,
  );

  await desk.close();
  await phone.close();
});

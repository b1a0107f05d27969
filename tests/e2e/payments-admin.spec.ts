import fs from 'node:fs';
import { type Page, request } from '@playwright/test';
import type { ServerProcess } from '../support/server-process';
import { loginAsAdmin, openAdminPage } from './admin-helpers';
import { expectNoSeriousAxeViolations } from './axe';
import { testDrinks, testGuest, toastWith } from './checkout-helpers';
import { expect, test } from './fixtures';
import { ownerApi } from './owner-api';
import { readQr, saveSettingsAsStaff } from './payments-helpers';

/** Guests sharing their receipts: checkouts recorded through the public API, as the checkout page does. */
async function recordCheckouts(
  server: ServerProcess,
  carts: { bungalow: number; items: Record<number, number> }[],
) {
  const api = await request.newContext({
    baseURL: server.baseURL,
    extraHTTPHeaders: { Origin: server.baseURL },
  });
  try {
    for (const cart of carts) {
      const items = Object.entries(cart.items).map(([drinkId, missing]) => ({
        drinkId: Number(drinkId),
        missing,
      }));
      const response = await api.post('/api/checkouts', { data: { bungalow: cart.bungalow, items } });
      expect(response.status(), await response.text()).toBe(201);
    }
  } finally {
    await api.dispose();
  }
}

const section = (page: Page, name: string) => page.getByRole('region', { name });
const historyEntries = (page: Page) =>
  section(page, 'Checkout history')
    .getByRole('list', { name: 'Checkouts, newest first' })
    .locator(':scope > li');
const entryOf = (page: Page, bungalow: number) =>
  historyEntries(page).filter({
    has: page.getByRole('heading', { name: new RegExp(`^Bungalow ${bungalow} ·`) }),
  });

test('staff mark a checkout paid and undo it; the unpaid filter and the overview follow', async ({
  page,
  adminApi,
  server,
}) => {
  test.slow();
  const [coke, chang, wine] = await adminApi.setDrinks(testDrinks);
  await adminApi.setGuest(testGuest);
  if (!coke || !chang || !wine) throw new Error('the test drinks were not created');
  await recordCheckouts(server, [
    { bungalow: 3, items: { [coke.id]: 2 } },
    { bungalow: 7, items: { [chang.id]: 1 } },
    { bungalow: 8, items: { [wine.id]: 1 } },
  ]);

  // The overview: all three owed, 80 + 80 + 450 THB.
  await loginAsAdmin(page, server.adminPassword, '/admin/overview');
  const unpaidCard = section(page, 'Unpaid checkouts');
  await expect(unpaidCard.getByRole('definition').filter({ hasText: /^3$/ })).toBeVisible();
  await expect(unpaidCard.getByText('610 THB')).toBeVisible();
  await expectNoSeriousAxeViolations(page);

  // Its link opens the history filtered to what is owed, the filter in the URL.
  await unpaidCard.getByRole('link', { name: 'Show the unpaid checkouts' }).click();
  await expect(page).toHaveURL(/\/admin\/history\?paid=false$/);
  await expect(historyEntries(page)).toHaveCount(3);
  await expect(page.getByLabel('Payment')).toHaveValue('false');

  // Bungalow 7 pays by card.
  const seven = entryOf(page, 7);
  await expect(seven.getByText('Unpaid: 80 THB owed')).toBeVisible();
  await seven.getByLabel('Paid by').selectOption({ label: 'Card' });
  await seven.getByRole('button', { name: /^Mark checkout #\d+ \(bungalow 7\) paid$/ }).click();
  await expect(toastWith(page, 'Checkout marked paid')).toBeVisible();
  // Filtered to unpaid, it leaves the list.
  await expect(historyEntries(page)).toHaveCount(2);
  await expect(entryOf(page, 7)).toHaveCount(0);

  // All checkouts: bungalow 7 shows how, when and by whom.
  await page.getByLabel('Payment').selectOption({ label: 'All checkouts' });
  await page.getByRole('button', { name: 'Show checkouts' }).click();
  await expect(page).toHaveURL(/\/admin\/history$|\/admin\/history\?$/);
  await expect(historyEntries(page)).toHaveCount(3);
  await expect(seven.getByText('Paid: Card')).toBeVisible();
  await expect(seven.getByText(/^Marked paid \(Card\) by Owner, \d{2}:\d{2}$/)).toBeVisible();
  await expectNoSeriousAxeViolations(page);

  // The overview counts it no more.
  await openAdminPage(page, 'Overview');
  await expect(unpaidCard.getByText('530 THB')).toBeVisible();

  // Undo: unpaid again, both changes kept on the server.
  await openAdminPage(page, 'History');
  await seven.getByRole('button', { name: /^Undo the payment of checkout #\d+ \(bungalow 7\)$/ }).click();
  await expect(toastWith(page, 'Payment undone: the checkout is unpaid again')).toBeVisible();
  await expect(seven.getByText('Unpaid: 80 THB owed')).toBeVisible();
  const stored = (await adminApi.checkouts()) as {
    bungalow: number;
    paymentEvents: { method: string | null }[];
  }[];
  expect(stored.find((c) => c.bungalow === 7)?.paymentEvents.map((e) => e.method)).toEqual(['card', null]);

  // A voided checkout is owed nothing: no "Mark paid", and out of the unpaid list and figures.
  const eight = entryOf(page, 8);
  await eight.getByRole('button', { name: /^Void checkout #\d+/ }).click();
  await eight.getByLabel(/Reason for voiding checkout/).fill('Wine returned unopened');
  await eight.getByRole('button', { name: 'Void checkout' }).click();
  await expect(eight).toContainText('Voided');
  await expect(eight.getByRole('button', { name: /^Mark checkout/ })).toHaveCount(0);
  await page.goto('/admin/history?paid=false');
  await expect(historyEntries(page)).toHaveCount(2);
  await openAdminPage(page, 'Overview');
  await expect(unpaidCard.getByText('160 THB')).toBeVisible();
});

test('a checkout voided on another device meanwhile: Mark paid says why and changes nothing', async ({
  page,
  adminApi,
  server,
}) => {
  // Two password sign-ins (the page's and the other device's): scrypt takes seconds on a busy machine.
  test.setTimeout(90_000);
  const [coke] = await adminApi.setDrinks(testDrinks);
  await adminApi.setGuest(testGuest);
  if (!coke) throw new Error('no test drink');
  await recordCheckouts(server, [{ bungalow: 4, items: { [coke.id]: 1 } }]);
  // A desk whose live stream is down (the live desk would otherwise show the void at once, and take the
  // button away): its page still offers Mark paid, and the server must refuse it.
  await page.route('**/api/events**', (route) => route.abort());
  await loginAsAdmin(page, server.adminPassword, '/admin/history');
  const four = entryOf(page, 4);
  await expect(four.getByText('Unpaid: 40 THB owed')).toBeVisible();

  const [checkout] = (await adminApi.checkouts()) as { id: number }[];
  const api = await ownerApi(server);
  expect(
    (await api.post(`/api/checkouts/${checkout?.id}/void`, { data: { reason: 'Counted twice' } })).status(),
  ).toBe(200);
  await api.dispose();

  await four.getByRole('button', { name: /^Mark checkout #\d+ \(bungalow 4\) paid$/ }).click();
  await expect(
    page
      .getByRole('alert')
      .filter({ hasText: 'a voided checkout is owed nothing and cannot be marked paid' }),
  ).toBeVisible();
  const [after] = (await adminApi.checkouts()) as { payment: unknown; paymentEvents: unknown[] }[];
  expect(after).toMatchObject({ payment: null, paymentEvents: [] });
});

/** A sticker's link: the bungalow's checkout and its key `k` (22 base64url characters). */
const stickerLinkPattern = (checkout: string) =>
  new RegExp(`^${checkout.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}&k=[A-Za-z0-9_-]{22}$`);

test('the QR sticker page: one card per bungalow whose code opens its checkout, clean on A4', async ({
  page,
  server,
}) => {
  test.slow();
  await saveSettingsAsStaff(server, {
    resortName: 'Koh Lanta Huts',
    bungalows: '1-12, 30',
    publicUrl: 'https://fridge.example.com/',
  });
  await loginAsAdmin(page, server.adminPassword, '/admin');
  await openAdminPage(page, 'QR stickers');
  await expect(page).toHaveURL(/\/admin\/stickers$/);
  const stickers = page.getByRole('list', { name: 'Stickers' }).getByRole('listitem');
  await expect(stickers).toHaveCount(13);
  for (const bungalow of [1, 2, 12, 30]) {
    const sticker = stickers.filter({
      has: page.getByRole('heading', { name: `Bungalow ${bungalow}`, exact: true }),
    });
    await expect(sticker.getByText('Koh Lanta Huts')).toBeVisible();
    await expect(sticker.getByText('Scan to check your fridge')).toBeVisible();
    // The link carries the bungalow's key (abuse resistance): a check from the page it opens is verified.
    const link = stickerLinkPattern(`https://fridge.example.com/checkout?bungalow=${bungalow}`);
    expect(
      await readQr(sticker.getByRole('img', { name: new RegExp(`^QR code: ${link.source.slice(1)}`) })),
    ).toMatch(link);
  }
  await expectNoSeriousAxeViolations(page);

  // Printed: A4 pages of twelve stickers only (the nav, header and button stay off the paper).
  const pdf = await page.pdf({ preferCSSPageSize: true });
  fs.mkdirSync('test-results/screenshots', { recursive: true });
  fs.writeFileSync('test-results/screenshots/qr-stickers.pdf', pdf);
  const source = pdf.toString('latin1');
  expect(source.match(/\/Type\s*\/Page\b/g)).toHaveLength(2);
  const box = /\/MediaBox \[0 0 ([\d.]+) ([\d.]+)\]/.exec(source);
  expect(Number(box?.[1])).toBeCloseTo(595.28, -1);
  expect(Number(box?.[2])).toBeCloseTo(841.89, -1);

  // Without a public address, the stickers link to the address the page was opened on.
  await saveSettingsAsStaff(server, { publicUrl: '' });
  await page.reload();
  const first = stickers.filter({ has: page.getByRole('heading', { name: 'Bungalow 1', exact: true }) });
  const localLink = stickerLinkPattern(`${server.baseURL}/checkout?bungalow=1`);
  const local = await readQr(
    first.getByRole('img', { name: new RegExp(`^QR code: ${localLink.source.slice(1)}`) }),
  );
  expect(local).toMatch(localLink);
  // The link itself works: it opens bungalow 1's fridge check.
  await page.goto(local ?? '');
  await expect(page.getByText('Bungalow 1', { exact: true })).toBeVisible();
});

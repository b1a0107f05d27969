import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { csvColumns } from '../../src/shared/staff-constants';
import { parseCsv } from '../support/csv-parse';
import { loginAsAdmin, openAdminPage } from './admin-helpers';
import { expectNoSeriousAxeViolations } from './axe';
import { addMissing, testDrinks, testGuest, toastWith } from './checkout-helpers';
import { expect, test } from './fixtures';

/** A guest's checkout on /checkout, recorded through 'Share Receipt' as on a tablet. */
async function checkoutOnScreen(page: Page, bungalow: number, cart: Record<string, number>) {
  await page.goto(`/checkout?bungalow=${bungalow}`);
  for (const [drink, count] of Object.entries(cart)) await addMissing(page, drink, count);
  await page.getByRole('button', { name: 'Share Receipt' }).click();
  await expect(toastWith(page, 'Ready to share receipt!')).toBeVisible();
}

const section = (page: Page, name: string) => page.getByRole('region', { name });
const historyEntries = (page: Page) =>
  section(page, 'Checkout history')
    .getByRole('list', { name: 'Checkouts, newest first' })
    .locator(':scope > li');

test('staff find checkouts in the history, re-download a receipt, void one, restock and export', async ({
  page,
  adminApi,
  server,
}) => {
  // Three pages, each checked with axe, on a busy 2-core machine: more than the default 30 s.
  test.slow();
  await adminApi.setDrinks(testDrinks);
  await adminApi.setGuest(testGuest);
  await checkoutOnScreen(page, 3, { Coke: 2 });
  await checkoutOnScreen(page, 3, { Chang: 1 });
  await checkoutOnScreen(page, 8, { Wine: 1, Coke: 1 });

  await loginAsAdmin(page, server.adminPassword, '/admin/history');

  // History: all three, newest first, each with its lines and total.
  const history = section(page, 'Checkout history');
  await expect(historyEntries(page)).toHaveCount(3);
  const newest = historyEntries(page).first();
  await expect(newest).toContainText('Bungalow 8');
  await expect(newest).toContainText(`Guest: ${testGuest.name}`);
  await expect(newest).toContainText('1 x Wine');
  await expect(newest).toContainText('490 THB');

  // Filter by bungalow, then clear.
  await history.getByLabel('Bungalow', { exact: true }).fill('3');
  await history.getByRole('button', { name: 'Show checkouts' }).click();
  await expect(page).toHaveURL(/bungalow=3/);
  await expect(historyEntries(page)).toHaveCount(2);
  await expect(historyEntries(page).filter({ hasText: 'Bungalow 8' })).toHaveCount(0);
  await history.getByRole('link', { name: 'Clear filters' }).click();
  await expect(historyEntries(page)).toHaveCount(3);

  // The receipt again: same file name and text as the checkout's own PDF.
  const bungalow8 = historyEntries(page).filter({ hasText: 'Bungalow 8' });
  const downloading = page.waitForEvent('download');
  await bungalow8
    .getByRole('button', { name: /^Download the receipt of checkout #\d+ \(bungalow 8\)$/ })
    .click();
  const receipt = await downloading;
  expect(receipt.suggestedFilename()).toBe('bungalow-8-checkout.pdf');
  const pdf = fs.readFileSync(await receipt.path()).toString('latin1');
  expect(pdf.startsWith('%PDF-')).toBe(true);
  for (const text of [
    'Bungalow #8 Fridge Checkout',
    '1 x Wine',
    '450 THB',
    '1 x Coke',
    'Total Cost',
    '490 THB',
  ]) {
    expect(pdf, text).toContain(text);
  }

  // Before the void: the restock list and the chart count all three checkouts.
  await openAdminPage(page, 'Restock');
  const restock = section(page, 'Restock list');
  const resortTotals = restock.getByRole('table', { name: /From the storeroom/ });
  await expect(resortTotals).toContainText('whole resort (5 units)');
  await expect(resortTotals.getByRole('row', { name: 'Coke 3' })).toBeVisible();
  const restock8 = restock
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: 'Bungalow 8' }) });
  await expect(restock8).toContainText('Wine');
  await openAdminPage(page, 'Reports');
  const consumption = section(page, 'Consumption');
  await expect(consumption.getByText('Period total: 650 THB')).toBeVisible();
  await expect(consumption.getByRole('img', { name: /Bar chart of THB per day over 7 days/ })).toBeVisible();
  await expect(consumption.getByRole('row', { name: 'Wine 1 450' })).toBeVisible();

  // Void bungalow 8's checkout: a reason is required; it stays listed, marked.
  await openAdminPage(page, 'History');
  await bungalow8.getByRole('button', { name: /^Void checkout #\d+/ }).click();
  const reason = bungalow8.getByLabel(/Reason for voiding checkout/);
  await bungalow8.getByRole('button', { name: 'Void checkout' }).click();
  await expect(bungalow8.getByText('A reason is required to void a checkout')).toBeVisible();
  await reason.fill('Guest returned the wine unopened');
  await bungalow8.getByRole('button', { name: 'Void checkout' }).click();
  await expect(toastWith(page, 'Checkout voided')).toBeVisible();
  await expect(bungalow8).toContainText('Voided');
  await expect(bungalow8).toContainText('Guest returned the wine unopened');
  await expect(historyEntries(page)).toHaveCount(3);

  // With every staff screen filled (a voided entry, bars, tables): no serious accessibility problem.
  await expectNoSeriousAxeViolations(page);

  // ...and stops counting: out of the restock list and the chart.
  await openAdminPage(page, 'Reports');
  await expect(consumption.getByText('Period total: 160 THB')).toBeVisible();
  await expect(consumption.getByRole('row', { name: /^Wine/ })).toHaveCount(0);
  await expectNoSeriousAxeViolations(page);
  await openAdminPage(page, 'Restock');
  await expect(restock8).toHaveCount(0);
  await expect(resortTotals).toContainText('whole resort (3 units)');
  await expect(resortTotals.getByRole('row', { name: 'Coke 2' })).toBeVisible();
  await expectNoSeriousAxeViolations(page);

  // Bungalow 3's fridge is refilled.
  await restock.getByRole('button', { name: 'Restocked bungalow 3' }).click();
  await expect(toastWith(page, 'Restock recorded')).toBeVisible();
  await expect(restock.getByText('Every fridge is full')).toBeVisible();

  // The accountant's CSV: one row per line, voided lines marked.
  await openAdminPage(page, 'Reports');
  // As staff do, the page is read before the tap: the chart comes in above the export and moves its link down,
  // and a click aimed while it was still loading landed beside it (CI: no download, the test's time ran out).
  await expect(consumption.getByText('Period total: 160 THB')).toBeVisible();
  const exportSection = section(page, 'Export checkouts (CSV)');
  const csvDownload = page.waitForEvent('download');
  await exportSection.getByRole('link', { name: 'Download CSV' }).click();
  const csv = await csvDownload;
  expect(csv.suggestedFilename()).toMatch(/^fridge-checkouts-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv$/);
  const text = fs.readFileSync(await csv.path(), 'utf8');
  const [header = [], ...rows] = parseCsv(text.replace(/^\uFEFF/, ''));
  expect(header).toEqual([...csvColumns]);
  const summary = rows.map((row) => `${row[2]} ${row[5]} x ${row[4]} ${row[9]}`);
  expect(summary.slice(0, 2)).toEqual(['3 2 x Coke recorded', '3 1 x Chang recorded']);
  expect(summary.slice(2).sort()).toEqual(['8 1 x Coke voided', '8 1 x Wine voided']);
  expect(rows.every((row) => row[3] === testGuest.name)).toBe(true);
});

test("the staff pages' code (chart included) loads only in the admin workspace, never with /checkout", async ({
  page,
  server,
}) => {
  const scripts = new Map<string, string>();
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    scripts.set(response.url(), '');
    // A body the browser let go when the page moved on (the checkout's last chunks as /admin loads) cannot be
    // read: its address is kept, and the address check below still covers it.
    response.text().then(
      (source) => scripts.set(response.url(), source),
      () => {},
    );
  });
  // Texts that exist only in the staff tools' components.
  const staffMarkers = ['Print restock list', 'Figures per day', 'Reason for voiding checkout'];
  const loadedWith = (marker: string) => [...scripts.values()].some((source) => source.includes(marker));

  await page.goto('/checkout');
  await expect(page.getByRole('button', { name: 'Add one Coke' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(scripts.size).toBeGreaterThan(0);
  for (const marker of staffMarkers) expect(loadedWith(marker), marker).toBe(false);
  expect([...scripts.keys()].some((url) => /admin|-route-/.test(url))).toBe(false);

  await loginAsAdmin(page, server.adminPassword);
  for (const label of ['Restock', 'History', 'Reports']) await openAdminPage(page, label);
  await expect(page.getByRole('region', { name: 'Consumption' })).toBeVisible();
  for (const marker of staffMarkers) expect(loadedWith(marker), marker).toBe(true);
});

test("the export's days live in the URL: a link to a month's export opens with them, and a change is kept on reload", async ({
  page,
  server,
}) => {
  const consumptionReads: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/consumption') consumptionReads.push(request.url());
  });
  await loginAsAdmin(
    page,
    server.adminPassword,
    '/admin/reports?days=30&from=2026-03-01&to=2026-03-31#export',
  );
  const exportSection = section(page, 'Export checkouts (CSV)');
  const from = exportSection.getByLabel('Export from (resort day)');
  const to = exportSection.getByLabel('Export to (resort day)');
  await expect(from).toHaveValue('2026-03-01');
  await expect(to).toHaveValue('2026-03-31');
  const download = exportSection.getByRole('link', { name: 'Download CSV' });
  await expect(download).toHaveAttribute('href', '/api/checkouts/export.csv?from=2026-03-01&to=2026-03-31');
  await expect.poll(() => consumptionReads.length).toBe(1);

  // A new end day: the link and the URL follow, the period stays, the consumption is not read again.
  await to.fill('2026-04-15');
  await expect(download).toHaveAttribute('href', '/api/checkouts/export.csv?from=2026-03-01&to=2026-04-15');
  await expect(page).toHaveURL(/\/admin\/reports\?days=30&from=2026-03-01&to=2026-04-15/);
  expect(consumptionReads).toHaveLength(1);

  // A start after the end: said, and nothing to download.
  await from.fill('2026-05-01');
  await expect(exportSection.getByText('The start date must not be after the end date')).toBeVisible();
  await expect(download).toHaveCount(0);

  await from.fill('2026-04-01');
  await expect(page).toHaveURL(/from=2026-04-01&to=2026-04-15/);
  await page.reload();
  await expect(from).toHaveValue('2026-04-01');
  await expect(to).toHaveValue('2026-04-15');
  await expect(download).toHaveAttribute('href', '/api/checkouts/export.csv?from=2026-04-01&to=2026-04-15');

  // Without days in the URL, the last 30 of the resort's calendar, as before.
  await page.goto('/admin/reports');
  const resortToday = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Bangkok' }).format(new Date());
  await expect(to).toHaveValue(resortToday);
});

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { parseCsv } from '../support/csv-parse';
import { databaseAt001 } from '../support/database-at-001';
import { startServer } from '../support/server-process';
import { loginAsAdmin, openAdminPage } from './admin-helpers';
import { test as base, expect } from './fixtures';

/** Two checkouts recorded by the spec's app, before payments were tracked. */
const oldCheckouts = [
  { bungalow: 2, drink: 'Coke', quantity: 3, price: 40 },
  { bungalow: 5, drink: 'Wine', quantity: 1, price: 450 },
];

/**
 * The server of this version started on a resort's database from before payments (migration 001 only, with
 * checkouts on it): it upgrades the file as it starts, as it would on the resort's own machine.
 */
const test = base.extend({
  server: async ({}, use) => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fridge-upgrade-'));
    const { db, drop } = await databaseAt001('sqlite', { sqliteFile: path.join(dataDir, 'fridge.sqlite') });
    // An hour ago: inside the history's and the export's default days.
    const createdAt = new Date(Date.now() - 3_600_000).toISOString();
    for (const old of oldCheckouts) {
      const total = old.quantity * old.price;
      const { id } = await db.kysely
        .insertInto('checkouts')
        .values({ bungalow: old.bungalow, created_at: createdAt, guest_name: 'Old Guest', total })
        .returning('id')
        .executeTakeFirstOrThrow();
      await db.kysely
        .insertInto('checkout_lines')
        .values({
          checkout_id: id,
          drink_id: 1,
          drink_name: old.drink,
          quantity: old.quantity,
          unit_price: old.price,
          line_total: total,
        })
        .execute();
    }
    await drop();
    const server = await startServer({ dataDir });
    await use(server);
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  },
});

const section = (page: Page, name: string) => page.getByRole('region', { name });
const entryOf = (page: Page, bungalow: number) =>
  section(page, 'Checkout history')
    .getByRole('list', { name: 'Checkouts, newest first' })
    .locator(':scope > li')
    .filter({ has: page.getByRole('heading', { name: new RegExp(`^Bungalow ${bungalow} ·`) }) });

test('an upgraded resort: checkouts from before payments say "Payment not tracked" and are not owed', async ({
  page,
  server,
}) => {
  // Its own server (an upgraded database) starts inside the test's time: 23 s of 30 in CI.
  test.slow();
  await loginAsAdmin(page, server.adminPassword, '/admin/overview');
  // The resort's past is not shown as owed.
  const unpaidCard = section(page, 'Unpaid checkouts');
  await expect(unpaidCard.getByText('Nothing is owed.')).toBeVisible();

  await openAdminPage(page, 'History');
  for (const { bungalow } of oldCheckouts) {
    const entry = entryOf(page, bungalow);
    await expect(entry.getByText('Payment not tracked')).toBeVisible();
    await expect(entry.getByText(/^Unpaid/)).toHaveCount(0);
  }
  await page.goto('/admin/history?paid=false');
  await expect(
    section(page, 'Checkout history').getByText('No checkouts match these filters.'),
  ).toBeVisible();

  // Staff who know bungalow 5 paid in cash mark it: from then on it is tracked.
  await page.goto('/admin/history');
  const five = entryOf(page, 5);
  await five.getByLabel('Paid by').selectOption({ label: 'Cash' });
  await five.getByRole('button', { name: /^Mark checkout #\d+ \(bungalow 5\) paid$/ }).click();
  await expect(five.getByText('Paid: Cash')).toBeVisible();

  // The accountant's CSV says the same.
  await openAdminPage(page, 'Reports');
  // The chart comes in above the export and moves its link down: read first, then tap (as in staff-tools).
  await expect(section(page, 'Consumption').getByText(/^Period total:/)).toBeVisible();
  const csvDownload = page.waitForEvent('download');
  await section(page, 'Export checkouts (CSV)').getByRole('link', { name: 'Download CSV' }).click();
  const text = fs.readFileSync(await (await csvDownload).path(), 'utf8');
  const [header = [], ...rows] = parseCsv(text.replace(/^\uFEFF/, ''));
  const records = rows.map((row) => Object.fromEntries(header.map((name, i) => [name, row[i]])));
  expect(records.map((r) => [r.bungalow, r.payment_status, r.payment_method]).sort()).toEqual([
    ['2', 'not tracked', ''],
    ['5', 'paid', 'cash'],
  ]);
});

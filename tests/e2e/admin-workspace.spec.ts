import fs from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import { texts, toastTexts } from '../../src/shared/constants';
import { adminNav, fillTheResort, loginAsAdmin, openAdminPage } from './admin-helpers';
import { expectNoSeriousAxeViolations } from './axe';
import { toastWith } from './checkout-helpers';
import { expect, test } from './fixtures';

/** Every page of the workspace: its nav label, its address, and something only that page shows. */
const workspacePages: { label: string; path: string; marker: (page: Page) => Locator }[] = [
  // The spec's panel: its Drinks list and its Guest Information form on one page.
  {
    label: 'Panel',
    path: '/admin',
    marker: (page) => page.getByRole('form', { name: texts.guestInformation }),
  },
  {
    label: 'Overview',
    path: '/admin/overview',
    marker: (page) => page.getByRole('region', { name: 'Today' }),
  },
  {
    label: 'Drinks',
    path: '/admin/drinks',
    marker: (page) => page.getByRole('region', { name: 'Order at checkout' }),
  },
  {
    label: 'Bungalows',
    path: '/admin/bungalows',
    marker: (page) => page.getByRole('form', { name: texts.guestInformation }),
  },
  {
    label: 'Restock',
    path: '/admin/restock',
    marker: (page) => page.getByRole('region', { name: 'Restock list' }),
  },
  {
    label: 'History',
    path: '/admin/history',
    marker: (page) => page.getByRole('region', { name: 'Checkout history' }),
  },
  {
    label: 'Reports',
    path: '/admin/reports',
    marker: (page) => page.getByRole('region', { name: 'Consumption' }),
  },
  {
    label: 'Settings',
    path: '/admin/settings',
    marker: (page) => page.getByRole('form', { name: 'Resort settings' }),
  },
];

const sizes = [
  { name: 'phone', viewport: { width: 390, height: 844 } },
  { name: 'desk', viewport: { width: 1280, height: 900 } },
] as const;

const modalOf = (page: Page) => page.getByRole('dialog', { name: texts.adminAccess });

const screenshotDir = 'test-results/screenshots';

for (const size of sizes) {
  test.describe(`the admin workspace on a ${size.name} (${size.viewport.width}x${size.viewport.height})`, () => {
    test.use({ viewport: size.viewport });

    test('every page opens from the nav and from its address, passes axe, and is photographed', async ({
      page,
      server,
      adminApi,
    }) => {
      // Eight pages, each checked by axe, on a shared 2-core machine.
      test.setTimeout(180_000);
      await fillTheResort(adminApi, page);
      fs.mkdirSync(screenshotDir, { recursive: true });

      await loginAsAdmin(page, server.adminPassword);
      const nav = adminNav(page);
      const navBox = await nav.boundingBox();
      if (size.name === 'phone') {
        // A bar along the bottom edge, where the thumb is.
        expect(navBox?.y ?? 0).toBeGreaterThan(size.viewport.height - 100);
        expect(navBox?.width).toBe(size.viewport.width);
      } else {
        // A column on the left, the page beside it using the width (the old panel was a 580 px column).
        expect(navBox?.x ?? 999).toBeLessThan(300);
        const drinksBox = await page.getByRole('region', { name: 'Drinks', exact: true }).boundingBox();
        expect(drinksBox?.x ?? 0).toBeGreaterThan((navBox?.x ?? 0) + (navBox?.width ?? 0));
        const mainBox = await page.getByRole('main').boundingBox();
        expect(mainBox?.width ?? 0).toBeGreaterThan(1000);
      }

      for (const target of workspacePages) {
        await openAdminPage(page, target.label);
        await expect(page).toHaveURL(new RegExp(`${target.path}$`));
        await expect(target.marker(page)).toBeVisible();
        await expect(page.getByRole('heading', { name: texts.adminPanel })).toBeVisible();
        // Wait for the page's data, so the picture and axe see the page as staff do.
        await expect(page.getByText(texts.loading)).toHaveCount(0);
        await expectNoSeriousAxeViolations(page, target.label);
        await page.screenshot({
          path: `${screenshotDir}/${size.name}-${target.label.toLowerCase()}.png`,
          fullPage: true,
        });
      }

      // The same pages by their addresses, as a bookmark or a shared link opens them.
      for (const target of workspacePages) {
        await page.goto(target.path);
        await expect(target.marker(page)).toBeVisible();
        await expect(
          nav.getByRole('link', { name: target.label, exact: true, includeHidden: true }),
        ).toHaveAttribute('aria-current', 'page');
      }
    });

    test('a filtered history link survives a reload; the modal guards a deep link', async ({
      page,
      server,
      adminApi,
    }) => {
      await fillTheResort(adminApi, page);
      // The history's days are the resort's (Asia/Bangkok by default), not UTC days.
      const today = new Date().toLocaleDateString('en-CA', { timeZone: 'Asia/Bangkok' });
      const link = `/admin/history?bungalow=3&from=${today}&to=${today}`;
      // Without a session the link asks for the password first, then opens the filtered page.
      await page.goto(link);
      await expect(modalOf(page)).toBeVisible();
      await expect(page.getByRole('region', { name: 'Checkout history' })).toHaveCount(0);
      await modalOf(page).getByLabel('Admin password').fill(server.adminPassword);
      await page.keyboard.press('Enter');
      const history = page.getByRole('region', { name: 'Checkout history' });
      const entries = history.getByRole('list', { name: 'Checkouts, newest first' }).locator(':scope > li');
      await expect(entries).toHaveCount(2);
      await expect(history.getByLabel('Bungalow', { exact: true })).toHaveValue('3');

      await page.reload();
      await expect(entries).toHaveCount(2);
      await expect(history.getByLabel('Bungalow', { exact: true })).toHaveValue('3');
      await expect(history.getByLabel('From (resort day)')).toHaveValue(today);
      await expect(entries.filter({ hasText: 'Bungalow 12' })).toHaveCount(0);

      // Back from another page returns to the same filtered list.
      await openAdminPage(page, 'Drinks');
      await page.goBack();
      await expect(page).toHaveURL(/bungalow=3/);
      await expect(entries).toHaveCount(2);
    });

    test('a session that ends on the history page keeps the typed void reason; Lock works there too', async ({
      page,
      server,
      adminApi,
    }) => {
      test.slow();
      await fillTheResort(adminApi, page);
      await loginAsAdmin(page, server.adminPassword, '/admin/history?bungalow=12');
      const history = page.getByRole('region', { name: 'Checkout history' });
      const entry = history.getByRole('listitem').filter({ hasText: 'Bungalow 12' }).first();
      await entry.getByRole('button', { name: /^Void checkout #\d+/ }).click();
      await entry.getByLabel(/Reason for voiding checkout/).fill('Wine returned unopened');

      // The server forgets the session (as after 30 idle minutes); the browser still holds the cookie.
      expect(
        (await page.request.delete('/api/session', { headers: { Origin: server.baseURL } })).status(),
      ).toBe(204);
      await entry.getByRole('button', { name: 'Void checkout' }).click();
      const modal = modalOf(page);
      await expect(modal).toBeVisible();
      await expect(modal).toContainText('Your admin session has ended');
      await expect(toastWith(page, 'Failed to void the checkout')).toHaveCount(0);
      // The page stays behind the modal, as it was.
      await expect(entry.getByLabel(/Reason for voiding checkout/)).toHaveValue('Wine returned unopened');

      await modal.getByLabel('Admin password').fill(server.adminPassword);
      await modal.getByRole('button', { name: 'Login' }).click();
      await expect(modal).toBeHidden();
      await expect(page).toHaveURL(/\/admin\/history\?bungalow=12$/);
      await expect(entry.getByLabel(/Reason for voiding checkout/)).toHaveValue('Wine returned unopened');
      await entry.getByRole('button', { name: 'Void checkout' }).click();
      await expect(toastWith(page, 'Checkout voided')).toBeVisible();
      await expect(entry).toContainText('Wine returned unopened');

      // Lock on this page: the modal, no workspace behind it, and no session on the server.
      await page.getByRole('button', { name: 'Lock admin panel' }).click();
      await expect(modal).toBeVisible();
      await expect(page.getByRole('heading', { name: texts.adminPanel })).toHaveCount(0);
      await expect(adminNav(page)).toHaveCount(0);
      expect(await (await page.request.get('/api/session')).json()).toMatchObject({
        authenticated: false,
        user: null,
        device: null,
      });
      await page.reload();
      await expect(modal).toBeVisible();
      await expect(history).toHaveCount(0);
      await expect(page.getByText(toastTexts.failedToLoad)).toHaveCount(0);
    });
  });
}

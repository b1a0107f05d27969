import type { Locator, Page } from '@playwright/test';
import { adminEn } from '../../src/shared/i18n/admin-en';
import { adminTh } from '../../src/shared/i18n/admin-th';
import { en } from '../../src/shared/i18n/en';
import { th } from '../../src/shared/i18n/th';
import { adminNav, fillTheResort } from './admin-helpers';
import { expectNoSeriousAxeViolations } from './axe';
import { testDrinks, toastWith } from './checkout-helpers';
import { expect, test } from './fixtures';

/** Every page of the workspace in Thai: its nav label and something only that page shows. */
const thaiPages: { label: string; path: string; marker: (page: Page) => Locator }[] = [
  {
    label: adminTh.pagePanel,
    path: '/admin',
    marker: (p) => p.getByRole('form', { name: th.guestInformation }),
  },
  {
    label: adminTh.pageOverview,
    path: '/admin/overview',
    marker: (p) => p.getByRole('region', { name: adminTh.today }),
  },
  {
    label: adminTh.pageDrinks,
    path: '/admin/drinks',
    marker: (p) => p.getByRole('region', { name: adminTh.orderAtCheckout }),
  },
  {
    label: adminTh.pageBungalows,
    path: '/admin/bungalows',
    marker: (p) => p.getByRole('form', { name: th.guestInformation }),
  },
  {
    label: adminTh.pageRestock,
    path: '/admin/restock',
    marker: (p) => p.getByRole('region', { name: adminTh.restockList }),
  },
  {
    label: adminTh.pageStock,
    path: '/admin/stock',
    marker: (p) => p.getByRole('region', { name: adminTh.pageStock }),
  },
  {
    label: adminTh.pageHistory,
    path: '/admin/history',
    marker: (p) => p.getByRole('region', { name: adminTh.checkoutHistory }),
  },
  {
    label: adminTh.pageReports,
    path: '/admin/reports',
    marker: (p) => p.getByRole('region', { name: adminTh.consumption }),
  },
  {
    label: adminTh.pageSettings,
    path: '/admin/settings',
    marker: (p) => p.getByRole('form', { name: adminTh.resortSettings }),
  },
  {
    label: adminTh.pageStickers,
    path: '/admin/stickers',
    marker: (p) => p.getByRole('region', { name: adminTh.pageStickers }),
  },
];

/**
 * The English texts a Thai page must not show: every text of the admin's and the app's English files, and
 * the fixed words around the figures and names of their functions ("Bungalow " of `Bungalow ${n}`), except
 * the few that are names in both languages (PromptPay, the drinks' own names) and words too short to tell.
 */
const drinkNames = new Set(testDrinks.map((drink) => drink.drinkName));
const figure = 987654;
const saidIn = (value: unknown): string[] =>
  typeof value === 'function'
    ? String(value(...Array.from({ length: Math.max(value.length, 1) }, () => figure))).split(String(figure))
    : [String(value)];
const englishTexts = [
  ...new Set(
    [...Object.values(adminEn), ...Object.values(en)]
      .flatMap(saidIn)
      .map((text) => text.trim().replace(/^[\s:,.(#·]+|[\s:,.)#·]+$/g, ''))
      .filter((text) => /[A-Za-z]{3}/.test(text) && text.length > 3),
  ),
].filter((text) => text !== 'PromptPay' && !drinkNames.has(text));

/** A whole text, not part of a longer word ("More" is not in the time zone "Port Moresby"). */
const asWhole = (text: string) =>
  new RegExp(`(^|[^A-Za-z])${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}($|[^A-Za-z])`);

async function englishLeftOn(page: Page): Promise<string[]> {
  // Addresses are data, not words (the stickers' links say ?bungalow=3).
  const visible = (await page.locator('body').innerText()).replace(/\S*(:\/\/|\?)\S*/g, ' ');
  return englishTexts.filter((text) => asWhole(text).test(visible));
}

test('the admin workspace in Thai: every page through the nav, no English left, kept after a reload, axe clean', async ({
  page,
  server,
  adminApi,
}) => {
  // Ten pages, each read and checked by axe, on a shared 2-core machine.
  test.setTimeout(180_000);
  await fillTheResort(adminApi, page);

  await page.goto('/checkout');
  await page.getByRole('group', { name: 'Language' }).getByRole('button', { name: 'ไทย' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'th');

  // The staff's first screen is Thai too: the password modal (its own check in Thai), then the workspace.
  await page.goto('/admin');
  const modal = page.getByRole('dialog', { name: th.adminAccess });
  await modal.getByRole('button', { name: adminTh.login }).click();
  await expect(modal.getByText(adminTh.fieldRequired(adminTh.password))).toBeVisible();
  expect(await englishLeftOn(page)).toEqual([]);
  await modal.getByLabel(adminTh.adminPassword).fill(server.adminPassword);
  await modal.getByRole('button', { name: adminTh.login }).click();
  await expect(modal).toBeHidden();
  await expect(page.getByRole('heading', { name: th.adminPanel })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'th');

  const nav = adminNav(page);
  for (const target of thaiPages) {
    await page
      .getByRole('navigation', { name: adminTh.adminPages })
      .getByRole('link', { name: target.label })
      .click();
    await expect(page).toHaveURL(new RegExp(`${target.path}$`));
    await expect(target.marker(page)).toBeVisible();
    await expect(page.getByText(th.loading)).toHaveCount(0);
    // The spec's panel (/admin) goes by its title alone.
    await expect(page).toHaveTitle(
      target.path === '/admin' ? th.adminPanel : `${target.label} · ${th.adminPanel}`,
    );
    expect(await englishLeftOn(page), target.path).toEqual([]);
    await expectNoSeriousAxeViolations(page, target.path);
  }
  await expect(nav).toHaveCount(0); // the English nav name is gone: the nav is named in Thai

  // A form's own checks speak Thai: the drink form with its name left empty and a price of nothing.
  await page.goto('/admin/drinks');
  await page.getByRole('button', { name: th.addNewDrink }).click();
  const form = page.getByRole('form', { name: th.addNewDrink });
  await form.getByLabel(adminTh.priceThb).fill('0');
  await form.getByRole('button', { name: th.saveDrink }).click();
  await expect(form.getByText(adminTh.fieldRequired(adminTh.drinkName))).toBeVisible();
  await expect(form.getByText(adminTh.fieldAtLeast(adminTh.priceThb, 1))).toBeVisible();
  expect(await englishLeftOn(page)).toEqual([]);

  // The messages on screen follow a switch of language, and back, with what was typed kept.
  const languages = page.getByRole('group', { name: th.languageLabel });
  await languages.getByRole('button', { name: 'English' }).click();
  const englishForm = page.getByRole('form', { name: en.addNewDrink });
  await expect(englishForm.getByText('Drink name is required')).toBeVisible();
  await expect(englishForm.getByText('Price must be at least 1 THB')).toBeVisible();
  await expect(englishForm.getByText(adminTh.fieldRequired(adminTh.drinkName))).toHaveCount(0);
  await expect(englishForm.getByLabel(adminEn.priceThb)).toHaveValue('0');
  await page.getByRole('group', { name: en.languageLabel }).getByRole('button', { name: 'ไทย' }).click();
  await expect(form.getByText(adminTh.fieldRequired(adminTh.drinkName))).toBeVisible();
  await expect(form.getByText(adminTh.fieldAtLeast(adminTh.priceThb, 1))).toBeVisible();
  expect(await englishLeftOn(page)).toEqual([]);

  // Figures and dates in Thai too: baht as ฿, the history's lines priced in Thai.
  await page.goto('/admin/history');
  await expect(page.getByText(adminTh.guestIs('Ana Silva')).first()).toBeVisible();
  await expect(page.getByText('฿80').first()).toBeVisible();

  // Marking a checkout paid: the toast and the payment line in Thai, the method's name too.
  const checkouts = page.getByRole('list', { name: adminTh.checkoutsNewestFirst });
  await checkouts.locator('button', { hasText: adminTh.markPaid }).first().click();
  await expect(toastWith(page, adminTh.checkoutMarkedPaid)).toBeVisible();
  await expect(checkouts.getByText(adminTh.paidBy(adminTh.methodCash))).toBeVisible();
  expect(await englishLeftOn(page)).toEqual([]);

  // A reload keeps Thai, on the page it was on.
  await page.reload();
  await expect(page.getByRole('region', { name: adminTh.checkoutHistory })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'th');
  expect(await englishLeftOn(page)).toEqual([]);

  // Back to English: the same page says it in the spec's and the workspace's English.
  await page.getByRole('group', { name: th.languageLabel }).getByRole('button', { name: 'English' }).click();
  await expect(page.getByRole('region', { name: adminEn.checkoutHistory })).toBeVisible();
  await expect(page.getByRole('heading', { name: en.adminPanel })).toBeVisible();
});

test.describe('a reload of a workspace page while Thai is still on its way', () => {
  // page.route holds the page's own requests; a service worker's cache would answer them before it.
  test.use({ serviceWorkers: 'block' });

  test("the workspace's chunks and data come before Thai's messages file: the page still shows the workspace in Thai", async ({
    page,
    server,
  }) => {
    await page.goto('/checkout');
    await page.getByRole('group', { name: 'Language' }).getByRole('button', { name: 'ไทย' }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'th');
    // Signed in with the page's cookies: this test is about the reload, not the modal.
    const login = await page.request.post('/api/session', {
      data: { password: server.adminPassword },
      headers: { Origin: server.baseURL },
    });
    expect(login.status(), await login.text()).toBe(204);

    // Under load the page's Thai file (a chunk of its own) can come after the workspace's chunks and its
    // session check: hold it until the workspace has asked for the session and had its answer.
    const sessionAnswered = page.waitForResponse(
      (response) =>
        new URL(response.url()).pathname === '/api/session' && response.request().method() === 'GET',
    );
    await page.route(/\/assets\/th-[\w-]+\.js$/, async (route) => {
      await sessionAnswered;
      await route.continue();
    });
    await page.goto('/admin/drinks');
    await expect(page.getByRole('region', { name: adminTh.orderAtCheckout })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'th');
    await page.getByRole('button', { name: th.addNewDrink }).click();
    await expect(page.getByRole('form', { name: th.addNewDrink }).getByLabel(adminTh.priceThb)).toBeVisible();
    expect(await englishLeftOn(page)).toEqual([]);
  });
});

import type { Page } from '@playwright/test';
import { texts } from '../../src/shared/constants';
import { testDrinks, testGuest } from './checkout-helpers';
import { type AdminApi, expect } from './fixtures';

/**
 * Opens an admin page (the spec's panel at /admin unless told) and logs in through the 'Admin Access' modal, as staff
 * do: every workspace page asks for the password when there is no session.
 */
export async function loginAsAdmin(page: Page, password: string, path = '/admin') {
  await page.goto(path);
  const modal = page.getByRole('dialog', { name: texts.adminAccess });
  await modal.getByPlaceholder(texts.passwordPlaceholder).fill(password);
  await modal.getByRole('button', { name: 'Login' }).click();
  // The password's scrypt (N=2^17) beside another worker's server and browser on 2 cores can take seconds.
  await expect(modal).toBeHidden({ timeout: 20_000 });
  await expect(page.getByRole('heading', { name: texts.adminPanel })).toBeVisible();
}

export function drinkRows(page: Page) {
  return page.getByRole('list', { name: 'Drinks', exact: true }).getByRole('listitem');
}

export function drinkRow(page: Page, name: string) {
  return drinkRows(page).filter({ has: page.getByText(name, { exact: true }) });
}

export function drinkForm(page: Page, title: string = texts.addNewDrink) {
  return page.getByRole('form', { name: title });
}

/** The workspace's nav: a bar at the bottom of a phone, a column beside the page on a desk. */
export function adminNav(page: Page) {
  return page.getByRole('navigation', { name: 'Admin pages' });
}

/** Goes to an admin page through the nav, as staff do; on a phone the less used pages are under "More". */
export async function openAdminPage(page: Page, label: string) {
  const nav = adminNav(page);
  const link = nav.getByRole('link', { name: label, exact: true });
  const more = nav.getByRole('button', { name: 'More' });
  // Right after a reload the nav may still be on its way, and a desk's nav has no "More" to wait for: the
  // link's own visibility, read at once then, sent a desk after a "More" until the test timed out.
  await expect(link.or(more).first()).toBeVisible();
  const current = nav.getByRole('link', { name: label, exact: true, includeHidden: true });
  // Right after a sign-in the nav is redrawn for the new person's role: links come in above, and a click aimed
  // at one can land beside it (CI: a manager's "Output tax" clicked as the desk's nav grew, the page unchanged).
  // Staff click again; so does this.
  await expect(async () => {
    if (!(await link.isVisible())) await more.click();
    await link.click();
    await expect(current).toHaveAttribute('aria-current', 'page', { timeout: 5_000 });
  }).toPass({ timeout: 30_000 });
  // On a phone the "More" list has closed and the page's own link waits hidden in the bar.
  await expect(nav.getByRole('list', { name: 'More admin pages' })).toHaveCount(0);
}

/** Drinks, a guest and checkouts of two bungalows, so every page has something to show. */
export async function fillTheResort(adminApi: AdminApi, page: Page) {
  const [coke, chang, wine] = await adminApi.setDrinks(testDrinks);
  await adminApi.setGuest(testGuest);
  const carts = [
    { bungalow: 3, items: [{ drinkId: coke?.id, missing: 2 }] },
    { bungalow: 3, items: [{ drinkId: chang?.id, missing: 1 }] },
    {
      bungalow: 12,
      items: [
        { drinkId: wine?.id, missing: 1 },
        { drinkId: coke?.id, missing: 1 },
      ],
    },
  ];
  for (const cart of carts) {
    const response = await page.request.post('/api/checkouts', {
      data: cart,
      headers: { Origin: adminApi.baseURL },
    });
    expect(response.status(), await response.text()).toBe(201);
  }
}

import type { Page } from '@playwright/test';
import { texts } from '../../src/shared/constants';
import { expect } from './fixtures';

/** Opens /admin and logs in through the 'Admin Access' modal, as staff do. */
export async function loginAsAdmin(page: Page, password: string) {
  await page.goto('/admin');
  const modal = page.getByRole('dialog', { name: texts.adminAccess });
  await modal.getByPlaceholder(texts.passwordPlaceholder).fill(password);
  await modal.getByRole('button', { name: 'Login' }).click();
  await expect(modal).toBeHidden();
  await expect(page.getByRole('heading', { name: texts.adminPanel })).toBeVisible();
}

export function drinkRows(page: Page) {
  return page.getByRole('list', { name: 'Drinks' }).getByRole('listitem');
}

export function drinkRow(page: Page, name: string) {
  return drinkRows(page).filter({ has: page.getByText(name, { exact: true }) });
}

export function drinkForm(page: Page, title: string = texts.addNewDrink) {
  return page.getByRole('form', { name: title });
}

import type { Page } from '@playwright/test';
import { texts, toastTexts } from '../../src/shared/constants';
import { drinkForm, drinkRow, loginAsAdmin } from './admin-helpers';
import { toastWith } from './checkout-helpers';
import { expect, test } from './fixtures';

const checkoutSection = (page: Page, title: string) => page.getByRole('region', { name: title, exact: true });
const cardNames = (page: Page, title: string) =>
  checkoutSection(page, title).getByRole('listitem').locator('p.truncate').allTextContents();

test('a drink staff put in Beers shows there at checkout with its price; one with no section and another name does not', async ({
  page,
  server,
  adminApi,
}) => {
  await adminApi.setDrinks([{ drinkName: 'Chang', startingQuantity: 4, price: 80 }]);
  await loginAsAdmin(page, server.adminPassword, '/admin/drinks');

  await page.getByRole('button', { name: texts.addNewDrink }).click();
  const form = drinkForm(page);
  const section = form.getByLabel('Section');
  await form.getByLabel('Drink Name').fill('Singha');
  // The name alone puts it nowhere: the default says so.
  await expect(section.locator('option:checked')).toHaveText('None: not shown at checkout');
  await section.selectOption('Beers');
  await form.getByLabel('Price (THB)').fill('95');
  await form.getByRole('button', { name: texts.saveDrink }).click();
  await expect(toastWith(page, toastTexts.drinkAdded)).toBeVisible();
  await expect(drinkRow(page, 'Singha')).toContainText('Beers');
  await expect(drinkRow(page, 'Singha')).not.toContainText('Not shown at checkout');

  await page.getByRole('button', { name: texts.addNewDrink }).click();
  await form.getByLabel('Drink Name').fill('Water');
  await form.getByRole('button', { name: texts.saveDrink }).click();
  await expect(toastWith(page, toastTexts.drinkAdded).last()).toBeVisible();
  await expect(drinkRow(page, 'Water')).toContainText('Not shown at checkout');

  const stored = await adminApi.drinks();
  expect(stored.map(({ drinkName, section }) => [drinkName, section])).toEqual([
    ['Chang', null],
    ['Singha', 'Beers'],
    ['Water', null],
  ]);

  await page.goto('/checkout');
  await expect(checkoutSection(page, 'Beers')).toBeVisible();
  await expect.poll(() => cardNames(page, 'Beers')).toEqual(['Chang', 'Singha']);
  await expect(
    checkoutSection(page, 'Beers').getByRole('listitem').filter({ hasText: 'Singha' }),
  ).toContainText('95 THB');
  await expect(page.getByRole('button', { name: 'Add one Singha' })).toBeVisible();
  await expect(page.getByText('Water', { exact: true })).toHaveCount(0);
});

test("renaming Coke with no section keeps the spec's rule; a chosen section holds whatever the name", async ({
  page,
  server,
  adminApi,
}) => {
  await adminApi.setDrinks([
    { drinkName: 'Coke', startingQuantity: 4, price: 40 },
    { drinkName: 'Fanta', startingQuantity: 4, price: 40 },
  ]);
  await loginAsAdmin(page, server.adminPassword, '/admin/drinks');

  await page.getByRole('button', { name: 'Edit Coke' }).click();
  const form = drinkForm(page, texts.editDrink);
  const section = form.getByLabel('Section');
  await expect(section.locator('option:checked')).toHaveText('Soft Drinks (from the name)');
  await form.getByLabel('Drink Name').fill('Pepsi');
  await expect(section.locator('option:checked')).toHaveText('None: not shown at checkout');
  await form.getByRole('button', { name: texts.saveDrink }).click();
  await expect(toastWith(page, toastTexts.drinkUpdated)).toBeVisible();
  await expect(drinkRow(page, 'Pepsi')).toContainText('Not shown at checkout');

  await page.goto('/checkout');
  await expect.poll(() => cardNames(page, 'Soft Drinks')).toEqual(['Fanta']);
  await expect(page.getByText('Pepsi', { exact: true })).toHaveCount(0);

  // Back to its spec name, the rule shows it again; put in Other Drinks by staff, it moves there.
  await page.goto('/admin/drinks');
  await page.getByRole('button', { name: 'Edit Pepsi' }).click();
  await form.getByLabel('Drink Name').fill('Coke');
  await expect(form.getByLabel('Section').locator('option:checked')).toHaveText(
    'Soft Drinks (from the name)',
  );
  await form.getByRole('button', { name: texts.saveDrink }).click();
  await expect(toastWith(page, toastTexts.drinkUpdated)).toBeVisible();
  await page.goto('/checkout');
  await expect.poll(() => cardNames(page, 'Soft Drinks')).toEqual(['Coke', 'Fanta']);

  await page.goto('/admin/drinks');
  await page.getByRole('button', { name: 'Edit Coke' }).click();
  await form.getByLabel('Section').selectOption('Other Drinks');
  await form.getByRole('button', { name: texts.saveDrink }).click();
  await expect(toastWith(page, toastTexts.drinkUpdated)).toBeVisible();
  await page.goto('/checkout');
  await expect.poll(() => cardNames(page, 'Soft Drinks')).toEqual(['Fanta']);
  await expect.poll(() => cardNames(page, 'Other Drinks')).toEqual(['Coke']);
});

test('staff reorder the drinks of a section with buttons, and the checkout follows', async ({
  page,
  server,
  adminApi,
}) => {
  await adminApi.setDrinks([
    { drinkName: 'Chang', startingQuantity: 4, price: 80 },
    { drinkName: 'LEO', startingQuantity: 4, price: 80 },
    { drinkName: 'Carabao', startingQuantity: 4, price: 50 },
    { drinkName: 'Coke', startingQuantity: 4, price: 40 },
  ]);
  await loginAsAdmin(page, server.adminPassword, '/admin/drinks');
  const order = page.getByRole('region', { name: 'Order at checkout' });
  const beers = order.getByRole('region', { name: 'Beers at checkout' });
  const beerNames = () => beers.getByRole('listitem').allTextContents();
  await expect.poll(beerNames).toEqual(['Chang', 'LEO', 'Carabao']);
  await expect(beers.getByRole('button', { name: 'Move Chang up' })).toBeDisabled();
  await expect(beers.getByRole('button', { name: 'Move Carabao down' })).toBeDisabled();

  const up = beers.getByRole('button', { name: 'Move Carabao up' });
  await up.click();
  await expect.poll(beerNames).toEqual(['Chang', 'Carabao', 'LEO']);
  // The keyboard user's focus stays with the drink that moved, so pressing again moves it again, even while
  // the first move is still being saved (the second waits for it and is not lost).
  await expect(up).toBeFocused();
  await page.keyboard.press('Enter');
  await expect.poll(beerNames).toEqual(['Carabao', 'Chang', 'LEO']);
  await expect(order.getByRole('status')).toHaveText('Carabao is now number 1 of 3 in Beers');
  // At the top its up button is off: the focus went to its down button.
  await expect(beers.getByRole('button', { name: 'Move Carabao down' })).toBeFocused();

  await page.reload();
  await expect.poll(beerNames).toEqual(['Carabao', 'Chang', 'LEO']);
  await page.goto('/checkout');
  await expect.poll(() => cardNames(page, 'Beers')).toEqual(['Carabao', 'Chang', 'LEO']);
  await expect.poll(() => cardNames(page, 'Soft Drinks')).toEqual(['Coke']);
  // GET /api/drinks stays in id order; only the places changed.
  expect((await adminApi.drinks()).map((drink) => drink.drinkName)).toEqual([
    'Chang',
    'LEO',
    'Carabao',
    'Coke',
  ]);
});

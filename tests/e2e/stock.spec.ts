import type { APIRequestContext } from '@playwright/test';
import type { Drink } from '../../src/shared/api-types';
import type { ServerProcess } from '../support/server-process';
import { loginAsAdmin, openAdminPage } from './admin-helpers';
import { expectNoSeriousAxeViolations } from './axe';
import { addMissing, controlledByServiceWorker, countOf, testGuest, toastWith } from './checkout-helpers';
import { expect, test } from './fixtures';
import { ownerApi } from './owner-api';
import { ann, lek, registerDeviceAndTeam, signInAs } from './team-helpers';

/** Stock (DESIGN.md, "Stock: every bottle accounted for"), as a guest, a manager and housekeeping see it. */

// Sign-ins at full scrypt strength beside other workers on 2 cores: more than the default 30 s.
test.describe.configure({ timeout: 120_000 });

async function call(api: APIRequestContext, method: 'post' | 'put', path: string, data: unknown) {
  const response = await api[method](path, { data });
  expect(response.ok(), `${method} ${path}: ${response.status()} ${await response.text()}`).toBe(true);
  return response.json();
}

/** Chang comes in cases of 24; Coke by the bottle. */
const drinks = [
  { drinkName: 'Coke', startingQuantity: 3, price: 40 },
  { drinkName: 'Chang', startingQuantity: 4, price: 80, packSize: 24 },
  { drinkName: 'Wine', startingQuantity: 1, price: 450 },
];

async function startStock(
  server: ServerProcess,
  setDrinks: (input: typeof drinks) => Promise<Drink[]>,
  storeroom: Record<string, number>,
) {
  const created = await setDrinks(drinks);
  const id = (name: string) => created.find((drink) => drink.drinkName === name)?.id as number;
  const api = await ownerApi(server);
  await call(api, 'put', '/api/guest', testGuest);
  await call(api, 'post', '/api/stock/start', {
    storeroom: Object.entries(storeroom).map(([name, quantity]) => ({ drinkId: id(name), quantity })),
  });
  return { api, id };
}

const card = (page: import('@playwright/test').Page, name: string) =>
  page.getByRole('listitem').filter({ has: page.getByText(name, { exact: true }) });

test("a guest's checkout on a fridge that was not refilled stops at what it holds, and says why", async ({
  page,
  context,
  server,
  adminApi,
}) => {
  const { api, id } = await startStock(server, (input) => adminApi.setDrinks(input), { Chang: 48, Coke: 24 });
  // The guest before took 2 Chang; nobody refilled bungalow 7's fridge since.
  await call(api, 'post', '/api/checkouts', { bungalow: 7, items: [{ drinkId: id('Chang'), missing: 2 }] });

  await page.goto('/checkout?bungalow=7');
  await expect(page.getByText('Not refilled since the last check: 2 Chang')).toBeVisible();
  await expect(card(page, 'Chang')).toContainText('Starting: 2');
  await expect(card(page, 'Coke')).toContainText('Starting: 3');
  await addMissing(page, 'Chang', 2);
  await expect(countOf(page, 'Chang')).toHaveText('2');
  // + stops at what the fridge holds: the guest is not charged for what the guest before took.
  await expect(page.getByRole('button', { name: 'Add one Chang' })).toBeDisabled();

  // Meanwhile another check of the same fridge took one more: the server refuses more than it holds, naming
  // the drink, and the page says so.
  await call(api, 'post', '/api/checkouts', { bungalow: 7, items: [{ drinkId: id('Chang'), missing: 1 }] });
  await page.getByRole('button', { name: 'Share Receipt' }).click();
  await expect(toastWith(page, "Bungalow 7's fridge holds only 1 Chang")).toBeVisible();
  await expectNoSeriousAxeViolations(page, 'checkout with stock on');

  // Offline, the page uses the fridge as this device last saw it (the catalogue's would say 4).
  await controlledByServiceWorker(page);
  await page.reload();
  await expect(card(page, 'Chang')).toContainText('Starting: 1');
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('note')).toContainText('may be out of date');
  await expect(card(page, 'Chang')).toContainText('Starting: 1');
  await expect(page.getByText('Not refilled since the last check: 3 Chang')).toBeVisible();
  await context.setOffline(false);
  await api.dispose();
});

test('a manager receives a delivery in cases, counts the storeroom and sees the difference', async ({
  page,
  server,
  adminApi,
}) => {
  const { api } = await startStock(server, (input) => adminApi.setDrinks(input), { Chang: 10 });
  await api.dispose();
  await registerDeviceAndTeam(page, server.adminPassword);
  await page.goto('/admin');
  await signInAs(page, ann);
  await openAdminPage(page, 'Stock');

  const onHand = page.getByRole('region', { name: 'On hand' });
  await expect(onHand.getByRole('row', { name: /Chang/ })).toContainText('10');

  // Two cases of 24 at 790 THB a case.
  const delivery = page.getByRole('region', { name: 'Receive a delivery' });
  await delivery.getByLabel('Supplier').fill('Makro');
  await delivery.getByLabel('Chang: how many').fill('2');
  await expect(delivery.getByLabel('Chang: counted in')).toHaveValue('cases');
  await delivery.getByLabel('Chang: cost per case (THB)').fill('790');
  await delivery.getByRole('button', { name: 'Receive' }).click();
  await expect(toastWith(page, 'Delivery received')).toBeVisible();
  await expect(onHand.getByRole('row', { name: /Chang/ })).toContainText('2 cases + 10');

  // The count: 52 where the page expected 58.
  const count = page.getByRole('region', { name: 'Count a place' });
  await expect(count.getByText('Expected 58')).toBeVisible();
  await count.getByLabel('Chang: counted').fill('52');
  await count.getByRole('button', { name: 'Post the count' }).click();
  await expect(toastWith(page, 'Count recorded')).toBeVisible();
  await expect(count.getByRole('region', { name: 'What the count found' })).toContainText(
    'Chang 58 → 52, −6',
  );
  await expect(onHand.getByRole('row', { name: /Chang/ })).toContainText('2 cases + 4');
  await expectNoSeriousAxeViolations(page, 'stock page');

  // The ledger: the count's move and the delivery's, newest first.
  await onHand.getByRole('link', { name: 'Every move of the ledger' }).click();
  const moves = page.getByRole('list', { name: 'Moves, newest first' }).getByRole('listitem');
  await expect(moves.first()).toContainText('6 x Chang');
  await expect(moves.first()).toContainText('Storeroom → Count');
  await expect(moves.nth(1)).toContainText('48 x Chang');
  await expect(moves.nth(1)).toContainText('Supplier → Storeroom');

  // The Activity page says what the count found.
  await page.goto('/admin/activity');
  await expect(page.getByText('Storeroom count: Chang 58 → 52, −6')).toBeVisible();
});

test("pars for a range of bungalows: par 0 hides a drink at their checkout, 'Starting: N' is the par (stock off)", async ({
  page,
  server,
  adminApi,
}) => {
  await adminApi.setDrinks(drinks);
  await adminApi.setGuest(testGuest);
  await loginAsAdmin(page, server.adminPassword, '/admin/bungalows');
  const pars = page.getByRole('region', { name: 'Pars: what a full fridge holds' });
  await expect(pars.getByText("Every bungalow has the catalogue's pars.")).toBeVisible();
  await pars.getByLabel('Bungalows', { exact: true }).fill('20-22');
  await pars.getByLabel('Coke (catalogue: 3)').fill('6');
  await pars.getByLabel('Wine (catalogue: 1)').fill('0');
  await pars.getByRole('button', { name: 'Set pars' }).click();
  await expect(toastWith(page, 'Pars saved')).toBeVisible();
  const overrides = pars
    .getByRole('list', { name: 'Bungalows with pars of their own' })
    .getByRole('listitem');
  await expect(overrides).toHaveCount(3);
  await expect(overrides.first()).toContainText('Bungalow 20: Coke 6, Wine 0');
  await expectNoSeriousAxeViolations(page, 'bungalows page with pars');

  await page.goto('/checkout?bungalow=21');
  await expect(card(page, 'Coke')).toContainText('Starting: 6');
  await expect(page.getByRole('button', { name: 'Add one Chang' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add one Wine' })).toHaveCount(0);
  await addMissing(page, 'Coke', 6);
  await expect(page.getByRole('button', { name: 'Add one Coke' })).toBeDisabled();
  // Bungalow 1 keeps the catalogue's: the spec's checkout.
  await page.goto('/checkout?bungalow=1');
  await expect(card(page, 'Coke')).toContainText('Starting: 3');
  await expect(page.getByRole('button', { name: 'Add one Wine' })).toBeVisible();

  // Bungalow 21 back to the catalogue's pars.
  await page.goto('/admin/bungalows');
  await pars.getByRole('button', { name: "Reset bungalow 21 to the catalogue's pars" }).click();
  await expect(overrides).toHaveCount(2);
  await page.goto('/checkout?bungalow=21');
  await expect(page.getByRole('button', { name: 'Add one Wine' })).toBeVisible();
  await expect(card(page, 'Coke')).toContainText('Starting: 3');

  await page.goto('/admin/activity');
  await expect(page.getByText('Pars of bungalows 20–22: Coke 6, Wine 0')).toBeVisible();
  await expect(page.getByText("Bungalow 21: pars back to the catalogue's")).toBeVisible();
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('housekeeping restocks from the pick list: what really went in, then to par', async ({
    page,
    server,
    adminApi,
  }) => {
    const { api, id } = await startStock(server, (input) => adminApi.setDrinks(input), {
      Chang: 48,
      Coke: 24,
    });
    await call(api, 'post', '/api/checkouts', {
      bungalow: 3,
      items: [
        { drinkId: id('Coke'), missing: 2 },
        { drinkId: id('Chang'), missing: 1 },
      ],
    });

    await registerDeviceAndTeam(page, server.adminPassword, 'Housekeeping phone');
    await page.goto('/admin/restock');
    await signInAs(page, lek);
    const restock = page.getByRole('region', { name: 'Restock list' });
    const pick = restock.getByRole('table', { name: 'Pick list from the storeroom: 3 bottles' });
    await expect(pick.getByRole('row', { name: /Coke/ })).toContainText('2');
    const bungalow3 = restock
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: 'Bungalow 3' }) });
    await expectNoSeriousAxeViolations(page, 'restock on a phone');

    // Only one Coke went in: the list keeps the other.
    await bungalow3.getByRole('button', { name: 'Edit what went in' }).click();
    await bungalow3.getByLabel('Coke: put in').fill('1');
    await bungalow3.getByRole('button', { name: 'Save what went in' }).click();
    await expect(toastWith(page, 'Restock recorded')).toBeVisible();
    await expect(
      restock.getByRole('table', { name: 'Pick list from the storeroom: 1 bottle' }),
    ).toBeVisible();

    await bungalow3.getByRole('button', { name: 'Fill bungalow 3 to par' }).click();
    await expect(
      restock.getByText('Every fridge is full: nothing taken since the last restocks.'),
    ).toBeVisible();
    const fridge = await (await api.get('/api/fridges/3')).json();
    expect(fridge.items).toEqual(
      expect.arrayContaining([
        { drinkId: id('Coke'), par: 3, holds: 3 },
        { drinkId: id('Chang'), par: 4, holds: 4 },
      ]),
    );

    // A Chang broke in the fridge: written off, and the list asks for another.
    const broken = page.getByRole('form', { name: 'A bottle broke in a fridge' });
    await broken.getByLabel('Bungalow').fill('3');
    await broken.getByLabel('Drink').selectOption({ label: 'Chang' });
    await broken.getByRole('button', { name: 'Write off as broken' }).click();
    await expect(toastWith(page, 'Written off')).toBeVisible();
    await expect(
      restock.getByRole('table', { name: 'Pick list from the storeroom: 1 bottle' }),
    ).toBeVisible();
    await expect(bungalow3).toContainText('Chang');
    await api.dispose();
  });
});

import { openAdminPage } from './admin-helpers';
import { expectNoSeriousAxeViolations } from './axe';
import { testGuest, toastWith } from './checkout-helpers';
import { expect, test } from './fixtures';
import { ownerApi } from './owner-api';
import { ann, registerDeviceAndTeam, signInAs } from './team-helpers';

/** What a bottle costs and what to buy (issue 26): the Saturday-morning round of a manager. */

// Sign-ins at full scrypt strength beside other workers on 2 cores: more than the default 30 s.
test.describe.configure({ timeout: 120_000 });

test('a manager receives 3 cases at a case price, and reads the margin, the shrinkage and the buy list that prints on one page', async ({
  page,
  context,
  server,
  adminApi,
}) => {
  const created = await adminApi.setDrinks([
    { drinkName: 'Chang', startingQuantity: 4, price: 80, packSize: 24 },
    { drinkName: 'Coke', startingQuantity: 3, price: 40 },
  ]);
  const id = (name: string) => created.find((drink) => drink.drinkName === name)?.id as number;
  const api = await ownerApi(server);
  const call = async (method: 'post' | 'put', path: string, data: unknown) => {
    const response = await api[method](path, { data });
    expect(response.ok(), `${method} ${path}: ${response.status()} ${await response.text()}`).toBe(true);
  };
  // Six fridges; the buy list keeps 90 days of sales besides full fridges.
  await call('put', '/api/settings', { bungalows: '1-6', stockCoverDays: 90 });
  await call('put', '/api/guest', testGuest);
  await call('post', '/api/stock/start', { storeroom: [{ drinkId: id('Chang'), quantity: 0 }] });
  // Coke came with dates: 6 bottles past theirs, 6 good for ten more days.
  const dayFromNow = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
  await call('post', '/api/stock/deliveries', {
    lines: [{ drinkId: id('Coke'), quantity: 6, unitCost: 1500, expiresOn: dayFromNow(-3) }],
  });
  await call('post', '/api/stock/deliveries', {
    lines: [{ drinkId: id('Coke'), quantity: 6, unitCost: 1500, expiresOn: dayFromNow(10) }],
  });

  await registerDeviceAndTeam(page, server.adminPassword);
  await page.goto('/admin');
  await signInAs(page, ann);
  await openAdminPage(page, 'Stock');

  // What expires within 30 days; the expired bottles go in one tap.
  const expiring = page.getByRole('region', { name: 'Expires within 30 days' });
  await expect(expiring.getByRole('listitem')).toHaveCount(2);
  await expect(expiring.getByRole('listitem').first()).toContainText('Coke: 6 by');
  await expect(expiring.getByRole('listitem').first()).toContainText('Expired');
  await expiring.getByRole('button', { name: 'Write off 6 expired Coke' }).click();
  await expect(toastWith(page, 'Written off')).toBeVisible();
  await expect(expiring.getByRole('listitem')).toHaveCount(1);
  await expect(expiring.getByRole('listitem')).not.toContainText('Expired');

  // Three cases of 24 at 790 THB a case: 32.92 THB a bottle.
  const delivery = page.getByRole('region', { name: 'Receive a delivery' });
  await delivery.getByLabel('Chang: how many').fill('3');
  await delivery.getByLabel('Chang: cost per case (THB)').fill('790');
  await delivery.getByRole('button', { name: 'Receive' }).click();
  await expect(toastWith(page, 'Delivery received')).toBeVisible();

  // Every fridge sells its 4 Chang (24 bottles); one bottle breaks in the storeroom.
  for (let bungalow = 1; bungalow <= 6; bungalow++) {
    await call('post', '/api/checkouts', { bungalow, items: [{ drinkId: id('Chang'), missing: 4 }] });
  }
  await api.dispose();
  const writeOff = page.getByRole('region', { name: 'Write off' });
  await writeOff.getByLabel('Chang: bottles to write off').fill('1');
  await writeOff.getByRole('button', { name: 'Write off' }).click();
  // The form empties once the write-off is recorded.
  await expect(writeOff.getByLabel('Chang: bottles to write off')).toHaveValue('');

  // The month's margin: 24 × 80 THB for 24 × 32.92 THB.
  await openAdminPage(page, 'Reports');
  const margin = page.getByRole('region', { name: 'Margin and shrinkage' });
  const chang = margin.getByRole('row', { name: /^Chang/ });
  await expect(chang).toContainText('24');
  await expect(chang).toContainText('1,920.00 THB');
  await expect(chang).toContainText('790.08 THB');
  await expect(chang).toContainText('1,129.92 THB');
  await expect(margin.getByRole('row', { name: /^Broken/ })).toContainText('32.92 THB');
  await expect(margin.getByRole('row', { name: /^Expired/ })).toContainText('90.00 THB');
  await expectNoSeriousAxeViolations(page, 'margin on the reports page');
  await expect(margin.getByRole('link', { name: 'Download the margin (CSV)' })).toHaveAttribute(
    'href',
    /\/api\/stock\/margin\?from=\d{4}-\d{2}-01&to=\d{4}-\d{2}-\d{2}&format=csv/,
  );
  expect(new URL(page.url()).search).toBe('');
  await margin.getByRole('link', { name: 'Last month' }).click();
  await expect(page).toHaveURL(/marginFrom=\d{4}-\d{2}-01&marginTo=/);
  await expect(margin.getByText('Nothing sold in these days.')).toBeVisible();

  // The buy list: the fridges lack 24, 90 days at 24 in 28 days keep 78, the storeroom holds 71: 31 short,
  // two cases. It shares as text (the clipboard where the browser has no share sheet).
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.baseURL });
  await openAdminPage(page, 'Buy list');
  const list = page.getByRole('region', { name: 'What to buy' });
  await expect(list.getByRole('row', { name: /^Chang/ })).toContainText('2 cases (48)');
  await list.getByRole('button', { name: 'Share' }).click();
  await expect(toastWith(page, 'Buy list copied')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toContain('Chang: 2 cases (48)');
  await expectNoSeriousAxeViolations(page, 'buy list');

  // Printed, it is one A4 page.
  const pdf = (await page.pdf({ format: 'A4' })).toString('latin1');
  expect(pdf.match(/\/Type\s*\/Page[^s]/g)?.length).toBe(1);
});

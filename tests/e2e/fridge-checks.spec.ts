import { loginAsAdmin, openAdminPage } from './admin-helpers';
import { addMissing, countOf, testDrinks } from './checkout-helpers';
import { expect, test } from './fixtures';

test('one fridge check, one record: a guest checked in to bungalow 12 shares three times, corrects a count and shares again', async ({
  page,
  adminApi,
  server,
}) => {
  // A whole morning's path through the checkout and four admin pages: more steps than one default test.
  test.slow();
  await adminApi.setDrinks(testDrinks);

  // Staff check the guest in on the bungalows page.
  await loginAsAdmin(page, server.adminPassword);
  await openAdminPage(page, 'Bungalows');
  const bungalow12 = page
    .getByRole('list', { name: 'Bungalows and their guests' })
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: 'Bungalow 12', exact: true }) });
  await bungalow12.getByRole('button', { name: 'Check in to bungalow 12' }).click();
  const form = page.getByRole('form', { name: 'Check in to bungalow 12' });
  await form.getByLabel('Guest name').fill('Mia Chen');
  await form.getByLabel('Guest email (optional)').fill('mia@example.com');
  await form.getByRole('button', { name: 'Check in' }).click();
  await expect(bungalow12).toContainText('Guest: Mia Chen');

  // The guest's fridge check: shared three times without a change (the share sheet dismissed, the desktop
  // saying sharing is not supported), then a count corrected and shared again.
  await page.goto('/checkout?bungalow=12');
  await addMissing(page, 'Coke', 2);
  await addMissing(page, 'Chang', 1);
  const share = page.getByRole('button', { name: 'Share Receipt' });
  const recordedAs = page.getByText(/^Recorded as #\d+$/);
  for (let i = 0; i < 3; i++) {
    await share.click();
    await expect(recordedAs).toBeVisible();
    await expect(share).toBeEnabled();
  }
  const firstRecord = await recordedAs.textContent();
  // The desktop's "Sharing not supported" toasts can sit over the first drink's + button: toasts are
  // click-through, so the next count is tapped straight away, toasts or not.
  await addMissing(page, 'Coke', 1);
  await share.click();
  await expect(share).toBeEnabled();
  await expect(recordedAs).toHaveText(firstRecord ?? '');
  await expect(countOf(page, 'Coke')).toHaveText('3');

  // The history: one checkout of bungalow 12, the guest's name, one earlier version.
  await page.goto('/admin/history?bungalow=12');
  const entries = page.getByRole('list', { name: 'Checkouts, newest first' }).locator(':scope > li');
  await expect(entries).toHaveCount(1);
  await expect(entries.first()).toContainText('Guest: Mia Chen');
  await expect(entries.first()).toContainText('3 x Coke');
  await expect(entries.first()).toContainText('1 earlier version');
  await entries.first().getByText('1 earlier version').click();
  await expect(entries.first().getByRole('list', { name: /Earlier versions of checkout/ })).toContainText(
    '2 x Coke, 1 x Chang',
  );
  // Filtered by the guest's name.
  await page.goto('/admin/history?guest=mia');
  await expect(entries).toHaveCount(1);

  // The restock list counts the drinks once.
  await openAdminPage(page, 'Restock');
  const totals = page.getByRole('table', { name: /From the storeroom/ });
  await expect(totals).toContainText('whole resort (4 units)');
  await expect(totals.getByRole('row', { name: 'Coke 3' })).toBeVisible();
  await expect(totals.getByRole('row', { name: 'Chang 1' })).toBeVisible();

  const stored = await adminApi.checkouts();
  expect(stored).toHaveLength(1);
  expect(stored[0].revisions).toHaveLength(1);
});

test('clearing the counts after a share starts a new check: the next guest never overwrites the record', async ({
  page,
  adminApi,
}) => {
  await adminApi.setDrinks(testDrinks);
  await adminApi.setGuest({ name: 'Front Desk', email: 'desk@example.com' });
  await page.goto('/checkout?bungalow=5');
  await addMissing(page, 'Wine', 1);
  await page.getByRole('button', { name: 'Share Receipt' }).click();
  const recordedAs = page.getByText(/^Recorded as #\d+$/);
  await expect(recordedAs).toBeVisible();
  await page.getByRole('button', { name: 'Remove one Wine' }).click();
  await expect(recordedAs).toHaveCount(0);
  await addMissing(page, 'Coke', 1);
  await page.getByRole('button', { name: 'Share Receipt' }).click();
  await expect(recordedAs).toBeVisible();
  const stored = await adminApi.checkouts();
  expect(stored.map((c: { lines: { drinkName: string }[] }) => c.lines.map((l) => l.drinkName))).toEqual([
    ['Coke'],
    ['Wine'],
  ]);
});

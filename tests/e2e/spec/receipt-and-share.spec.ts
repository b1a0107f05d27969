// The product spec's contract (tests/e2e/spec/README.md): written from the spec alone, not edited by features.
import {
  addMissing,
  countOf,
  expectCokeAndWineReceipt,
  generatePdf,
  pdfChunk,
  recordConsoleErrors,
  sharedCalls,
  stubShare,
  testDrinks,
  testGuest,
  toastWith,
} from '../checkout-helpers';
import { expect, test } from '../fixtures';

/**
 * Spec sections 4 and 9: Generate PDF (bungalow-{id}-checkout.pdf, A5, its lines, made in the browser) and Share
 * Receipt ('Ready to share receipt!', the share title and text, 'Sharing not supported on this device', a failed
 * share only logged, the sending flag).
 */

test('loads jsPDF only then and saves bungalow-{id}-checkout.pdf with the receipt', async ({
  page,
  adminApi,
}) => {
  await adminApi.setDrinks(testDrinks);
  const pdfRequests: string[] = [];
  page.on('request', (request) => {
    if (pdfChunk.test(new URL(request.url()).pathname)) pdfRequests.push(request.url());
  });
  await page.goto('/checkout?bungalow=5');
  await addMissing(page, 'Coke', 2);
  await addMissing(page, 'Wine', 1);
  await expect(page.getByText('Total Cost')).toBeVisible();
  expect(pdfRequests).toEqual([]);

  const { fileName, text: pdf } = await generatePdf(page);
  expect(fileName).toBe('bungalow-5-checkout.pdf');
  expect(pdfRequests).toHaveLength(1);
  expect(pdf).toMatch(/\/MediaBox \[0 0 419\.5\d* 595\.2\d*\]/);
  await expectCokeAndWineReceipt(page, pdf, 5);
  // Nothing was recorded: a PDF alone is not a checkout.
  expect(await adminApi.checkouts()).toEqual([]);
});

test('records the checkout, says it is ready and shares the PDF with the spec title and text', async ({
  page,
  adminApi,
}) => {
  await adminApi.setDrinks(testDrinks);
  await adminApi.setGuest(testGuest);
  await stubShare(page);
  await page.goto('/checkout?bungalow=5');
  await addMissing(page, 'Coke', 2);
  await addMissing(page, 'Chang', 1);
  await page.getByRole('button', { name: 'Share Receipt' }).click();

  const ready = toastWith(page, 'Ready to share receipt!');
  await expect(ready).toBeVisible();
  // The spec's success toast carries an icon; it sits beside the live region inside the toast bar.
  await expect(ready.locator('xpath=..').locator('svg')).toBeVisible();
  await expect.poll(() => sharedCalls(page)).toHaveLength(1);
  const [call] = await sharedCalls(page);
  expect(call?.title).toBe('Bungalow #5 Checkout');
  expect(call?.text).toBe('Your fridge checkout receipt');
  expect(call?.files).toHaveLength(1);
  expect(call?.files?.[0]?.name).toBe('bungalow-5-checkout.pdf');
  expect(call?.files?.[0]?.type).toBe('application/pdf');
  expect(call?.files?.[0]?.body).toContain('(Bungalow #5 Fridge Checkout)');
  expect(call?.files?.[0]?.body).toContain('(160 THB)');

  const checkouts = await adminApi.checkouts();
  expect(checkouts).toHaveLength(1);
  expect(checkouts[0]).toMatchObject({
    bungalow: 5,
    guestName: 'Ana Silva',
    total: 160,
    lines: [
      { drinkName: 'Coke', quantity: 2, unitPrice: 40, lineTotal: 80 },
      { drinkName: 'Chang', quantity: 1, unitPrice: 80, lineTotal: 80 },
    ],
  });
  // The counts stay for a PDF or a second look.
  await expect(countOf(page, 'Coke')).toHaveText('2');
});

test("says 'Sharing not supported on this device' where there is no share function", async ({
  page,
  adminApi,
}) => {
  await adminApi.setDrinks(testDrinks);
  await adminApi.setGuest(testGuest);
  await page.addInitScript(() => {
    // Desktop browsers without the Web Share API.
    Reflect.deleteProperty(Navigator.prototype, 'share');
    Reflect.deleteProperty(Navigator.prototype, 'canShare');
  });
  await page.goto('/checkout?bungalow=4');
  await addMissing(page, 'Coke', 1);
  await page.getByRole('button', { name: 'Share Receipt' }).click();
  await expect(toastWith(page, 'Ready to share receipt!')).toBeVisible();
  await expect(toastWith(page, 'Sharing not supported on this device')).toBeVisible();
  expect(await adminApi.checkouts()).toMatchObject([{ bungalow: 4, total: 40 }]);
});

test('a cancelled share is only logged', async ({ page, adminApi }) => {
  await adminApi.setDrinks(testDrinks);
  await adminApi.setGuest(testGuest);
  await stubShare(page, { outcome: 'cancel' });
  const errors = recordConsoleErrors(page);
  await page.goto('/checkout');
  await addMissing(page, 'Coke', 1);
  await page.getByRole('button', { name: 'Share Receipt' }).click();
  await expect.poll(() => errors.join('\n')).toContain('The receipt was not shared');
  await expect(toastWith(page, 'Ready to share receipt!')).toBeVisible();
  await expect(toastWith(page, 'Failed to share receipt')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Share Receipt' })).toBeEnabled();
});

test('is busy and cannot be pressed twice while sending; one checkout is recorded', async ({
  page,
  adminApi,
}) => {
  await adminApi.setDrinks(testDrinks);
  await adminApi.setGuest(testGuest);
  await stubShare(page);
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  // The real request waits here, so the busy state can be seen; then the real server answers it.
  // The context's route also holds the request when the service worker controls the page.
  await page.context().route('**/api/checkouts', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/checkout');
  await addMissing(page, 'Coke', 1);
  const share = page.getByRole('button', { name: 'Share Receipt' });
  await share.click();
  await expect(share).toBeDisabled();
  await expect(share).toHaveAttribute('aria-busy', 'true');
  await share.click({ force: true });
  release();
  await expect(toastWith(page, 'Ready to share receipt!')).toBeVisible();
  await expect(share).toBeEnabled();
  expect(await adminApi.checkouts()).toHaveLength(1);
});

test.describe('on a device that never kept the app (no service worker)', () => {
  // With the worker, the PDF code is precached and this failure cannot happen.
  test.use({ serviceWorkers: 'block' });
  test('a failure to make the PDF is only logged', async ({ page, adminApi }) => {
    await adminApi.setDrinks(testDrinks);
    const errors = recordConsoleErrors(page);
    let downloads = 0;
    page.on('download', () => downloads++);
    // The PDF library's chunk cannot be fetched, as on a phone that lost its connection.
    await page.route(pdfChunk, (route) => route.abort());
    await page.goto('/checkout');
    await addMissing(page, 'Chang', 1);
    await page.getByRole('button', { name: 'Generate PDF' }).click();
    await expect.poll(() => errors.join('\n')).toContain('The PDF receipt could not be generated');
    await expect(page.getByRole('button', { name: 'Generate PDF' })).toBeEnabled();
    await expect(page.getByRole('status').filter({ hasText: /\w{4,}/ })).toHaveCount(0);
    expect(downloads).toBe(0);
  });
});

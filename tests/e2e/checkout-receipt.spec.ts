import type { Page } from '@playwright/test';
import {
  addMissing,
  controlledByServiceWorker,
  countOf,
  expectCokeAndWineReceipt,
  generatePdf,
  testDrinks,
  testGuest,
  toastWith,
  updateDrinkAsStaff,
} from './checkout-helpers';
import { expect, test } from './fixtures';

const pdfChunk = /\/assets\/receipt-pdf-[\w-]+\.js$/;

interface SharedCall {
  title?: string;
  text?: string;
  files?: { name: string; type: string; body: string }[];
}

/**
 * Replaces the device's share sheet with a recorder before the app loads. `canShareFiles` is what
 * navigator.canShare answers for files; `outcome` 'cancel' rejects the way a closed share sheet does, 'late'
 * refuses the first call the way a browser refuses a share sheet long after the tap.
 */
async function stubShare(page: Page, { canShareFiles = true, outcome = 'share' } = {}) {
  await page.addInitScript(
    ({ canShareFiles, outcome }) => {
      const calls: unknown[] = [];
      Object.assign(window, { sharedCalls: calls });
      Object.defineProperty(Navigator.prototype, 'canShare', {
        configurable: true,
        value: (data: ShareData) => (data.files ? canShareFiles : true),
      });
      Object.defineProperty(Navigator.prototype, 'share', {
        configurable: true,
        value: async (data: ShareData) => {
          const files = await Promise.all(
            (data.files ?? []).map(async (file) => ({
              name: file.name,
              type: file.type,
              // latin1 keeps each PDF byte as one character, so texts can be searched.
              body: Array.from(new Uint8Array(await file.arrayBuffer()), (b) => String.fromCharCode(b)).join(
                '',
              ),
            })),
          );
          // As a browser does when the tap that started the share is too long ago: refused, nothing shared.
          if (outcome === 'late' && calls.length === 0 && !Reflect.get(window, 'refusedOnce')) {
            Reflect.set(window, 'refusedOnce', true);
            throw new DOMException(
              'Must be handling a user gesture to perform a share request.',
              'NotAllowedError',
            );
          }
          calls.push({ title: data.title, text: data.text, files: data.files ? files : undefined });
          if (outcome === 'cancel') throw new DOMException('Share canceled', 'AbortError');
        },
      });
    },
    { canShareFiles, outcome },
  );
}

const sharedCalls = (page: Page) =>
  page.evaluate(() => (window as unknown as { sharedCalls: SharedCall[] }).sharedCalls);

function recordConsoleErrors(page: Page) {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  return errors;
}

test.describe('Generate PDF', () => {
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

  test.describe('on a device that never kept the app (no service worker)', () => {
    // With the worker, the PDF code is precached and this failure cannot happen (offline.spec.ts).
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
});

test.describe('Share Receipt', () => {
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

  test('shares without the file where the device cannot share files', async ({ page, adminApi }) => {
    await adminApi.setDrinks(testDrinks);
    await adminApi.setGuest(testGuest);
    await stubShare(page, { canShareFiles: false });
    await page.goto('/checkout?bungalow=8');
    await addMissing(page, 'Wine', 1);
    await page.getByRole('button', { name: 'Share Receipt' }).click();
    await expect
      .poll(() => sharedCalls(page))
      .toEqual([{ title: 'Bungalow #8 Checkout', text: 'Your fridge checkout receipt' }]);
    expect(await adminApi.checkouts()).toMatchObject([{ bungalow: 8, total: 450 }]);
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

  test('offers one more tap to open the share sheet when the browser refused it after a slow send', async ({
    page,
    adminApi,
  }) => {
    await adminApi.setDrinks(testDrinks);
    await adminApi.setGuest(testGuest);
    await stubShare(page, { outcome: 'late' });
    await page.goto('/checkout?bungalow=6');
    await addMissing(page, 'Chang', 2);
    await page.getByRole('button', { name: 'Share Receipt' }).click();
    await expect(toastWith(page, 'Ready to share receipt!')).toBeVisible();
    await expect(toastWith(page, 'The receipt is ready to share.')).toBeVisible();
    expect(await sharedCalls(page)).toEqual([]);

    await page.getByRole('button', { name: 'Share now' }).click();
    await expect.poll(() => sharedCalls(page)).toHaveLength(1);
    const [call] = await sharedCalls(page);
    expect(call?.title).toBe('Bungalow #6 Checkout');
    expect(call?.files?.[0]?.name).toBe('bungalow-6-checkout.pdf');
    await expect(page.getByRole('button', { name: 'Share now' })).toHaveCount(0);
    // Recorded once, by the first tap.
    expect(await adminApi.checkouts()).toHaveLength(1);
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

  test("refuses with 'Guest information not found' when there is no guest, keeping the counts", async ({
    page,
    adminApi,
  }) => {
    await adminApi.setDrinks(testDrinks);
    await stubShare(page);
    await page.goto('/checkout');
    await addMissing(page, 'Coke', 2);
    await page.getByRole('button', { name: 'Share Receipt' }).click();
    const toast = toastWith(page, 'Guest information not found');
    await expect(toast).toBeVisible();
    // Toasts appear at the top centre.
    const box = await toast.boundingBox();
    const width = page.viewportSize()?.width ?? 0;
    expect(Math.abs((box?.x ?? 0) + (box?.width ?? 0) / 2 - width / 2)).toBeLessThan(30);
    expect(box?.y).toBeLessThan(100);
    // Drawn as a card above the page, not bare text: the policy forbids the library's injected styles.
    await expect(toast.locator('xpath=..')).toHaveCSS('background-color', 'rgb(255, 255, 255)');
    await expect(countOf(page, 'Coke')).toHaveText('2');
    await expect(page.getByRole('button', { name: 'Share Receipt' })).toBeEnabled();
    expect(await sharedCalls(page)).toEqual([]);
    expect(await adminApi.checkouts()).toEqual([]);
  });

  test("offers no way to send a receipt with no items selected ('No items selected')", async ({
    page,
    adminApi,
  }) => {
    await adminApi.setDrinks(testDrinks);
    await adminApi.setGuest(testGuest);
    await page.goto('/checkout');
    await addMissing(page, 'Coke', 1);
    await page.getByRole('button', { name: 'Remove one Coke' }).click();
    const summary = page.getByRole('region', { name: 'Summary' });
    await expect(summary).toContainText('No items selected');
    await expect(page.getByRole('button', { name: 'Share Receipt' })).toHaveCount(0);
    expect(await adminApi.checkouts()).toEqual([]);
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

  test('keeps the check on the device when the server cannot be reached, keeping the counts', async ({
    page,
    adminApi,
    server,
  }) => {
    await adminApi.setDrinks(testDrinks);
    await adminApi.setGuest(testGuest);
    await stubShare(page);
    await page.goto('/checkout?bungalow=3');
    await addMissing(page, 'Coke', 2);
    // The receipt's PDF code comes from the device once the service worker holds it; before that a stopped
    // server would leave the guest without the file (CI once stopped it a moment too early).
    await controlledByServiceWorker(page);
    await server.stop();
    await page.getByRole('button', { name: 'Share Receipt' }).click();
    // Not a failure any more: the outbox sends it when the server is back (offline.spec.ts).
    await expect(
      toastWith(
        page,
        'No connection: the check is saved on this device and will be sent when the connection returns.',
      ),
    ).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: '1 check waiting to send' })).toBeVisible();
    await expect(toastWith(page, 'Failed to share receipt')).toHaveCount(0);
    await expect(toastWith(page, 'Ready to share receipt!')).toHaveCount(0);
    await expect(countOf(page, 'Coke')).toHaveText('2');
    await expect(page.getByRole('button', { name: 'Share Receipt' })).toBeEnabled();
    // The guest still gets the receipt.
    await expect.poll(() => sharedCalls(page)).toHaveLength(1);
    expect((await sharedCalls(page))[0]?.files?.[0]?.name).toBe('bungalow-3-checkout.pdf');
  });

  test("passes on the server's reason when staff changed a drink while the guest was counting", async ({
    page,
    adminApi,
    server,
  }) => {
    const [coke] = await adminApi.setDrinks(testDrinks);
    await adminApi.setGuest(testGuest);
    await stubShare(page);
    await page.goto('/checkout');
    await addMissing(page, 'Coke', 3);
    await updateDrinkAsStaff(server, coke?.id ?? 0, { drinkName: 'Coke', startingQuantity: 1, price: 40 });
    await page.getByRole('button', { name: 'Share Receipt' }).click();
    await expect(
      toastWith(
        page,
        'Failed to share receipt: At most 1 Coke can be missing. Reload the page to see the current fridge.',
      ),
    ).toBeVisible();
    await expect(countOf(page, 'Coke')).toHaveText('3');
    expect(await adminApi.checkouts()).toEqual([]);
  });
});

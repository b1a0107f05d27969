import { pdfImages } from '../support/qr-decode';
import { expectNoSeriousAxeViolations } from './axe';
import { addMissing, countOf, generatePdf, testDrinks, testGuest } from './checkout-helpers';
import { expect, test } from './fixtures';
import { promptPayFields, readQr, saveSettingsAsStaff } from './payments-helpers';

/** The QR encoder and the panel's lazy part (the payload code comes with the receipt code, lazy too). */
const qrChunks = /\/assets\/(promptpay-qr|qr-matrix)-[\w-]+\.js$/;

test.describe('Pay with PromptPay on /checkout', () => {
  test('the QR code on the Summary and on the PDF carries the ID and the exact total, following the counts', async ({
    page,
    adminApi,
    server,
  }) => {
    await adminApi.setDrinks(testDrinks);
    await adminApi.setGuest(testGuest);
    await saveSettingsAsStaff(server, { promptPayId: '081-234-5678', promptPayName: 'Sunset Huts Co.' });
    const qrRequests: string[] = [];
    page.on('request', (request) => {
      if (qrChunks.test(new URL(request.url()).pathname)) qrRequests.push(request.url());
    });

    await page.goto('/checkout?bungalow=5');
    await expect(page.getByRole('button', { name: 'Add one Coke' })).toBeVisible();
    // Nothing counted, nothing owed: no code, and its code not even downloaded.
    await expect(page.getByText('Pay with PromptPay')).toHaveCount(0);
    expect(qrRequests).toEqual([]);

    await addMissing(page, 'Coke', 2);
    const panel = page.getByRole('region', { name: 'Pay with PromptPay' });
    const code = panel.getByRole('img', { name: 'PromptPay QR code for 80 THB to Sunset Huts Co.' });
    await expect(code).toBeVisible();
    await expect(panel.getByText('Payee: Sunset Huts Co.')).toBeVisible();
    await expect(panel.getByTestId('promptpay-amount')).toHaveText('80 THB');
    expect(qrRequests.length).toBeGreaterThan(0);
    expect(promptPayFields(await readQr(code))).toEqual({
      valid: true,
      mobile: '0066812345678',
      nationalId: undefined,
      amount: '80.00',
      dynamic: true,
    });

    await addMissing(page, 'Wine', 1);
    const bigger = panel.getByRole('img', { name: 'PromptPay QR code for 530 THB to Sunset Huts Co.' });
    await expect(bigger).toBeVisible();
    await expect(panel.getByTestId('promptpay-amount')).toHaveText('530 THB');
    const onScreen = await readQr(bigger);
    expect(promptPayFields(onScreen)).toMatchObject({
      valid: true,
      mobile: '0066812345678',
      amount: '530.00',
    });
    await expectNoSeriousAxeViolations(page);

    const { bytes, text: pdf } = await generatePdf(page);
    expect(pdf).toContain('(Total Cost');
    expect(pdf).toContain('(530 THB');
    expect(pdf).toContain('(Pay with PromptPay');
    const images = pdfImages(bytes);
    expect(images).toHaveLength(1);
    // The printed code is the same payment as the one on the screen.
    expect(images[0]?.qr).toBe(onScreen);

    // Back to one Coke: the code follows.
    await page.getByRole('button', { name: 'Remove one Wine' }).click();
    await page.getByRole('button', { name: 'Remove one Coke' }).click();
    const smaller = panel.getByRole('img', { name: 'PromptPay QR code for 40 THB to Sunset Huts Co.' });
    expect(promptPayFields(await readQr(smaller))).toMatchObject({ amount: '40.00' });
  });

  test('a national ID and no payee name; over the PromptPay limit the page asks to pay staff', async ({
    page,
    adminApi,
    server,
  }) => {
    await adminApi.setDrinks([{ drinkName: 'Wine', startingQuantity: 3, price: 90_000 }]);
    await saveSettingsAsStaff(server, { promptPayId: '1101700203298', promptPayName: '' });
    await page.goto('/checkout');
    await addMissing(page, 'Wine', 1);
    const panel = page.getByRole('region', { name: 'Pay with PromptPay' });
    const code = panel.getByRole('img', { name: 'PromptPay QR code for 90000 THB' });
    expect(promptPayFields(await readQr(code))).toMatchObject({
      valid: true,
      nationalId: '1101700203298',
      amount: '90000.00',
    });
    await expect(panel.getByText(/Payee/)).toHaveCount(0);

    await addMissing(page, 'Wine', 2);
    await expect(panel.getByTestId('promptpay-amount')).toHaveText('270000 THB');
    await expect(
      panel.getByText(
        'The total is over 200,000 THB, more than one PromptPay payment should carry: please pay staff',
      ),
    ).toBeVisible();
    await expect(panel.getByRole('img')).toHaveCount(0);
  });

  test("with no PromptPay ID the Summary is the spec's and no QR code is downloaded", async ({
    page,
    adminApi,
  }) => {
    await adminApi.setDrinks(testDrinks);
    const qrRequests: string[] = [];
    page.on('request', (request) => {
      if (qrChunks.test(new URL(request.url()).pathname)) qrRequests.push(request.url());
    });
    await page.goto('/checkout');
    await addMissing(page, 'Chang', 1);
    await expect(page.getByText('Total Cost')).toBeVisible();
    await expect(page.getByText('Pay with PromptPay')).toHaveCount(0);
    expect(qrRequests).toEqual([]);
  });

  test.describe('when the QR code cannot be fetched', () => {
    // The service worker would answer from its cache, which a page route does not reach.
    test.use({ serviceWorkers: 'block' });

    test('the panel still gives the amount and the payee, and the counts stay', async ({
      page,
      adminApi,
      server,
    }) => {
      await adminApi.setDrinks(testDrinks);
      await saveSettingsAsStaff(server, { promptPayId: '081-234-5678', promptPayName: 'Sunset Huts Co.' });
      await page.route(qrChunks, (route) => route.abort());
      const failed = page.waitForEvent('requestfailed', (request) =>
        qrChunks.test(new URL(request.url()).pathname),
      );
      await page.goto('/checkout?bungalow=5');
      await addMissing(page, 'Coke', 2);
      await failed;
      // The code's place waits for it until the import has failed: then the panel goes on without it.
      await expect(page.getByTestId('promptpay-qr-placeholder')).toHaveCount(0);
      const panel = page.getByRole('region', { name: 'Pay with PromptPay' });
      await expect(panel.getByTestId('promptpay-amount')).toHaveText('80 THB');
      await expect(panel.getByText('Payee: Sunset Huts Co.')).toBeVisible();
      await expect(panel.getByRole('img')).toHaveCount(0);
      await expect(countOf(page, 'Coke')).toHaveText('2');
      await expect(page.getByRole('button', { name: 'Share Receipt' })).toBeVisible();
    });
  });
});

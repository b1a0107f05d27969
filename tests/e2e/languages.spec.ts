import type { Page } from '@playwright/test';
import { en } from '../../src/shared/i18n/en';
import { th } from '../../src/shared/i18n/th';
import { expectNoSeriousAxeViolations } from './axe';
import { testDrinks, testGuest, toastWith } from './checkout-helpers';
import { expect, test } from './fixtures';

/** The spec's English texts a guest could see on /checkout (drink names aside: they stay as staff typed). */
const englishCheckoutTexts = [
  en.checkoutHeading,
  en.summaryTitle,
  en.totalCost,
  en.generatePdf,
  en.shareReceipt,
  en.noItemsSelected,
  en.sectionSoftDrinks,
  en.sectionBeers,
  en.sectionOtherDrinks,
  en.appTitle,
  en.reviewReceipt,
  'Starting:',
  'Total:',
  'THB',
  'Bungalow',
  'missing',
];

/** Taps + as a Thai reader does: the button's name is in Thai. */
async function addMissingInThai(page: Page, drinkName: string, times: number) {
  const plus = page.getByRole('button', { name: th.addOne(drinkName) });
  for (let i = 0; i < times; i++) await plus.click();
}

/** Every text of the page a person or a screen reader meets: visible text, accessible names, the title. */
async function everyText(page: Page): Promise<string> {
  return page.evaluate(() => {
    const labels = Array.from(document.querySelectorAll('[aria-label],[title],[placeholder]'), (element) =>
      ['aria-label', 'title', 'placeholder'].map((name) => element.getAttribute(name) ?? '').join(' '),
    );
    return [document.title, document.body.innerText, ...labels].join('\n');
  });
}

async function recordShares(page: Page) {
  await page.addInitScript(() => {
    const calls: { title?: string; text?: string; body?: string }[] = [];
    Object.assign(window, { sharedCalls: calls });
    Object.defineProperty(Navigator.prototype, 'canShare', { configurable: true, value: () => true });
    Object.defineProperty(Navigator.prototype, 'share', {
      configurable: true,
      value: async (data: ShareData) => {
        const file = data.files?.[0];
        const body = file
          ? Array.from(new Uint8Array(await file.arrayBuffer()), (b) => String.fromCharCode(b)).join('')
          : undefined;
        calls.push({ title: data.title, text: data.text, body });
      },
    });
  });
}

const sharedCalls = (page: Page) =>
  page.evaluate(
    () =>
      (window as unknown as { sharedCalls: { title?: string; text?: string; body?: string }[] }).sharedCalls,
  );

test.describe('the guest picks Thai on /checkout', () => {
  test('switches the whole checkout to Thai, remembers it after a reload, and back to English', async ({
    page,
    adminApi,
  }) => {
    await adminApi.setDrinks(testDrinks);
    await page.goto('/checkout?bungalow=5');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByText(en.checkoutHeading)).toBeVisible();

    await page.getByRole('group', { name: 'Language' }).getByRole('button', { name: 'ไทย' }).click();
    await expect(page.getByText(th.checkoutHeading)).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'th');
    await expect(page.getByRole('button', { name: 'ไทย' })).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByRole('heading', { name: th.bungalowHeading(5) })).toBeVisible();
    await expect(page.getByRole('heading', { name: th.sectionSoftDrinks })).toBeVisible();
    await expect(page.getByText(th.startingQuantity(3))).toBeVisible();
    await expect(page.getByText('฿40')).toBeVisible();

    await addMissingInThai(page, 'Coke', 2);
    await addMissingInThai(page, 'Wine', 1);
    // Drink names stay as staff typed them; everything around them is Thai.
    await page.getByRole('button', { name: th.addOne('Chang') }).click();
    await expect(page.getByRole('status', { name: th.drinkMissing('Chang') })).toHaveText('1');
    await expect(page.getByText(th.lineTotal('฿80'))).toHaveCount(2);
    await expect(page.getByRole('heading', { name: th.summaryTitle })).toBeVisible();
    await expect(page.getByText(th.totalCost)).toBeVisible();
    await expect(page.getByText('฿610').first()).toBeVisible();
    await expect(page.getByRole('button', { name: th.shareReceipt })).toBeVisible();
    await expect(page.getByRole('button', { name: th.generatePdf })).toBeVisible();

    const shown = await everyText(page);
    for (const english of englishCheckoutTexts) expect(shown, english).not.toContain(english);

    await page.reload();
    await expect(page.getByText(th.checkoutHeading)).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'th');
    await expect(page).toHaveTitle(th.appTitle);

    await page
      .getByRole('group', { name: th.languageLabel })
      .getByRole('button', { name: 'English' })
      .click();
    await expect(page.getByText(en.checkoutHeading)).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await page.reload();
    await expect(page.getByText(en.checkoutHeading)).toBeVisible();
  });

  test('shares the receipt with a Thai title and text, and a PDF with the Thai font', async ({
    page,
    adminApi,
  }) => {
    await adminApi.setDrinks(testDrinks);
    await adminApi.setGuest(testGuest);
    await recordShares(page);
    await page.goto('/checkout?bungalow=5');
    await page.getByRole('button', { name: 'ไทย' }).click();
    await addMissingInThai(page, 'Coke', 2);
    await page.getByRole('button', { name: th.shareReceipt }).click();

    await expect(toastWith(page, th.toastReadyToShare)).toBeVisible();
    await expect.poll(() => sharedCalls(page)).toHaveLength(1);
    const [call] = await sharedCalls(page);
    expect(call?.title).toBe(th.shareTitle(5));
    expect(call?.text).toBe(th.shareText);
    // The Thai receipt embeds its font (a TrueType CID font) instead of naming Helvetica for its text.
    expect(call?.body).toContain('/FontFile2');
    expect(call?.body).toContain('/Identity-H');
    expect(call?.body).toContain(`/Title (${th.receiptTitle(5)}`.slice(0, 8));
    // The server still records it, priced by the server, and the page says which record, in Thai.
    const [recorded] = await adminApi.checkouts();
    expect(recorded).toMatchObject({ bungalow: 5, total: 80 });
    await expect(page.getByRole('status').filter({ hasText: th.recordedAs(recorded.id) })).toBeVisible();
    await expect(page.getByText(/Recorded as/)).toHaveCount(0);
  });

  test('says why a share failed in Thai', async ({ page, adminApi }) => {
    await adminApi.setDrinks(testDrinks);
    await page.goto('/checkout');
    await page.getByRole('button', { name: 'ไทย' }).click();
    await addMissingInThai(page, 'Coke', 1);
    await page.getByRole('button', { name: th.shareReceipt }).click();
    await expect(toastWith(page, th.toastGuestNotFound)).toBeVisible();
  });
});

test.describe('a browser that prefers Thai', () => {
  test.use({ locale: 'th-TH' });

  test('opens /checkout in Thai on the first visit', async ({ page, adminApi }) => {
    await adminApi.setDrinks(testDrinks);
    await page.goto('/checkout');
    await expect(page.getByText(th.checkoutHeading)).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'th');
  });
});

test.describe('accessibility (axe) in both languages', () => {
  for (const language of ['English', 'ไทย'] as const) {
    test(`/checkout in ${language} has no serious or critical violations`, async ({ page, adminApi }) => {
      await adminApi.setDrinks(testDrinks);
      await page.goto('/checkout');
      await page.getByRole('button', { name: language }).click();
      await expect(page.locator('html')).toHaveAttribute('lang', language === 'English' ? 'en' : 'th');
      const plus = language === 'English' ? en.addOne('Coke') : th.addOne('Coke');
      await page.getByRole('button', { name: plus }).click();
      await expect(
        page.getByRole('button', { name: language === 'English' ? 'Share Receipt' : th.shareReceipt }),
      ).toBeVisible();
      await expectNoSeriousAxeViolations(page);
    });
  }
});

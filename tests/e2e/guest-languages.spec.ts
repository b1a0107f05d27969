import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type BrowserContext, expect as baseExpect, type Page } from '@playwright/test';
import pixelmatch from 'pixelmatch';
import { PNG } from 'pngjs';
import { de } from '../../src/shared/i18n/de';
import { en } from '../../src/shared/i18n/en';
import type { GuestMessages } from '../../src/shared/i18n/guest-messages';
import { ko } from '../../src/shared/i18n/ko';
import { ru } from '../../src/shared/i18n/ru';
import { zhHans } from '../../src/shared/i18n/zh-hans';
import type { ServerProcess } from '../support/server-process';
import { controlledByServiceWorker, sharedCalls, stubShare, testGuest, toastWith } from './checkout-helpers';
import { expect, test } from './fixtures';
import { saveSettingsAsStaff } from './payments-helpers';

/**
 * A guest whose phone is set to Chinese, Russian, Korean or German: /checkout in that language with none of
 * the spec's English left, the share's title and text, and the receipt PDF read by poppler and rendered to the
 * reviewed picture of src/server/receipt-fonts/receipt-fonts.test.ts (the same drinks, settings, counts
 * and day, so the same page), with the fonts it fetched within the budget. And offline after one receipt.
 */
const receiptDrinks = [
  { drinkName: 'Coke', startingQuantity: 5, price: 40 },
  { drinkName: 'Jägermeister', startingQuantity: 5, price: 150, section: 'Other Drinks' },
  { drinkName: '可乐', startingQuantity: 5, price: 35, section: 'Other Drinks' },
  { drinkName: 'Квас', startingQuantity: 5, price: 60, section: 'Other Drinks' },
  { drinkName: '소주', startingQuantity: 5, price: 90, section: 'Other Drinks' },
] as const;
const counts = [2, 1, 1, 3, 1];
const receiptDay = new Date('2026-11-22T05:00:00Z');
const fontBudgetBytes = 300 * 1024;
const maxDifferentPixels = 150;

/** The spec's English a guest could meet on /checkout (THB stays in every language, as do drink names). */
const englishCheckoutTexts = [
  en.checkoutHeading,
  en.summaryTitle,
  en.totalCost,
  en.generatePdf,
  en.shareReceipt,
  en.noItemsSelected,
  en.sectionSoftDrinks,
  en.sectionOtherDrinks,
  en.appTitle,
  en.reviewReceipt,
  'Starting:',
  'Total:',
  'missing',
  'Share',
  'Receipt',
];

const cases: { locale: string; lang: string; t: GuestMessages }[] = [
  { locale: 'zh-CN', lang: 'zh-Hans', t: zhHans },
  { locale: 'ru-RU', lang: 'ru', t: ru },
  { locale: 'ko-KR', lang: 'ko', t: ko },
  { locale: 'de-DE', lang: 'de', t: de },
];

async function setUpTheResort(
  server: ServerProcess,
  adminApi: { setDrinks(d: unknown[]): Promise<unknown> },
) {
  await adminApi.setDrinks([...receiptDrinks]);
  await saveSettingsAsStaff(server, {
    resortName: 'Koh Lanta Huts',
    promptPayId: '0812345678',
    promptPayName: 'Somchai Jaidee',
  });
}

async function countAll(page: Page, t: GuestMessages) {
  for (const [i, drink] of receiptDrinks.entries()) {
    const plus = page.getByRole('button', { name: t.addOne(drink.drinkName) });
    for (let n = 0; n < (counts[i] ?? 0); n++) await plus.click();
  }
}

/** Every text of the page a person or a screen reader meets: visible text, accessible names, the title. */
function everyText(page: Page): Promise<string> {
  return page.evaluate(() => {
    const labels = Array.from(document.querySelectorAll('[aria-label],[title],[placeholder]'), (element) =>
      ['aria-label', 'title', 'placeholder'].map((name) => element.getAttribute(name) ?? '').join(' '),
    );
    return [document.title, document.body.innerText, ...labels].join('\n');
  });
}

/**
 * The bytes the receipt fonts took on the wire (compressed), as the phone downloads them: the requests that
 * left the browser, the page's or its service worker's (not the worker's answers to the page).
 */
function fontBytesFetched(context: BrowserContext) {
  const sizes: Promise<number>[] = [];
  context.on('requestfinished', (finished) => {
    if (!finished.url().includes('/api/receipt-fonts/')) return;
    sizes.push(
      finished
        .response()
        .then(async (response) =>
          response && !response.fromServiceWorker() ? (await finished.sizes()).responseBodySize : -1,
        ),
    );
  });
  /** The downloads seen so far (the events of a service worker's requests may come a little later). */
  return async () => {
    const downloads = (await Promise.all(sizes)).filter((bytes) => bytes >= 0);
    return { count: downloads.length, bytes: downloads.reduce((sum, bytes) => sum + bytes, 0) };
  };
}

function pdfFile(bytes: Buffer): string {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'guest-receipt-')), 'receipt.pdf');
  fs.writeFileSync(file, bytes);
  return file;
}

const pdfText = (bytes: Buffer) =>
  execFileSync('pdftotext', ['-enc', 'UTF-8', pdfFile(bytes), '-'], { encoding: 'utf8' }).replace(
    /[\u00a0\u202f]/g,
    ' ',
  );

function expectReviewedPicture(bytes: Buffer, lang: string) {
  const file = pdfFile(bytes);
  execFileSync('pdftoppm', ['-png', '-r', '150', '-f', '1', '-l', '1', '-singlefile', file, file]);
  const actual = PNG.sync.read(fs.readFileSync(`${file}.png`));
  const reference = PNG.sync.read(
    fs.readFileSync(path.resolve(`src/shared/receipt-font/receipts/${lang}.reference.png`)),
  );
  baseExpect([actual.width, actual.height]).toEqual([reference.width, reference.height]);
  const different = pixelmatch(actual.data, reference.data, undefined, actual.width, actual.height, {
    threshold: 0.1,
    includeAA: true,
  });
  baseExpect(different, `pixels differing from ${lang}.reference.png (rendering: ${file}.png)`).toBeLessThan(
    maxDifferentPixels,
  );
}

for (const { locale, lang, t } of cases) {
  test.describe(`a phone set to ${locale}`, () => {
    test.use({ locale });

    test(`gets /checkout, the share and the receipt in ${lang}`, async ({
      page,
      context,
      adminApi,
      server,
    }) => {
      await setUpTheResort(server, adminApi);
      await adminApi.setGuest(testGuest);
      await page.clock.setFixedTime(receiptDay);
      await stubShare(page);
      const fontBytes = fontBytesFetched(context);

      await page.goto('/checkout?bungalow=12');
      await expect(page.getByText(t.checkoutHeading)).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('lang', lang);
      await expect(page).toHaveTitle(t.appTitle);
      await countAll(page, t);
      await expect(page.getByText(t.itemsMissing(8))).toBeVisible();
      await expect(page.getByRole('heading', { name: t.summaryTitle })).toBeVisible();
      const shown = await everyText(page);
      for (const english of englishCheckoutTexts) expect(shown, english).not.toContain(english);

      await page.getByRole('button', { name: t.shareReceipt }).click();
      await expect(toastWith(page, t.toastReadyToShare)).toBeVisible();
      await expect.poll(() => sharedCalls(page)).toHaveLength(1);
      const [call] = await sharedCalls(page);
      expect(call?.title).toBe(t.shareTitle(12));
      expect(call?.text).toBe(t.shareText);
      const pdf = Buffer.from(call?.files?.[0]?.body ?? '', 'latin1');

      const text = pdfText(pdf);
      for (const expected of [t.receiptTitle(12), '1 x 可乐', '3 x Квас', '1 x 소주', '1 x Jägermeister']) {
        expect(text, expected).toContain(expected);
      }
      expectReviewedPicture(pdf, lang);
      // Chinese, Cyrillic and Korean names: each receipt takes the three served fonts, regular and bold.
      await expect.poll(async () => (await fontBytes()).count).toBe(6);
      const { bytes } = await fontBytes();
      expect(bytes).toBeGreaterThan(10_000);
      expect(bytes).toBeLessThanOrEqual(fontBudgetBytes);
    });
  });
}

test.describe('a phone set to ru-RU, offline', () => {
  test.use({ locale: 'ru-RU' });

  test('makes a Russian receipt offline once it made one online', async ({
    page,
    context,
    adminApi,
    server,
  }) => {
    await setUpTheResort(server, adminApi);
    await page.goto('/checkout?bungalow=4');
    await expect(page.getByText(ru.checkoutHeading)).toBeVisible();
    await controlledByServiceWorker(page);

    const receipt = async () => {
      await page.getByRole('button', { name: ru.addOne('Квас') }).click();
      const downloading = page.waitForEvent('download');
      await page.getByRole('button', { name: ru.generatePdf }).click();
      return fs.readFileSync(await (await downloading).path());
    };
    expect(pdfText(await receipt())).toContain('1 x Квас');

    await context.setOffline(true);
    await page.goto('/checkout?bungalow=4');
    await expect(page.getByRole('note')).toContainText(ru.offlineDrinks(null).slice(0, 20));
    const offline = pdfText(await receipt());
    expect(offline).toContain(ru.receiptTitle(4));
    expect(offline).toContain('1 x Квас');
  });
});

test.describe('a phone (390 px) set to traditional Chinese', () => {
  test.use({ locale: 'zh-TW', viewport: { width: 390, height: 844 } });

  test('opens in English, and the language menu fits, switches and is remembered; the admin stays English', async ({
    page,
    adminApi,
  }) => {
    await adminApi.setDrinks([...receiptDrinks]);
    await page.goto('/checkout');
    await expect(page.getByText(en.checkoutHeading)).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    // Nothing runs off the side of the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    await page.getByLabel(`${en.languageLabel}: English`).click();
    const menu = page.getByRole('group', { name: en.languageLabel });
    for (const name of ['English', 'ไทย', '中文', 'Русский', '한국어', 'Deutsch']) {
      await expect(menu.getByRole('button', { name, exact: true })).toBeInViewport();
    }
    await menu.getByRole('button', { name: '中文' }).click();
    await expect(page.getByText(zhHans.checkoutHeading)).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh-Hans');
    await expect(menu).toBeHidden();
    await page.reload();
    await expect(page.getByText(zhHans.checkoutHeading)).toBeVisible();
    await expect(page).toHaveTitle(zhHans.appTitle);

    // The admin stays the staff's: English (with English | ไทย to choose from), and the checkout Chinese again.
    await page.goto('/admin');
    await expect(page.getByRole('dialog', { name: en.adminAccess })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('group', { name: en.languageLabel }).getByRole('button')).toHaveText([
      'English',
      'ไทย',
    ]);
    await page.goto('/checkout');
    await expect(page.getByText(zhHans.checkoutHeading)).toBeVisible();
  });
});

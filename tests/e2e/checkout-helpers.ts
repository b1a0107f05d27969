import fs from 'node:fs';
import { expect, type Page } from '@playwright/test';
import type { DrinkInput } from '../../src/shared/schemas';
import type { ServerProcess } from '../support/server-process';
import { ownerApi } from './owner-api';

/** A small catalogue with round numbers, so every expected total is easy to check by eye. */
export const testDrinks: DrinkInput[] = [
  { drinkName: 'Coke', startingQuantity: 3, price: 40 },
  { drinkName: 'Chang', startingQuantity: 4, price: 80 },
  { drinkName: 'Wine', startingQuantity: 1, price: 450 },
];

export const testGuest = { name: 'Ana Silva', email: 'ana@example.com' };

/**
 * Resolved once React has taken the server's page (hydrateRoot marks its container): from then a click is
 * React's (replayed if it lands on a part not yet hydrated), not the browser's plain link or button.
 */
export const hydrated = (page: Page) => page.waitForFunction(reactHasTheRoot);

/** Whether React has taken the page yet, asked once (see `hydrated`). */
export const appStarted = (page: Page) => page.evaluate(reactHasTheRoot);

function reactHasTheRoot() {
  const root = document.getElementById('root');
  return root !== null && Object.keys(root).some((key) => key.startsWith('__reactContainer'));
}

/** A JSON call from the page itself (fetch in the page): its cookies, its origin, its Host, through whatever serves it. */
export async function callFromPage(page: Page, method: string, path: string, body?: unknown) {
  return page.evaluate(
    async ({ method, path, body }) => {
      const response = await fetch(path, {
        method,
        headers: body === undefined ? {} : { 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: response.status, text: await response.text() };
    },
    { method, path, body },
  );
}

/** A toast as react-hot-toast renders it: a polite live region holding the message. */
export const toastWith = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text });

export async function addMissing(page: Page, drinkName: string, times: number) {
  const plus = page.getByRole('button', { name: `Add one ${drinkName}` });
  for (let i = 0; i < times; i++) await plus.click();
}

export const countOf = (page: Page, drinkName: string) =>
  page.getByRole('status', { name: `${drinkName} missing` });

/** Staff editing a drink from another device while the guest counts. */
export async function updateDrinkAsStaff(server: ServerProcess, id: number, input: DrinkInput) {
  const api = await ownerApi(server);
  try {
    const response = await api.put(`/api/drinks/${id}`, { data: input });
    expect(response.status(), await response.text()).toBe(200);
  } finally {
    await api.dispose();
  }
}

/**
 * The app's service worker has installed (its precache, the PDF code included, is on the device) and answers
 * this page's requests: from here on the checkout works with the server gone.
 */
export async function controlledByServiceWorker(page: Page) {
  // The worker precaches the app before it takes the page: on a loaded two-core machine that outlasted the
  // default 7 s once (https-caddy.spec.ts, a CI run where the whole suite took half as long again).
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), { timeout: 30_000 })
    .toBe(true);
}

/** Taps Generate PDF and reads the saved file: its name, its bytes, and its text as latin1 (one character per byte). */
export async function generatePdf(page: Page) {
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Generate PDF' }).click();
  const download = await downloading;
  const bytes = fs.readFileSync(await download.path());
  return { fileName: download.suggestedFilename(), bytes, text: bytes.toString('latin1') };
}

/** The receipt's Date: today in the device's date format, on the resort's calendar (Asia/Bangkok by default). */
export const receiptDate = (page: Page) =>
  page.evaluate(() => new Date().toLocaleDateString(undefined, { timeZone: 'Asia/Bangkok' }));

/**
 * Counting the first drink fetches the receipt code (its chunk and the chunks that one imports). Call before
 * counting; await it before the server goes away: it resolves once all of that code is loaded, by importing
 * the same chunk in the page (one module per address, so this is the app's own).
 */
export function receiptCodeLoaded(page: Page): Promise<void> {
  return page.waitForResponse(/\/assets\/receipt-[\w-]{8}\.js$/).then(async (response) => {
    await page.evaluate((url) => import(url).then(() => undefined), response.url());
  });
}

/**
 * The receipt of 2 Coke and 1 Wine for `bungalow`, as the spec lays it out: every line is in the PDF's text,
 * dated today on the resort's calendar in the device's format.
 */
export async function expectCokeAndWineReceipt(page: Page, pdf: string, bungalow: number) {
  const localDate = await receiptDate(page);
  expect(pdf.startsWith('%PDF-')).toBe(true);
  for (const text of [
    `Bungalow #${bungalow} Fridge Checkout`,
    `Date: ${localDate}`,
    '2 x Coke',
    '80 THB',
    '1 x Wine',
    '450 THB',
    'Total Cost',
    '530 THB',
    `Thank you for staying with us in Bungalow #${bungalow}!`,
  ]) {
    expect(pdf, text).toContain(`(${text}`);
  }
}

/** The lazy chunk of the PDF builder (jsPDF). */
export const pdfChunk = /\/assets\/receipt-pdf-[\w-]+\.js$/;

export interface SharedCall {
  title?: string;
  text?: string;
  files?: { name: string; type: string; body: string }[];
}

/**
 * Replaces the device's share sheet with a recorder before the app loads. `canShareFiles` is what
 * navigator.canShare answers for files; `outcome` 'cancel' rejects the way a closed share sheet does, 'late'
 * refuses the first call the way a browser refuses a share sheet long after the tap.
 */
export async function stubShare(page: Page, { canShareFiles = true, outcome = 'share' } = {}) {
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

export const sharedCalls = (page: Page) =>
  page.evaluate(() => (window as unknown as { sharedCalls: SharedCall[] }).sharedCalls);

export function recordConsoleErrors(page: Page) {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  return errors;
}

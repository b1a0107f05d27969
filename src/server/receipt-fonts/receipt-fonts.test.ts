import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import pixelmatch from 'pixelmatch';
import { PNG } from 'pngjs';
import { expect, it } from 'vitest';
import { describeEachDatabase, type TestApp } from '../../../tests/support/test-app';
import { formatDate, type Language, languages, loadMessages } from '../../shared/i18n/languages';
import type { PdfFonts } from '../../shared/pdf-text-writer';
import type { ServedFace } from '../../shared/receipt-font/faces';
import type { ShapingFont } from '../../shared/receipt-font/font-data';
import { buildReceiptModel } from '../../shared/receipt-model';
import { makeReceiptPdf } from '../../shared/receipt-pdf';

/**
 * The receipt fonts the server cuts (docs/decisions/090), and the receipts they make: each language's PDF read
 * by poppler (pdftotext) and its page rendered (pdftoppm) and compared with a reviewed picture,
 * src/shared/receipt-font/receipts/<language>.reference.png. To review again after a change:
 * UPDATE_RECEIPT_REFERENCES=1 npx vitest run src/server/receipt-fonts/receipt-fonts.test.ts, then look.
 */
const referenceDir = path.resolve('src/shared/receipt-font/receipts');
/** Poppler versions anti-alias edges a little differently; a missing glyph (a box, a '?') changes hundreds. */
const maxDifferentPixels = 150;
/** The budget: the fonts one receipt fetches, gzip (the 300 KiB). */
const fontBudgetBytes = 300 * 1024;

/** Drinks as staff typed them: Latin, German, Chinese, Cyrillic and Korean names. */
const drinks = [
  { drinkName: 'Coke', price: 40 },
  { drinkName: 'Jägermeister', price: 150 },
  { drinkName: '可乐', price: 35 },
  { drinkName: 'Квас', price: 60 },
  { drinkName: '소주', price: 90 },
];
const counts = [2, 1, 1, 3, 1];

async function withDrinks(t: TestApp) {
  const cookie = await t.login();
  for (const drink of drinks) {
    const response = await t.request('POST', '/api/drinks', {
      cookie,
      body: { ...drink, startingQuantity: 5 },
    });
    expect(response.status).toBe(201);
  }
  const settings = await t.request('PUT', '/api/settings', {
    cookie,
    body: { resortName: 'Koh Lanta Huts', promptPayId: '0812345678', promptPayName: 'Somchai Jaidee' },
  });
  expect(settings.status).toBe(200);
}

/** Fetches a font as the browser does, counting the bytes a phone would download (gzip). */
function endpointLoader(t: TestApp, fetched: number[]) {
  return async (face: ServedFace): Promise<PdfFonts> => {
    const [normal, bold] = await Promise.all(
      (['normal', 'bold'] as const).map(async (weight) => {
        const response = await t.request('GET', `/api/receipt-fonts/${face}/${weight}?v=test`);
        expect(response.status).toBe(200);
        const text = await response.text();
        fetched.push(gzipSync(text).length);
        return JSON.parse(text) as ShapingFont;
      }),
    );
    return { normal: normal as ShapingFont, bold: bold as ShapingFont };
  };
}

async function receiptIn(language: Language, t: TestApp) {
  const messages = await loadMessages(language);
  const model = buildReceiptModel({
    bungalow: 12,
    items: drinks.map((drink, i) => ({ name: drink.drinkName, price: drink.price, missing: counts[i] ?? 0 })),
    date: formatDate(language, new Date('2026-11-22T05:00:00Z'), 'Asia/Bangkok'),
    resortName: 'Koh Lanta Huts',
    language,
    messages,
    promptPay: { id: '0812345678', name: 'Somchai Jaidee' },
  });
  const fetched: number[] = [];
  const pdf = await makeReceiptPdf(model, endpointLoader(t, fetched));
  return { model, pdf, fetchedBytes: fetched.reduce((sum, bytes) => sum + bytes, 0) };
}

function tempFile(name: string, pdf: Uint8Array): string {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'receipt-')), name);
  fs.writeFileSync(file, pdf);
  return file;
}

const pdfText = (pdf: Uint8Array) =>
  execFileSync('pdftotext', ['-enc', 'UTF-8', tempFile('receipt.pdf', pdf), '-'], { encoding: 'utf8' });

function renderFirstPage(pdf: Uint8Array): PNG {
  const file = tempFile('receipt.pdf', pdf);
  execFileSync('pdftoppm', ['-png', '-r', '150', '-f', '1', '-l', '1', '-singlefile', file, file]);
  return PNG.sync.read(fs.readFileSync(`${file}.png`));
}

describeEachDatabase('receipt fonts', ({ fresh, dialect }) => {
  it('cuts a font to the receipt texts and the catalogue names, and refuses an unknown font', async () => {
    const t = await fresh({ seed: false });
    await withDrinks(t);
    const sc = (await (
      await t.request('GET', '/api/receipt-fonts/noto-sans-sc/normal')
    ).json()) as ShapingFont;
    const has = (font: ShapingFont, char: string) =>
      font.cmap.some((code, i) => i % 2 === 0 && code === char.codePointAt(0));
    for (const char of '可乐收据总计') expect(has(sc, char), char).toBe(true);
    // Letters another font draws are not in it: Korean and Cyrillic come with their own.
    expect(has(sc, '소')).toBe(false);
    const latin = (await (await t.request('GET', '/api/receipt-fonts/noto-sans/bold')).json()) as ShapingFont;
    for (const char of 'КвасСчётäß') expect(has(latin, char), char).toBe(true);

    // A drink added later is in the next answer.
    const cookie = await t.login();
    await t.request('POST', '/api/drinks', {
      cookie,
      body: { drinkName: '雪碧', price: 35, startingQuantity: 5 },
    });
    const again = (await (
      await t.request('GET', '/api/receipt-fonts/noto-sans-sc/normal')
    ).json()) as ShapingFont;
    expect(has(again, '雪')).toBe(true);

    for (const bad of ['/api/receipt-fonts/comic-sans/normal', '/api/receipt-fonts/noto-sans/italic']) {
      const response = await t.request('GET', bad);
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ error: { code: 'not_found', message: 'Not found' } });
    }
  });

  // Every language a served font writes (English and Thai receipts have their own tests).
  for (const language of languages
    .map((entry) => entry.code)
    .filter((code) => code !== 'en' && code !== 'th')) {
    it(`makes the ${language} receipt: every text searchable, the page as reviewed, the fonts within budget`, async () => {
      const t = await fresh({ seed: false });
      await withDrinks(t);
      const { model, pdf, fetchedBytes } = await receiptIn(language, t);
      expect(fetchedBytes).toBeLessThanOrEqual(fontBudgetBytes);

      // Intl puts no-break spaces in amounts ("535 THB"); an extractor gives them as spaces.
      const spaces = (value: string) => value.replace(/[\u00a0\u202f]/g, ' ');
      const lines = spaces(pdfText(pdf))
        .split('\n')
        .map((line) => line.trim());
      for (const expected of [
        model.title,
        model.dateLine,
        model.totalLabel,
        model.totalAmount,
        ...model.lines.map((line) => line.label),
      ]) {
        expect(lines, expected).toContain(spaces(expected));
      }
      const noSpace = (value: string) => value.replace(/\s+/g, '');
      expect(noSpace(pdfText(pdf))).toContain(noSpace(model.footer));

      // The picture is the same on both databases; one reviewed file per language.
      if (dialect !== 'sqlite') return;
      const actual = renderFirstPage(pdf);
      const referencePng = path.join(referenceDir, `${language}.reference.png`);
      if (process.env.UPDATE_RECEIPT_REFERENCES === '1') {
        fs.mkdirSync(referenceDir, { recursive: true });
        fs.writeFileSync(referencePng, PNG.sync.write(actual));
      }
      const reference = PNG.sync.read(fs.readFileSync(referencePng));
      expect([actual.width, actual.height]).toEqual([reference.width, reference.height]);
      const different = pixelmatch(actual.data, reference.data, undefined, actual.width, actual.height, {
        threshold: 0.1,
        includeAA: true,
      });
      if (different > maxDifferentPixels) {
        const saved = path.join(os.tmpdir(), `${language}-receipt.actual.png`);
        fs.writeFileSync(saved, PNG.sync.write(actual));
        throw new Error(`${different} pixels differ from the reference; this rendering is at ${saved}`);
      }
    });
  }
});

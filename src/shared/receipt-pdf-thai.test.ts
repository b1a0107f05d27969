import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pixelmatch from 'pixelmatch';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { en } from './i18n/en';
import { formatDate } from './i18n/languages';
import { th } from './i18n/th';
import type { PdfFonts } from './pdf-text-writer';
import type { ShapingFont } from './receipt-font/font-data';
import { buildReceiptModel, receiptNeedsThaiFont } from './receipt-model';
import { buildReceiptPdf, loadReceiptFonts } from './receipt-pdf';

/**
 * The Thai receipt as a reader sees it: poppler (the PDF library of Linux desktops, `poppler-utils`) reads its
 * text and renders its page, which is compared with a reviewed picture (thai-receipt.reference.png). Drink
 * names carry the marks that collide without shaping: a tone over an upper vowel, over the ring of ำ, beside
 * a tall letter, under a descender.
 */
const referencePng = path.resolve('src/shared/receipt-font/thai-receipt.reference.png');
const renderDpi = 150;
/** Poppler versions anti-alias edges a little differently; misplaced marks change thousands of pixels. */
const maxDifferentPixels = 150;

const stackedWords = ['ที่', 'น้ำ', 'กี่', 'ผู้', 'ปั๊ม', 'เครื่องดื่ม', 'ขอบคุณที่มาพัก'];
const items = [
  { name: 'Coke', price: 40, missing: 2 },
  { name: 'น้ำแร่', price: 20, missing: 3 },
  { name: 'เบียร์สิงห์', price: 90, missing: 1 },
  { name: 'ปั๊มกี่ผู้ที่', price: 1250, missing: 1 },
  { name: 'เครื่องดื่มญูฐุฎุ', price: 15, missing: 4 },
];
const model = buildReceiptModel({
  bungalow: 12,
  items,
  date: formatDate('th', new Date('2026-11-22T05:00:00Z'), 'Asia/Bangkok'),
  language: 'th',
  messages: th,
});

function tempFile(name: string): string {
  return path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'thai-receipt-')), name);
}

function extractText(pdf: Uint8Array): string {
  const file = tempFile('receipt.pdf');
  fs.writeFileSync(file, pdf);
  return execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' });
}

function renderFirstPage(pdf: Uint8Array): PNG {
  const file = tempFile('receipt.pdf');
  fs.writeFileSync(file, pdf);
  execFileSync('pdftoppm', [
    '-png',
    '-r',
    String(renderDpi),
    '-f',
    '1',
    '-l',
    '1',
    '-singlefile',
    file,
    file,
  ]);
  return PNG.sync.read(fs.readFileSync(`${file}.png`));
}

function differentPixels(actual: PNG, expected: PNG): number {
  expect([actual.width, actual.height]).toEqual([expected.width, expected.height]);
  return pixelmatch(actual.data, expected.data, undefined, actual.width, actual.height, {
    threshold: 0.1,
    includeAA: true,
  });
}

async function thaiFonts(): Promise<PdfFonts> {
  const fonts = await loadReceiptFonts(model);
  if (!fonts || 'primary' in fonts) throw new Error('a Thai receipt must load the Thai font alone');
  return fonts;
}

describe('the Thai PDF receipt', () => {
  it('embeds the Thai font only when the receipt holds Thai text', async () => {
    expect(receiptNeedsThaiFont(model)).toBe(true);
    const english = buildReceiptModel({
      bungalow: 12,
      items: [{ name: 'Coke', price: 40, missing: 2 }],
      date: 'd',
    });
    expect(receiptNeedsThaiFont(english)).toBe(false);
    expect(await loadReceiptFonts(english)).toBeUndefined();
    // An English receipt with a drink staff named in Thai needs the font too.
    const mixed = buildReceiptModel({
      bungalow: 1,
      items: [{ name: 'น้ำ', price: 20, missing: 1 }],
      date: 'd',
    });
    expect(mixed.title).toBe(en.receiptTitle(1));
    expect(receiptNeedsThaiFont(mixed)).toBe(true);
    expect(() => buildReceiptPdf(mixed)).toThrow(/Thai/);
  });

  it('extracts to the Thai texts, character for character', async () => {
    const text = extractText(buildReceiptPdf(model, await thaiFonts()));
    const lines = text.split('\n').map((line) => line.trim());
    for (const expected of [
      'ใบเสร็จตู้เย็น บังกะโล #12',
      'วันที่: 22/11/2569',
      '2 x Coke',
      '฿80',
      '3 x น้ำแร่',
      '1 x ปั๊มกี่ผู้ที่',
      '฿1,250',
      '4 x เครื่องดื่มญูฐุฎุ',
      'ยอดรวมทั้งหมด',
      '฿1,540',
    ]) {
      expect(lines).toContain(expected);
    }
    // The footer is wrapped at Thai word boundaries (no spaces there): compare it without the breaks.
    const noSpace = (value: string) => value.replace(/\s+/g, '');
    expect(noSpace(text)).toContain(noSpace(model.footer));
    expect(model.footer).toContain('ขอบคุณที่มาพัก');
  });

  it('keeps words with stacked marks intact when extracted', async () => {
    const words = buildReceiptModel({
      bungalow: 3,
      items: stackedWords.map((name) => ({ name, price: 10, missing: 1 })),
      date: 'd',
      language: 'th',
      messages: th,
    });
    const lines = extractText(buildReceiptPdf(words, await thaiFonts()))
      .split('\n')
      .map((line) => line.trim());
    for (const word of stackedWords) expect(lines).toContain(`1 x ${word}`);
  });

  it('renders as the reviewed reference picture', async () => {
    const actual = renderFirstPage(buildReceiptPdf(model, await thaiFonts()));
    if (process.env.UPDATE_THAI_RECEIPT_REFERENCE === '1') {
      fs.writeFileSync(referencePng, PNG.sync.write(actual));
    }
    const reference = PNG.sync.read(fs.readFileSync(referencePng));
    const different = differentPixels(actual, reference);
    if (different > maxDifferentPixels) {
      const saved = tempFile('actual.png');
      fs.writeFileSync(saved, PNG.sync.write(actual));
      throw new Error(`${different} pixels differ from the reference; this rendering is at ${saved}`);
    }
  });

  it('would fail the picture test if marks were drawn where jsPDF puts them (no shaping)', async () => {
    const fonts = await thaiFonts();
    const unshaped = (font: ShapingFont): ShapingFont => ({ ...font, clusters: [], baseAnchors: {} });
    const actual = renderFirstPage(
      buildReceiptPdf(model, { normal: unshaped(fonts.normal), bold: unshaped(fonts.bold) }),
    );
    const reference = PNG.sync.read(fs.readFileSync(referencePng));
    expect(differentPixels(actual, reference)).toBeGreaterThan(5 * maxDifferentPixels);
  });
});

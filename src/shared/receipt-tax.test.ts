import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pixelmatch from 'pixelmatch';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { formatDate } from './i18n/languages';
import { th } from './i18n/th';
import type { PdfFonts } from './pdf-text-writer';
import type { ShapingFont } from './receipt-font/font-data';
import { buildReceiptModel, type ReceiptInput } from './receipt-model';
import { buildReceiptPdf, loadReceiptFonts } from './receipt-pdf';
import { formatIssuedAt } from './receipt-tax';
import { formatSatang } from './satang';
import type { FullTaxDocument, TaxDocument, TaxSettings } from './tax';

/**
 * The receipt with the resort's tax settings on (DESIGN "The receipt as the law reads it"), read as poppler
 * reads it: an abbreviated tax invoice after Share, a bill before, a full invoice for a company, a copy.
 * German, Russian, Chinese and Korean are checked with the server's fonts (receipt-fonts/tax-receipt.test.ts).
 */

const seller: TaxSettings = {
  sellerName: 'บริษัท เกาะลันตา ฮัทส์ จำกัด',
  taxId: '0105558012345',
  branch: '00000',
  address: '123 หมู่ 2 ตำบลเกาะลันตาใหญ่ อำเภอเกาะลันตา กระบี่ 81150',
  posId: 'E051234567890',
  vatRate: 700,
  abbPrefix: 'ABB',
  invoicePrefix: 'INV',
};
const issuedAt = '2026-11-22T05:07:00Z';
const abb: TaxDocument = {
  type: 'abb',
  number: 'ABB2611-00001',
  issuedAt,
  status: 'issued',
  vat: 3467,
  replaces: null,
  replacedBy: null,
  reason: null,
  seller: null,
};
const full: FullTaxDocument = {
  ...abb,
  type: 'full',
  number: 'INV2611-00001',
  replaces: 'ABB2611-00001',
  buyer: {
    name: 'Acme Trading Co., Ltd.',
    address: '99 Sukhumvit Road, Bangkok 10110',
    taxId: '0994000165510',
    branch: '00001',
  },
  net: 49533,
};
const items = [
  { name: 'Coke', price: 40, missing: 2 },
  { name: 'Wine', price: 450, missing: 1 },
];
const at = new Date(issuedAt);

function receipt(
  language: 'en' | 'th',
  document: TaxDocument | null,
  extra: Partial<ReceiptInput> & { copy?: boolean } = {},
) {
  const date = formatDate(language, at, 'Asia/Bangkok');
  const { copy, ...rest } = extra;
  return buildReceiptModel({
    bungalow: 12,
    items,
    date,
    language,
    ...(language === 'th' ? { messages: th } : {}),
    tax: {
      seller,
      document,
      issuedAt: formatIssuedAt(language, at, 'Asia/Bangkok', date),
      saleDate: date,
      ...(copy ? { copy } : {}),
    },
    ...rest,
  });
}

function tempFile(name: string): string {
  return path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'tax-receipt-')), name);
}

async function pdfOf(model: ReturnType<typeof receipt>) {
  return buildReceiptPdf(model, await loadReceiptFonts(model));
}

function linesOf(pdf: Uint8Array): string[] {
  const file = tempFile('receipt.pdf');
  fs.writeFileSync(file, pdf);
  return execFileSync('pdftotext', ['-layout', '-enc', 'UTF-8', file, '-'], { encoding: 'utf8' })
    .split('\n')
    .map((line) => line.trim().replace(/\s{2,}/g, ' | '))
    .filter(Boolean);
}

function renderFirstPage(pdf: Uint8Array): PNG {
  const file = tempFile('receipt.pdf');
  fs.writeFileSync(file, pdf);
  execFileSync('pdftoppm', ['-png', '-r', '150', '-f', '1', '-l', '1', '-singlefile', file, file]);
  return PNG.sync.read(fs.readFileSync(`${file}.png`));
}

describe('the receipt with tax documents on', () => {
  it('is the receipt of before with tax off: the model has no tax part', () => {
    const off = buildReceiptModel({ bungalow: 12, items, date: 'd', tax: null });
    expect(off).not.toHaveProperty('tax');
    expect(off).toEqual(buildReceiptModel({ bungalow: 12, items, date: 'd' }));
  });

  it('writes the VAT in THB with two decimals in every language', () => {
    expect(formatSatang('en', 3467)).toBe('34.67 THB');
    expect(formatSatang('en', 123400)).toBe('1234.00 THB');
    expect(formatSatang('th', 3467)).toBe('฿34.67');
    expect(formatSatang('de', 3467)).toBe('34,67\u00a0THB');
  });

  it('makes an English abbreviated tax invoice after Share: Thai title, seller, number, time and VAT', async () => {
    const lines = linesOf(await pdfOf(receipt('en', abb)));
    expect(lines[0]).toBe('ใบกำกับภาษีอย่างย่อ / Abbreviated tax invoice');
    for (const expected of [
      'บริษัท เกาะลันตา ฮัทส์ จำกัด',
      '123 หมู่ 2 ตำบลเกาะลันตาใหญ่ อำเภอเกาะลันตา กระบี่ 81150',
      'Tax ID 0105558012345 (สำนักงานใหญ่ / Head office)',
      'POS No. E051234567890',
      'No. ABB2611-00001',
      `Date and time: ${formatDate('en', at, 'Asia/Bangkok')} 12:07`,
      // The spec's lines stay.
      'Bungalow #12 Fridge Checkout',
      '2 x Coke | 80 THB',
      'Total Cost | 530 THB',
      'VAT included | VAT 7% 34.67 THB',
    ]) {
      expect(lines).toContain(expected);
    }
    expect(lines.join(' ')).toContain('Thank you for staying with us in Bungalow #12!');
  });

  it('makes a Thai one with the Thai words alone', async () => {
    const lines = linesOf(await pdfOf(receipt('th', abb)));
    expect(lines[0]).toBe('ใบกำกับภาษีอย่างย่อ');
    for (const expected of [
      'เลขประจำตัวผู้เสียภาษี 0105558012345 (สำนักงานใหญ่)',
      'หมายเลขเครื่อง POS E051234567890',
      'เลขที่ ABB2611-00001',
      'วันที่และเวลา: 22/11/2569 12:07',
      'ใบเสร็จตู้เย็น บังกะโล #12',
      'ยอดรวมทั้งหมด | ฿530',
      'ราคารวมภาษีมูลค่าเพิ่มแล้ว | ภาษีมูลค่าเพิ่ม 7% ฿34.67',
    ]) {
      expect(lines).toContain(expected);
    }
  });

  it('says a receipt made before the check is recorded is a bill: no number, no VAT', async () => {
    const english = linesOf(await pdfOf(receipt('en', null)));
    expect(english[0]).toBe('ใบแจ้งรายการ (ยังไม่ใช่ใบกำกับภาษี) / Bill (not a tax invoice)');
    expect(english.join('\n')).not.toMatch(/ABB2611|INV2611|VAT/);
    expect(english.filter((line) => line.startsWith('No. '))).toEqual([]);
    expect(english).toContain('Tax ID 0105558012345 (สำนักงานใหญ่ / Head office)');
    const thai = linesOf(await pdfOf(receipt('th', null)));
    expect(thai[0]).toBe('ใบแจ้งรายการ (ยังไม่ใช่ใบกำกับภาษี)');
    expect(thai.join('\n')).not.toContain('เลขที่');
  });

  it('makes a full tax invoice: its title, the buyer, the net amount and the VAT on their own lines', async () => {
    const lines = linesOf(await pdfOf(receipt('en', full)));
    expect(lines[0]).toBe('ใบกำกับภาษี / Tax invoice');
    for (const expected of [
      'No. INV2611-00001',
      'Buyer: Acme Trading Co., Ltd.',
      '99 Sukhumvit Road, Bangkok 10110',
      'Tax ID 0994000165510 (สาขาที่ 00001 / Branch 00001)',
      'Total Cost | 530 THB',
      'Net amount | 495.33 THB',
      'VAT 7% | 34.67 THB',
    ]) {
      expect(lines).toContain(expected);
    }
  });

  it('marks a reprint from the history a copy, and a voided one cancelled', async () => {
    const copy = linesOf(await pdfOf(receipt('en', abb, { copy: true })));
    // Beside the mark the two titles do not fit one line: each is whole on its own.
    expect(copy.slice(0, 2)).toEqual(['ใบกำกับภาษีอย่างย่อ | สำเนา / Copy', 'Abbreviated tax invoice']);
    const thaiCopy = linesOf(await pdfOf(receipt('th', full, { copy: true })));
    expect(thaiCopy[0]).toBe('ใบกำกับภาษี | สำเนา');
    const cancelled = receipt('en', { ...abb, status: 'cancelled', reason: 'Counted twice' }, { copy: true });
    expect(cancelled.tax?.mark).toBe('ยกเลิก / Cancelled');
    const cancelledLines = linesOf(await pdfOf(cancelled));
    expect(cancelledLines[0]).toContain('ยกเลิก / Cancelled');
    expect(cancelledLines).toContain('เหตุผล / Reason: Counted twice');
  });

  it('carries the Thai words the law names on an English abbreviated invoice, beside the English', async () => {
    const text = linesOf(await pdfOf(receipt('en', abb))).join('\n');
    expect(text).toContain('ใบกำกับภาษีอย่างย่อ');
    expect(text).toContain('ราคารวมภาษีมูลค่าเพิ่มแล้ว');
    expect(text).toContain('สำนักงานใหญ่ / Head office');
    const branch = buildReceiptModel({
      bungalow: 1,
      items,
      date: 'd',
      tax: { seller: { ...seller, branch: '00001' }, document: abb, issuedAt: 'd' },
      language: 'th',
      messages: th,
    });
    // The notifications' wording: "สาขาที่", not "สาขา".
    expect(branch.tax?.seller).toContain('เลขประจำตัวผู้เสียภาษี 0105558012345 (สาขาที่ 00001)');
  });

  it("names the number a replacement replaces and the sale's date beside its own time of issue", async () => {
    const revision: TaxDocument = { ...abb, number: 'ABB2611-00002', replaces: 'ABB2611-00001' };
    const english = linesOf(await pdfOf(receipt('en', revision, { copy: true })));
    const saleDate = formatDate('en', at, 'Asia/Bangkok');
    for (const expected of [
      'No. ABB2611-00002',
      'ยกเลิกและออกใบกำกับภาษีฉบับใหม่แทนฉบับเดิมเลขที่ ABB2611-00001',
      'Replaces ABB2611-00001',
      `วันที่ขาย / Date of sale: ${saleDate}`,
    ]) {
      expect(english).toContain(expected);
    }
    const thai = linesOf(
      await pdfOf(receipt('th', { ...full, number: 'INV2611-00002', replaces: 'INV2611-00001' })),
    );
    expect(thai).toContain('ยกเลิกและออกใบกำกับภาษีฉบับใหม่แทนฉบับเดิมเลขที่ INV2611-00001');
    expect(thai.join('\n')).not.toContain('Replaces');
  });

  it('names a branch by its number', () => {
    const model = buildReceiptModel({
      bungalow: 1,
      items,
      date: 'd',
      tax: { seller: { ...seller, branch: '00001', posId: null }, document: abb, issuedAt: 'd' },
    });
    expect(model.tax?.seller).toEqual([
      seller.sellerName,
      seller.address,
      'Tax ID 0105558012345 (สาขาที่ 00001 / Branch 00001)',
    ]);
  });
});

/** The Thai title and the seller's Thai, rendered with the marks in place (compare receipt-pdf-thai.test.ts). */
describe('the Thai tax invoice as rendered', () => {
  const referencePng = path.resolve('src/shared/receipt-font/thai-tax-receipt.reference.png');
  const maxDifferentPixels = 150;
  const model = receipt('th', abb);

  async function thaiFonts(): Promise<PdfFonts> {
    const fonts = await loadReceiptFonts(model);
    if (!fonts || 'primary' in fonts) throw new Error('a Thai receipt must load the Thai font alone');
    return fonts;
  }
  const different = (actual: PNG, expected: PNG) => {
    expect([actual.width, actual.height]).toEqual([expected.width, expected.height]);
    return pixelmatch(actual.data, expected.data, undefined, actual.width, actual.height, {
      threshold: 0.1,
      includeAA: true,
    });
  };

  it('renders as the reviewed reference picture', async () => {
    const actual = renderFirstPage(buildReceiptPdf(model, await thaiFonts()));
    if (process.env.UPDATE_THAI_RECEIPT_REFERENCE === '1') {
      fs.writeFileSync(referencePng, PNG.sync.write(actual));
    }
    const count = different(actual, PNG.sync.read(fs.readFileSync(referencePng)));
    if (count > maxDifferentPixels) {
      const saved = tempFile('actual.png');
      fs.writeFileSync(saved, PNG.sync.write(actual));
      throw new Error(`${count} pixels differ from the reference; this rendering is at ${saved}`);
    }
  });

  it("would fail the picture test if the title's marks were drawn unshaped", async () => {
    const fonts = await thaiFonts();
    const unshaped = (font: ShapingFont): ShapingFont => ({ ...font, clusters: [], baseAnchors: {} });
    const actual = renderFirstPage(
      buildReceiptPdf(model, { normal: unshaped(fonts.normal), bold: unshaped(fonts.bold) }),
    );
    expect(different(actual, PNG.sync.read(fs.readFileSync(referencePng)))).toBeGreaterThan(
      5 * maxDifferentPixels,
    );
  });
});

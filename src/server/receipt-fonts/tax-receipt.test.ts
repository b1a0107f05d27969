import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatDate, type Language, loadMessages } from '../../shared/i18n/languages';
import { taxReceiptTextsOf } from '../../shared/i18n/tax-receipt';
import { faceCharacters, languagesOfFace, receiptTextsOf } from '../../shared/receipt-font/faces';
import { buildReceiptModel } from '../../shared/receipt-model';
import { makeReceiptPdf } from '../../shared/receipt-pdf';
import { formatIssuedAt } from '../../shared/receipt-tax';
import type { TaxDocument, TaxSettings } from '../../shared/tax';
import { createServedFontCache } from './served-fonts';

/**
 * The tax invoice in the guests' other languages, drawn with the fonts this server cuts (served-fonts.ts) with
 * the tax words in them, as the receipt-fonts route cuts them with tax on: poppler reads every word back.
 */
const seller: TaxSettings = {
  sellerName: 'Koh Lanta Huts Co., Ltd.',
  taxId: '0105558012345',
  branch: '00001',
  address: '123 Moo 2, Koh Lanta, Krabi 81150',
  posId: null,
  vatRate: 700,
  abbPrefix: 'ABB',
  invoicePrefix: 'INV',
};
const abb: TaxDocument = {
  type: 'abb',
  number: 'ABB2611-00007',
  issuedAt: '2026-11-22T05:07:00Z',
  status: 'issued',
  vat: 3467,
  replaces: null,
  replacedBy: null,
  reason: null,
  seller: null,
};
const fonts = createServedFontCache();

async function taxReceiptText(language: Language, document: TaxDocument | null, copy = false) {
  const messages = await loadMessages(language);
  const at = new Date(abb.issuedAt);
  const date = formatDate(language, at, 'Asia/Bangkok');
  const model = buildReceiptModel({
    bungalow: 12,
    items: [
      { name: 'Coke', price: 40, missing: 2 },
      { name: 'Wine', price: 450, missing: 1 },
    ],
    date,
    language,
    messages,
    tax: { seller, document, issuedAt: formatIssuedAt(language, at, 'Asia/Bangkok', date), copy },
  });
  const pdf = await makeReceiptPdf(model, async (face) => {
    const texts = await Promise.all(
      languagesOfFace(face).map(async (l) => receiptTextsOf(await loadMessages(l)) + taxReceiptTextsOf(l)),
    );
    const characters = faceCharacters(face, texts, [seller.sellerName, seller.address]);
    const [normal, bold] = await Promise.all([
      fonts(face, 'normal', characters),
      fonts(face, 'bold', characters),
    ]);
    return { normal: JSON.parse(normal), bold: JSON.parse(bold) };
  });
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'tax-receipt-')), 'receipt.pdf');
  fs.writeFileSync(file, pdf);
  return execFileSync('pdftotext', ['-layout', '-enc', 'UTF-8', file, '-'], { encoding: 'utf8' })
    .split('\n')
    .map((line) => line.trim().replace(/\s{2,}/g, ' | '))
    .filter(Boolean);
}

describe('the tax invoice in the guests’ languages', () => {
  const expected: Record<'de' | 'ru' | 'zh-Hans' | 'ko', { title: string; lines: string[] }> = {
    de: {
      title: 'ใบกำกับภาษีอย่างย่อ / Vereinfachte Steuerrechnung',
      lines: [
        'Steuer-ID 0105558012345 (สาขาที่ 00001 / Filiale 00001)',
        'Nr. ABB2611-00007',
        'inkl. MwSt. | MwSt. 7 % 34,67 THB',
      ],
    },
    ru: {
      // Too long for one line beside the Thai: each title whole on its own.
      title: 'ใบกำกับภาษีอย่างย่อ\nУпрощённый налоговый счёт-фактура',
      lines: [
        'ИНН 0105558012345 (สาขาที่ 00001 / Филиал 00001)',
        '№ ABB2611-00007',
        'НДС включён | НДС 7% 34,67 THB',
      ],
    },
    'zh-Hans': {
      title: 'ใบกำกับภาษีอย่างย่อ / 简易税务发票',
      lines: [
        '纳税人识别号 0105558012345 (สาขาที่ 00001 / 分支机构 00001)',
        '编号 ABB2611-00007',
        '含增值税 | 增值税 7% THB 34.67',
      ],
    },
    ko: {
      title: 'ใบกำกับภาษีอย่างย่อ / 간이 세금계산서',
      lines: [
        '납세자 번호 0105558012345 (สาขาที่ 00001 / 지점 00001)',
        '번호 ABB2611-00007',
        '부가세 포함 | 부가세 7% THB 34.67',
      ],
    },
  };
  for (const [language, { title, lines }] of Object.entries(expected)) {
    it(`writes the ${language} abbreviated tax invoice with the Thai title and its own words`, async () => {
      const text = (await taxReceiptText(language as Language, abb)).map((line) =>
        line.replace(/\u00a0/g, ' '),
      );
      expect(text.slice(0, title.split('\n').length).join('\n')).toBe(title);
      for (const line of lines) expect(text).toContain(line);
      // The Thai words the law names, beside the guest's (sixth stage).
      expect(text).toContain('ราคารวมภาษีมูลค่าเพิ่มแล้ว');
    });
  }

  it('writes a bill in Russian and a copy in Korean', async () => {
    const bill = await taxReceiptText('ru', null);
    expect(bill.slice(0, 2)).toEqual(['ใบแจ้งรายการ (ยังไม่ใช่ใบกำกับภาษี)', 'Счёт (не налоговый счёт-фактура)']);
    const copy = await taxReceiptText('ko', abb, true);
    expect(copy[0]).toBe('ใบกำกับภาษีอย่างย่อ / 간이 세금계산서 | สำเนา / 사본');
  });
});

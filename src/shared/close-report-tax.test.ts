import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildCloseReportModel } from './close-report';
import { buildCloseReportPdf, loadCloseReportFonts } from './close-report-pdf';
import type { DaySummary } from './day-close-types';
import { adminEn } from './i18n/admin-en';
import { adminTh } from './i18n/admin-th';

/** The Z report of a day with tax documents: its VAT and its first and last numbers, read back by poppler. */
const zero = { count: 0, thb: 0 };
const day: DaySummary = {
  day: '2026-11-22',
  checkouts: { count: 3, thb: 12_480 },
  voided: zero,
  payments: { cash: { count: 1, thb: 530 }, promptpay: zero, card: zero, room: zero },
  undone: { cash: zero, promptpay: zero, card: zero, room: zero },
  unpaid: { count: 2, thb: 11_950 },
  cash: { float: 0, received: 530, undone: 0, expected: 530 },
  close: null,
  tax: {
    vat: 81_645,
    abbreviated: { first: 'ABB2611-00004', last: 'ABB2611-00009', count: 6 },
    full: { first: 'INV2611-00001', last: 'INV2611-00002', count: 2 },
  },
};

const modelIn = (language: 'en' | 'th', summary: DaySummary) =>
  buildCloseReportModel({
    summary,
    language,
    messages: language === 'en' ? adminEn : adminTh,
    dayText: language === 'en' ? 'Sun, Nov 22, 2026' : 'อา. 22 พ.ย. 2569',
    formatMoment: () => '23 Nov 2026, 08:00',
    madeAt: '2026-11-23T01:00:00.000Z',
  });

async function textOf(language: 'en' | 'th', summary: DaySummary): Promise<string> {
  const model = modelIn(language, summary);
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'z-report-')), 'close.pdf');
  fs.writeFileSync(file, buildCloseReportPdf(model, await loadCloseReportFonts(model)));
  return execFileSync('pdftotext', ['-layout', '-enc', 'UTF-8', file, '-'], { encoding: 'utf8' }).replace(
    /[ \t]+/g,
    ' ',
  );
}

describe('the Z report with tax documents', () => {
  it("adds the day's VAT and each series' first and last numbers apart", async () => {
    const text = await textOf('en', day);
    expect(text).toContain("VAT in the day's sales 816.45 THB");
    expect(text).toContain('Abbreviated tax invoices: First number ABB2611-00004');
    expect(text).toContain('Abbreviated tax invoices: Last number ABB2611-00009');
    expect(text).toContain('Full tax invoices: First number INV2611-00001');
    expect(text).toContain('Full tax invoices: Last number INV2611-00002');
  });

  it('says them in Thai', async () => {
    const text = await textOf('th', day);
    expect(text).toContain('ภาษีมูลค่าเพิ่มในยอดขายของวัน ฿816.45');
    expect(text).toContain('ใบกำกับภาษีอย่างย่อ: เลขที่แรก ABB2611-00004');
    expect(text).toContain('ใบกำกับภาษีเต็มรูป: เลขที่สุดท้าย INV2611-00002');
  });

  it('shows a close frozen before the series were apart as it was', async () => {
    const text = await textOf('en', {
      ...day,
      tax: { vat: 81_645, firstNumber: 'ABB2611-00004', lastNumber: 'INV2611-00001' },
    });
    expect(text).toContain('First number ABB2611-00004');
    expect(text).toContain('Last number INV2611-00001');
  });

  it('has no VAT table on a day without tax documents', () => {
    const { tax: _tax, ...without } = day;
    expect(modelIn('en', without).tables.map((table) => table.title)).toEqual([
      adminEn.checkouts,
      adminEn.moneyByMethod,
      adminEn.cashDrawer,
    ]);
  });
});

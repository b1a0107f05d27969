import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildCloseReportModel, closeReportNeedsEmbeddedFont } from './close-report';
import { buildCloseReportPdf, loadCloseReportFonts } from './close-report-pdf';
import type { DaySummary } from './day-close-types';
import { adminEn } from './i18n/admin-en';
import { adminTh } from './i18n/admin-th';

/** The Z report read back as a reader sees it: poppler's pdftotext and pdfinfo (`poppler-utils`). */
function pdfFile(bytes: Uint8Array): string {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'z-report-')), 'close.pdf');
  fs.writeFileSync(file, bytes);
  return file;
}
const textOf = (file: string) =>
  execFileSync('pdftotext', ['-layout', '-enc', 'UTF-8', file, '-'], { encoding: 'utf8' });
const infoOf = (file: string) => execFileSync('pdfinfo', [file], { encoding: 'utf8' });

const zero = { count: 0, thb: 0 };
const summary: DaySummary = {
  day: '2026-06-10',
  checkouts: { count: 7, thb: 580 },
  voided: { count: 1, thb: 120 },
  payments: {
    cash: { count: 3, thb: 540 },
    promptpay: { count: 1, thb: 120 },
    card: { count: 1, thb: 90 },
    room: { count: 1, thb: 1160 },
  },
  undone: { cash: { count: 1, thb: 80 }, promptpay: zero, card: zero, room: zero },
  unpaid: { count: 2, thb: 95 },
  cash: { float: 2000, received: 540, undone: 80, expected: 2460 },
  close: {
    countedCash: 2400,
    difference: -60,
    note: 'Counted twice; one 100 note looks torn.',
    by: 'Noi on Desk tablet',
    at: '2026-06-10T16:05:00.000Z',
  },
};

const theClose = summary.close as NonNullable<DaySummary['close']>;

const modelIn = (language: 'en' | 'th', day: DaySummary = summary) =>
  buildCloseReportModel({
    summary: day,
    language,
    messages: language === 'en' ? adminEn : adminTh,
    resortName: 'Koh Lanta Huts',
    dayText: language === 'en' ? 'Wed, Jun 10, 2026' : 'พ. 10 มิ.ย. 2569',
    formatMoment: (iso) => (iso === summary.close?.at ? '10 Jun 2026, 23:05' : '11 Jun 2026, 08:00'),
    madeAt: '2026-06-11T01:00:00.000Z',
  });

/** Collapses pdftotext's layout spaces, so a row reads "Cash 3 540 THB 1 80 THB". */
const squeeze = (text: string) => text.replace(/[ \t]+/g, ' ');

describe('the Z report PDF', () => {
  it('is one A4 page that says every figure, the count, the difference and who closed the day (English)', () => {
    const model = modelIn('en');
    expect(closeReportNeedsEmbeddedFont(model)).toBe(false);
    const file = pdfFile(buildCloseReportPdf(model));
    const info = infoOf(file);
    expect(info).toMatch(/Pages:\s+1\n/);
    expect(info).toMatch(/Page size:\s+595\.2\d x 841\.8\d pts \(A4\)/);
    expect(info).toMatch(/Title:\s+Z report: close of the day/);

    const lines = squeeze(textOf(file))
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean);
    expect(lines).toEqual([
      'Koh Lanta Huts',
      'Z report: close of the day',
      'Day: Wed, Jun 10, 2026',
      'Closed by Noi on Desk tablet, 10 Jun 2026, 23:05',
      'Checkouts',
      'Count Baht',
      'Checkouts 7 580 THB',
      'Voided 1 120 THB',
      'Still unpaid 2 95 THB',
      'Money by method',
      'Taken Baht Undone Baht',
      'Cash 3 540 THB 1 80 THB',
      'PromptPay 1 120 THB 0 0 THB',
      'Card 1 90 THB 0 0 THB',
      'Charged to the room 1 1160 THB 0 0 THB',
      'Total 6 1910 THB 1 80 THB',
      'Cash drawer',
      'Baht',
      'Float 2000 THB',
      'Cash received + 540 THB',
      'Cash undone - 80 THB',
      'Expected cash 2460 THB',
      'Counted cash 2400 THB',
      'Difference Short by 60 THB',
      'Note',
      'Counted twice; one 100 note looks torn.',
      'Made 11 Jun 2026, 08:00',
    ]);
  });

  it('an open day says it is not closed yet and shows no count', () => {
    const file = pdfFile(buildCloseReportPdf(modelIn('en', { ...summary, close: null })));
    const text = squeeze(textOf(file));
    expect(text).toContain('Not closed yet: the figures may still change');
    expect(text).toContain('Expected cash 2460 THB');
    expect(text).not.toContain('Counted cash');
    expect(text).not.toContain('Note');
  });

  it('over and exact are said as such', () => {
    const over = buildCloseReportModel({
      summary: { ...summary, close: { ...theClose, countedCash: 2500, difference: 40 } },
      language: 'en',
      messages: adminEn,
      dayText: 'x',
      formatMoment: () => 'y',
      madeAt: theClose.at,
    });
    expect(over.tables[2]?.rows.at(-1)).toEqual({
      label: 'Difference',
      values: ['Over by 40 THB'],
      bold: true,
    });
    const exact = buildCloseReportModel({
      summary: { ...summary, close: { ...theClose, countedCash: 2460, difference: 0 } },
      language: 'en',
      messages: adminEn,
      dayText: 'x',
      formatMoment: () => 'y',
      madeAt: theClose.at,
    });
    expect(exact.tables[2]?.rows.at(-1)?.values).toEqual(['Exact']);
  });

  it('in Thai, with the embedded font, reads back in Thai on one page', async () => {
    const model = modelIn('th');
    expect(closeReportNeedsEmbeddedFont(model)).toBe(true);
    expect(() => buildCloseReportPdf(model)).toThrow(/load its font/);
    const fonts = await loadCloseReportFonts(model);
    const file = pdfFile(buildCloseReportPdf(model, fonts));
    expect(infoOf(file)).toMatch(/Pages:\s+1\n/);
    // Sarabun, embedded under the receipt's family name.
    expect(execFileSync('pdffonts', [file], { encoding: 'utf8' })).toMatch(
      /ReceiptSans\s+CID TrueType\s+Identity-H\s+yes/,
    );
    const text = squeeze(textOf(file));
    for (const expected of [
      'รายงานปิดยอดประจำวัน (Z)',
      'วันที่: พ. 10 มิ.ย. 2569',
      'ปิดยอดโดย Noi on Desk tablet เมื่อ 10 Jun 2026, 23:05',
      'เงินสด 3 ฿540 1 ฿80',
      'พร้อมเพย์ 1 ฿120 0 ฿0',
      'เงินทอนตั้งต้น ฿2,000',
      'เงินสดที่ควรมี ฿2,460',
      'เงินสดที่นับได้ ฿2,400',
      'ส่วนต่าง ขาด ฿60',
      'ยังไม่ชำระ 2 ฿95',
    ]) {
      expect(text).toContain(expected);
    }
  });

  // The chain anchored outside the database (fifth stage)
  it('prints the audit chain head the close kept, whole, as audit:verify --head takes it (English, Thai)', () => {
    const chainHead = { seq: 1234, hash: 'ab'.repeat(32) };
    const model = buildCloseReportModel({
      summary,
      language: 'en',
      messages: adminEn,
      dayText: 'Wed, Jun 10, 2026',
      formatMoment: () => '10 Jun 2026, 23:05',
      madeAt: '2026-06-11T01:00:00.000Z',
      chainHead,
    });
    const file = pdfFile(buildCloseReportPdf(model));
    expect(infoOf(file)).toMatch(/Pages:\s+1\n/);
    const lines = squeeze(textOf(file))
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean);
    expect(lines.slice(-3)).toEqual([
      'Audit chain head at the close (npm run audit:verify -- --head):',
      `1234:${'ab'.repeat(32)}`,
      'Made 10 Jun 2026, 23:05',
    ]);
    // An open day has no close, so no head.
    expect(modelIn('en', { ...summary, close: null }).chainHead).toBeNull();
  });

  it('prints the head on a Thai report too', async () => {
    const model = buildCloseReportModel({
      summary,
      language: 'th',
      messages: adminTh,
      dayText: 'พ. 10 มิ.ย. 2569',
      formatMoment: () => '10 มิ.ย. 2569 23:05',
      madeAt: '2026-06-11T01:00:00.000Z',
      chainHead: { seq: 7, hash: 'cd'.repeat(32) },
    });
    const text = textOf(pdfFile(buildCloseReportPdf(model, await loadCloseReportFonts(model))));
    expect(text).toContain('จุดล่าสุดของสายบันทึกการตรวจสอบ');
    expect(text).toContain(`7:${'cd'.repeat(32)}`);
  });
});

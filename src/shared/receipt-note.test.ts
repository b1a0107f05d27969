import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildNoteModel, noteFileName } from './receipt-note';
import { buildReceiptPdf, loadReceiptFonts } from './receipt-pdf';
import type { TaxNote } from './tax';

/**
 * A credit note and a debit note as printed (seventh stage; §86/10, §86/9), drawn by the tax invoices' own
 * generator and read back by poppler: every particular the two sections list, Thai first, English beside it.
 */
const seller = {
  sellerName: 'Samet Huts Co., Ltd.',
  address: '99/9 หมู่ 4 ตำบลเพ อำเภอเมืองระยอง ระยอง 21160',
  taxId: '0105558012345',
  branch: '00000',
  posId: null,
  vatRate: 700,
};
const creditNote: TaxNote = {
  type: 'cn',
  number: 'CN2612-00001',
  issuedAt: '2026-12-03T03:00:00.000Z',
  adjusts: 'INV2611-00002',
  adjustsDatedAt: '2026-11-10T02:00:00.000Z',
  before: 25_000,
  after: 0,
  total: 25_000,
  net: 23_364,
  vat: 1_636,
  vatRate: 700,
  reason: 'Guest returned the bottles',
  buyer: {
    name: 'Acme Trading Co., Ltd.',
    address: '1 Silom Road, Bangkok 10500',
    taxId: '0105535000123',
    branch: '00001',
  },
  seller,
};

async function noteText(note: TaxNote, language: 'en' | 'th', copy = false) {
  const model = buildNoteModel({
    language,
    note,
    issuedAt: language === 'en' ? '3 Dec 2026 10:00' : '3/12/2569 10:00',
    adjustsDate: language === 'en' ? '10 Nov 2026' : '10/11/2569',
    copy,
  });
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'note-')), noteFileName(note));
  fs.writeFileSync(file, buildReceiptPdf(model, await loadReceiptFonts(model)));
  return execFileSync('pdftotext', ['-layout', '-enc', 'UTF-8', file, '-'], { encoding: 'utf8' })
    .split('\n')
    .map((line) => line.trim().replace(/\s{2,}/g, ' | '))
    .filter(Boolean);
}

describe('a credit or debit note as printed', () => {
  it('an English credit note: the Thai title and the English, the seller, the buyer, the original, the values, the VAT on the difference, the reason', async () => {
    expect(await noteText(creditNote, 'en')).toEqual([
      'ใบลดหนี้ / Credit note',
      'Samet Huts Co., Ltd.',
      '99/9 หมู่ 4 ตำบลเพ อำเภอเมืองระยอง ระยอง 21160',
      'Tax ID 0105558012345 (สำนักงานใหญ่ / Head office)',
      'No. CN2612-00001',
      'Date and time: 3 Dec 2026 10:00',
      'เหตุผล / Reason: Guest returned the bottles',
      'Buyer: Acme Trading Co., Ltd.',
      '1 Silom Road, Bangkok 10500',
      'Tax ID 0105535000123 (สาขาที่ 00001 / Branch 00001)',
      'CN2612-00001',
      // The invoice it adjusts and the date that one bears.
      'ใบกำกับภาษีเดิมเลขที่ / Original tax invoice: INV2611-00002',
      'ลงวันที่ / Dated: 10 Nov 2026',
      'มูลค่าตามใบกำกับภาษีเดิม',
      'Value on the original invoice | 250.00 THB',
      'มูลค่าที่ถูกต้อง',
      'Correct value | 0.00 THB',
      'ผลต่าง / Difference | 250.00 THB',
      'มูลค่าก่อนภาษีมูลค่าเพิ่ม',
      'Net amount | 233.64 THB',
      'ภาษีมูลค่าเพิ่ม 7% ของผลต่าง',
      'VAT 7% on the difference | 16.36 THB',
    ]);
  });

  it('a Thai debit note reprinted from the history: Thai alone, marked a copy, no buyer block for a sale without one', async () => {
    const debit: TaxNote = {
      ...creditNote,
      type: 'dn',
      number: 'DN2612-00001',
      adjusts: 'ABB2611-00004',
      before: 4_000,
      after: 12_000,
      total: 8_000,
      vat: 523,
      net: 7_477,
      reason: null,
      buyer: null,
    };
    const lines = await noteText(debit, 'th', true);
    expect(lines[0]).toBe('ใบเพิ่มหนี้ | สำเนา');
    expect(lines).toContain('เลขที่ DN2612-00001');
    expect(lines).toContain('ใบกำกับภาษีเดิมเลขที่: ABB2611-00004');
    expect(lines).toContain('ลงวันที่: 10/11/2569');
    expect(lines).toContain('มูลค่าตามใบกำกับภาษีเดิม | ฿40.00');
    expect(lines).toContain('มูลค่าที่ถูกต้อง | ฿120.00');
    expect(lines).toContain('ผลต่าง | ฿80.00');
    expect(lines).toContain('ภาษีมูลค่าเพิ่ม 7% ของผลต่าง | ฿5.23');
    expect(lines.join('\n')).not.toContain('ผู้ซื้อ');
    expect(lines.join('\n')).not.toContain('เหตุผล');
    expect(noteFileName(debit)).toBe('debit-note-DN2612-00001.pdf');
  });
});

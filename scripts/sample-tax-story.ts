/**
 * The accountant's story of issue 57 (docs/tax-documents.md, "When a change comes after the month"), run
 * in-process on a scratch SQLite file with the app's clock moved: sales in November; November pulled and filed
 * at 00:00:05 on 1 December; a revision at 00:45; on 3 December a void, a buyer's correction and a full invoice
 * asked for a November sale. It writes November's workbook as filed and as it stands, December's workbook, and
 * the credit note's PDF (made as the history's button makes it) to the folder given, prints each workbook's rows
 * as read-excel-file reads them, and renders the credit note with poppler to docs/images/credit-note.png.
 *
 *   npx tsx scripts/sample-tax-story.ts docs/samples
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { formatDate } from '../src/shared/i18n/languages';
import { buildNoteModel, noteFileName } from '../src/shared/receipt-note';
import { buildReceiptPdf, loadReceiptFonts } from '../src/shared/receipt-pdf';
import { formatIssuedAt, particularsDate } from '../src/shared/receipt-tax';
import type { HistoryCheckout } from '../src/shared/staff-types';
import { printWorkbook, sampleResort } from './sample-resort';

const out = path.resolve(process.argv[2] ?? 'docs/samples');
const picture = path.resolve('docs/images/credit-note.png');
const timeZone = 'Asia/Bangkok';
const seller = {
  sellerName: 'บริษัท เกาะเสม็ด บังกะโล จำกัด',
  taxId: '0105535000123',
  branch: '00000',
  address: '99/9 หมู่ 4 ตำบลเพ อำเภอเมืองระยอง ระยอง 21160',
  posId: null,
};
const acme = {
  buyerName: 'Acme Trading (Thailand) Co., Ltd',
  buyerAddress: '99 Sukhumvit Road, Khlong Toei, Bangkok 10110',
  buyerTaxId: '0105560123454',
  buyerBranch: '00000',
};

async function main() {
  const { call, at, record, save, close } = await sampleResort({
    seller,
    resortName: 'Samet Huts',
    start: '2026-11-10T02:00:00.000Z',
    out,
  });
  const workbook = async (query: string, file: string) => printWorkbook(file, await save(query, file));

  // 10 November, 09:00: three sales; a company's full invoice for the second.
  const voided = await record(3, { Coke: 2, Chang: 1 });
  const corrected = await record(4, { Wine: 1 });
  await call('POST', `/api/checkouts/${corrected.id}/tax-invoice`, {
    ...acme,
    buyerName: 'Acme Tradign Co.',
  });
  const late = await record(5, { Chang: 2 });
  // 30 November, 23:30: a check the housekeeper will recount at 00:45.
  await at('2026-11-30T16:30:00.000Z');
  const checkId = '5b0b1d2e-8a53-4c0e-9d5f-2f1a6a0c7e11';
  await record(6, { Coke: 1 }, checkId);

  // 1 December, 00:00:05: November has ended; the accountant pulls it and marks it filed.
  await at('2026-11-30T17:00:05.000Z');
  await call('POST', '/api/tax/months/2026-11/filed', {});
  await workbook('month=2026-11&as=filed&format=xlsx', 'story-2026-11-as-filed.xlsx');
  // 00:45: the recount raises the 23:30 check.
  await at('2026-11-30T17:45:00.000Z');
  await record(6, { Coke: 3 }, checkId);
  // 3 December, 10:00: a void, a buyer's correction, a full invoice asked for a November sale; a December sale.
  await at('2026-12-03T03:00:00.000Z');
  await call('POST', `/api/checkouts/${voided.id}/void`, { reason: 'Guest returned the bottles' });
  await call('PUT', `/api/checkouts/${corrected.id}/tax-invoice`, { ...acme, reason: 'Buyer name misspelt' });
  await call('POST', `/api/checkouts/${late.id}/tax-invoice`, acme);
  await record(7, { Fanta: 1 });
  await workbook('month=2026-11&format=xlsx', 'story-2026-11-on-3-december.xlsx');
  await workbook('month=2026-12&format=xlsx', 'story-2026-12.xlsx');

  // The credit note as the history's "Credit note PDF" makes it, in English beside the Thai.
  const history = (await (await call('GET', `/api/checkouts/${voided.id}`)).json()) as HistoryCheckout;
  const [note] = history.notes ?? [];
  if (!note) throw new Error('The void of a November sale on 3 December issued no credit note');
  const date = (when: Date) => particularsDate('en', when, timeZone, formatDate('en', when, timeZone));
  const issued = new Date(note.issuedAt);
  const model = buildNoteModel({
    language: 'en',
    note,
    issuedAt: formatIssuedAt('en', issued, timeZone, date(issued)),
    adjustsDate: date(new Date(note.adjustsDatedAt)),
    resortName: 'Samet Huts',
    copy: true,
  });
  const pdf = path.join(out, noteFileName(note));
  fs.writeFileSync(pdf, buildReceiptPdf(model, await loadReceiptFonts(model)));
  execFileSync('pdftoppm', ['-png', '-r', '110', '-singlefile', pdf, picture.replace(/\.png$/, '')]);
  console.log(`\n${path.relative(process.cwd(), pdf)}, ${path.relative(process.cwd(), picture)}`);
  await close();
}

await main();

/**
 * A sample month of tax documents as the accountant gets it (docs/tax-documents.md): a resort's November 2026
 * issued in-process (the app's own routes, on a scratch SQLite file, its clock moved day by day), then the
 * month's workbook, its one-line-a-day workbook and its CSV written to the folder given, and the workbook's rows
 * printed as read back by read-excel-file.
 *
 *   npx tsx scripts/sample-tax-month.ts docs/samples
 *
 * docs/images/tax-report-workbook.png is that workbook converted by LibreOffice and poppler:
 *   libreoffice --headless --convert-to pdf --outdir /tmp docs/samples/tax-report-2026-11.xlsx
 *   pdftoppm -png -r 110 -singlefile /tmp/tax-report-2026-11.pdf docs/images/tax-report-workbook
 */
import path from 'node:path';
import { printWorkbook, sampleResort } from './sample-resort';

const out = path.resolve(process.argv[2] ?? 'docs/samples');
const seller = {
  sellerName: 'บริษัท เกาะเสม็ด บังกะโล จำกัด',
  taxId: '0105535000123',
  branch: '00001',
  address: '99/9 หมู่ 4 ตำบลเพ อำเภอเมืองระยอง ระยอง 21160',
  posId: 'E051234567890',
};

async function main() {
  const { call, at, record, save, close } = await sampleResort({
    seller,
    start: '2026-11-01T02:00:00.000Z',
    out,
  });
  const acme = {
    buyerName: 'บริษัท แอคมี เทรดดิ้ง จำกัด',
    buyerAddress: '99 ถนนสุขุมวิท แขวงคลองเตย เขตคลองเตย กรุงเทพฯ 10110',
    buyerTaxId: '0105560123454',
    buyerBranch: '00000',
  };

  // 1 November: three checkouts, one a company's, so a full invoice.
  await at('2026-11-01T03:00:00.000Z');
  await record(3, { Coke: 2, Chang: 1 });
  const company = await record(7, { Wine: 1, Coke: 2 });
  await record(12, { LEO: 2 });
  await call('POST', `/api/checkouts/${company.id}/tax-invoice`, acme);
  // 2 November: two, one entered twice and voided.
  await at('2026-11-02T05:30:00.000Z');
  await record(5, { Carabao: 2 });
  const twice = await record(5, { Carabao: 2 });
  await call('POST', `/api/checkouts/${twice.id}/void`, { reason: 'Entered twice' });
  // 3 November, 00:00:02 in Bangkok (17:00:02 UTC on the 2nd): the 3rd's, as every export says.
  await at('2026-11-02T17:00:02.000Z');
  await record(9, { 'Smirnoff ICE': 1 });
  // 4 November: a company's invoice whose name was misspelt, corrected the Revenue Department's way.
  await at('2026-11-04T08:00:00.000Z');
  const other = await record(14, { Chang: 3, Spy: 1 });
  await call('POST', `/api/checkouts/${other.id}/tax-invoice`, {
    ...acme,
    buyerName: 'Samet Tours Co.,Ltd',
    buyerTaxId: '0994000165510',
    buyerBranch: '00002',
  });
  await call('PUT', `/api/checkouts/${other.id}/tax-invoice`, {
    ...acme,
    buyerName: 'บริษัท เสม็ด ทัวร์ จำกัด',
    buyerTaxId: '0994000165510',
    buyerBranch: '00002',
    reason: 'ชื่อผู้ซื้อไม่ถูกต้อง',
  });
  await record(2, { Fanta: 1, Schweppes: 1 });

  await at('2026-12-01T03:00:00.000Z');
  const workbook = await save('month=2026-11&format=xlsx', 'tax-report-2026-11.xlsx');
  const daily = await save('month=2026-11&format=xlsx&daily=1', 'tax-report-2026-11-daily.xlsx');
  await save('month=2026-11&format=csv', 'tax-documents-2026-11.csv');
  await printWorkbook('tax-report-2026-11.xlsx', workbook);
  await printWorkbook('tax-report-2026-11-daily.xlsx', daily);
  await close();
}

await main();

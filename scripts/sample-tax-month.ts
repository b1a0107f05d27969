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
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { readSheet } from 'read-excel-file/node';
import { createApp } from '../src/server/app';
import { hashPassword } from '../src/server/auth/password';
import { parseConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db/database';
import { migrateToLatest } from '../src/server/db/migrate';
import { seedOnce } from '../src/server/db/seed';
import { createLiveHub } from '../src/server/live/live-hub';
import { createLogger } from '../src/server/logger';
import { createWebhookSender } from '../src/server/webhooks/webhook-sender';

const out = path.resolve(process.argv[2] ?? 'docs/samples');
const password = 'sample-owner-password';
const seller = {
  sellerName: 'บริษัท เกาะเสม็ด บังกะโล จำกัด',
  taxId: '0105535000123',
  branch: '00001',
  address: '99/9 หมู่ 4 ตำบลเพ อำเภอเมืองระยอง ระยอง 21160',
  posId: 'E051234567890',
};

async function main() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sample-tax-'));
  const db = openDatabase(`sqlite:${path.join(dir, 'sample.sqlite')}`);
  await migrateToLatest(db);
  await seedOnce(db);
  const config = parseConfig({ LOG_LEVEL: 'error' });
  const logger = createLogger('error', () => {});
  const live = createLiveHub({ db, logger });
  const clock = { now: Date.parse('2026-11-01T02:00:00.000Z') };
  const app = createApp({
    webhooks: createWebhookSender({ db, config: config.webhooks, logger, live }),
    db,
    config,
    adminPasswordHash: await hashPassword(password, { N: 2 ** 13 }),
    logger,
    now: () => clock.now,
    live,
  });
  let cookie = '';
  const call = async (method: string, url: string, body?: unknown) => {
    const response = await app.request(url, {
      method,
      headers: { cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    if (response.status >= 400)
      throw new Error(`${method} ${url}: ${response.status} ${await response.text()}`);
    return response;
  };
  const login = async () => {
    const response = await call('POST', '/api/session', { password });
    cookie = (response.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  };
  const at = async (iso: string) => {
    clock.now = Date.parse(iso);
    await login();
  };
  await login();
  await call('PUT', '/api/guest', { name: 'Front Desk', email: 'desk@example.com' });
  await call('PUT', '/api/settings', { tax: seller });
  const drinks = (await (await call('GET', '/api/drinks')).json()) as { id: number; drinkName: string }[];
  const id = (name: string) => drinks.find((drink) => drink.drinkName === name)?.id ?? 0;
  const record = async (bungalow: number, cart: Record<string, number>) =>
    (await (
      await call('POST', '/api/checkouts', {
        bungalow,
        items: Object.entries(cart).map(([name, missing]) => ({ drinkId: id(name), missing })),
      })
    ).json()) as { id: number };
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
  fs.mkdirSync(out, { recursive: true });
  const save = async (query: string, file: string) => {
    const bytes = Buffer.from(
      await (await call('GET', `/api/tax/documents?month=2026-11&${query}`)).arrayBuffer(),
    );
    fs.writeFileSync(path.join(out, file), bytes);
    return bytes;
  };
  const workbook = await save('format=xlsx', 'tax-report-2026-11.xlsx');
  const daily = await save('format=xlsx&daily=1', 'tax-report-2026-11-daily.xlsx');
  await save('format=csv', 'tax-documents-2026-11.csv');
  for (const [name, bytes] of [
    ['tax-report-2026-11.xlsx', workbook],
    ['tax-report-2026-11-daily.xlsx', daily],
  ] as const) {
    console.log(`\n${name}`);
    for (const row of await readSheet(bytes)) {
      console.log(
        row
          // Baht (the 7th to 9th columns) as the workbook shows them, with two decimals.
          .map((cell, column) =>
            typeof cell === 'number' && column >= 6 && column <= 8 ? cell.toFixed(2) : (cell ?? ''),
          )
          .join(' | ')
          .replace(/( \| )+$/, ''),
      );
    }
  }
  await db.close();
  fs.rmSync(dir, { recursive: true, force: true });
}

await main();

import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { unzipSync } from 'fflate';
import { readSheet } from 'read-excel-file/node';
import { expect, it } from 'vitest';
import { drinksByName, setGuest } from '../../../tests/support/checkout-factory';
import { buyer, seller } from '../../../tests/support/tax-parties';
import { errorOf } from '../../../tests/support/team';
import { describeEachDatabase, type TestApp } from '../../../tests/support/test-app';
import type { RecordedCheckout } from '../../shared/api-types';
import type { AuditPage } from '../../shared/audit-types';
import type { DaySummary } from '../../shared/day-close-types';
import { formatDate } from '../../shared/i18n/languages';
import { buildReceiptModel } from '../../shared/receipt-model';
import { buildReceiptPdf, loadReceiptFonts } from '../../shared/receipt-pdf';
import { formatIssuedAt, receiptSeller } from '../../shared/receipt-tax';
import type { HistoryCheckout } from '../../shared/staff-types';
import { type TaxReport, type TaxSettings, vatOf } from '../../shared/tax';
import { legalHoldEnd, legalHoldLastDay } from '../privacy/legal-hold';

/**
 * Books an accountant files (DESIGN.md, the sixth stage): documents true to their issue, corrections the
 * Revenue Department's way, the month's report as a workbook and a CSV in the resort's time and baht, each
 * series' numbers apart, and the buyer block's hold counted from the filing deadline.
 */

/** 2026-11-10 09:00 in Bangkok. */
const november = Date.parse('2026-11-10T02:00:00.000Z');
const branchSeller = {
  ...seller,
  branch: '00001',
  address: '99/9 หมู่ 4 ตำบลเพ อำเภอเมืองระยอง ระยอง 21160',
};

async function setUp(t: TestApp, tax: Record<string, unknown> = seller) {
  t.clock.now = november;
  let cookie = await t.login();
  await setGuest(t, cookie);
  /** A new session at the clock's time (a session idles out after 30 minutes of test time). */
  const relogin = async () => {
    cookie = await t.login();
    return cookie;
  };
  const settle = async (value: Record<string, unknown>) => {
    const saved = await t.request('PUT', '/api/settings', { cookie, body: { tax: value } });
    expect(saved.status, await saved.clone().text()).toBe(200);
  };
  await settle(tax);
  const drinks = await drinksByName(t);
  const record = async (bungalow: number, cart: Record<string, number>) => {
    const response = await t.request('POST', '/api/checkouts', {
      body: {
        bungalow,
        items: Object.entries(cart).map(([name, missing]) => ({ drinkId: drinks[name]?.id ?? 0, missing })),
      },
    });
    expect(response.status, await response.clone().text()).toBe(201);
    return (await response.json()) as RecordedCheckout;
  };
  const checkout = async (id: number): Promise<HistoryCheckout> =>
    (await t.request('GET', `/api/checkouts/${id}`, { cookie })).json();
  const report = async (month: string): Promise<TaxReport> => {
    const response = await t.request('GET', `/api/tax/documents?month=${month}`, { cookie });
    expect(response.status, await response.clone().text()).toBe(200);
    return response.json();
  };
  const invoice = (id: number, body: unknown = buyer) =>
    t.request('POST', `/api/checkouts/${id}/tax-invoice`, { cookie, body });
  const correct = (id: number, body: unknown) =>
    t.request('PUT', `/api/checkouts/${id}/tax-invoice`, { cookie, body });
  const voidIt = (id: number, reason: string) =>
    t.request('POST', `/api/checkouts/${id}/void`, { cookie, body: { reason } });
  return { cookie, relogin, settle, record, checkout, report, invoice, correct, voidIt };
}

/** The receipt PDF's text as the history's "Receipt PDF" makes it (receipt-file.ts), read back by poppler. */
async function receiptText(document: HistoryCheckout['document'], settings: TaxSettings | null) {
  const at = new Date(document?.issuedAt ?? november);
  const date = formatDate('en', at, 'Asia/Bangkok');
  const sellerBlock = receiptSeller(document ?? null, settings);
  if (!sellerBlock) throw new Error('a tax document prints a seller');
  const model = buildReceiptModel({
    bungalow: 3,
    items: [{ name: 'Coke', price: 40, missing: 2 }],
    date,
    language: 'en',
    tax: {
      seller: sellerBlock,
      document: document ?? null,
      issuedAt: formatIssuedAt('en', at, 'Asia/Bangkok', date),
      copy: true,
      saleDate: date,
    },
  });
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'books-')), 'receipt.pdf');
  fs.writeFileSync(file, buildReceiptPdf(model, await loadReceiptFonts(model)));
  return execFileSync('pdftotext', ['-layout', '-enc', 'UTF-8', file, '-'], { encoding: 'utf8' })
    .split('\n')
    .map((line) => line.trim().replace(/\s{2,}/g, ' | '))
    .filter(Boolean);
}

describeEachDatabase('a document is what was issued', ({ fresh }) => {
  it("a copy made after the settings changed prints the original's seller block; the report's rows keep it", async () => {
    const t = await fresh();
    const { record, checkout, report, settle, cookie } = await setUp(t, branchSeller);
    const first = await record(3, { Coke: 2 });
    await settle({ ...seller, address: '1 New Road, Rayong 21000', sellerName: 'Samet Resorts Co., Ltd.' });
    t.clock.advance(60_000);
    const second = await record(4, { Coke: 1 });

    const copy = await checkout(first.id);
    expect(copy.document?.seller).toMatchObject({ branch: '00001', address: branchSeller.address });
    const today = (await (await t.request('GET', '/api/settings', { cookie })).json()).tax as TaxSettings;
    const lines = await receiptText(copy.document, today);
    expect(lines).toContain(seller.sellerName);
    expect(lines).toContain(branchSeller.address);
    expect(lines).toContain(`Tax ID ${seller.taxId} (สาขาที่ 00001 / Branch 00001)`);
    expect(lines.join('\n')).not.toContain('1 New Road');
    expect(lines.join('\n')).not.toContain('Head office');

    const month = await report('2026-11');
    expect(month.documents.map((row) => [row.number, row.seller?.branch, row.seller?.address])).toEqual([
      [first.document?.number, '00001', branchSeller.address],
      [second.document?.number, '00000', '1 New Road, Rayong 21000'],
    ]);
    // The header: each block the month printed, where it changed.
    expect(
      month.sellers.map((block) => [block.seller.sellerName, block.firstNumber, block.lastNumber]),
    ).toEqual([
      [seller.sellerName, 'ABB2611-00001', 'ABB2611-00001'],
      ['Samet Resorts Co., Ltd.', 'ABB2611-00002', 'ABB2611-00002'],
    ]);
  });
});

describeEachDatabase('corrections the Revenue Department’s way', ({ fresh }) => {
  it('re-issuing a buyer cancels the old INV and numbers a new one that replaces it; the sale is not voided', async () => {
    const t = await fresh();
    const { record, invoice, correct, checkout, report, cookie } = await setUp(t);
    const sale = await record(3, { Coke: 2, Chang: 1 });
    expect((await invoice(sale.id)).status).toBe(201);
    t.clock.advance(10 * 60_000);
    const fixed = { ...buyer, buyerName: 'Acme Trading (Thailand) Co., Ltd.', buyerBranch: '00000' };
    const response = await correct(sale.id, { ...fixed, reason: 'Buyer name misspelt' });
    expect(response.status, await response.clone().text()).toBe(200);
    const answer: HistoryCheckout = await response.json();
    expect(answer.voidedAt).toBeNull();
    expect(answer.total).toBe(sale.total);
    expect(answer.document).toMatchObject({
      type: 'full',
      number: 'INV2611-00002',
      status: 'issued',
      replaces: 'INV2611-00001',
      vat: vatOf(sale.total, 700),
      buyer: { name: fixed.buyerName, branch: '00000' },
    });
    const month = await report('2026-11');
    expect(month.documents.map((row) => [row.number, row.status, row.replacedBy, row.reason])).toEqual([
      ['ABB2611-00001', 'replaced', 'INV2611-00001', null],
      ['INV2611-00001', 'cancelled', 'INV2611-00002', 'Buyer name misspelt'],
      ['INV2611-00002', 'issued', null, null],
    ]);
    expect(month.totals.count).toBe(1);
    expect((await checkout(sale.id)).voidedAt).toBeNull();

    // The new one's receipt names the number it replaces and the sale's date beside its own time.
    const lines = await receiptText(answer.document, null);
    expect(lines).toContain('ยกเลิกและออกใบกำกับภาษีฉบับใหม่แทนฉบับเดิมเลขที่ INV2611-00001');
    expect(lines).toContain('Replaces INV2611-00001');
    expect(lines.join('\n')).toContain('วันที่ขาย / Date of sale: ');

    const audit: AuditPage = await (await t.request('GET', '/api/audit', { cookie })).json();
    const cancelled = audit.events.find(
      (event) => event.action === 'document.cancelled' && event.details.number === 'INV2611-00001',
    );
    expect(cancelled?.details).toMatchObject({ replacedBy: 'INV2611-00002', reason: 'Buyer name misspelt' });
    expect(cancelled?.actor.role).toBe('owner');
    expect((await (await t.request('GET', '/api/audit/verify', { cookie })).json()).ok).toBe(true);
  });

  it('409 not_invoiced without a full invoice, 422 without a reason or with a bad field, 409 voided', async () => {
    const t = await fresh();
    const { record, invoice, correct, voidIt, report } = await setUp(t);
    const sale = await record(3, { Coke: 2 });
    const none = await correct(sale.id, { ...buyer, reason: 'Wrong buyer' });
    expect(none.status).toBe(409);
    expect((await errorOf(none)).code).toBe('not_invoiced');
    expect((await invoice(sale.id)).status).toBe(201);
    const noReason = await correct(sale.id, buyer);
    expect(noReason.status).toBe(422);
    expect((await noReason.json()).error.issues[0].path).toBe('reason');
    const badId = await correct(sale.id, { ...buyer, buyerTaxId: '12345', reason: 'x' });
    expect(badId.status).toBe(422);
    expect((await correct(999_999, { ...buyer, reason: 'x' })).status).toBe(404);
    await voidIt(sale.id, 'Wrong room');
    const voided = await correct(sale.id, { ...buyer, reason: 'x' });
    expect(voided.status).toBe(409);
    expect((await errorOf(voided)).code).toBe('voided');
    expect((await report('2026-11')).documents.map((row) => row.number)).toEqual([
      'ABB2611-00001',
      'INV2611-00001',
    ]);
  });
});

/** The cells of the workbook's one sheet as read-excel-file reads them, and each cell's number format. */
async function readWorkbook(bytes: ArrayBuffer) {
  const rows = await readSheet(Buffer.from(bytes));
  const files = unzipSync(new Uint8Array(bytes));
  const xml = (name: string) => new TextDecoder().decode(files[name]);
  const styles = xml('xl/styles.xml');
  const formats = new Map(
    [...styles.matchAll(/<numFmt numFmtId="(\d+)" formatCode="([^"]*)"/g)].map((m) => [m[1], m[2]]),
  );
  const xfs = [
    ...(styles.match(/<cellXfs[^>]*>([\s\S]*?)<\/cellXfs>/)?.[1] ?? '').matchAll(/<xf [^>]*>/g),
  ].map((m) => m[0].match(/numFmtId="(\d+)"/)?.[1] ?? '0');
  const sheet = xml('xl/worksheets/sheet1.xml');
  /** The format code of a cell such as "G9" (none: General). */
  const formatOf = (ref: string) => {
    const style = sheet.match(new RegExp(`<c r="${ref}"[^>]*?s="(\\d+)"`))?.[1];
    const id = style === undefined ? '0' : (xfs[Number(style)] ?? '0');
    return formats.get(id) ?? (id === '0' ? 'General' : `builtin ${id}`);
  };
  /** Each sheet's print titles (the rows repeated atop every printed page), as `sheet index → range`. */
  const printTitles = Object.fromEntries(
    [
      ...xml('xl/workbook.xml').matchAll(
        /<definedName name="_xlnm\.Print_Titles" localSheetId="(\d+)">([^<]*)<\/definedName>/g,
      ),
    ].map((m) => [m[1], m[2]]),
  );
  return { rows, formatOf, printTitles };
}

describeEachDatabase('a report ready to file', ({ fresh }) => {
  it('the workbook: header, rows in number order, tax IDs as text, baht with two decimals, a cancelled row at 0.00, totals', async () => {
    const t = await fresh();
    const { record, invoice, voidIt, cookie } = await setUp(t);
    const a = await record(1, { Coke: 2, Chang: 1 }); // ABB-1, replaced by INV-1
    const b = await record(2, { Coke: 1 }); // ABB-2, cancelled
    const c = await record(3, { Chang: 3 }); // ABB-3
    expect((await invoice(a.id, { ...buyer, buyerTaxId: '0105535000123' })).status).toBe(201);
    await voidIt(b.id, 'Entered twice');

    const response = await t.request('GET', '/api/tax/documents?month=2026-11&format=xlsx', { cookie });
    expect(response.status, await response.clone().text()).toBe(200);
    expect(response.headers.get('content-type')).toContain('spreadsheetml');
    expect(response.headers.get('content-disposition')).toContain('tax-report-2026-11.xlsx');
    const { rows, formatOf, printTitles } = await readWorkbook(await response.arrayBuffer());
    expect(rows[0]?.[0]).toBe('รายงานภาษีขาย');
    expect(rows[1]?.[0]).toBe('เดือนภาษี พฤศจิกายน ปี 2569');
    expect(rows[2]?.[0]).toBe(`ชื่อผู้ประกอบการ ${seller.sellerName}`);
    expect(rows[4]?.[0]).toBe(`เลขประจำตัวผู้เสียภาษีอากร ${seller.taxId}`);
    expect(rows[4]?.[3]).toBe('สำนักงานใหญ่');
    const headingAt = rows.findIndex((row) => row[0] === 'ลำดับ');
    // Seventh stage: the column headings repeat atop every printed page (the form's sheet only).
    expect(printTitles).toEqual({ 0: `'ภาษีขาย 2026-11'!$${headingAt + 1}:$${headingAt + 1}` });
    const body = rows.slice(headingAt + 1);
    const net = (total: number) => (total * 100 - vatOf(total, 700)) / 100;
    expect(body.map((row) => row.slice(0, 9))).toEqual([
      [1, '10/11/2569', 'ABB2611-00001', 'ยกเลิก', null, null, 0, 0, 0],
      [2, '10/11/2569', 'ABB2611-00002', 'ยกเลิก', null, null, 0, 0, 0],
      [
        3,
        '10/11/2569',
        'ABB2611-00003',
        'ใบกำกับภาษีอย่างย่อ',
        null,
        null,
        net(c.total),
        vatOf(c.total, 700) / 100,
        c.total,
      ],
      [
        4,
        '10/11/2569',
        'INV2611-00001',
        buyer.buyerName,
        '0105535000123',
        'สาขาที่ 00001',
        net(a.total),
        vatOf(a.total, 700) / 100,
        a.total,
      ],
      [
        null,
        null,
        null,
        'รวม (2 ฉบับ)',
        null,
        null,
        (a.total * 100 - vatOf(a.total, 700) + c.total * 100 - vatOf(c.total, 700)) / 100,
        (vatOf(a.total, 700) + vatOf(c.total, 700)) / 100,
        a.total + c.total,
      ],
    ]);
    expect(body[1]?.[9]).toBe('ยกเลิก: Entered twice');
    // Money cells show two decimals; the tax ID is text, its leading zero kept.
    const first = headingAt + 2; // the sheet's row number of the first document
    for (const column of ['G', 'H', 'I']) {
      expect(formatOf(`${column}${first}`)).toBe('#,##0.00');
      expect(formatOf(`${column}${first + 4}`)).toBe('#,##0.00');
    }
    expect(typeof body[3]?.[4]).toBe('string');
  });

  it('&daily=1 sums abbreviated invoices to one row a day; full invoices stay one a row', async () => {
    const t = await fresh();
    const { record, invoice, voidIt, relogin } = await setUp(t);
    const a = await record(1, { Coke: 2 });
    const b = await record(2, { Coke: 1 });
    const c = await record(3, { Chang: 1 });
    await voidIt(c.id, 'Test');
    t.clock.now = november + 24 * 3600_000;
    const cookie = await relogin();
    const d = await record(4, { Chang: 2 });
    const e = await record(5, { Coke: 3 });
    expect((await invoice(e.id)).status).toBe(201);
    const response = await t.request('GET', '/api/tax/documents?month=2026-11&format=xlsx&daily=1', {
      cookie,
    });
    expect(response.status).toBe(200);
    const { rows, printTitles } = await readWorkbook(await response.arrayBuffer());
    const headingRow = rows.findIndex((row) => row[0] === 'ลำดับ') + 1;
    expect(printTitles).toEqual({ 0: `'ภาษีขาย 2026-11'!$${headingRow}:$${headingRow}` });
    const body = rows.slice(headingRow);
    const vat = (...totals: number[]) => totals.reduce((sum, total) => sum + vatOf(total, 700), 0) / 100;
    expect(body.map((row) => [row[0], row[1], row[2], row[3], row[7], row[8]])).toEqual([
      [
        1,
        '10/11/2569',
        'ABB2611-00001 - ABB2611-00003',
        'ใบกำกับภาษีอย่างย่อ 3 ฉบับ',
        vat(a.total, b.total),
        a.total + b.total,
      ],
      [2, '11/11/2569', 'ABB2611-00004 - ABB2611-00005', 'ใบกำกับภาษีอย่างย่อ 2 ฉบับ', vat(d.total), d.total],
      [3, '11/11/2569', 'INV2611-00001', buyer.buyerName, vat(e.total), e.total],
      [
        null,
        null,
        null,
        'รวม (4 ฉบับ)',
        vat(a.total, b.total, d.total, e.total),
        a.total + b.total + d.total + e.total,
      ],
    ]);
    // Seventh stage (issue 57): the cancelled numbers named; one turned into a full invoice is replaced.
    expect(body[0]?.[9]).toBe('ยกเลิก 1 ฉบับ: ABB2611-00003');
    expect(body[1]?.[9]).toBe('ออกฉบับใหม่แทน 1 ฉบับ: ABB2611-00005 → INV2611-00001');
  });

  it("the CSV: a document issued at 00:00:02 in Bangkok is that day's, money in baht, a cancelled row at 0.00", async () => {
    const t = await fresh();
    const { record, voidIt, relogin } = await setUp(t);
    t.clock.now = Date.parse('2026-11-30T17:00:02.642Z');
    const cookie = await relogin();
    const kept = await record(1, { Coke: 2, Chang: 1 });
    const gone = await record(2, { Coke: 1 });
    await voidIt(gone.id, 'Entered twice');
    const csv = await t.request('GET', '/api/tax/documents?month=2026-12&format=csv', { cookie });
    expect(csv.status).toBe(200);
    const [header, ...lines] = (await csv.text())
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    const columns = header?.split(',') ?? [];
    // Fields as RFC 4180 writes them: quoted when they hold a comma (the buyer's and seller's names do).
    const fields = (line: string) =>
      [...line.matchAll(/(?:^|,)("(?:[^"]|"")*"|[^,]*)/g)].map((m) =>
        (m[1] ?? '').replace(/^"|"$/g, '').replace(/""/g, '"'),
      );
    const field = (line: string | undefined, name: string) => fields(line ?? '')[columns.indexOf(name)];
    expect(field(lines[0], 'number')).toBe('ABB2612-00001');
    expect(field(lines[0], 'issuedAt')).toBe('2026-12-01T00:00:02+07:00');
    const vat = vatOf(kept.total, 700);
    expect(field(lines[0], 'total')).toBe(`${kept.total}.00`);
    expect(field(lines[0], 'vat')).toBe(`${Math.floor(vat / 100)}.${String(vat % 100).padStart(2, '0')}`);
    // Seventh stage (issue 57): a tax ID stays text in a spreadsheet, its leading zero kept.
    expect(field(lines[0], 'sellerTaxId')).toBe(`="${seller.taxId}"`);
    expect(field(lines[1], 'status')).toBe('cancelled');
    expect([field(lines[1], 'total'), field(lines[1], 'vat'), field(lines[1], 'net')]).toEqual([
      '0.00',
      '0.00',
      '0.00',
    ]);
  });

  it("the day's close gives each series' first and last number apart", async () => {
    const t = await fresh();
    const { record, invoice, cookie } = await setUp(t);
    const a = await record(1, { Coke: 2 });
    await record(2, { Coke: 1 });
    await record(3, { Chang: 1 });
    expect((await invoice(a.id)).status).toBe(201);
    const day: DaySummary = await (await t.request('GET', '/api/days/2026-11-10', { cookie })).json();
    expect(day.tax).toMatchObject({
      abbreviated: { first: 'ABB2611-00001', last: 'ABB2611-00003', count: 3 },
      full: { first: 'INV2611-00001', last: 'INV2611-00001', count: 1 },
    });
  });
});

describeEachDatabase('kept as long as the law says', ({ fresh }) => {
  it('an invoice issued in November 2026 is held to at least 23 December 2031; owner and manager extend one hold', async () => {
    expect(legalHoldLastDay('2026-11')).toBe('2031-12-23');
    expect(legalHoldLastDay('2026-12')).toBe('2032-01-23');
    // Held through the whole of 23 December 2031 in Bangkok.
    expect(legalHoldEnd('2026-11', null, 'Asia/Bangkok')).toBe('2031-12-23T17:00:00.000Z');

    const t = await fresh();
    const { record, invoice, cookie } = await setUp(t);
    const sale = await record(3, { Coke: 2 });
    const abb = sale.document?.number ?? '';
    expect((await invoice(sale.id)).status).toBe(201);
    const hold = (number: string, until: unknown) =>
      t.request('PUT', `/api/tax/documents/${encodeURIComponent(number)}/hold`, { cookie, body: { until } });
    const early = await hold('INV2611-00001', '2031-12-23');
    expect(early.status).toBe(422);
    expect((await early.json()).error.message).toContain('2031-12-23');
    expect((await hold('INV2611-00001', '2032-02-30')).status).toBe(422);
    expect((await hold(abb, '2033-01-01')).status).toBe(409);
    expect((await hold('INV2611-09999', '2033-01-01')).status).toBe(404);
    const extended = await hold('INV2611-00001', '2033-06-30');
    expect(extended.status, await extended.clone().text()).toBe(200);
    expect(await extended.json()).toEqual({ number: 'INV2611-00001', heldUntil: '2033-06-30' });
    const stored = await t.db.kysely
      .selectFrom('tax_documents')
      .select('held_until')
      .where('number', '=', 'INV2611-00001')
      .executeTakeFirstOrThrow();
    expect(stored.held_until).toBe('2033-06-30T17:00:00.000Z');
    const audit: AuditPage = await (
      await t.request('GET', '/api/audit?action=document.hold_extended', { cookie })
    ).json();
    expect(audit.events[0]?.details).toMatchObject({ number: 'INV2611-00001', until: '2033-06-30' });
    expect(
      (await t.request('PUT', '/api/tax/documents/INV2611-00001/hold', { body: { until: '2034-01-01' } }))
        .status,
    ).toBe(401);
  });
});

import { execFileSync } from 'node:child_process';
import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { readSheet } from 'read-excel-file/node';
import { expect, it } from 'vitest';
import { drinksByName, setGuest } from '../../../tests/support/checkout-factory';
import { buyer, seller } from '../../../tests/support/tax-parties';
import { errorOf } from '../../../tests/support/team';
import { describeEachDatabase, type TestApp } from '../../../tests/support/test-app';
import type { ApiErrorBody, RecordedCheckout } from '../../shared/api-types';
import type { AuditPage } from '../../shared/audit-types';
import type { DaySummary } from '../../shared/day-close-types';
import { formatDate } from '../../shared/i18n/languages';
import { buildNoteModel, noteFileName } from '../../shared/receipt-note';
import { buildReceiptPdf, loadReceiptFonts } from '../../shared/receipt-pdf';
import { buildTaxBlock, formatIssuedAt, particularsDate } from '../../shared/receipt-tax';
import type { HistoryCheckout } from '../../shared/staff-types';
import { type TaxMonth, type TaxNote, type TaxReport, vatOf } from '../../shared/tax';

/**
 * Months that stay filed (DESIGN.md, the seventh stage): the accountant's story under a moved clock. A sale of
 * 10 November voided, corrected and invoiced on 3 December leaves November's totals as they were; December holds
 * the credit note (and a revision just after midnight a debit note); the replacements bear November's dates and
 * are listed in November; a filed month's report downloads byte for byte as filed, its hash the audit's.
 */

const at = (iso: string) => Date.parse(iso);
/** Bangkok is UTC+7 all year. */
const november10 = at('2026-11-10T02:00:00.000Z'); // 09:00
const november30late = at('2026-11-30T16:30:00.000Z'); // 23:30
const december1 = at('2026-11-30T17:00:05.000Z'); // 00:00:05 on the 1st
const december1later = at('2026-11-30T17:45:00.000Z'); // 00:45
const december3 = at('2026-12-03T03:00:00.000Z'); // 10:00

async function setUp(t: TestApp) {
  t.clock.now = november10;
  let cookie = await t.login();
  await setGuest(t, cookie);
  const saved = await t.request('PUT', '/api/settings', { cookie, body: { tax: seller } });
  expect(saved.status, await saved.clone().text()).toBe(200);
  const drinks = await drinksByName(t);
  const send = (bungalow: number, cart: Record<string, number>, checkId?: string) =>
    t.request('POST', '/api/checkouts', {
      body: {
        bungalow,
        ...(checkId ? { checkId } : {}),
        items: Object.entries(cart).map(([name, missing]) => ({ drinkId: drinks[name]?.id ?? 0, missing })),
      },
    });
  const record = async (bungalow: number, cart: Record<string, number>, checkId?: string) => {
    const response = await send(bungalow, cart, checkId);
    expect(response.status, await response.clone().text()).toBe(201);
    return (await response.json()) as RecordedCheckout;
  };
  /** Moves the clock and logs in there (a session idles out after 30 minutes of test time). */
  const moveTo = async (ms: number) => {
    t.clock.now = ms;
    cookie = await t.login();
  };
  const get = (path: string) => t.request('GET', path, { cookie });
  const report = async (month: string): Promise<TaxReport> => {
    const response = await get(`/api/tax/documents?month=${month}`);
    expect(response.status, await response.clone().text()).toBe(200);
    return response.json();
  };
  const bytes = async (path: string) => {
    const response = await get(path);
    expect(response.status, await response.clone().text()).toBe(200);
    return new Uint8Array(await response.arrayBuffer());
  };
  const checkout = async (id: number): Promise<HistoryCheckout> => (await get(`/api/checkouts/${id}`)).json();
  const invoice = (id: number, body: unknown = buyer) =>
    t.request('POST', `/api/checkouts/${id}/tax-invoice`, { cookie, body });
  const correct = (id: number, body: unknown) =>
    t.request('PUT', `/api/checkouts/${id}/tax-invoice`, { cookie, body });
  const voidIt = (id: number, reason: string) =>
    t.request('POST', `/api/checkouts/${id}/void`, { cookie, body: { reason } });
  const file = (month: string) => t.request('POST', `/api/tax/months/${month}/filed`, { cookie, body: {} });
  const audit = async (action: string) =>
    ((await (await get(`/api/audit?action=${action}`)).json()) as AuditPage).events;
  return { send, record, moveTo, get, report, bytes, checkout, invoice, correct, voidIt, file, audit };
}

/** A note's PDF as the history's button makes it (receipt-file.ts, in English), read back by poppler. */
async function notePdfText(note: TaxNote): Promise<string[]> {
  const timeZone = 'Asia/Bangkok';
  const date = (at: Date) => particularsDate('en', at, timeZone, formatDate('en', at, timeZone));
  const issued = new Date(note.issuedAt);
  const model = buildNoteModel({
    language: 'en',
    note,
    issuedAt: formatIssuedAt('en', issued, timeZone, date(issued)),
    adjustsDate: date(new Date(note.adjustsDatedAt)),
    copy: true,
  });
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'note-')), noteFileName(note));
  fs.writeFileSync(file, buildReceiptPdf(model, await loadReceiptFonts(model)));
  return execFileSync('pdftotext', ['-layout', '-enc', 'UTF-8', file, '-'], { encoding: 'utf8' })
    .split('\n')
    .map((line) => line.trim().replace(/\s{2,}/g, ' | '))
    .filter(Boolean);
}

const sha256 = (bytes: Uint8Array | string) => createHash('sha256').update(bytes).digest('hex');
const row = (report: TaxReport, number: string) => report.documents.find((d) => d.number === number);

describeEachDatabase('months that stay filed', ({ fresh }) => {
  it("a void, a revision, a buyer's correction and a late full invoice in December leave November's totals; December holds the notes", async () => {
    const t = await fresh();
    const s = await setUp(t);
    const a = await s.record(3, { Coke: 2 }); // ABB2611-00001, voided on 3 December
    const b = await s.record(4, { Coke: 1, Chang: 1 }); // ABB2611-00002, replaced by INV2611-00001
    expect((await s.invoice(b.id)).status).toBe(201);
    const c = await s.record(5, { Chang: 2 }); // ABB2611-00003, a full invoice asked on 3 December
    t.clock.now = november30late;
    const checkId = randomUUID();
    const d = await s.record(6, { Coke: 1 }, checkId); // ABB2611-00004, revised at 00:45 on 1 December

    await s.moveTo(december1);
    const filedNovember = await s.report('2026-11');
    expect(filedNovember.state).toBe('ended');
    expect(filedNovember.documents.map((doc) => doc.number)).toEqual([
      'ABB2611-00001',
      'ABB2611-00002',
      'ABB2611-00003',
      'ABB2611-00004',
      'INV2611-00001',
    ]);

    // 00:45 on 1 December: the check of 23:30 recounted (unsettled: within 2 hours), its value raised.
    await s.moveTo(december1later);
    const revised = await s.send(6, { Coke: 3 }, checkId);
    expect(revised.status, await revised.clone().text()).toBe(200);
    const dAfter: RecordedCheckout = await revised.json();
    expect(dAfter.total).toBeGreaterThan(d.total);
    // The sale's invoice stands as filed; the difference is a debit note in December.
    expect(dAfter.document).toMatchObject({ number: 'ABB2611-00004', status: 'issued' });

    await s.moveTo(december3);
    expect((await s.voidIt(a.id, 'Guest returned the bottles')).status).toBe(200);
    const corrected = await s.correct(b.id, {
      ...buyer,
      buyerName: 'Acme Trading (Thailand) Co., Ltd.',
      reason: 'Name misspelt',
    });
    expect(corrected.status, await corrected.clone().text()).toBe(200);
    expect((await s.invoice(c.id)).status).toBe(201);

    // November: the same totals, the replacements listed in it on the dates of what they replace.
    const november = await s.report('2026-11');
    expect(november.totals).toEqual(filedNovember.totals);
    expect(november.returnFigures).toEqual(filedNovember.returnFigures);
    expect(row(november, 'ABB2611-00001')).toMatchObject({ status: 'issued', total: a.total * 100 });
    expect(row(november, 'ABB2611-00004')).toMatchObject({ status: 'issued', total: d.total * 100 });
    const invB = row(filedNovember, 'INV2611-00001');
    expect(row(november, 'INV2611-00001')).toMatchObject({
      status: 'cancelled',
      replacedBy: 'INV2611-00002',
      reason: 'Name misspelt',
    });
    expect(row(november, 'INV2611-00002')).toMatchObject({
      status: 'issued',
      replaces: 'INV2611-00001',
      datedAt: invB?.issuedAt,
      total: b.total * 100,
    });
    expect(row(november, 'INV2611-00002')?.issuedAt).toBe(new Date(december3).toISOString());
    const abbC = row(filedNovember, 'ABB2611-00003');
    expect(row(november, 'ABB2611-00003')).toMatchObject({ status: 'replaced', replacedBy: 'INV2611-00003' });
    expect(row(november, 'INV2611-00003')).toMatchObject({
      status: 'issued',
      datedAt: abbC?.issuedAt,
      total: c.total * 100,
    });

    // The corrected invoice prints what it replaces, that one's date and the reason; English dates unambiguous.
    const correctedDocument = (await s.checkout(b.id)).document;
    expect(correctedDocument).toMatchObject({ datedAt: invB?.issuedAt, replacedReason: 'Name misspelt' });
    const block = buildTaxBlock('en', {
      seller: { ...seller, posId: null, vatRate: 700 },
      document: correctedDocument ?? null,
      issuedAt: 'now',
      replacedDate: particularsDate('en', new Date(invB?.issuedAt ?? 0), 'Asia/Bangkok', '10/11/2026'),
    });
    expect(block.notes).toEqual([
      'ยกเลิกและออกใบกำกับภาษีฉบับใหม่แทนฉบับเดิมเลขที่ INV2611-00001',
      'Replaces INV2611-00001',
      'วันที่ของฉบับเดิม / Date of the replaced document: 10 Nov 2026',
      'เหตุผล / Reason: Name misspelt',
    ]);
    const lateFull = (await s.checkout(c.id)).document;
    expect(
      buildTaxBlock('en', {
        seller: { ...seller, posId: null, vatRate: 700 },
        document: lateFull ?? null,
        issuedAt: 'now',
      }).notes,
    ).toContain('เหตุผล / Reason: ผู้ซื้อขอใบกำกับภาษีเต็มรูป / A full tax invoice was asked for');

    // December: the credit note and the debit note, netted.
    const december = await s.report('2026-12');
    const creditVat = vatOf(a.total, 700);
    const debitVat = vatOf(dAfter.total, 700) - vatOf(d.total, 700);
    expect(december.documents).toMatchObject([
      {
        number: 'CN2612-00001',
        type: 'cn',
        status: 'issued',
        adjusts: 'ABB2611-00001',
        before: a.total * 100,
        after: 0,
        total: a.total * 100,
        vat: creditVat,
        net: a.total * 100 - creditVat,
        reason: 'Guest returned the bottles',
      },
      {
        number: 'DN2612-00001',
        type: 'dn',
        adjusts: 'ABB2611-00004',
        before: d.total * 100,
        after: dAfter.total * 100,
        total: (dAfter.total - d.total) * 100,
        vat: debitVat,
      },
    ]);
    expect(december.totals).toEqual({
      count: 2,
      total: (dAfter.total - d.total - a.total) * 100,
      vat: debitVat - creditVat,
      net: (dAfter.total - d.total - a.total) * 100 - (debitVat - creditVat),
    });
    expect(december.returnFigures.creditNotes).toEqual({
      count: 1,
      net: a.total * 100 - creditVat,
      vat: creditVat,
    });
    expect(december.returnFigures.outputTax).toBe(debitVat - creditVat);

    // The voided sale keeps its invoice as filed; the void's event names the credit note.
    expect((await s.checkout(a.id)).document).toMatchObject({ number: 'ABB2611-00001', status: 'issued' });
    // The checkout lists its notes with the particulars they print; the PDF, from the receipts' generator, says them.
    const aNovember = row(filedNovember, 'ABB2611-00001');
    expect((await s.checkout(a.id)).notes).toEqual([
      {
        type: 'cn',
        number: 'CN2612-00001',
        issuedAt: new Date(december3).toISOString(),
        adjusts: 'ABB2611-00001',
        adjustsDatedAt: aNovember?.issuedAt,
        before: a.total * 100,
        after: 0,
        total: a.total * 100,
        net: a.total * 100 - creditVat,
        vat: creditVat,
        vatRate: 700,
        reason: 'Guest returned the bottles',
        buyer: null,
        seller: { ...seller, posId: null, vatRate: 700 },
      },
    ]);
    const [creditNote] = (await s.checkout(a.id)).notes ?? [];
    if (!creditNote) throw new Error('the voided sale lists its credit note');
    const printed = await notePdfText(creditNote);
    expect(printed[0]).toBe('ใบลดหนี้ / Credit note | สำเนา / Copy');
    for (const line of [
      'No. CN2612-00001',
      'Date and time: 3 Dec 2026 10:00',
      'ใบกำกับภาษีเดิมเลขที่ / Original tax invoice: ABB2611-00001',
      'ลงวันที่ / Dated: 10 Nov 2026',
      'เหตุผล / Reason: Guest returned the bottles',
      `Value on the original invoice | ${a.total.toFixed(2)} THB`,
      'Correct value | 0.00 THB',
      `ผลต่าง / Difference | ${a.total.toFixed(2)} THB`,
      `VAT 7% on the difference | ${(creditVat / 100).toFixed(2)} THB`,
    ]) {
      expect(printed).toContain(line);
    }
    const [debitNote] = (await s.checkout(d.id)).notes ?? [];
    expect(debitNote).toMatchObject({
      type: 'dn',
      number: 'DN2612-00001',
      adjusts: 'ABB2611-00004',
      reason: null,
    });
    expect((await notePdfText(debitNote as TaxNote))[0]).toBe('ใบเพิ่มหนี้ / Debit note | สำเนา / Copy');
    // A sale no note adjusted reads as before: no `notes`.
    expect('notes' in (await s.checkout(b.id))).toBe(false);
    const [voided] = await s.audit('checkout.voided');
    expect(voided?.details).toMatchObject({ documentNumber: 'ABB2611-00001', creditNote: 'CN2612-00001' });
    const issued = await s.audit('document.issued');
    expect(issued.find((e) => e.details.number === 'CN2612-00001')?.details).toMatchObject({
      adjusts: 'ABB2611-00001',
      before: a.total,
      after: 0,
      type: 'cn',
      vat: creditVat,
    });
    expect(issued.find((e) => e.details.number === 'INV2611-00003')?.details).toMatchObject({
      replaces: 'ABB2611-00003',
      datedAt: abbC?.issuedAt,
    });
    expect((await (await s.get('/api/audit/verify')).json()).ok).toBe(true);

    // The CSV and the workbook net the credit note: its amounts are negative.
    const csv = new TextDecoder().decode(await s.bytes('/api/tax/documents?month=2026-12&format=csv'));
    const [header, creditLine] = csv
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    const columns = header?.split(',') ?? [];
    // Fields as RFC 4180 writes them: quoted when they hold a comma (the seller's name does).
    const fields = [...(creditLine ?? '').matchAll(/(?:^|,)("(?:[^"]|"")*"|[^,]*)/g)].map((m) => m[1] ?? '');
    const cell = (name: string) => fields[columns.indexOf(name)];
    expect(cell('vat')).toBe(`-${(creditVat / 100).toFixed(2)}`);
    expect(cell('adjusts')).toBe('ABB2611-00001');
    const sheet = await readSheet(Buffer.from(await s.bytes('/api/tax/documents?month=2026-12&format=xlsx')));
    const creditRow = sheet.find((r) => r[2] === 'CN2612-00001');
    expect(creditRow?.[7]).toBe(-creditVat / 100);
    expect(String(creditRow?.[9])).toContain('ใบลดหนี้ อ้างอิงเลขที่ ABB2611-00001');
    // November's workbook: the replacement on November's date.
    const novemberSheet = await readSheet(
      Buffer.from(await s.bytes('/api/tax/documents?month=2026-11&format=xlsx')),
    );
    expect(novemberSheet.find((r) => r[2] === 'INV2611-00003')?.[1]).toBe('10/11/2569');
    // Its header gives each series' first and last number apart.
    const headerTexts = novemberSheet.slice(0, 10).map((r) => r[0]);
    expect(headerTexts).toContain('ใบกำกับภาษีอย่างย่อ เลขที่ ABB2611-00001 ถึง ABB2611-00004 (4 ฉบับ)');
    expect(headerTexts).toContain('ใบกำกับภาษี เลขที่ INV2611-00001 ถึง INV2611-00003 (3 ฉบับ)');

    // The day's close of 3 December lists the credit note and nets its VAT.
    const day: DaySummary = await (await s.get('/api/days/2026-12-03')).json();
    expect(day.tax).toMatchObject({
      vat: -creditVat,
      credit: { first: 'CN2612-00001', last: 'CN2612-00001', count: 1 },
    });
  });

  it("a filed month's report downloads byte for byte as filed, its hash the audit's; later changes are listed apart", async () => {
    const t = await fresh();
    const s = await setUp(t);
    const sale = await s.record(3, { Coke: 2 });
    const early = await s.file('2026-11');
    expect(early.status).toBe(409);
    expect((await errorOf(early)).code).toBe('month_open');

    await s.moveTo(december1);
    const open = await s.file('2026-12');
    expect(open.status).toBe(409);
    expect((await errorOf(open)).code).toBe('month_open');
    expect(((await (await s.get('/api/tax/months/2026-11')).json()) as TaxMonth).state).toBe('ended');
    expect((await s.get('/api/tax/documents?month=2026-11&as=filed')).status).toBe(404);
    expect((await s.file('2026-13')).status).toBe(422);

    const filed = await s.file('2026-11');
    expect(filed.status, await filed.clone().text()).toBe(201);
    const month: TaxMonth = await filed.json();
    expect(month).toMatchObject({
      month: '2026-11',
      state: 'filed',
      filedAt: new Date(december1).toISOString(),
    });
    expect((await s.file('2026-11')).status).toBe(409);

    const paths = {
      json: '/api/tax/documents?month=2026-11&as=filed',
      csv: '/api/tax/documents?month=2026-11&as=filed&format=csv',
      xlsx: '/api/tax/documents?month=2026-11&as=filed&format=xlsx',
      xlsxDaily: '/api/tax/documents?month=2026-11&as=filed&format=xlsx&daily=1',
    };
    const before = {
      json: await s.bytes(paths.json),
      csv: await s.bytes(paths.csv),
      xlsx: await s.bytes(paths.xlsx),
      xlsxDaily: await s.bytes(paths.xlsxDaily),
    };
    const [event] = await s.audit('tax.month_filed');
    expect(event?.subject).toEqual({ type: 'tax_month', id: '2026-11' });
    expect(event?.details).toEqual({
      month: '2026-11',
      count: 1,
      vat: vatOf(sale.total, 700),
      sha256: sha256(before.json),
      csvSha256: sha256(before.csv),
      xlsxSha256: sha256(before.xlsx),
      xlsxDailySha256: sha256(before.xlsxDaily),
    });
    expect(month.sha256).toBe(sha256(before.json));
    const asFiled: TaxReport = JSON.parse(new TextDecoder().decode(before.json));
    expect(asFiled).toMatchObject({ state: 'filed', afterFiling: [], totals: { count: 1 } });

    // 3 December: a full invoice asked for the November sale, then the sale voided.
    await s.moveTo(december3);
    expect((await s.invoice(sale.id)).status).toBe(201);
    expect((await s.voidIt(sale.id, 'Charged to the wrong bungalow')).status).toBe(200);
    for (const [form, path] of Object.entries(paths)) {
      expect(await s.bytes(path), form).toEqual(before[form as keyof typeof before]);
    }
    const live = await s.report('2026-11');
    expect(live.state).toBe('filed');
    expect(live.totals).toEqual(asFiled.totals);
    expect(live.afterFiling.map((doc) => doc.number)).toEqual([
      'ABB2611-00001',
      'INV2611-00001',
      'CN2612-00001',
    ]);
  });

  it('a buyer without a Thai tax ID gets a full invoice with no branch line; a VAT-registered one must give it', async () => {
    const t = await fresh();
    const s = await setUp(t);
    const sale = await s.record(3, { Coke: 2 });
    const person = { buyerName: 'Jane Doe', buyerAddress: '12 Baker Street, London NW1 6XE, United Kingdom' };
    const refused = await s.invoice(sale.id, { ...person, buyerVatRegistered: true });
    expect(refused.status).toBe(422);
    expect((await errorOf(refused)).message).toContain('tax ID');
    const issued = await s.invoice(sale.id, { ...person, buyerBranch: '00000' });
    expect(issued.status, await issued.clone().text()).toBe(201);
    const document = ((await issued.json()) as HistoryCheckout).document;
    expect(document).toMatchObject({ type: 'full', buyer: { name: 'Jane Doe', taxId: '', branch: '' } });
    const block = buildTaxBlock('en', {
      seller: { ...seller, posId: null, vatRate: 700 },
      document: document ?? null,
      issuedAt: 'now',
    });
    expect(block.buyer).toEqual(['Buyer: Jane Doe', person.buyerAddress]);
    const sheet = await readSheet(Buffer.from(await s.bytes('/api/tax/documents?month=2026-11&format=xlsx')));
    const row = sheet.find((cells) => cells[2] === 'INV2611-00001');
    expect([row?.[3], row?.[4], row?.[5]]).toEqual(['Jane Doe', null, null]);
  });

  it('an invoice prefix of CN or DN, which number the notes, is refused and changes nothing', async () => {
    const t = await fresh();
    await setUp(t);
    const cookie = await t.login();
    for (const [field, prefix, word] of [
      ['abbPrefix', 'CN', 'credit'],
      ['invoicePrefix', 'DN', 'debit'],
    ] as const) {
      const refused = await t.request('PUT', '/api/settings', {
        cookie,
        body: { tax: { ...seller, [field]: prefix } },
      });
      expect(refused.status).toBe(422);
      const { error } = (await refused.json()) as { error: ApiErrorBody['error'] };
      expect(error.message).toBe(`${prefix} numbers the ${word} notes: choose another prefix`);
      expect(error.issues?.[0]?.path).toBe(`tax.${field}`);
    }
    const saved = (await (await t.request('GET', '/api/settings', { cookie })).json()).tax;
    expect([saved.abbPrefix, saved.invoicePrefix]).toEqual(['ABB', 'INV']);
  });

  it('a malformed document number in the address is 400, not 500, and changes nothing', async () => {
    const t = await fresh();
    const s = await setUp(t);
    const cookie = await t.login();
    const response = await t.request('PUT', '/api/tax/documents/%E0%A4%A/hold', {
      cookie,
      body: { until: '2040-01-01' },
    });
    expect(response.status).toBe(400);
    expect((await errorOf(response)).code).toBe('bad_request');
    expect(await s.audit('document.hold_extended')).toEqual([]);
  });

  it('a substitute says which time it is; a hold runs at most 10 years and covers the invoice it replaced', async () => {
    const t = await fresh();
    const s = await setUp(t);
    const sale = await s.record(3, { Coke: 2 });
    const cookie = await t.login();
    const substitute = (number: string, body: unknown) =>
      t.request('POST', `/api/tax/documents/${number}/substitute`, { cookie, body });
    expect((await substitute('ABB2611-00001', {})).status).toBe(422);
    expect((await substitute('ABB2611-09999', { reason: 'Lost' })).status).toBe(404);
    const first = await substitute('ABB2611-00001', { reason: 'Guest lost the receipt' });
    expect(first.status, await first.clone().text()).toBe(201);
    expect(await first.json()).toMatchObject({ number: 'ABB2611-00001', checkoutId: sale.id, time: 1 });
    const second = await (await substitute('ABB2611-00001', { reason: 'Lost again' })).json();
    expect(second.time).toBe(2);
    const events = await s.audit('document.substituted');
    expect(events.map((e) => [e.details.number, e.details.time])).toEqual([
      ['ABB2611-00001', 2],
      ['ABB2611-00001', 1],
    ]);
    const block = buildTaxBlock('en', {
      seller: { ...seller, posId: null, vatRate: 700 },
      document: (await s.checkout(sale.id)).document ?? null,
      issuedAt: 'now',
      substitute: { time: 2, date: '12 Nov 2026', reason: 'Lost again' },
    });
    expect(block.mark).toBe('ใบแทนออกให้ครั้งที่ 2 / Substitute no. 2');
    expect(block.notes).toEqual([
      'วันที่ออกใบแทน / Substitute issued on: 12 Nov 2026',
      'เหตุผล / Reason: Lost again',
    ]);

    // The hold: a full invoice, its buyer corrected; holding the new one holds the cancelled one too.
    expect((await s.invoice(sale.id)).status).toBe(201);
    expect((await s.correct(sale.id, { ...buyer, buyerName: 'Acme Co.', reason: 'Name' })).status).toBe(200);
    const hold = (until: string) =>
      t.request('PUT', '/api/tax/documents/INV2611-00002/hold', { cookie, body: { until } });
    const tooLong = await hold('2036-11-11');
    expect(tooLong.status).toBe(422);
    expect((await errorOf(tooLong)).message).toContain('2036-11-10');
    expect((await hold('2036-11-10')).status).toBe(200);
    const held = await t.db.kysely
      .selectFrom('tax_documents')
      .select(['number', 'held_until'])
      .where('number', 'in', ['INV2611-00001', 'INV2611-00002'])
      .orderBy('number')
      .execute();
    expect(held.map((row) => row.held_until)).toEqual([
      '2036-11-10T17:00:00.000Z',
      '2036-11-10T17:00:00.000Z',
    ]);
  });
});

import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { drinksByName, setGuest } from '../../../tests/support/checkout-factory';
import { queryPlan } from '../../../tests/support/query-plan';
import { buyer, seller } from '../../../tests/support/tax-parties';
import { addStaff, errorOf, pins, registerDevice, signInWithPin } from '../../../tests/support/team';
import { describeEachDatabase, type TestApp } from '../../../tests/support/test-app';
import type { RecordedCheckout } from '../../shared/api-types';
import type { AuditPage } from '../../shared/audit-types';
import type { DaySummary } from '../../shared/day-close-types';
import type { HistoryCheckout } from '../../shared/staff-types';
import { type TaxReport, taxMessages, vatOf } from '../../shared/tax';
import { documentUpdate, ofMonth } from './tax-documents';

/** 2026-11-10 09:00 in Bangkok. */
const november = Date.parse('2026-11-10T02:00:00.000Z');

async function setUp(t: TestApp, tax: Record<string, unknown> | null = seller) {
  t.clock.now = november;
  const cookie = await t.login();
  await setGuest(t, cookie);
  if (tax) {
    const saved = await t.request('PUT', '/api/settings', { cookie, body: { tax } });
    expect(saved.status, await saved.clone().text()).toBe(200);
  }
  const drinks = await drinksByName(t);
  const id = (name: string) => drinks[name]?.id ?? 0;
  const send = (bungalow: number, cart: Record<string, number>, checkId?: string) =>
    t.request('POST', '/api/checkouts', {
      body: {
        bungalow,
        ...(checkId ? { checkId } : {}),
        items: Object.entries(cart).map(([name, missing]) => ({ drinkId: id(name), missing })),
      },
    });
  const record = async (bungalow: number, cart: Record<string, number>, checkId?: string) => {
    const response = await send(bungalow, cart, checkId);
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
  return { cookie, send, record, checkout, report, invoice };
}

describeEachDatabase('tax settings', ({ fresh }) => {
  it('default to null; the public part shows them once set; a wrong check digit is a 422 naming the field', async () => {
    const t = await fresh();
    const { cookie } = await setUp(t, null);
    expect((await (await t.request('GET', '/api/settings')).json()).tax).toBeNull();

    const wrong = await t.request('PUT', '/api/settings', {
      cookie,
      body: { tax: { ...seller, taxId: '0105535000124' } },
    });
    expect(wrong.status).toBe(422);
    const error = (await wrong.json()).error;
    expect(error.code).toBe('validation_failed');
    expect(error.issues[0].path).toBe('tax.taxId');
    expect((await (await t.request('GET', '/api/settings')).json()).tax).toBeNull();

    const saved = await t.request('PUT', '/api/settings', { cookie, body: { tax: seller } });
    expect(saved.status).toBe(200);
    const expected = { ...seller, posId: null, vatRate: 700, abbPrefix: 'ABB', invoicePrefix: 'INV' };
    expect((await saved.json()).tax).toEqual(expected);
    expect((await (await t.request('GET', '/api/settings')).json()).tax).toEqual(expected);
  });

  it('with tax off a checkout carries no document and nothing is numbered', async () => {
    const t = await fresh();
    const { record, checkout } = await setUp(t, null);
    const recorded = await record(3, { Coke: 1 });
    expect(recorded).not.toHaveProperty('document');
    expect(await checkout(recorded.id)).not.toHaveProperty('document');
    const count = await t.db.kysely
      .selectFrom('tax_documents')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(0);
  });
});

describeEachDatabase('abbreviated tax invoices', ({ fresh }) => {
  it('a checkout gets ABB{YYMM}-00001 and on, with its VAT, on the answer, the history and GET /:id', async () => {
    const t = await fresh();
    const { record, checkout, cookie } = await setUp(t);
    const first = await record(3, { Coke: 2, Chang: 1 });
    expect(first.document).toEqual({
      type: 'abb',
      number: 'ABB2611-00001',
      issuedAt: new Date(november).toISOString(),
      status: 'issued',
      vat: vatOf(first.total, 700),
      replaces: null,
      replacedBy: null,
      reason: null,
      seller: { ...seller, posId: null, vatRate: 700 },
    });
    t.clock.advance(1000);
    const second = await record(4, { Coke: 1 });
    expect(second.document?.number).toBe('ABB2611-00002');
    expect((await checkout(first.id)).document).toEqual(first.document);
    const history: HistoryCheckout[] = await (await t.request('GET', '/api/checkouts', { cookie })).json();
    expect(history.map((item) => item.document?.number)).toEqual(['ABB2611-00002', 'ABB2611-00001']);
  });

  it("the month is the resort's: 18:00 UTC on 30 November is December in Bangkok, and it starts at 00001", async () => {
    const t = await fresh();
    const { record } = await setUp(t);
    t.clock.now = Date.parse('2026-11-30T16:59:00.000Z');
    expect((await record(1, { Coke: 1 })).document?.number).toBe('ABB2611-00001');
    t.clock.now = Date.parse('2026-11-30T17:00:00.000Z');
    expect((await record(2, { Coke: 1 })).document?.number).toBe('ABB2612-00001');
    expect((await record(3, { Coke: 1 })).document?.number).toBe('ABB2612-00002');
  });

  it('a repeat is the same document; a revision replaces it; a void cancels it; no number is reused', async () => {
    const t = await fresh();
    const { record, send, checkout, cookie } = await setUp(t);
    const checkId = randomUUID();
    const first = await record(3, { Coke: 2 }, checkId);
    const repeat = await send(3, { Coke: 2 }, checkId);
    expect(repeat.status).toBe(200);
    expect((await repeat.json()).document).toEqual(first.document);

    t.clock.advance(60_000);
    const revised = await send(3, { Coke: 1, Chang: 1 }, checkId);
    expect(revised.status).toBe(200);
    const after: RecordedCheckout = await revised.json();
    expect(after.document).toMatchObject({
      type: 'abb',
      number: 'ABB2611-00002',
      status: 'issued',
      replaces: 'ABB2611-00001',
      replacedBy: null,
      vat: vatOf(after.total, 700),
    });
    expect((await checkout(first.id)).document?.number).toBe('ABB2611-00002');

    const voided = await t.request('POST', `/api/checkouts/${first.id}/void`, {
      cookie,
      body: { reason: 'Entered twice' },
    });
    expect(voided.status).toBe(200);
    expect(((await voided.json()) as HistoryCheckout).document).toMatchObject({
      number: 'ABB2611-00002',
      status: 'cancelled',
      reason: 'Entered twice',
    });
    expect((await record(5, { Coke: 1 })).document?.number).toBe('ABB2611-00003');

    const audit: AuditPage = await (await t.request('GET', '/api/audit', { cookie })).json();
    const actions = audit.events.map((event) => event.action).reverse();
    expect(actions.filter((action) => action.startsWith('document.'))).toEqual([
      'document.issued',
      'document.issued',
      'document.replaced',
      'document.cancelled',
      'document.issued',
    ]);
    const recorded = audit.events.find((event) => event.action === 'checkout.recorded');
    expect(recorded?.details).toMatchObject({ documentNumber: 'ABB2611-00003' });
    // Each change's own event comes first, then its document's, both with the number the document took.
    const chain = audit.events
      .filter((event) => event.action.startsWith('checkout.') || event.action === 'document.issued')
      .reverse()
      .map((event) => [event.action, event.details.documentNumber ?? event.details.number]);
    expect(chain).toEqual([
      ['checkout.recorded', 'ABB2611-00001'],
      ['document.issued', 'ABB2611-00001'],
      ['checkout.revised', 'ABB2611-00002'],
      ['document.issued', 'ABB2611-00002'],
      ['checkout.voided', 'ABB2611-00002'],
      ['checkout.recorded', 'ABB2611-00003'],
      ['document.issued', 'ABB2611-00003'],
    ]);
    // The checkId is the device's secret: in no audit event (so in no webhook or live event either).
    expect(JSON.stringify(audit.events)).not.toContain(checkId);
    const verify = await (await t.request('GET', '/api/audit/verify', { cookie })).json();
    expect(verify.ok).toBe(true);
  });

  it('20 checkouts at once take 00001..00020: no gap, no repeat', async () => {
    const t = await fresh();
    const { send } = await setUp(t);
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, i) => send(i + 1, { Coke: 1 + (i % 3) }, randomUUID())),
    );
    const answers: RecordedCheckout[] = await Promise.all(
      responses.map(async (response) => {
        expect(response.status).toBe(201);
        return response.json();
      }),
    );
    const numbers = answers.map((answer) => answer.document?.number).sort();
    expect(numbers).toEqual(
      Array.from({ length: 20 }, (_, i) => `ABB2611-${String(i + 1).padStart(5, '0')}`),
    );
  });

  it('the sequence runs past 99999 with a sixth digit', async () => {
    const t = await fresh();
    const { record } = await setUp(t);
    await t.db.kysely
      .insertInto('tax_sequences')
      .values({ prefix: 'ABB', yymm: '2611', next_number: 99_999 })
      .execute();
    expect((await record(1, { Coke: 1 })).document?.number).toBe('ABB2611-99999');
    expect((await record(2, { Coke: 1 })).document?.number).toBe('ABB2611-100000');
  });

  it('turning tax off stops numbering and renumbers nothing; on again, the month goes on', async () => {
    const t = await fresh();
    const { record, checkout, cookie } = await setUp(t);
    const first = await record(1, { Coke: 1 });
    await t.request('PUT', '/api/settings', { cookie, body: { tax: null } });
    const untaxed = await record(2, { Coke: 1 });
    expect(untaxed).not.toHaveProperty('document');
    expect((await checkout(first.id)).document?.number).toBe('ABB2611-00001');
    await t.request('PUT', '/api/settings', { cookie, body: { tax: { ...seller, abbPrefix: 'R-' } } });
    expect((await record(3, { Coke: 1 })).document?.number).toBe('R-2611-00001');
  });
});

describeEachDatabase('settled checks', ({ fresh }) => {
  async function settledAnswer(response: Response) {
    expect(response.status).toBe(409);
    expect(await errorOf(response)).toEqual({ code: 'settled', message: taxMessages.settled });
  }

  it('after a payment: same counts 200 and nothing written, other counts 409 settled, for guests and staff', async () => {
    const t = await fresh();
    const { record, send, checkout, cookie } = await setUp(t);
    const checkId = randomUUID();
    const recorded = await record(3, { Coke: 2 }, checkId);
    await t.request('POST', `/api/checkouts/${recorded.id}/payment`, { cookie, body: { method: 'cash' } });
    t.clock.advance(60_000);
    const same = await send(3, { Coke: 2 }, checkId);
    expect(same.status).toBe(200);
    await settledAnswer(await send(3, { Coke: 3 }, checkId));
    const staff = await t.request('POST', '/api/checkouts', {
      cookie,
      body: { bungalow: 3, checkId, items: [{ drinkId: recorded.lines[0]?.drinkId, missing: 1 }] },
    });
    await settledAnswer(staff);
    const now = await checkout(recorded.id);
    expect(now).toMatchObject({ total: recorded.total, revisedAt: null, revisions: [] });
    expect(now.document).toEqual(recorded.document);
  });

  it('2 hours after it was first recorded', async () => {
    const t = await fresh();
    const { record, send } = await setUp(t, null);
    const checkId = randomUUID();
    await record(3, { Coke: 2 }, checkId);
    t.clock.advance(2 * 60 * 60 * 1000 - 1000);
    expect((await send(3, { Coke: 3 }, checkId)).status).toBe(200);
    t.clock.advance(1000);
    await settledAnswer(await send(3, { Coke: 1 }, checkId));
    expect((await send(3, { Coke: 3 }, checkId)).status).toBe(200);
  });

  it('once its resort day is closed (a reopened day lets it change again)', async () => {
    const t = await fresh();
    const { record, send, cookie } = await setUp(t);
    const checkId = randomUUID();
    await record(3, { Coke: 2 }, checkId);
    const closed = await t.request('POST', '/api/days/2026-11-10/close', {
      cookie,
      body: { countedCash: 0 },
    });
    expect(closed.status).toBe(201);
    await settledAnswer(await send(3, { Coke: 3 }, checkId));
    const reopened = await t.request('POST', '/api/days/2026-11-10/reopen', {
      cookie,
      body: { reason: 'Counted the wrong drawer' },
    });
    expect(reopened.status).toBe(200);
    expect((await send(3, { Coke: 3 }, checkId)).status).toBe(200);
  });

  it('once it has a full tax invoice', async () => {
    const t = await fresh();
    const { record, send, invoice } = await setUp(t);
    const checkId = randomUUID();
    const recorded = await record(3, { Coke: 2 }, checkId);
    expect((await invoice(recorded.id)).status).toBe(201);
    await settledAnswer(await send(3, { Coke: 3 }, checkId));
    const same = await send(3, { Coke: 2 }, checkId);
    expect(same.status).toBe(200);
    expect(((await same.json()) as RecordedCheckout).document?.type).toBe('full');
  });
});

describeEachDatabase('full tax invoices', ({ fresh }) => {
  it('201 with the full invoice in its own sequence, replacing the abbreviated one; a void cancels it', async () => {
    const t = await fresh();
    const { record, invoice, cookie, report } = await setUp(t);
    const recorded = await record(3, { Coke: 2, Chang: 1 });
    t.clock.advance(5 * 60_000);
    const response = await invoice(recorded.id);
    expect(response.status).toBe(201);
    const answer: HistoryCheckout = await response.json();
    const vat = vatOf(recorded.total, 700);
    expect(answer.document).toEqual({
      type: 'full',
      number: 'INV2611-00001',
      issuedAt: new Date(t.clock.now).toISOString(),
      status: 'issued',
      vat,
      net: recorded.total * 100 - vat,
      replaces: 'ABB2611-00001',
      replacedBy: null,
      reason: null,
      buyer: { name: buyer.buyerName, address: buyer.buyerAddress, taxId: buyer.buyerTaxId, branch: '00001' },
      seller: { ...seller, posId: null, vatRate: 700 },
      // Seventh stage (issue 57, Por. 86/2542): it bears the date of the abbreviated invoice it replaces.
      datedAt: recorded.document?.issuedAt,
    });
    const month = await report('2026-11');
    expect(month.documents.map((row) => [row.number, row.status, row.replacedBy])).toEqual([
      ['ABB2611-00001', 'replaced', 'INV2611-00001'],
      ['INV2611-00001', 'issued', null],
    ]);

    const again = await invoice(recorded.id);
    expect(again.status).toBe(409);
    expect((await errorOf(again)).code).toBe('already_invoiced');

    await t.request('POST', `/api/checkouts/${recorded.id}/void`, { cookie, body: { reason: 'Wrong room' } });
    expect((await report('2026-11')).documents[1]).toMatchObject({
      number: 'INV2611-00001',
      status: 'cancelled',
      reason: 'Wrong room',
    });
    const voided = await invoice(recorded.id);
    expect(voided.status).toBe(409);
    expect((await errorOf(voided)).code).toBe('voided');
  });

  it('409 voided, 409 tax_off, 404 unknown, 422 for a bad field (nothing numbered)', async () => {
    const t = await fresh();
    const { record, invoice, cookie, report } = await setUp(t);
    const recorded = await record(3, { Coke: 2 });
    const other = await record(4, { Coke: 1 });
    await t.request('POST', `/api/checkouts/${other.id}/void`, { cookie, body: { reason: 'Test' } });
    const voided = await invoice(other.id);
    expect(voided.status).toBe(409);
    expect((await errorOf(voided)).code).toBe('voided');

    for (const [field, value] of [
      ['buyerTaxId', '1101700203290'],
      ['buyerTaxId', '12345'],
      ['buyerName', ''],
      ['buyerAddress', 'x'.repeat(301)],
      ['buyerBranch', 'HQ'],
    ] as const) {
      const bad = await invoice(recorded.id, { ...buyer, [field]: value });
      expect(bad.status).toBe(422);
      expect((await bad.json()).error.issues[0].path).toBe(field);
    }
    expect((await invoice(recorded.id, { ...buyer, extra: 1 })).status).toBe(422);
    expect((await invoice(999_999)).status).toBe(404);
    expect((await report('2026-11')).documents.map((row) => row.type)).toEqual(['abb', 'abb']);

    await t.request('PUT', '/api/settings', { cookie, body: { tax: null } });
    const off = await invoice(recorded.id);
    expect(off.status).toBe(409);
    expect(await errorOf(off)).toEqual({ code: 'tax_off', message: taxMessages.taxOff });
  });

  it('401 without a session, 403 for housekeeping; the front desk may', async () => {
    const t = await fresh();
    const { record, cookie } = await setUp(t);
    const recorded = await record(3, { Coke: 2 });
    const path = `/api/checkouts/${recorded.id}/tax-invoice`;
    expect((await t.request('POST', path, { body: buyer })).status).toBe(401);
    const device = await registerDevice(t, cookie);
    const maid = await addStaff(t, cookie, { name: 'Pim', role: 'housekeeping', pin: pins[0] });
    const desk = await addStaff(t, cookie, { name: 'Noi', role: 'desk', pin: pins[1] });
    const maidCookie = await signInWithPin(t, device, maid.id, pins[0]);
    expect((await t.request('POST', path, { cookie: maidCookie, body: buyer })).status).toBe(403);
    const deskCookie = await signInWithPin(t, device, desk.id, pins[1]);
    expect((await t.request('POST', path, { cookie: deskCookie, body: buyer })).status).toBe(201);
    const report = await t.request('GET', '/api/tax/documents?month=2026-11', { cookie: deskCookie });
    expect(report.status).toBe(403);
  });
});

describeEachDatabase('the output-tax report', ({ fresh }) => {
  it('every number of the month in order, abbreviated then full; totals in satang over issued ones only', async () => {
    const t = await fresh();
    const { record, invoice, cookie, report, send } = await setUp(t);
    // Another month first: not in November's report.
    t.clock.now = Date.parse('2026-12-02T02:00:00.000Z');
    await record(5, { Coke: 1 });
    t.clock.now = november;
    const checkId = randomUUID();
    const a = await record(1, { Coke: 2, Chang: 1 }, checkId); // ABB-1, replaced by the revision
    t.clock.advance(60_000);
    const revised: RecordedCheckout = await (await send(1, { Coke: 1 }, checkId)).json(); // ABB-2
    const b = await record(2, { Chang: 3 }); // ABB-3, replaced by INV-1
    const c = await record(3, { Coke: 4 }); // ABB-4, cancelled
    const d = await record(4, { Coke: 1, Chang: 1 }); // ABB-5
    expect((await invoice(b.id)).status).toBe(201);
    await t.request('POST', `/api/checkouts/${c.id}/void`, { cookie, body: { reason: 'Entered twice' } });

    const month = await report('2026-11');
    expect(month.month).toBe('2026-11');
    expect(month.documents.map((row) => [row.number, row.type, row.status])).toEqual([
      ['ABB2611-00001', 'abb', 'replaced'],
      ['ABB2611-00002', 'abb', 'issued'],
      ['ABB2611-00003', 'abb', 'replaced'],
      ['ABB2611-00004', 'abb', 'cancelled'],
      ['ABB2611-00005', 'abb', 'issued'],
      ['INV2611-00001', 'full', 'issued'],
    ]);
    const rowOf = (number: string) => month.documents.find((row) => row.number === number);
    expect(rowOf('ABB2611-00001')).toMatchObject({
      checkoutId: a.id,
      bungalow: 1,
      total: a.total * 100,
      replacedBy: 'ABB2611-00002',
      buyer: null,
    });
    expect(rowOf('INV2611-00001')).toMatchObject({
      checkoutId: b.id,
      replaces: 'ABB2611-00003',
      buyer: { name: buyer.buyerName, taxId: buyer.buyerTaxId },
    });
    const issuedTotals = [revised.total, d.total, b.total];
    const vat = issuedTotals.reduce((sum, total) => sum + vatOf(total, 700), 0);
    const total = issuedTotals.reduce((sum, value) => sum + value * 100, 0);
    expect(month.totals).toEqual({ count: 3, total, vat, net: total - vat });
    for (const row of month.documents) expect(row.net + row.vat).toBe(row.total);

    const csv = await t.request('GET', '/api/tax/documents?month=2026-11&format=csv', { cookie });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toContain('text/csv');
    expect(csv.headers.get('content-disposition')).toContain('tax-documents-2026-11.csv');
    const lines = (await csv.text()).trim().split('\r\n');
    expect(lines[0]).toBe(
      // Seventh stage (issue 57): the date a document bears and a note's particulars, last.
      'number,type,status,issuedAt,checkoutId,bungalow,buyerName,buyerAddress,buyerTaxId,buyerBranch,total,vat,net,replaces,replacedBy,reason,sellerName,sellerTaxId,sellerBranch,datedAt,adjusts,before,after',
    );
    expect(lines.slice(1).map((line) => line.split(',')[0])).toEqual(
      month.documents.map((row) => row.number),
    );
    expect(lines[6]).toContain(`"${buyer.buyerName}"`);

    expect((await report('2026-10')).documents).toEqual([]);
    for (const bad of ['2026-13', '2026-1', 'november', '']) {
      const response = await t.request('GET', `/api/tax/documents?month=${bad}`, { cookie });
      expect(response.status).toBe(422);
    }
    expect((await t.request('GET', '/api/tax/documents?month=2026-11')).status).toBe(401);
  });

  it("the day's close adds the day's VAT and its first and last numbers", async () => {
    const t = await fresh();
    const { record, cookie } = await setUp(t);
    const plain = await (await t.request('GET', '/api/days/2026-11-09', { cookie })).json();
    expect(plain).not.toHaveProperty('tax');
    const a = await record(1, { Coke: 2 });
    const b = await record(2, { Chang: 1 });
    const c = await record(3, { Coke: 1 });
    await t.request('POST', `/api/checkouts/${c.id}/void`, { cookie, body: { reason: 'Test' } });
    const closed = await t.request('POST', '/api/days/2026-11-10/close', {
      cookie,
      body: { countedCash: 0 },
    });
    const day: DaySummary = await closed.json();
    expect(day.tax).toEqual({
      vat: vatOf(a.total, 700) + vatOf(b.total, 700),
      abbreviated: { first: 'ABB2611-00001', last: 'ABB2611-00003', count: 3 },
      full: null,
    });
    expect(
      ((await (await t.request('GET', '/api/days/2026-11-10', { cookie })).json()) as DaySummary).tax,
    ).toEqual(day.tax);
  });

  it("a day at a month's edge counts its own documents, not its neighbour's", async () => {
    const t = await fresh();
    const { record, cookie } = await setUp(t);
    // 23:30 on 31 October and 00:30 on 1 November in Bangkok: an hour apart, numbered in two months.
    t.clock.now = Date.parse('2026-10-31T16:30:00.000Z');
    const october = await record(1, { Coke: 2 });
    t.clock.now = Date.parse('2026-10-31T17:30:00.000Z');
    const november = await record(2, { Chang: 1 });
    expect([october.document?.number, november.document?.number]).toEqual(['ABB2610-00001', 'ABB2611-00001']);
    t.clock.now = Date.parse('2026-11-02T02:00:00.000Z');
    const taxOf = async (day: string) =>
      ((await (await t.request('GET', `/api/days/${day}`, { cookie })).json()) as DaySummary).tax;
    expect(await taxOf('2026-10-31')).toEqual({
      vat: vatOf(october.total, 700),
      abbreviated: { first: 'ABB2610-00001', last: 'ABB2610-00001', count: 1 },
      full: null,
    });
    expect(await taxOf('2026-11-01')).toEqual({
      vat: vatOf(november.total, 700),
      abbreviated: { first: 'ABB2611-00001', last: 'ABB2611-00001', count: 1 },
      full: null,
    });
    expect(await taxOf('2026-10-30')).toBeUndefined();
  });

  it('a month whose prefixes changed lists every number it issued, and none of a prefix that only looks like it', async () => {
    const t = await fresh();
    const { record, cookie, report } = await setUp(t);
    const prefixes = async (abbPrefix: string) => {
      const saved = await t.request('PUT', '/api/settings', {
        cookie,
        body: { tax: { ...seller, abbPrefix } },
      });
      expect(saved.status).toBe(200);
    };
    await record(1, { Coke: 1 }); // ABB2611-00001
    await prefixes('A');
    await record(2, { Coke: 1 }); // A2611-00001
    await t.db.kysely
      .insertInto('tax_sequences')
      .values({ prefix: 'A', yymm: '2611', next_number: 99_999 })
      .onConflict((oc) => oc.columns(['prefix', 'yymm']).doUpdateSet({ next_number: 99_999 }))
      .execute();
    await record(3, { Coke: 1 }); // A2611-99999
    await record(4, { Coke: 1 }); // A2611-100000
    // December, under a prefix whose numbers start as November's "A" ones do.
    await prefixes('A2611-');
    t.clock.now = Date.parse('2026-12-02T02:00:00.000Z');
    expect((await record(5, { Coke: 1 })).document?.number).toBe('A2611-2612-00001');
    t.clock.now = november + 60_000; // the staff session's, back in November

    expect((await report('2026-11')).documents.map((row) => row.number)).toEqual([
      'ABB2611-00001',
      'A2611-00001',
      'A2611-99999',
      'A2611-100000',
    ]);
    expect((await report('2026-12')).documents.map((row) => row.number)).toEqual(['A2611-2612-00001']);
  });
});

describeEachDatabase("the month's documents are read through an index", ({ dialect, fresh }) => {
  it("the report reads the number's unique index, not every document", async () => {
    const t = await fresh();
    const { record } = await setUp(t);
    await record(1, { Coke: 1 });
    const where = await ofMonth(t.db.kysely, '2026-11');
    const query = sql`select number from tax_documents where ${where}`.compile(t.db.kysely);
    const plan = await queryPlan(t.db.kysely, dialect, query);
    if (dialect === 'sqlite') {
      expect(plan).toMatch(/USING (COVERING )?INDEX sqlite_autoindex_tax_documents/);
    } else {
      expect(plan).toMatch(/Index (Only )?Scan using tax_documents_number_idx/);
    }
  });

  it('a document is replaced through the index by checkout, with no key on id on PostgreSQL', async () => {
    const t = await fresh();
    const { record } = await setUp(t);
    const { id } = await record(1, { Coke: 1 });
    const stored = await t.db.kysely
      .selectFrom('tax_documents')
      .select(['checkout_id', 'id'])
      .where('checkout_id', '=', id)
      .executeTakeFirstOrThrow();
    const query = documentUpdate(t.db.kysely, stored).set({ status: 'replaced' }).compile();
    const plan = await queryPlan(t.db.kysely, dialect, query, { generic: true });
    if (dialect === 'sqlite') {
      expect(plan).toMatch(/USING INTEGER PRIMARY KEY|USING INDEX tax_documents_checkout_idx/);
    } else {
      expect(plan).toMatch(/Index Scan using tax_documents_checkout_idx/);
    }
  });
});

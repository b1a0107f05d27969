import { expect, it } from 'vitest';
import { checkoutAt, loginAt, setGuest } from '../../../tests/support/checkout-factory';
import { parseCsv } from '../../../tests/support/csv-parse';
import { describeEachDatabase, type TestApp } from '../../../tests/support/test-app';
import type { HistoryCheckout, UnpaidSummary } from '../../shared/staff-types';

const NOW = '2026-04-10T12:00:00.000Z';

/** Three checkouts in bungalows 3, 7 and 3 (80, 530 and 40 THB). */
async function threeCheckouts(t: TestApp) {
  t.clock.now = Date.parse('2026-04-01T00:00:00.000Z');
  await setGuest(t, await t.login());
  const a = await checkoutAt(t, '2026-04-01T08:00:00.000Z', 3, { Coke: 2 });
  const b = await checkoutAt(t, '2026-04-02T09:00:00.000Z', 7, { Chang: 1, Wine: 1 });
  const c = await checkoutAt(t, '2026-04-03T10:00:00.000Z', 3, { Fanta: 1 });
  return [a, b, c] as const;
}

async function pay(t: TestApp, cookie: string, id: number | string, body: unknown) {
  return t.request('POST', `/api/checkouts/${id}/payment`, { cookie, body });
}

async function one(t: TestApp, cookie: string, id: number): Promise<HistoryCheckout> {
  return (await t.request('GET', `/api/checkouts/${id}`, { cookie })).json();
}

async function listIds(t: TestApp, cookie: string, query: string): Promise<number[]> {
  const response = await t.request('GET', `/api/checkouts${query}`, { cookie });
  expect(response.status, await response.clone().text()).toBe(200);
  return ((await response.json()) as HistoryCheckout[]).map((c) => c.id);
}

async function unpaid(t: TestApp, cookie: string): Promise<UnpaidSummary> {
  const response = await t.request('GET', '/api/checkouts/unpaid', { cookie });
  expect(response.status).toBe(200);
  return response.json();
}

describeEachDatabase('payments API', ({ fresh }) => {
  it('POST /api/checkouts/:id/payment marks it paid with who and when; undo keeps both changes', async () => {
    const t = await fresh();
    const [a] = await threeCheckouts(t);
    const cookie = await loginAt(t, NOW);

    const paid = await pay(t, cookie, a.id, { method: 'promptpay' });
    expect(paid.status, await paid.clone().text()).toBe(200);
    const body: HistoryCheckout = await paid.json();
    expect(body).toMatchObject({ id: a.id, total: 80, payment: { method: 'promptpay', paidAt: NOW } });
    // The admin password signs in the owner: the payment names them, never the session.
    expect(body.payment?.paidBy).toBe('Owner');

    t.clock.advance(60_000);
    const undone = await pay(t, cookie, a.id, { method: null });
    expect(undone.status).toBe(200);
    const after: HistoryCheckout = await undone.json();
    const owner = { id: null, name: 'Owner', role: 'owner', device: null };
    expect(after.payment).toBeNull();
    expect(after.paymentEvents).toEqual([
      { method: 'promptpay', recordedAt: NOW, recordedBy: body.payment?.paidBy, by: owner },
      { method: null, recordedAt: '2026-04-10T12:01:00.000Z', recordedBy: body.payment?.paidBy, by: owner },
    ]);
    expect(await one(t, cookie, a.id)).toEqual(after);
  });

  it('asking again for the state it has adds nothing; a changed method is kept as a correction', async () => {
    const t = await fresh();
    const [a] = await threeCheckouts(t);
    const cookie = await loginAt(t, NOW);
    expect((await pay(t, cookie, a.id, { method: 'cash' })).status).toBe(200);
    t.clock.advance(1000);
    const again: HistoryCheckout = await (await pay(t, cookie, a.id, { method: 'cash' })).json();
    expect(again.payment?.paidAt).toBe(NOW);
    expect(again.paymentEvents).toHaveLength(1);
    const card: HistoryCheckout = await (await pay(t, cookie, a.id, { method: 'card' })).json();
    expect(card.payment?.method).toBe('card');
    expect(card.paymentEvents.map((e) => e.method)).toEqual(['cash', 'card']);
  });

  it('undoing a checkout that is not paid changes nothing', async () => {
    const t = await fresh();
    const [a] = await threeCheckouts(t);
    const cookie = await loginAt(t, NOW);
    const response = await pay(t, cookie, a.id, { method: null });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ payment: null, paymentEvents: [] });
  });

  it('every method is accepted: cash, promptpay, card, room', async () => {
    const t = await fresh();
    const made = await threeCheckouts(t);
    const cookie = await loginAt(t, NOW);
    for (const [checkout, method] of [
      [made[0], 'cash'],
      [made[1], 'card'],
      [made[2], 'room'],
    ] as const) {
      const response = await pay(t, cookie, checkout.id, { method });
      expect(response.status).toBe(200);
      expect((await response.json()).payment.method).toBe(method);
    }
  });

  it('marking a voided checkout paid is 409 with a clear message and changes nothing', async () => {
    const t = await fresh();
    const [a, b] = await threeCheckouts(t);
    const cookie = await loginAt(t, NOW);
    expect(
      (await t.request('POST', `/api/checkouts/${a.id}/void`, { cookie, body: { reason: 'Counted twice' } }))
        .status,
    ).toBe(200);
    const response = await pay(t, cookie, a.id, { method: 'cash' });
    expect(response.status).toBe(409);
    const { error } = await response.json();
    expect(error.code).toBe('conflict');
    expect(error.message).toBe(
      `This checkout was voided at ${NOW}: a voided checkout is owed nothing and cannot be marked paid`,
    );
    expect(await one(t, cookie, a.id)).toMatchObject({ payment: null, paymentEvents: [] });

    // Paid, then voided (a refund): the payment can still be undone.
    expect((await pay(t, cookie, b.id, { method: 'cash' })).status).toBe(200);
    await t.request('POST', `/api/checkouts/${b.id}/void`, { cookie, body: { reason: 'Refunded' } });
    const refund = await pay(t, cookie, b.id, { method: null });
    expect(refund.status).toBe(200);
    expect((await refund.json()).paymentEvents.map((e: { method: string | null }) => e.method)).toEqual([
      'cash',
      null,
    ]);
  });

  it('refuses a bad body with 422 and field issues, 404 for no checkout, 401 without a session', async () => {
    const t = await fresh();
    const [a] = await threeCheckouts(t);
    const cookie = await loginAt(t, NOW);
    for (const body of [
      {},
      { method: 'bitcoin' },
      { method: 'Cash' },
      { method: 1 },
      { method: 'cash', x: 1 },
    ]) {
      const response = await pay(t, cookie, a.id, body);
      expect(response.status, JSON.stringify(body)).toBe(422);
      const { error } = await response.json();
      expect(error.code).toBe('validation_failed');
      expect(error.issues.length).toBeGreaterThan(0);
    }
    const bad = await (await pay(t, cookie, a.id, { method: 'bitcoin' })).json();
    expect(bad.error.message).toBe('Method must be one of cash, promptpay, card, room, or null to undo');
    expect((await pay(t, cookie, 999_999, { method: 'cash' })).status).toBe(404);
    expect((await (await pay(t, cookie, 999_999, { method: 'cash' })).json()).error.message).toBe(
      'Checkout not found',
    );
    expect((await pay(t, cookie, 'abc', { method: 'cash' })).status).toBe(404);
    const anonymous = await t.request('POST', `/api/checkouts/${a.id}/payment`, { body: { method: 'cash' } });
    expect(anonymous.status).toBe(401);
    expect((await t.request('GET', '/api/checkouts/unpaid')).status).toBe(401);
    expect(await one(t, cookie, a.id)).toMatchObject({ payment: null, paymentEvents: [] });
  });

  it('GET /api/checkouts?paid=false lists what is still owed; paid=true the paid ones', async () => {
    const t = await fresh();
    const [a, b, c] = await threeCheckouts(t);
    const cookie = await loginAt(t, NOW);
    expect(await listIds(t, cookie, '?paid=false')).toEqual([c.id, b.id, a.id]);
    await pay(t, cookie, b.id, { method: 'room' });
    await t.request('POST', `/api/checkouts/${c.id}/void`, { cookie, body: { reason: 'Test' } });
    expect(await listIds(t, cookie, '?paid=false')).toEqual([a.id]);
    expect(await listIds(t, cookie, '?paid=true')).toEqual([b.id]);
    expect(await listIds(t, cookie, '?paid=false&bungalow=7')).toEqual([]);
    expect(await listIds(t, cookie, '?paid=false&bungalow=3&from=2026-04-01&to=2026-04-01')).toEqual([a.id]);
    const badFilter = await t.request('GET', '/api/checkouts?paid=no', { cookie });
    expect(badFilter.status).toBe(422);
    expect((await badFilter.json()).error.message).toBe('Paid must be true or false');
  });

  it('GET /api/checkouts/unpaid counts the checkouts still owed and their baht', async () => {
    const t = await fresh();
    const [a, b, c] = await threeCheckouts(t);
    const cookie = await loginAt(t, NOW);
    expect(await unpaid(t, cookie)).toEqual({ count: 3, thb: 80 + 530 + 40 });
    await pay(t, cookie, b.id, { method: 'cash' });
    expect(await unpaid(t, cookie)).toEqual({ count: 2, thb: 120 });
    await t.request('POST', `/api/checkouts/${a.id}/void`, { cookie, body: { reason: 'Test' } });
    expect(await unpaid(t, cookie)).toEqual({ count: 1, thb: 40 });
    await pay(t, cookie, c.id, { method: 'card' });
    expect(await unpaid(t, cookie)).toEqual({ count: 0, thb: 0 });
    await pay(t, cookie, b.id, { method: null });
    expect(await unpaid(t, cookie)).toEqual({ count: 1, thb: 530 });
  });

  it('the CSV export carries the payment status, method, time and who', async () => {
    const t = await fresh();
    const [a, b] = await threeCheckouts(t);
    const cookie = await loginAt(t, NOW);
    const paid: HistoryCheckout = await (await pay(t, cookie, a.id, { method: 'promptpay' })).json();
    const exported = async () => {
      const response = await t.request('GET', '/api/checkouts/export.csv?from=2026-04-01&to=2026-04-02', {
        cookie,
      });
      const [header = [], ...rows] = parseCsv((await response.text()).replace(/^\uFEFF/, ''));
      const records = rows.map((row) => Object.fromEntries(header.map((name, i) => [name, row[i]])));
      return (id: number) => records.find((r) => r.checkout_id === String(id));
    };
    const owed = { payment_status: 'unpaid', payment_method: '', paid_at_utc: '', paid_by: '' };
    let row = await exported();
    expect(row(a.id)).toMatchObject({
      payment_status: 'paid',
      payment_method: 'promptpay',
      paid_at_utc: NOW,
      paid_by: paid.payment?.paidBy,
    });
    expect(row(b.id)).toMatchObject(owed);

    // Undone, the export says owed again.
    await pay(t, cookie, a.id, { method: null });
    row = await exported();
    expect(row(a.id)).toMatchObject(owed);
  });
});

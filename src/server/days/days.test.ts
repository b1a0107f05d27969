import { beforeAll, describe, expect, it } from 'vitest';
import { checkoutAt, loginAt, setGuest } from '../../../tests/support/checkout-factory';
import { describeEachDatabase, type TestApp } from '../../../tests/support/test-app';
import type { Checkout } from '../../shared/api-types';
import type { DaySummary } from '../../shared/day-close-types';
import { can, staffRoles } from '../../shared/team';

/** Bangkok (UTC+7, the default zone): D is 2026-06-10 there. */
const bkk = (day: string, time: string) => `${day}T${time}:00.000+07:00`;
const D = '2026-06-10';
const before = '2026-06-09';
const after = '2026-06-11';
const cashFloat = 2000;

const zero = { count: 0, thb: 0 };

/**
 * Marks a payment at `at` with the session `cookie` (each request keeps a session alive for 30 more minutes of
 * test time; logins are slow, scrypt at full strength, so a suite logs in as little as it can).
 */
async function pay(t: TestApp, cookie: string, id: number, method: string | null, at: string) {
  t.clock.now = Date.parse(at);
  const response = await t.request('POST', `/api/checkouts/${id}/payment`, { cookie, body: { method } });
  expect(response.status, await response.clone().text()).toBe(200);
}

async function day(t: TestApp, cookie: string, which: string): Promise<DaySummary> {
  const response = await t.request('GET', `/api/days/${which}`, { cookie });
  expect(response.status, await response.clone().text()).toBe(200);
  return response.json();
}

const close = (t: TestApp, cookie: string, which: string, body: unknown) =>
  t.request('POST', `/api/days/${which}/close`, { cookie, body });
const reopen = (t: TestApp, cookie: string, which: string, body: unknown) =>
  t.request('POST', `/api/days/${which}/reopen`, { cookie, body });

async function auditOf(t: TestApp, action: string) {
  const rows = await t.db.kysely
    .selectFrom('audit_events')
    .select(['action', 'subject_type', 'subject_id', 'actor_name', 'details', 'at'])
    .where('action', '=', action)
    .orderBy('seq')
    .execute();
  return rows.map((row) => ({ ...row, details: JSON.parse(row.details) }));
}

/**
 * The day D by hand (prices of the seeded catalogue). The day before: A (80) paid cash that evening, B (450)
 * left unpaid. On D: A's cash is undone (a payment taken on an earlier day), B is paid cash (an earlier day's
 * checkout), C 120 promptpay, E 90 card, F 160 room, G 120 voided, H 50 cash, I 80 unpaid, J 40 recorded and
 * paid cash at 23:30, K 40 recorded at 22:00 and paid cash at 00:30 the next day (Bangkok time).
 */
async function theDay(t: TestApp) {
  t.clock.now = Date.parse(bkk(before, '08:00'));
  const cookie = await t.login();
  await setGuest(t, cookie);
  const settings = await t.request('PUT', '/api/settings', { cookie, body: { cashFloat } });
  expect(settings.status, await settings.clone().text()).toBe(200);
  const A = await checkoutAt(t, bkk(before, '09:00'), 1, { Coke: 2 });
  const B = await checkoutAt(t, bkk(before, '10:00'), 2, { Wine: 1 });
  await pay(t, await loginAt(t, bkk(before, '20:00')), A.id, 'cash', bkk(before, '20:00'));

  const made: Record<string, Checkout> = {};
  for (const [name, time, bungalow, cart] of [
    ['C', '08:00', 3, { Chang: 1, Coke: 1 }],
    ['E', '08:30', 4, { Spy: 1 }],
    ['F', '09:00', 5, { LEO: 2 }],
    ['G', '09:30', 6, { 'Smirnoff ICE': 1 }],
    ['H', '10:00', 7, { Carabao: 1 }],
    ['I', '10:30', 8, { Fanta: 1, Schweppes: 1 }],
    ['K', '22:00', 10, { Schweppes: 1 }],
    ['J', '23:30', 9, { Coke: 1 }],
  ] as const) {
    made[name] = await checkoutAt(t, bkk(D, time), bungalow, cart);
  }
  const { C, E, F, G, H, J, K } = made as Record<string, Checkout>;
  // The day's desk work, each step within 30 minutes of the last, on one session.
  const desk = await loginAt(t, bkk(D, '10:30'));
  await pay(t, desk, A.id, null, bkk(D, '10:30'));
  await pay(t, desk, B.id, 'cash', bkk(D, '10:50'));
  await pay(t, desk, (C as Checkout).id, 'promptpay', bkk(D, '11:10'));
  await pay(t, desk, (E as Checkout).id, 'card', bkk(D, '11:30'));
  await pay(t, desk, (F as Checkout).id, 'room', bkk(D, '11:50'));
  t.clock.now = Date.parse(bkk(D, '12:10'));
  const voided = await t.request('POST', `/api/checkouts/${(G as Checkout).id}/void`, {
    cookie: desk,
    body: { reason: 'Counted twice' },
  });
  expect(voided.status).toBe(200);
  await pay(t, desk, (H as Checkout).id, 'cash', bkk(D, '12:30'));
  const night = await loginAt(t, bkk(D, '23:30'));
  await pay(t, night, (J as Checkout).id, 'cash', bkk(D, '23:30'));
  await pay(t, await loginAt(t, bkk(after, '00:30')), (K as Checkout).id, 'cash', bkk(after, '00:30'));
  return { A, B, ...made } as Record<string, Checkout>;
}

/** D as computed by hand from the list above. */
const dayD = {
  day: D,
  checkouts: { count: 7, thb: 120 + 90 + 160 + 50 + 80 + 40 + 40 },
  voided: { count: 1, thb: 120 },
  payments: {
    cash: { count: 3, thb: 450 + 50 + 40 },
    promptpay: { count: 1, thb: 120 },
    card: { count: 1, thb: 90 },
    room: { count: 1, thb: 160 },
  },
  undone: { cash: { count: 1, thb: 80 }, promptpay: zero, card: zero, room: zero },
  unpaid: { count: 1, thb: 80 },
  cash: { float: 2000, received: 540, undone: 80, expected: 2000 + 540 - 80 },
};

describeEachDatabase('closing the day API', ({ fresh }) => {
  let t: TestApp;
  let made: Awaited<ReturnType<typeof theDay>>;
  // One day of business serves the whole suite: each test reads or moves on from where the last one left.
  beforeAll(async () => {
    t = await fresh();
    made = await theDay(t);
  }, 300_000);

  it('GET /api/days/:day answers every figure of the day, payments and undos on the day they were recorded', async () => {
    const cookie = await loginAt(t, bkk(after, '12:00'));
    expect(await day(t, cookie, D)).toEqual({ ...dayD, close: null });
  });

  it("the resort's time zone decides the day: a payment at 23:30 and one at 00:30 Bangkok time land on two days", async () => {
    const cookie = await loginAt(t, bkk(after, '12:00'));
    expect(await day(t, cookie, after)).toEqual({
      day: after,
      checkouts: zero,
      voided: zero,
      payments: { cash: { count: 1, thb: 40 }, promptpay: zero, card: zero, room: zero },
      undone: { cash: zero, promptpay: zero, card: zero, room: zero },
      unpaid: zero,
      cash: { float: 2000, received: 40, undone: 0, expected: 2040 },
      close: null,
    });
    // The day before: A and B recorded, A's cash taken that evening (undone on D), B paid on D.
    expect(await day(t, cookie, before)).toMatchObject({
      checkouts: { count: 2, thb: 530 },
      payments: { cash: { count: 1, thb: 80 } },
      undone: { cash: zero },
      unpaid: { count: 1, thb: 80 },
      cash: { float: 2000, received: 80, undone: 0, expected: 2080 },
    });
  });

  it('POST /api/days/:day/close freezes the figures with the count (201); a second close is 409', async () => {
    const cookie = await loginAt(t, bkk(after, '12:00'));
    // The chain anchored outside the database (fifth stage): no head before the day is closed.
    expect(await (await t.request('GET', `/api/days/${D}/chain-head`, { cookie })).json()).toEqual({
      chainHead: null,
    });
    const headBefore = await t.db.kysely
      .selectFrom('audit_head')
      .select(['seq', 'hash'])
      .executeTakeFirstOrThrow();
    const response = await close(t, cookie, D, { countedCash: 2400, note: '  Counted twice, 60 short  ' });
    expect(response.status, await response.clone().text()).toBe(201);
    const closed: DaySummary = await response.json();
    const theClose = {
      countedCash: 2400,
      difference: -60,
      note: 'Counted twice, 60 short',
      by: 'Owner',
      at: new Date(Date.parse(bkk(after, '12:00'))).toISOString(),
    };
    expect(closed).toEqual({ ...dayD, close: theClose });
    expect(await day(t, cookie, D)).toEqual(closed);

    const again = await close(t, cookie, D, { countedCash: 2460 });
    expect(again.status).toBe(409);
    expect((await again.json()).error).toEqual({
      code: 'conflict',
      message: `${D} was already closed by Owner at ${theClose.at}: a manager can reopen it to count again`,
    });

    const [event] = await auditOf(t, 'day.closed');
    expect(event).toMatchObject({ subject_type: 'day', subject_id: D, actor_name: 'Owner', at: theClose.at });
    const { day: _day, ...figures } = dayD;
    // The head the close found (the last event before its own) goes to the webhooks with the event, and is the
    // head the Z report prints.
    const chainHead = { seq: Number(headBefore.seq), hash: headBefore.hash };
    expect(event?.details).toEqual({
      ...figures,
      countedCash: 2400,
      difference: -60,
      note: theClose.note,
      chainHead,
    });
    const ownEvent = await t.db.kysely
      .selectFrom('audit_events')
      .select('seq')
      .where('action', '=', 'day.closed')
      .executeTakeFirstOrThrow();
    expect(Number(ownEvent.seq)).toBe(chainHead.seq + 1);
    const headResponse = await t.request('GET', `/api/days/${D}/chain-head`, { cookie });
    expect(headResponse.status).toBe(200);
    expect(await headResponse.json()).toEqual({ chainHead });
  });

  it('a payment changed after the close counts on the day it is changed; the closed day stays as counted', async () => {
    const cookie = await loginAt(t, bkk(after, '12:30'));
    await pay(t, cookie, (made.I as Checkout).id, 'cash', bkk(after, '12:30'));
    expect(await day(t, cookie, D)).toMatchObject({ unpaid: { count: 1, thb: 80 }, cash: dayD.cash });
    expect((await day(t, cookie, after)).payments.cash).toEqual({ count: 2, thb: 40 + 80 });
  });

  it('POST /api/days/:day/reopen keeps the close on record, counts live again, and the day closes anew', async () => {
    const cookie = await loginAt(t, bkk(after, '13:00'));
    const bad = await reopen(t, cookie, D, { reason: '   ' });
    expect(bad.status).toBe(422);
    expect((await bad.json()).error.message).toBe('A reason is required to reopen a closed day');

    const response = await reopen(t, cookie, D, { reason: 'Found 60 THB under the drawer' });
    expect(response.status, await response.clone().text()).toBe(200);
    // Live again: I was paid since (on the next day), so nothing of D is owed now.
    expect(await response.json()).toEqual({ ...dayD, unpaid: zero, close: null });
    expect((await reopen(t, cookie, D, { reason: 'Twice' })).status).toBe(409);

    const [event] = await auditOf(t, 'day.reopened');
    const { day: _day, ...figures } = dayD;
    expect(event).toMatchObject({ subject_type: 'day', subject_id: D, actor_name: 'Owner' });
    expect(event?.details).toEqual({
      ...figures,
      close: {
        countedCash: 2400,
        difference: -60,
        note: 'Counted twice, 60 short',
        by: 'Owner',
        at: new Date(Date.parse(bkk(after, '12:00'))).toISOString(),
      },
      reason: 'Found 60 THB under the drawer',
    });

    const closedAgain = await close(t, cookie, D, { countedCash: 2460 });
    expect(closedAgain.status).toBe(201);
    expect((await closedAgain.json()).close).toMatchObject({ countedCash: 2460, difference: 0, note: null });
    // Both closes are kept: the reopened one with who, when and why.
    const rows = await t.db.kysely
      .selectFrom('day_closes')
      .select(['counted_cash', 'reopened_by', 'reopen_reason'])
      .where('day', '=', D)
      .orderBy('id')
      .execute();
    expect(rows).toEqual([
      { counted_cash: 2400, reopened_by: 'Owner', reopen_reason: 'Found 60 THB under the drawer' },
      { counted_cash: 2460, reopened_by: null, reopen_reason: null },
    ]);
    expect(await auditOf(t, 'day.closed')).toHaveLength(2);
  });

  it('422 for a day still to come and for a bad date, with nothing written', async () => {
    const cookie = await loginAt(t, bkk(after, '13:30'));
    const future = '2026-06-12';
    for (const [method, path, body] of [
      ['GET', `/api/days/${future}`],
      ['POST', `/api/days/${future}/close`, { countedCash: 0 }],
      ['GET', '/api/days/2026-02-30'],
      ['POST', '/api/days/yesterday/close', { countedCash: 0 }],
      ['POST', '/api/days/2026-6-1/reopen', { reason: 'x' }],
    ] as const) {
      const response = await t.request(method, path, { cookie, body });
      expect(response.status, `${method} ${path}`).toBe(422);
      expect((await response.json()).error.code).toBe('validation_failed');
    }
    const future422 = await close(t, cookie, future, { countedCash: 0 });
    expect((await future422.json()).error.message).toBe(
      `${future} is still to come (today is ${after} in Asia/Bangkok): a day can be counted and closed once it has begun`,
    );
    // Today can be closed: it has begun.
    expect((await t.request('GET', `/api/days/${after}`, { cookie })).status).toBe(200);
    expect(await t.db.kysely.selectFrom('day_closes').select('day').where('day', '>', D).execute()).toEqual(
      [],
    );
  });

  it('422 for a bad close body with field issues', async () => {
    const cookie = await loginAt(t, bkk(after, '13:30'));
    for (const [body, message] of [
      [{}, 'Counted cash must be a number of baht'],
      [{ countedCash: '2400' }, 'Counted cash must be a number of baht'],
      [{ countedCash: 10.5 }, 'Counted cash must be whole baht'],
      [{ countedCash: -1 }, 'Counted cash cannot be below 0'],
      [{ countedCash: 10_000_001 }, 'Counted cash must be at most 10000000 THB'],
      [{ countedCash: 1, note: 'x'.repeat(501) }, 'The note must be at most 500 characters'],
      [{ countedCash: 1, extra: true }, undefined],
    ] as const) {
      const response = await close(t, cookie, after, body);
      expect(response.status, JSON.stringify(body)).toBe(422);
      const { error } = await response.json();
      expect(error.issues.length).toBeGreaterThan(0);
      if (message) expect(error.message).toBe(message);
    }
    expect((await day(t, cookie, after)).close).toBeNull();
  });

  it('401 without a session for reading, closing and reopening', async () => {
    for (const [method, path, body] of [
      ['GET', `/api/days/${D}`],
      ['POST', `/api/days/${before}/close`, { countedCash: 0 }],
      ['POST', `/api/days/${D}/reopen`, { reason: 'x' }],
    ] as const) {
      const response = await t.request(method, path, { body });
      expect(response.status, `${method} ${path}`).toBe(401);
      expect((await response.json()).error.code).toBe('unauthorized');
    }
    expect((await t.request('DELETE', `/api/days/${D}`)).status).toBe(405);
  });

  it('a paid checkout is settled: a changed count is refused, and the payment counts the total it was paid at', async () => {
    // Its own day (the 5th), so the suite's day stays as computed.
    const fifth = '2026-06-05';
    const cookie = await loginAt(t, bkk(fifth, '09:00'));
    t.clock.now = Date.parse(bkk(fifth, '09:00'));
    const checkId = '6f9619ff-8b86-4d11-b42d-00c04fc964ff';
    const drinks = await (await t.request('GET', '/api/drinks')).json();
    const coke = drinks.find((d: { drinkName: string }) => d.drinkName === 'Coke').id;
    const first = await t.request('POST', '/api/checkouts', {
      body: { bungalow: 12, checkId, items: [{ drinkId: coke, missing: 1 }] },
    });
    expect(first.status).toBe(201);
    const { id } = await first.json();
    await pay(t, cookie, id, 'cash', bkk(fifth, '09:05'));
    t.clock.now = Date.parse(bkk(fifth, '09:10'));
    // Settled by its payment (fifth stage): staff void it and record a new one instead.
    const revised = await t.request('POST', '/api/checkouts', {
      body: { bungalow: 12, checkId, items: [{ drinkId: coke, missing: 3 }] },
    });
    expect(revised.status).toBe(409);
    expect((await revised.json()).error.code).toBe('settled');
    // Then the method is corrected to card: the cash taken (40) is undone, the card takes the same 40.
    await pay(t, cookie, id, 'card', bkk(fifth, '09:15'));
    const figures = await day(t, cookie, fifth);
    expect(figures).toMatchObject({
      checkouts: { count: 1, thb: 40 },
      payments: { cash: { count: 1, thb: 40 }, card: { count: 1, thb: 40 } },
      undone: { cash: { count: 1, thb: 40 } },
      cash: { float: 2000, received: 40, undone: 40, expected: 2000 },
    });
  });
});

describe('the rights the day routes use', () => {
  it('desk closes, housekeeping does not; only the owner and managers reopen', () => {
    expect(staffRoles.filter((role) => can(role, 'frontDesk'))).toEqual(['manager', 'desk']);
    expect(staffRoles.filter((role) => can(role, 'oversight'))).toEqual(['manager']);
  });
});

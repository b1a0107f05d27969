import { expect, it } from 'vitest';
import { checkoutAt, drinksByName, loginAt } from '../../../tests/support/checkout-factory';
import { addStaff, errorOf, pins, registerDevice, signInWithPin } from '../../../tests/support/team';
import { describeEachDatabase, type TestApp } from '../../../tests/support/test-app';
import type { HistoryCheckout } from '../../shared/staff-types';
import type { BuyList, StockMargin } from '../../shared/stock-costs';
import type { StockMovesPage, StockState } from '../../shared/stock-types';

/**
 * Issue 26: the average cost, the margin and the shrinkage at cost, the buy list, expiry lots, and who may
 * read a cost. The resort has two bungalows (1-2); the seeded Chang (80 THB) and Coke (40 THB) have par 4.
 */

async function ok(response: Response, status = 200) {
  expect(response.status, await response.clone().text()).toBe(status);
  return response.json();
}

async function setUp(t: TestApp, at: string, storeroom: Record<string, number>) {
  const owner = await loginAt(t, at);
  await ok(await t.request('PUT', '/api/settings', { cookie: owner, body: { bungalows: '1-2' } }));
  await ok(
    await t.request('PUT', '/api/guest', { cookie: owner, body: { name: 'Ann', email: 'a@example.com' } }),
  );
  const drinks = await drinksByName(t);
  const id = (name: string) => {
    const drink = drinks[name];
    if (!drink) throw new Error(`no drink ${name}`);
    return drink.id;
  };
  await ok(
    await t.request('POST', '/api/stock/start', {
      cookie: owner,
      body: {
        storeroom: Object.entries(storeroom).map(([name, quantity]) => ({ drinkId: id(name), quantity })),
      },
    }),
    201,
  );
  return { owner, id };
}

/** The owner, logged in at the test clock's moment (a session idles out after 30 minutes of test time). */
const ownerNow = (t: TestApp) => t.login();

async function deliver(
  t: TestApp,
  iso: string,
  lines: { drinkId: number; quantity: number; unitCost: number; expiresOn?: string }[],
) {
  t.clock.now = Date.parse(iso);
  const cookie = await ownerNow(t);
  return ok(await t.request('POST', '/api/stock/deliveries', { cookie, body: { lines } }), 201);
}

async function writeOff(
  t: TestApp,
  iso: string,
  body: { place: string; reason: string; lines: { drinkId: number; quantity: number }[] },
) {
  t.clock.now = Date.parse(iso);
  const cookie = await ownerNow(t);
  return ok(await t.request('POST', '/api/stock/write-offs', { cookie, body }), 201);
}

async function stockOf(t: TestApp, drinkId: number, cookie?: string) {
  cookie ??= await ownerNow(t);
  const state: StockState = await ok(await t.request('GET', '/api/stock', { cookie }));
  if (!state.started) throw new Error('stock not started');
  const drink = state.drinks.find((d) => d.drinkId === drinkId);
  if (!drink) throw new Error(`no stock of ${drinkId}`);
  return drink;
}

async function marginOf(t: TestApp, from: string, to: string, cookie?: string): Promise<StockMargin> {
  cookie ??= await ownerNow(t);
  return ok(await t.request('GET', `/api/stock/margin?from=${from}&to=${to}`, { cookie }));
}

describeEachDatabase('stock costs API', ({ fresh }) => {
  it('moves the average cost with each delivery, weighted by what is on hand, and restarts it below zero', async () => {
    const t = await fresh();
    const { id } = await setUp(t, '2026-04-01T02:00:00.000Z', { Chang: 10 });
    const chang = id('Chang');
    // The opening count's 10 and the fridges' 8 have no cost yet.
    expect(await stockOf(t, chang)).toMatchObject({ total: 18, averageCost: null, value: null });

    // Bottles of unknown cost take the first delivery's cost.
    await deliver(t, '2026-04-01T03:00:00.000Z', [{ drinkId: chang, quantity: 24, unitCost: 3000 }]);
    expect(await stockOf(t, chang)).toMatchObject({ total: 42, averageCost: 3000, value: 126_000 });

    // Weighted by the 42 on hand (storeroom and fridges): (42 × 3000 + 24 × 3600) / 66 = 3218.18…
    await deliver(t, '2026-04-01T04:00:00.000Z', [{ drinkId: chang, quantity: 24, unitCost: 3600 }]);
    expect(await stockOf(t, chang)).toMatchObject({ total: 66, averageCost: 3218, value: 66 * 3218 });

    // 63 written off from the storeroom (it holds 58): the storeroom is at -5, the resort at 3 bottles.
    await writeOff(t, '2026-04-01T05:00:00.000Z', {
      place: 'storeroom',
      reason: 'other',
      lines: [{ drinkId: chang, quantity: 63 }],
    });
    // 11 more: 8 bottles fewer than nothing on hand.
    await writeOff(t, '2026-04-01T05:10:00.000Z', {
      place: 'storeroom',
      reason: 'other',
      lines: [{ drinkId: chang, quantity: 11 }],
    });
    expect(await stockOf(t, chang)).toMatchObject({ storeroom: -16, total: -8, averageCost: 3218 });
    // With less than nothing on hand, the delivery's cost is the new average (no negative cost).
    await deliver(t, '2026-04-01T06:00:00.000Z', [{ drinkId: chang, quantity: 24, unitCost: 4000 }]);
    expect(await stockOf(t, chang)).toMatchObject({ total: 16, averageCost: 4000, value: 64_000 });

    // Each write-off keeps the average cost of its moment.
    const moves: StockMovesPage = await ok(
      await t.request('GET', `/api/stock/moves?drink=${chang}&place=write-off`, {
        cookie: await ownerNow(t),
      }),
    );
    expect(moves.moves.map((m) => [m.quantity, m.unitCost])).toEqual([
      [11, 3218],
      [63, 3218],
    ]);
  });

  it('answers the margin of sales, revisions and voids, reconciled with the history and its own days', async () => {
    const t = await fresh();
    const { id } = await setUp(t, '2026-04-01T01:00:00.000Z', { Chang: 20, Coke: 20 });
    const [chang, coke] = [id('Chang'), id('Coke')];
    // Sold before any delivery: the bottle's cost is unknown, and takes the first delivery's.
    await checkoutAt(t, '2026-04-01T03:00:00.000Z', 1, { Chang: 1 });
    await deliver(t, '2026-04-01T04:00:00.000Z', [
      { drinkId: chang, quantity: 24, unitCost: 3000 },
      { drinkId: coke, quantity: 24, unitCost: 1200 },
    ]);
    await checkoutAt(t, '2026-04-01T08:00:00.000Z', 2, { Chang: 2, Coke: 1 });
    // Voided: out of the revenue and the cost.
    const voided = await checkoutAt(t, '2026-04-01T09:00:00.000Z', 1, { Coke: 2 });
    const manager = await loginAt(t, '2026-04-01T09:30:00.000Z');
    await ok(
      await t.request('POST', `/api/checkouts/${voided.id}/void`, {
        cookie: manager,
        body: { reason: 'Counted twice' },
      }),
    );
    // A resort day ends at 17:00 UTC in Bangkok: this is 2 April.
    await checkoutAt(t, '2026-04-01T18:00:00.000Z', 1, { Chang: 1 });
    const cookie = await loginAt(t, '2026-04-02T03:00:00.000Z');

    const first = await marginOf(t, '2026-04-01', '2026-04-01');
    expect(first.drinks).toEqual([
      { drinkId: chang, drinkName: 'Chang', sold: 3, revenue: 24_000, cost: 9000, margin: 15_000 },
      { drinkId: coke, drinkName: 'Coke', sold: 1, revenue: 4000, cost: 1200, margin: 2800 },
    ]);
    expect(first.totals).toEqual({ sold: 4, revenue: 28_000, cost: 10_200, margin: 17_800 });

    // The history of the same days has the same revenue (baht × 100).
    for (const [from, to] of [
      ['2026-04-01', '2026-04-01'],
      ['2026-04-01', '2026-04-02'],
      ['2026-04-02', '2026-04-02'],
    ] as const) {
      const history: HistoryCheckout[] = await ok(
        await t.request('GET', `/api/checkouts?from=${from}&to=${to}&pageSize=100`, { cookie }),
      );
      const revenue = history.filter((c) => c.voidedAt === null).reduce((sum, c) => sum + c.total, 0);
      const margin = await marginOf(t, from, to);
      expect(margin.totals.revenue).toBe(revenue * 100);
      expect(margin.totals.sold).toBe(
        history
          .filter((c) => c.voidedAt === null)
          .flatMap((c) => c.lines)
          .reduce((s, l) => s + l.quantity, 0),
      );
    }
    expect((await marginOf(t, '2026-04-02', '2026-04-02')).totals).toEqual({
      sold: 1,
      revenue: 8000,
      cost: 3000,
      margin: 5000,
    });
    // The same figures as a spreadsheet, in baht.
    const csv = await t.request('GET', '/api/stock/margin?from=2026-04-01&to=2026-04-01&format=csv', {
      cookie: await ownerNow(t),
    });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toMatch(/^text\/csv/);
    expect((await csv.text()).split('\r\n')).toEqual([
      'kind,name,bottles,revenue_thb,cost_thb,margin_thb',
      'sold,Chang,3,240.00,90.00,150.00',
      'sold,Coke,1,40.00,12.00,28.00',
      'total,2026-04-01 to 2026-04-01,4,280.00,102.00,178.00',
      'count-difference,count,0,,0.00,',
      '',
    ]);
    // Nothing before stock, nothing after.
    expect(await marginOf(t, '2026-03-01', '2026-03-31')).toEqual({
      from: '2026-03-01',
      to: '2026-03-31',
      drinks: [],
      totals: { sold: 0, revenue: 0, cost: 0, margin: 0 },
      writeOffs: [],
      countDifferences: { quantity: 0, cost: 0 },
    });
  });

  it('keeps a revision on the day of its checkout, at the cost of the moment it moved bottles', async () => {
    const t = await fresh();
    const { id } = await setUp(t, '2026-04-01T01:00:00.000Z', { Chang: 20 });
    const chang = id('Chang');
    await deliver(t, '2026-04-01T02:00:00.000Z', [{ drinkId: chang, quantity: 12, unitCost: 3000 }]);
    // 23:30 at the resort (Asia/Bangkok): the revision comes within the 2 hours a check stays open, after midnight.
    t.clock.now = Date.parse('2026-04-01T16:30:00.000Z');
    const drinkId = chang;
    const send = (missing: number) =>
      t.request('POST', '/api/checkouts', {
        body: { bungalow: 1, checkId: 'c0ffee00-0000-4000-8000-000000000001', items: [{ drinkId, missing }] },
      });
    await ok(await send(1), 201);
    // The next day the average has moved (40 on hand at 3000, 40 more at 3600 → 3300), and the check is sent again with 3.
    await deliver(t, '2026-04-01T17:05:00.000Z', [{ drinkId: chang, quantity: 39, unitCost: 3600 }]);
    expect((await stockOf(t, chang)).averageCost).toBe(3300);
    t.clock.now = Date.parse('2026-04-01T17:15:00.000Z');
    await ok(await send(3));
    t.clock.now = Date.parse('2026-04-01T18:00:00.000Z');
    expect((await marginOf(t, '2026-04-01', '2026-04-01')).totals).toEqual({
      sold: 3,
      revenue: 24_000,
      cost: 3000 + 2 * 3300,
      margin: 24_000 - 9600,
    });
    expect((await marginOf(t, '2026-04-02', '2026-04-02')).totals.sold).toBe(0);
  });

  it('counts the shrinkage by reason and the count differences at cost', async () => {
    const t = await fresh();
    const { id } = await setUp(t, '2026-04-01T01:00:00.000Z', { Chang: 0, Coke: 0 });
    const [chang, coke] = [id('Chang'), id('Coke')];
    await deliver(t, '2026-04-01T02:00:00.000Z', [
      { drinkId: chang, quantity: 48, unitCost: 3000 },
      { drinkId: coke, quantity: 24, unitCost: 1000 },
    ]);
    await writeOff(t, '2026-04-01T03:00:00.000Z', {
      place: 'fridge:1',
      reason: 'broken',
      lines: [{ drinkId: chang, quantity: 1 }],
    });
    await writeOff(t, '2026-04-01T03:10:00.000Z', {
      place: 'storeroom',
      reason: 'broken',
      lines: [
        { drinkId: chang, quantity: 2 },
        { drinkId: coke, quantity: 1 },
      ],
    });
    await writeOff(t, '2026-04-01T03:20:00.000Z', {
      place: 'storeroom',
      reason: 'staff',
      lines: [{ drinkId: coke, quantity: 3 }],
    });
    // A void whose bottles are gone: a complimentary write-off, out of the sales.
    const sale = await checkoutAt(t, '2026-04-01T04:00:00.000Z', 2, { Chang: 2 });
    const manager = await loginAt(t, '2026-04-01T04:10:00.000Z');
    await ok(
      await t.request('POST', `/api/checkouts/${sale.id}/void`, {
        cookie: manager,
        body: { reason: 'On the house', bottles: 'written-off' },
      }),
    );
    // The storeroom holds 46 Chang and 20 Coke: the count finds 40 Chang (6 missing) and 21 Coke (1 found).
    t.clock.now = Date.parse('2026-04-01T05:00:00.000Z');
    await ok(
      await t.request('POST', '/api/stock/counts', {
        cookie: await ownerNow(t),
        body: {
          place: 'storeroom',
          lines: [
            { drinkId: chang, counted: 40 },
            { drinkId: coke, counted: 21 },
          ],
        },
      }),
      201,
    );
    const margin = await marginOf(t, '2026-04-01', '2026-04-01');
    expect(margin.totals).toEqual({ sold: 0, revenue: 0, cost: 0, margin: 0 });
    expect(margin.writeOffs).toEqual([
      { reason: 'broken', quantity: 4, cost: 3 * 3000 + 1000 },
      { reason: 'complimentary', quantity: 2, cost: 6000 },
      { reason: 'staff', quantity: 3, cost: 3000 },
    ]);
    expect(margin.countDifferences).toEqual({ quantity: 5, cost: 6 * 3000 - 1000 });
  });

  it('lists what to buy: the fridges to their pars and the days of cover, in whole cases', {
    timeout: 90_000,
  }, async () => {
    const t = await fresh();
    const { owner, id } = await setUp(t, '2026-03-01T01:00:00.000Z', { Chang: 10, Coke: 100 });
    const [chang, coke] = [id('Chang'), id('Coke')];
    await ok(
      await t.request('PUT', `/api/drinks/${chang}`, {
        cookie: owner,
        body: { drinkName: 'Chang', startingQuantity: 4, price: 80, packSize: 24 },
      }),
    );
    // Bungalow 2 carries 6 Chang: the fridges' pars are 4 + 6.
    await ok(
      await t.request('PUT', '/api/pars', {
        cookie: owner,
        body: { bungalows: [2], items: [{ drinkId: chang, par: 6 }] },
      }),
    );
    // 28 Chang sold in the last 28 days (1 a day), each fridge refilled from the storeroom; 3 before that window.
    await checkoutAt(t, '2026-03-02T03:00:00.000Z', 1, { Chang: 3 });
    let cookie = await loginAt(t, '2026-03-02T04:00:00.000Z');
    await ok(await t.request('POST', '/api/restock/1', { cookie, body: {} }), 201);
    for (let day = 0; day < 7; day++) {
      const date = new Date(Date.parse('2026-03-25T03:00:00.000Z') + day * 86_400_000).toISOString();
      await checkoutAt(t, date, 1, { Chang: 4 });
      cookie = await loginAt(t, date.replace('T03', 'T04'));
      await ok(await t.request('POST', '/api/restock/1', { cookie, body: {} }), 201);
    }
    // 16 April in Bangkok: the 28 days are 20 March to 16 April.
    cookie = await loginAt(t, '2026-04-16T05:00:00.000Z');
    let list: BuyList = await ok(await t.request('GET', '/api/stock/buy-list', { cookie }));
    expect(list.coverDays).toBe(14);
    // Chang: 10 − 3 − 28 in the storeroom, 4 + 4 in the fridges (bungalow 2 was opened at its catalogue par
    // before its own par was set) = −13; fridges full at 10 plus 14 days × 1 a day = 24; 37 short: 2 cases.
    expect(list.drinks.find((d) => d.drinkId === chang)).toEqual({
      drinkId: chang,
      drinkName: 'Chang',
      packSize: 24,
      onHand: -13,
      dailySales: 1,
      daysOfCover: 0,
      buy: 48,
    });
    // Coke: nothing sold; 108 on hand covers the fridges' 8.
    expect(list.drinks.find((d) => d.drinkId === coke)).toMatchObject({
      onHand: 108,
      dailySales: 0,
      daysOfCover: null,
      buy: 0,
    });

    // 30 days of cover and no case size: bottles.
    await ok(await t.request('PUT', '/api/settings', { cookie, body: { stockCoverDays: 30 } }));
    await ok(
      await t.request('PUT', `/api/drinks/${chang}`, {
        cookie,
        body: { drinkName: 'Chang', startingQuantity: 4, price: 80, packSize: null },
      }),
    );
    list = await ok(await t.request('GET', '/api/stock/buy-list', { cookie }));
    expect(list.coverDays).toBe(30);
    expect(list.drinks.find((d) => d.drinkId === chang)?.buy).toBe(10 + 30 + 13);
  });

  it('keeps stockCoverDays in the settings, 1..90', async () => {
    const t = await fresh();
    const cookie = await t.login();
    expect((await ok(await t.request('GET', '/api/settings', { cookie }))).stockCoverDays).toBe(14);
    expect(
      (await ok(await t.request('PUT', '/api/settings', { cookie, body: { stockCoverDays: 21 } })))
        .stockCoverDays,
    ).toBe(21);
    expect((await ok(await t.request('GET', '/api/settings', { cookie }))).stockCoverDays).toBe(21);
    for (const bad of [0, 91, 2.5, '7']) {
      const response = await t.request('PUT', '/api/settings', { cookie, body: { stockCoverDays: bad } });
      expect(response.status).toBe(422);
      expect((await errorOf(response)).message).toMatch(/Days of cover/);
    }
    expect((await ok(await t.request('GET', '/api/settings', { cookie }))).stockCoverDays).toBe(21);
  });

  it('sends the earliest expiry out first and lists the dated bottles earliest first', async () => {
    const t = await fresh();
    const { id } = await setUp(t, '2026-04-01T01:00:00.000Z', { Chang: 5 });
    const chang = id('Chang');
    await deliver(t, '2026-04-01T02:00:00.000Z', [
      { drinkId: chang, quantity: 12, unitCost: 3000, expiresOn: '2026-09-30' },
    ]);
    await deliver(t, '2026-04-01T03:00:00.000Z', [
      { drinkId: chang, quantity: 6, unitCost: 3000, expiresOn: '2026-05-15' },
    ]);
    expect((await stockOf(t, chang)).expiring).toEqual([
      { expiresOn: '2026-05-15', quantity: 6 },
      { expiresOn: '2026-09-30', quantity: 12 },
    ]);
    // Bungalow 1's fridge lacks 4 after a check: its restock takes them from the May lot.
    await checkoutAt(t, '2026-04-01T04:00:00.000Z', 1, { Chang: 4 });
    let cookie = await loginAt(t, '2026-04-01T05:00:00.000Z');
    await ok(await t.request('POST', '/api/restock/1', { cookie, body: {} }), 201);
    expect((await stockOf(t, chang)).expiring).toEqual([
      { expiresOn: '2026-05-15', quantity: 2 },
      { expiresOn: '2026-09-30', quantity: 12 },
    ]);
    // Written off as expired (3): the 2 of May, then 1 of September; the undated 5 stay.
    await writeOff(t, '2026-05-16T05:00:00.000Z', {
      place: 'storeroom',
      reason: 'expired',
      lines: [{ drinkId: chang, quantity: 3 }],
    });
    cookie = await loginAt(t, '2026-05-16T05:10:00.000Z');
    const drink = await stockOf(t, chang);
    expect(drink.storeroom).toBe(16);
    expect(drink.expiring).toEqual([{ expiresOn: '2026-09-30', quantity: 11 }]);
  });

  it('answers 403 to the desk and housekeeping for costs, and never sends them a cost', async () => {
    const t = await fresh();
    const { id } = await setUp(t, '2026-04-01T01:00:00.000Z', { Chang: 10 });
    await deliver(t, '2026-04-01T02:00:00.000Z', [
      { drinkId: id('Chang'), quantity: 24, unitCost: 3000, expiresOn: '2026-12-31' },
    ]);
    await checkoutAt(t, '2026-04-01T03:00:00.000Z', 1, { Chang: 1 });
    const tablet = await registerDevice(t, await loginAt(t, '2026-04-01T03:10:00.000Z'));
    const ownerNow = await loginAt(t, '2026-04-01T03:10:00.000Z');
    const staff = {
      desk: await addStaff(t, ownerNow, { name: 'Ploy', role: 'desk', pin: pins[1] }),
      housekeeping: await addStaff(t, ownerNow, { name: 'Mai', role: 'housekeeping', pin: pins[3] }),
      manager: await addStaff(t, ownerNow, { name: 'Noi', role: 'manager', pin: pins[0] }),
    };
    const desk = await signInWithPin(t, tablet, staff.desk.id, pins[1]);
    const housekeeping = await signInWithPin(t, tablet, staff.housekeeping.id, pins[3]);
    const manager = await signInWithPin(t, tablet, staff.manager.id, pins[0]);

    for (const cookie of [desk, housekeeping]) {
      for (const path of [
        '/api/stock/margin?from=2026-04-01&to=2026-04-01',
        '/api/stock/buy-list',
        '/api/stock/moves',
        '/api/stock/deliveries',
      ]) {
        const response = await t.request('GET', path, { cookie });
        expect(response.status, path).toBe(403);
        expect((await errorOf(response)).code).toBe('forbidden');
      }
    }
    // What they can read carries counts, never a cost, an average or a margin.
    const readable: [string, string][] = [
      [desk, '/api/stock'],
      [desk, '/api/fridges/1'],
      [desk, '/api/restock'],
      [housekeeping, '/api/fridges/1'],
      [housekeeping, '/api/restock'],
    ];
    for (const [cookie, path] of readable) {
      const body = await ok(await t.request('GET', path, { cookie }));
      expect(JSON.stringify(body), path).not.toMatch(/cost|average|margin|value/i);
    }
    expect((await t.request('GET', '/api/stock', { cookie: housekeeping })).status).toBe(403);
    // The desk's stock still lists the dated bottles (no money in them).
    const state: StockState = await ok(await t.request('GET', '/api/stock', { cookie: desk }));
    expect(state.started && state.drinks.find((d) => d.drinkId === id('Chang'))?.expiring).toEqual([
      { expiresOn: '2026-12-31', quantity: 24 },
    ]);
    // A manager reads them all.
    expect((await t.request('GET', '/api/stock/buy-list', { cookie: manager })).status).toBe(200);
    const margin = await marginOf(t, '2026-04-01', '2026-04-01', manager);
    expect(margin.totals).toEqual({ sold: 1, revenue: 8000, cost: 3000, margin: 5000 });
  });

  it('refuses a bad margin period and an unstarted buy list', async () => {
    const t = await fresh();
    const cookie = await t.login();
    for (const query of [
      '',
      '?from=2026-04-01',
      '?from=2026-04-02&to=2026-04-01',
      '?from=2025-01-01&to=2026-04-01',
      '?from=2026-02-30&to=2026-03-01',
      '?from=2026-04-01&to=2026-04-01&x=1',
    ]) {
      const response = await t.request('GET', `/api/stock/margin${query}`, { cookie });
      expect(response.status, query).toBe(422);
      expect((await errorOf(response)).code).toBe('validation_failed');
    }
    const response = await t.request('GET', '/api/stock/buy-list', { cookie });
    expect(response.status).toBe(409);
    expect((await t.request('GET', '/api/stock/margin?from=2026-04-01&to=2026-04-01')).status).toBe(401);
  });
});

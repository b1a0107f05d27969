import { expect, it } from 'vitest';
import { checkoutAt, loginAt, setGuest } from '../../../tests/support/checkout-factory';
import { describeEachDatabase, type TestApp } from '../../../tests/support/test-app';
import type { RestockList } from '../../shared/staff-types';

async function restockList(t: TestApp, cookie: string): Promise<RestockList> {
  const response = await t.request('GET', '/api/restock', { cookie });
  expect(response.status).toBe(200);
  return response.json();
}

/** { bungalow: { drink: units } } for compact expectations. */
const pendingOf = (list: RestockList) =>
  Object.fromEntries(
    list.bungalows.map((b) => [b.bungalow, Object.fromEntries(b.items.map((i) => [i.drinkName, i.units]))]),
  );
const totalsOf = (list: RestockList) => Object.fromEntries(list.totals.map((i) => [i.drinkName, i.units]));

async function restock(t: TestApp, cookie: string, bungalow: number | string, iso: string) {
  t.clock.now = Date.parse(iso);
  return t.request('POST', `/api/restock/${bungalow}`, { cookie, body: {} });
}

describeEachDatabase('restock API', ({ fresh }) => {
  it('GET /api/restock is empty before any checkout', async () => {
    const t = await fresh();
    expect(await restockList(t, await t.login())).toEqual({ bungalows: [], totals: [], units: 0 });
  });

  it('sums what each bungalow took since its last restock, and the resort totals', async () => {
    const t = await fresh();
    t.clock.now = Date.parse('2026-04-01T06:00:00.000Z');
    await setGuest(t, await t.login());
    await checkoutAt(t, '2026-04-01T08:00:00.000Z', 2, { Coke: 2, Chang: 1 });
    await checkoutAt(t, '2026-04-01T09:00:00.000Z', 5, { Coke: 1, Wine: 1 });
    await checkoutAt(t, '2026-04-02T09:00:00.000Z', 2, { Coke: 1, LEO: 2 });
    let cookie = await loginAt(t, '2026-04-02T10:00:00.000Z');

    let list = await restockList(t, cookie);
    expect(pendingOf(list)).toEqual({ 2: { Chang: 1, Coke: 3, LEO: 2 }, 5: { Coke: 1, Wine: 1 } });
    expect(totalsOf(list)).toEqual({ Chang: 1, Coke: 4, LEO: 2, Wine: 1 });
    expect(list.units).toBe(8);
    expect(list.bungalows.map((b) => [b.bungalow, b.units, b.lastRestockedAt])).toEqual([
      [2, 6, null],
      [5, 2, null],
    ]);

    // Bungalow 2 is refilled; later checkouts start a new list for it.
    const response = await restock(t, cookie, 2, '2026-04-02T10:20:00.000Z');
    expect(response.status, await response.clone().text()).toBe(201);
    expect(await response.json()).toMatchObject({ bungalow: 2, restockedAt: '2026-04-02T10:20:00.000Z' });
    await checkoutAt(t, '2026-04-02T12:00:00.000Z', 2, { Fanta: 2 });
    await checkoutAt(t, '2026-04-02T12:30:00.000Z', 5, { Spy: 1 });
    cookie = await loginAt(t, '2026-04-02T13:00:00.000Z');

    list = await restockList(t, cookie);
    expect(pendingOf(list)).toEqual({ 2: { Fanta: 2 }, 5: { Coke: 1, Spy: 1, Wine: 1 } });
    expect(totalsOf(list)).toEqual({ Coke: 1, Fanta: 2, Spy: 1, Wine: 1 });
    expect(list.bungalows.find((b) => b.bungalow === 2)?.lastRestockedAt).toBe('2026-04-02T10:20:00.000Z');

    // A second restock of 2 and one of 5: nothing left to carry.
    expect((await restock(t, cookie, 2, '2026-04-02T13:10:00.000Z')).status).toBe(201);
    expect((await restock(t, cookie, 5, '2026-04-02T13:20:00.000Z')).status).toBe(201);
    expect(await restockList(t, cookie)).toEqual({ bungalows: [], totals: [], units: 0 });

    await checkoutAt(t, '2026-04-02T14:00:00.000Z', 5, { Carabao: 1 });
    cookie = await loginAt(t, '2026-04-02T14:05:00.000Z');
    list = await restockList(t, cookie);
    expect(list.bungalows).toEqual([
      {
        bungalow: 5,
        lastRestockedAt: '2026-04-02T13:20:00.000Z',
        items: [{ drinkName: 'Carabao', units: 1 }],
        units: 1,
      },
    ]);
  });

  it('a voided checkout leaves the list unless its bungalow was restocked since', async () => {
    const t = await fresh();
    t.clock.now = Date.parse('2026-04-01T06:00:00.000Z');
    await setGuest(t, await t.login());
    const before = await checkoutAt(t, '2026-04-01T08:00:00.000Z', 4, { Coke: 2 });
    let cookie = await loginAt(t, '2026-04-01T09:00:00.000Z');
    expect((await restock(t, cookie, 4, '2026-04-01T09:00:00.000Z')).status).toBe(201);
    const after1 = await checkoutAt(t, '2026-04-01T10:00:00.000Z', 4, { Coke: 1, Chang: 2 });
    await checkoutAt(t, '2026-04-01T11:00:00.000Z', 4, { Coke: 1 });
    cookie = await loginAt(t, '2026-04-01T12:00:00.000Z');
    expect(pendingOf(await restockList(t, cookie))).toEqual({ 4: { Chang: 2, Coke: 2 } });

    const voidIt = (id: number) =>
      t.request('POST', `/api/checkouts/${id}/void`, { cookie, body: { reason: 'Entered twice' } });
    expect((await voidIt(after1.id)).status).toBe(200);
    expect(pendingOf(await restockList(t, cookie))).toEqual({ 4: { Coke: 1 } });
    // Restocked already: voiding the older checkout must not take its Coke off the new list.
    expect((await voidIt(before.id)).status).toBe(200);
    expect(pendingOf(await restockList(t, cookie))).toEqual({ 4: { Coke: 1 } });
  });

  it('POST /api/restock/:bungalow validates the bungalow and needs a JSON body', async () => {
    const t = await fresh();
    const cookie = await t.login();
    for (const bungalow of ['0', '10000', 'abc', '-1', '1.5']) {
      expect((await restock(t, cookie, bungalow, '2026-04-01T09:00:00.000Z')).status, bungalow).toBe(404);
    }
    const noBody = await t.request('POST', '/api/restock/3', { cookie });
    expect(noBody.status).toBe(415);
    const extra = await t.request('POST', '/api/restock/3', { cookie, body: { units: 4 } });
    expect(extra.status).toBe(422);
    expect((await t.request('GET', '/api/restock/3', { cookie })).status).toBe(405);
    expect((await t.request('DELETE', '/api/restock', { cookie })).status).toBe(405);
  });
});

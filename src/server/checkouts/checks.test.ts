import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import { drinksByName, setGuest } from '../../../tests/support/checkout-factory';
import { describeEachDatabase, type TestApp } from '../../../tests/support/test-app';
import type { RecordedCheckout } from '../../shared/api-types';
import type { HistoryCheckout, RestockList } from '../../shared/staff-types';

/** Rows in the tables a send may write, to show that a repeat writes nothing. */
async function rowCounts(t: TestApp) {
  const count = async (table: 'checkouts' | 'checkout_lines' | 'checkout_revisions') =>
    Number(
      (
        await t.db.kysely
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return {
    checkouts: await count('checkouts'),
    lines: await count('checkout_lines'),
    revisions: await count('checkout_revisions'),
  };
}

async function setUp(t: TestApp) {
  const cookie = await t.login();
  await setGuest(t, cookie);
  const drinks = await drinksByName(t);
  const id = (name: string) => drinks[name]?.id ?? 0;
  const send = (bungalow: number, checkId: string, cart: Record<string, number>) =>
    t.request('POST', '/api/checkouts', {
      body: {
        bungalow,
        checkId,
        items: Object.entries(cart).map(([name, missing]) => ({ drinkId: id(name), missing })),
      },
    });
  const restock = async (): Promise<RestockList> =>
    (await t.request('GET', '/api/restock', { cookie })).json();
  return { cookie, send, restock };
}

describeEachDatabase('one fridge check, one record (checkId)', ({ fresh }) => {
  it('the first send is 201; the same counts again are 200 with the same record and write nothing', async () => {
    const t = await fresh();
    const { send, restock, cookie } = await setUp(t);
    const checkId = randomUUID();
    const first = await send(12, checkId, { Coke: 2, Chang: 1 });
    expect(first.status).toBe(201);
    const recorded: RecordedCheckout = await first.json();
    expect(recorded).toMatchObject({ bungalow: 12, checkId, revisedAt: null, total: 160 });
    const before = await rowCounts(t);

    for (let i = 0; i < 3; i++) {
      t.clock.advance(5_000);
      // The zero count and the order of the items do not make it a different check.
      const again = await send(12, checkId, { Chang: 1, Wine: 0, Coke: 2 });
      expect(again.status).toBe(200);
      expect(await again.json()).toEqual(recorded);
    }
    expect(await rowCounts(t)).toEqual(before);
    expect((await restock()).totals).toEqual([
      { drinkName: 'Chang', units: 1 },
      { drinkName: 'Coke', units: 2 },
    ]);
    const history: HistoryCheckout[] = await (await t.request('GET', '/api/checkouts', { cookie })).json();
    expect(history).toHaveLength(1);
  });

  it('changed counts are 200 with the same id, the new lines and total, and the earlier version kept', async () => {
    const t = await fresh();
    const { send, restock, cookie } = await setUp(t);
    const checkId = randomUUID();
    t.clock.now = Date.parse('2026-06-01T08:00:00.000Z');
    const first: RecordedCheckout = await (await send(12, checkId, { Coke: 2, Chang: 1 })).json();

    t.clock.now = Date.parse('2026-06-01T08:02:00.000Z');
    const revised = await send(12, checkId, { Coke: 1, Wine: 1 });
    expect(revised.status).toBe(200);
    const second: RecordedCheckout = await revised.json();
    expect(second).toMatchObject({
      id: first.id,
      createdAt: first.createdAt,
      revisedAt: '2026-06-01T08:02:00.000Z',
      total: 40 + 450,
      lines: [
        { drinkName: 'Coke', quantity: 1, lineTotal: 40 },
        { drinkName: 'Wine', quantity: 1, lineTotal: 450 },
      ],
    });
    // The same revised counts once more: a repeat of the new version.
    t.clock.now = Date.parse('2026-06-01T08:03:00.000Z');
    expect(await (await send(12, checkId, { Wine: 1, Coke: 1 })).json()).toEqual(second);

    const [stored]: HistoryCheckout[] = await (await t.request('GET', '/api/checkouts', { cookie })).json();
    expect(stored).toMatchObject({
      id: first.id,
      total: 490,
      revisedAt: '2026-06-01T08:02:00.000Z',
    });
    // The check's id is the device's secret: no staff answer carries it (sixth stage).
    expect(stored).not.toHaveProperty('checkId');
    expect(stored?.revisions).toEqual([
      {
        recordedAt: '2026-06-01T08:00:00.000Z',
        replacedAt: '2026-06-01T08:02:00.000Z',
        total: 160,
        lines: first.lines,
      },
    ]);
    const list = await restock();
    expect(list.totals).toEqual([
      { drinkName: 'Coke', units: 1 },
      { drinkName: 'Wine', units: 1 },
    ]);
    const consumption = await (await t.request('GET', '/api/consumption?days=7', { cookie })).json();
    expect(consumption.total).toEqual({ units: 2, thb: 490 });
  });

  it('a voided check cannot be revised or resent (409), and nothing changes', async () => {
    const t = await fresh();
    const { send, cookie } = await setUp(t);
    const checkId = randomUUID();
    const first: RecordedCheckout = await (await send(4, checkId, { Coke: 1 })).json();
    await t.request('POST', `/api/checkouts/${first.id}/void`, { cookie, body: { reason: 'Test' } });
    const before = await rowCounts(t);
    for (const cart of [{ Coke: 2 }, { Coke: 1 }]) {
      const response = await send(4, checkId, cart);
      expect(response.status).toBe(409);
      const { error } = await response.json();
      expect(error.code).toBe('conflict');
      expect(error.message).toMatch(/voided/);
    }
    expect(await rowCounts(t)).toEqual(before);
  });

  it('a checkId belongs to its bungalow: another bungalow is 409', async () => {
    const t = await fresh();
    const { send } = await setUp(t);
    const checkId = randomUUID();
    expect((await send(4, checkId, { Coke: 1 })).status).toBe(201);
    const before = await rowCounts(t);
    const response = await send(5, checkId, { Coke: 1 });
    expect(response.status).toBe(409);
    expect((await response.json()).error.message).toMatch(/bungalow 4/);
    expect(await rowCounts(t)).toEqual(before);
  });

  it('a revision is checked like a new send: nothing missing or too many is 422 and keeps the record', async () => {
    const t = await fresh();
    const { send } = await setUp(t);
    const checkId = randomUUID();
    const first: RecordedCheckout = await (await send(4, checkId, { Coke: 1 })).json();
    const before = await rowCounts(t);
    const nothing = await send(4, checkId, { Coke: 0 });
    expect(nothing.status).toBe(422);
    expect((await nothing.json()).error.message).toBe('No items selected');
    expect((await send(4, checkId, { Coke: 1000 })).status).toBe(422);
    expect(await rowCounts(t)).toEqual(before);
    expect(await (await send(4, checkId, { Coke: 1 })).json()).toEqual(first);
  });

  it('a checkId that is not a UUID is 422', async () => {
    const t = await fresh();
    const { send } = await setUp(t);
    for (const checkId of ['abc', '', '123e4567-e89b-12d3-a456-42661417400Z', 42]) {
      const response = await send(4, checkId as string, { Coke: 1 });
      expect(response.status, String(checkId)).toBe(422);
      expect((await response.json()).error.issues[0].path).toBe('checkId');
    }
  });

  it('20 concurrent sends of one check make one record', async () => {
    const t = await fresh();
    const { send, restock, cookie } = await setUp(t);
    const checkId = randomUUID();
    const responses = await Promise.all(
      Array.from({ length: 20 }, () => send(9, checkId, { LEO: 2, Spy: 1 })),
    );
    const statuses = responses.map((r) => r.status);
    const bodies: RecordedCheckout[] = await Promise.all(responses.map((r) => r.json()));
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 200)).toHaveLength(19);
    expect(new Set(bodies.map((b) => b.id)).size).toBe(1);
    expect(await rowCounts(t)).toEqual({ checkouts: 1, lines: 2, revisions: 0 });
    expect((await restock()).units).toBe(3);
    const consumption = await (await t.request('GET', '/api/consumption?days=7', { cookie })).json();
    expect(consumption.total.units).toBe(3);
    console.log(
      `[figure] 20 concurrent sends of one check on ${t.db.dialect}: ${statuses.filter((s) => s === 201).length} x 201, ${statuses.filter((s) => s === 200).length} x 200, ${(await rowCounts(t)).checkouts} record`,
    );
  });

  it('concurrent sends of one check with different counts leave one record whose revisions tell the story', async () => {
    const t = await fresh();
    const { send, restock } = await setUp(t);
    const checkId = randomUUID();
    const carts = Array.from({ length: 10 }, (_, i) => ({ Coke: (i % 3) + 1 }));
    const responses = await Promise.all(carts.map((cart) => send(9, checkId, cart)));
    expect(responses.every((r) => r.status === 201 || r.status === 200)).toBe(true);
    const counts = await rowCounts(t);
    expect(counts.checkouts).toBe(1);
    const [row] = await t.db.kysely.selectFrom('checkout_lines').select('quantity').execute();
    // The restock list holds exactly what the one record now says.
    expect((await restock()).units).toBe(row?.quantity);
  });

  it('without a checkId every send is a new checkout, as the spec has it', async () => {
    const t = await fresh();
    const cookie = await t.login();
    await setGuest(t, cookie);
    const drinks = await drinksByName(t);
    const body = { bungalow: 3, items: [{ drinkId: drinks.Coke?.id, missing: 1 }] };
    for (let i = 0; i < 3; i++) {
      expect((await t.request('POST', '/api/checkouts', { body })).status).toBe(201);
    }
    expect((await rowCounts(t)).checkouts).toBe(3);
  });
});

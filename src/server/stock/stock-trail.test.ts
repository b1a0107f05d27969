import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { expectLedgerHolds, stockSetUp } from '../../../tests/support/stock';
import { describeEachDatabase, type TestApp } from '../../../tests/support/test-app';
import { differencesOf, verifyBoth } from '../../../tests/support/verify-both';
import type { TrailEvent } from '../audit/trail-event';
import { trailCarriesStockMigration } from '../db/migrations/031-trail-carries-stock';
import { applyStockEvent } from './stock-trail';

const event = (
  action: TrailEvent['action'],
  details: Record<string, unknown>,
  subjectId = '4',
): TrailEvent => ({
  seq: 1,
  at: '2026-11-10T02:00:00.000Z',
  action,
  subjectId,
  details,
});

describe('the stock rule: what an event does to the balances', () => {
  it('reads each document the way the ledger was written beside it', () => {
    expect(applyStockEvent(event('stock.started', { storeroom: [{ drinkId: 1, quantity: 24 }] }))).toEqual({
      changes: [{ place: 'storeroom', drinkId: 1, delta: 24 }],
    });
    expect(
      applyStockEvent(event('stock.fridge_opened', { bungalow: 4, lines: [{ drinkId: 2, quantity: 3 }] })),
    ).toEqual({ changes: [{ place: 'fridge:4', drinkId: 2, delta: 3 }] });
    expect(applyStockEvent(event('restock.done', { moved: [{ drinkId: 2, quantity: 2 }] }))).toEqual({
      changes: [
        { place: 'storeroom', drinkId: 2, delta: -2 },
        { place: 'fridge:4', drinkId: 2, delta: 2 },
      ],
    });
    expect(
      applyStockEvent(
        event('stock.counted', { place: 'storeroom', lines: [{ drinkId: 1, difference: -2, counted: 5 }] }),
      ),
    ).toEqual({ changes: [{ place: 'storeroom', drinkId: 1, delta: -2 }] });
    // A revision moves the difference, and only a checkout made with stock on moves anything.
    const coke = (quantity: number) => ({ drinkId: 1, quantity });
    expect(
      applyStockEvent(
        event('checkout.revised', {
          bungalow: 4,
          before: { lines: [coke(2)] },
          after: { lines: [coke(3)] },
          fromFridge: true,
        }),
      ),
    ).toEqual({ changes: [{ place: 'fridge:4', drinkId: 1, delta: -1 }] });
    expect(applyStockEvent(event('checkout.recorded', { bungalow: 4, lines: [coke(2)] }))).toEqual({
      changes: [],
    });
    expect(applyStockEvent(event('checkout.voided', { bungalow: 4, returned: [coke(2)] }))).toEqual({
      changes: [{ place: 'fridge:4', drinkId: 1, delta: 2 }],
    });
    expect(
      applyStockEvent(
        event('stock.carried', { balances: [{ place: 'fridge:4', drinkId: 1, quantity: 5 }] }, ''),
      ),
    ).toEqual({ carried: [{ place: 'fridge:4', drinkId: 1, delta: 5 }] });
  });
});

describeEachDatabase('stock balances replayed from the trail', ({ dialect, fresh }) => {
  /**
   * A week of stock: the start (24 fridges of the settings opened), a checkout and its revision, a fridge outside
   * the settings met by a checkout, a void back into the fridge and a complimentary one, a restock, a delivery,
   * a count and a write-off.
   */
  async function week(t: TestApp) {
    const s = await stockSetUp(t);
    await s.start({ Coke: 48, Chang: 24, Fanta: 30 });
    const checkId = randomUUID();
    expect((await s.checkout(3, { Coke: 2, Chang: 1 }, checkId)).status).toBe(201);
    t.clock.advance(10_000);
    expect((await s.checkout(3, { Coke: 3 }, checkId)).status).toBe(200);
    const outside = await (await s.checkout(30, { Fanta: 2 })).json();
    const voided = await (await s.checkout(5, { Coke: 1 })).json();
    const comped = await (await s.checkout(6, { Chang: 2 })).json();
    const reason = { reason: 'Counted the wrong fridge' };
    expect((await s.post(`/api/checkouts/${voided.id}/void`, reason)).status).toBe(200);
    const onTheHouse = { reason: 'On the house', bottles: 'written-off' };
    expect((await s.post(`/api/checkouts/${comped.id}/void`, onTheHouse)).status).toBe(200);
    expect((await s.post('/api/restock/3', {})).status).toBe(201);
    const delivery = { lines: [{ drinkId: s.id('Coke'), quantity: 24, unitCost: 1200 }] };
    expect((await s.post('/api/stock/deliveries', delivery)).status).toBe(201);
    const count = { place: 'storeroom', lines: s.lines({ Chang: 20 }, 'counted') };
    expect((await s.post('/api/stock/counts', count)).status).toBe(201);
    const writeOff = { place: 'fridge:30', reason: 'broken', lines: s.lines({ Coke: 1 }) };
    const written = await s.post('/api/stock/write-offs', writeOff);
    expect(written.status, await written.clone().text()).toBe(201);
    await expectLedgerHolds(t);
    return { s, outside };
  }

  const balanceOf = async (t: TestApp, place: string, drinkId: number) =>
    Number(
      (
        await t.db.kysely
          .selectFrom('stock_balances')
          .select('quantity')
          .where('place', '=', place)
          .where('drink_id', '=', drinkId)
          .executeTakeFirstOrThrow()
      ).quantity,
    );

  it('a week of stock replays to every balance; a balance edited in the database fails both verifiers, naming it', async () => {
    const t = await fresh();
    const { s } = await week(t);
    const clean = await verifyBoth(t, s.owner);
    expect(clean.api, JSON.stringify(clean.api)).toMatchObject({ ok: true, trail: { differences: [] } });
    expect(clean.code, clean.out).toBe(0);

    const coke = s.id('Coke');
    const held = await balanceOf(t, 'fridge:3', coke);
    await sql`update stock_balances set quantity = quantity + 5 where place = 'fridge:3' and drink_id = ${coke}`.execute(
      t.db.kysely,
    );
    const { api, code, out } = await verifyBoth(t, s.owner);
    expect(api).toMatchObject({ ok: false, reason: expect.stringMatching(/stock_balances fridge:3/) });
    expect(differencesOf(api)).toEqual([
      {
        table: 'stock_balances',
        id: `fridge:3 drink #${coke}`,
        field: 'quantity',
        trail: held,
        stored: held + 5,
        seq: expect.any(Number),
      },
    ]);
    expect(code).toBe(1);
    expect(out).toMatch(
      new RegExp(
        `stock_balances fridge:3 drink #${coke}, quantity: the trail says ${held} \\(event \\d+\\), the table says ${held + 5}`,
      ),
    );
  });

  it('a balance row no event made, and a balance the events made that is gone, are named', async () => {
    const t = await fresh();
    const { s } = await week(t);
    const coke = s.id('Coke');
    await sql`delete from stock_balances where place = 'fridge:30' and drink_id = ${coke}`.execute(
      t.db.kysely,
    );
    await sql`insert into stock_balances (place, drink_id, quantity) values ('fridge:31', ${coke}, 4)`.execute(
      t.db.kysely,
    );
    const { api, code, out } = await verifyBoth(t, s.owner);
    expect(api.ok).toBe(false);
    expect(differencesOf(api)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ table: 'stock_balances', id: `fridge:31 drink #${coke}`, trail: null }),
        expect.objectContaining({ table: 'stock_balances', id: `fridge:30 drink #${coke}`, stored: null }),
      ]),
    );
    expect(code).toBe(1);
    expect(out).toContain(`stock_balances fridge:31 drink #${coke}: a row no event made`);
    expect(out).toMatch(
      new RegExp(`stock_balances fridge:30 drink #${coke}: the events made it \\(last at event \\d+\\)`),
    );
  });

  it('migration 031 carries the balances of stock started before the trail said what moved; then edits are named', async () => {
    const t = await fresh();
    const s = await stockSetUp(t);
    const coke = s.id('Coke');
    // What an install of the sixth stage holds: stock started, bottles in places, and no event that says so.
    await sql`update stock_state set started_at = '2026-11-01T02:00:00.000Z' where id = 1`.execute(
      t.db.kysely,
    );
    await sql`insert into stock_places (place, opened_at) values ('storeroom', '2026-11-01T02:00:00.000Z'),
      ('fridge:3', '2026-11-01T02:00:00.000Z')`.execute(t.db.kysely);
    await sql`insert into stock_balances (place, drink_id, quantity) values ('storeroom', ${coke}, 40),
      ('fridge:3', ${coke}, 4)`.execute(t.db.kysely);
    await sql`insert into stock_moves (at, drink_id, quantity, from_place, to_place, document_type, document_id)
      values ('2026-11-01T02:00:00.000Z', ${coke}, 40, 'count', 'storeroom', 'start', 0),
      ('2026-11-01T02:00:00.000Z', ${coke}, 4, 'count', 'fridge:3', 'start', 3)`.execute(t.db.kysely);
    const before = await verifyBoth(t, s.owner);
    expect(differencesOf(before.api)).toContainEqual(
      expect.objectContaining({ table: 'stock_balances', id: `storeroom drink #${coke}`, trail: null }),
    );
    const carry = trailCarriesStockMigration(dialect);
    if (dialect === 'postgres') await t.db.kysely.transaction().execute((trx) => carry.up(trx));
    else await carry.up(t.db.kysely);
    expect((await s.checkout(3, { Coke: 1 })).status).toBe(201);
    const after = await verifyBoth(t, s.owner);
    expect(after.api, JSON.stringify(after.api)).toMatchObject({ ok: true });
    expect(after.code, after.out).toBe(0);
    expect(await balanceOf(t, 'fridge:3', coke)).toBe(3);

    await sql`update stock_balances set quantity = 41 where place = 'storeroom' and drink_id = ${coke}`.execute(
      t.db.kysely,
    );
    const edited = await verifyBoth(t, s.owner);
    expect(differencesOf(edited.api)).toEqual([
      expect.objectContaining({ id: `storeroom drink #${coke}`, field: 'quantity', trail: 40, stored: 41 }),
    ]);
    expect(edited.code).toBe(1);
  });
});

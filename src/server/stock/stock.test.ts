import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { parseCsv } from '../../../tests/support/csv-parse';
import { lastAuditEvent } from '../../../tests/support/last-audit-event';
import { expectLedgerHolds, stockSetUp } from '../../../tests/support/stock';
import { describeEachDatabase } from '../../../tests/support/test-app';
import type { RestockList } from '../../shared/staff-types';
import type { DeliveriesPage, StockMovesPage } from '../../shared/stock-types';

describeEachDatabase('stock: the documents, their moves and balances', ({ fresh }) => {
  it('is off until started: GET /api/stock says so, a fridge holds its pars, a document is 409', async () => {
    const t = await fresh();
    const s = await stockSetUp(t);
    expect(await (await t.request('GET', '/api/stock', { cookie: s.owner })).json()).toEqual({
      started: false,
    });
    const fridge = await (await t.request('GET', '/api/fridges/7')).json();
    expect(fridge.stock).toBe(false);
    expect(await s.fridge(7)).toMatchObject({ Coke: 4, Fanta: 2, Wine: 1 });
    const delivery = await s.post('/api/stock/deliveries', {
      lines: s.lines({ Coke: 24 }).map((l) => ({ ...l, unitCost: 1500 })),
    });
    expect(delivery.status).toBe(409);
    // A checkout moves nothing while stock is off.
    expect((await s.checkout(7, { Coke: 4 })).status).toBe(201);
    expect((await s.checkout(7, { Coke: 4 })).status).toBe(201);
    expect(await t.db.kysely.selectFrom('stock_moves').selectAll().execute()).toEqual([]);
  });

  it('the start counts the storeroom and fills every listed fridge at its pars, less what the restock list says it lacks; once', async () => {
    const t = await fresh();
    const s = await stockSetUp(t);
    // Today's restock list: bungalow 3 lacks 2 Coke (taken before stock).
    expect((await s.checkout(3, { Coke: 2 })).status).toBe(201);
    t.clock.advance(1000);
    const started = await s.start({ Coke: 100, Chang: 48 });
    expect(started).toMatchObject({ startedAt: new Date(t.clock.now).toISOString() });
    const again = await s.post('/api/stock/start', { storeroom: [] });
    expect(again.status).toBe(409);
    expect((await again.json()).error.code).toBe('conflict');

    const stock = await s.stock();
    // 24 bungalows (the settings' 1-24), Coke's par 4, bungalow 3 lacking 2.
    expect(stock.Coke).toMatchObject({
      storeroom: 100,
      fridges: 24 * 4 - 2,
      total: 100 + 94,
      countNeeded: false,
      sold: true,
    });
    expect(stock.Chang).toMatchObject({ storeroom: 48, fridges: 96, total: 144 });
    expect(stock.Fanta).toMatchObject({ storeroom: 0, fridges: 48 });
    expect(await s.fridge(3)).toMatchObject({ Coke: 2, Fanta: 2 });
    expect(await s.fridge(4)).toMatchObject({ Coke: 4 });
    // The restock list carries over: bungalow 3 lacks 2 Coke.
    const list: RestockList = await (await t.request('GET', '/api/restock', { cookie: s.owner })).json();
    expect(list.stock).toBe(true);
    expect(list.bungalows.map((b) => [b.bungalow, b.items.map((i) => [i.drinkName, i.units])])).toEqual([
      [3, [['Coke', 2]]],
    ]);
    const event = await lastAuditEvent(t.db.kysely);
    expect(event).toMatchObject({ action: 'stock.started', subject: { type: 'stock', id: null } });
    expect(event.details.storeroom).toEqual([
      { drinkId: s.id('Coke'), drinkName: 'Coke', quantity: 100 },
      { drinkId: s.id('Chang'), drinkName: 'Chang', quantity: 48 },
    ]);
    await expectLedgerHolds(t);
  });

  it('a checkout takes what the fridge holds: the next guest is never charged for an empty slot (422 exceeds_fridge)', async () => {
    const t = await fresh();
    const s = await stockSetUp(t);
    await s.start({ Coke: 10 });
    expect((await s.checkout(7, { Coke: 1 })).status).toBe(201);
    expect(await s.fridge(7)).toMatchObject({ Coke: 3 });

    const over = await s.checkout(7, { Coke: 4, Fanta: 1 });
    expect(over.status).toBe(422);
    const body = await over.json();
    expect(body.error).toMatchObject({
      code: 'exceeds_fridge',
      message: "Bungalow 7's fridge holds only 3 Coke",
    });
    expect(body.error.issues).toEqual([
      { path: 'items.0.missing', message: "Bungalow 7's fridge holds only 3 Coke" },
    ]);
    // Refused: nothing recorded, nothing moved.
    expect(await s.fridge(7)).toMatchObject({ Coke: 3, Fanta: 2 });

    expect((await s.checkout(7, { Coke: 3 })).status).toBe(201);
    const empty = await s.checkout(7, { Coke: 1 });
    expect(empty.status).toBe(422);
    expect((await empty.json()).error.message).toBe("Bungalow 7's fridge holds no Coke");
    const moves = await t.db.kysely
      .selectFrom('stock_moves')
      .select(['from_place', 'to_place', 'quantity', 'document_type'])
      .where('document_type', '=', 'checkout')
      .orderBy('id')
      .execute();
    expect(moves).toEqual([
      { from_place: 'fridge:7', to_place: 'guest', quantity: 1, document_type: 'checkout' },
      { from_place: 'fridge:7', to_place: 'guest', quantity: 3, document_type: 'checkout' },
    ]);
    await expectLedgerHolds(t);
  });

  it('restock {} fills to par from the storeroom, {items} records what was put in; the list is par − holds with a pick list in cases', async () => {
    const t = await fresh();
    const s = await stockSetUp(t);
    const pack = await t.request('PUT', `/api/drinks/${s.id('Coke')}`, {
      cookie: s.owner,
      body: { drinkName: 'Coke', startingQuantity: 4, price: 40, packSize: 3 },
    });
    expect(pack.status, await pack.clone().text()).toBe(200);
    expect(await pack.json()).toMatchObject({ packSize: 3 });
    await s.start({ Coke: 10, Chang: 10 });
    expect((await s.checkout(7, { Coke: 3, Chang: 1 })).status).toBe(201);
    expect((await s.checkout(8, { Coke: 1 })).status).toBe(201);

    const list: RestockList = await (await t.request('GET', '/api/restock', { cookie: s.owner })).json();
    expect(list.bungalows.map((b) => [b.bungalow, b.units])).toEqual([
      [7, 4],
      [8, 1],
    ]);
    expect(list.totals).toEqual([
      { drinkName: 'Chang', units: 1, drinkId: s.id('Chang'), packSize: null, cases: 0, bottles: 1 },
      { drinkName: 'Coke', units: 4, drinkId: s.id('Coke'), packSize: 3, cases: 1, bottles: 1 },
    ]);
    expect(list.units).toBe(5);

    t.clock.advance(60_000);
    const done = await s.post('/api/restock/7', {});
    expect(done.status).toBe(201);
    const restocked = await done.json();
    expect(restocked).toMatchObject({ bungalow: 7, restockedAt: new Date(t.clock.now).toISOString() });
    expect(restocked.moved).toEqual([
      { drinkId: s.id('Coke'), quantity: 3 },
      { drinkId: s.id('Chang'), quantity: 1 },
    ]);
    expect(await s.fridge(7)).toMatchObject({ Coke: 4, Chang: 4 });
    expect((await s.stock()).Coke).toMatchObject({ storeroom: 7 });
    const event = await lastAuditEvent(t.db.kysely);
    expect(event).toMatchObject({ action: 'restock.done', subject: { type: 'bungalow', id: '7' } });
    expect(event.details.moved).toEqual([
      { drinkId: s.id('Coke'), drinkName: 'Coke', quantity: 3 },
      { drinkId: s.id('Chang'), drinkName: 'Chang', quantity: 1 },
    ]);

    // Housekeeping had only one Coke for bungalow 8 but put in two Chang.
    const items = await s.post('/api/restock/8', { items: s.lines({ Chang: 2 }) });
    expect(items.status).toBe(201);
    expect((await items.json()).moved).toEqual([{ drinkId: s.id('Chang'), quantity: 2 }]);
    expect(await s.fridge(8)).toMatchObject({ Coke: 3, Chang: 6 });
    const unknown = await s.post('/api/restock/8', { items: [{ drinkId: 999, quantity: 1 }] });
    expect(unknown.status).toBe(422);
    expect((await s.stock()).Chang).toMatchObject({ storeroom: 7 });
    await expectLedgerHolds(t);
  });

  it('a storeroom below zero is marked "count needed"; a fridge outside the settings is taken as full when first met', async () => {
    const t = await fresh();
    const s = await stockSetUp(t);
    await s.start({ Wine: 1 });
    // Bungalow 30 is not in the settings (1-24): first met by this checkout, full at its pars.
    expect(await s.fridge(30)).toMatchObject({ Wine: 1, Coke: 4 });
    expect((await s.checkout(30, { Wine: 1 })).status).toBe(201);
    expect((await s.checkout(31, { Wine: 1 })).status).toBe(201);
    expect((await s.post('/api/restock/30', {})).status).toBe(201);
    expect((await s.post('/api/restock/31', {})).status).toBe(201);
    expect((await s.stock()).Wine).toMatchObject({ storeroom: -1, countNeeded: true });
    await expectLedgerHolds(t);
  });

  it('deliveries bring bottles in at a cost and move the average cost; the list is newest first', async () => {
    const t = await fresh();
    const s = await stockSetUp(t);
    await s.start({ Chang: 24 });
    const first = await s.post('/api/stock/deliveries', {
      supplier: 'Makro',
      reference: 'INV-1',
      lines: [{ drinkId: s.id('Chang'), quantity: 48, unitCost: 3292, expiresOn: '2027-01-31' }],
    });
    expect(first.status, await first.clone().text()).toBe(201);
    expect(await first.json()).toMatchObject({
      supplier: 'Makro',
      reference: 'INV-1',
      totalCost: 48 * 3292,
      lines: [
        { drinkId: s.id('Chang'), drinkName: 'Chang', quantity: 48, unitCost: 3292, expiresOn: '2027-01-31' },
      ],
      receivedBy: 'Owner',
    });
    // The opening bottles had no cost: the first delivery's is the average.
    let chang = (await s.stock()).Chang;
    expect(chang).toMatchObject({ storeroom: 72, total: 72 + 96, averageCost: 3292, value: 3292 * 168 });
    t.clock.advance(1000);
    const second = await s.post('/api/stock/deliveries', {
      lines: [{ drinkId: s.id('Chang'), quantity: 24, unitCost: 3500 }],
    });
    expect(second.status).toBe(201);
    chang = (await s.stock()).Chang;
    expect(chang.averageCost).toBe(Math.round((3292 * 168 + 3500 * 24) / 192));
    expect(chang.storeroom).toBe(96);

    const page: DeliveriesPage = await (
      await t.request('GET', '/api/stock/deliveries', { cookie: s.owner })
    ).json();
    expect(page.hasMore).toBe(false);
    expect(page.deliveries.map((d) => [d.supplier, d.totalCost])).toEqual([
      [null, 24 * 3500],
      ['Makro', 48 * 3292],
    ]);
    const event = await lastAuditEvent(t.db.kysely);
    expect(event).toMatchObject({ action: 'stock.received', subject: { type: 'delivery' } });
    const bad = await s.post('/api/stock/deliveries', {
      lines: [{ drinkId: s.id('Chang'), quantity: 0, unitCost: -1 }],
    });
    expect(bad.status).toBe(422);
    const unknown = await s.post('/api/stock/deliveries', {
      lines: [{ drinkId: 999, quantity: 1, unitCost: 1 }],
    });
    expect(unknown.status).toBe(422);
    expect((await s.stock()).Chang.storeroom).toBe(96);
    await expectLedgerHolds(t);
  });

  it('a count moves what the counter found; bottles that moved after a line was counted are neither lost nor counted twice', async () => {
    const t = await fresh();
    const s = await stockSetUp(t);
    await s.start({ Chang: 46, Coke: 20 });
    // The page shows 46 Chang; while the manager counts (40 found), housekeeping restocks bungalow 7 with 4.
    expect((await s.checkout(7, { Chang: 4 })).status).toBe(201);
    expect((await s.post('/api/restock/7', {})).status).toBe(201);
    expect((await s.stock()).Chang.storeroom).toBe(42);

    const count = await s.post('/api/stock/counts', {
      place: 'storeroom',
      note: 'Monthly count',
      lines: [
        { drinkId: s.id('Chang'), counted: 40, expected: 46 },
        // Without `expected`, the place is set to what was counted.
        { drinkId: s.id('Coke'), counted: 23 },
      ],
    });
    expect(count.status, await count.clone().text()).toBe(201);
    const counted = await count.json();
    expect(counted.lines).toEqual([
      { drinkId: s.id('Chang'), before: 42, after: 36, difference: -6 },
      { drinkId: s.id('Coke'), before: 20, after: 23, difference: 3 },
    ]);
    const stock = await s.stock();
    expect(stock.Chang.storeroom).toBe(36);
    expect(stock.Coke.storeroom).toBe(23);
    // Drinks not in the lines are not touched (a blank is never a zero).
    expect(stock.Fanta.storeroom).toBe(0);
    const event = await lastAuditEvent(t.db.kysely);
    expect(event).toMatchObject({
      action: 'stock.counted',
      subject: { type: 'count', id: String(counted.id) },
    });
    expect(event.details).toMatchObject({
      place: 'storeroom',
      note: 'Monthly count',
      lines: [
        { drinkName: 'Chang', expected: 46, counted: 40, difference: -6, before: 42, after: 36 },
        { drinkName: 'Coke', expected: 20, counted: 23, difference: 3, before: 20, after: 23 },
      ],
    });

    // A fridge count: what the fridge really holds.
    const fridge = await s.post('/api/stock/counts', {
      place: 'fridge:9',
      lines: [{ drinkId: s.id('Coke'), counted: 1 }],
    });
    expect(fridge.status).toBe(201);
    expect(await s.fridge(9)).toMatchObject({ Coke: 1 });
    // A fridge never goes below zero, whatever the counter expected.
    const below = await s.post('/api/stock/counts', {
      place: 'fridge:9',
      lines: [{ drinkId: s.id('Coke'), counted: 0, expected: 5 }],
    });
    expect((await below.json()).lines).toEqual([
      { drinkId: s.id('Coke'), before: 1, after: 0, difference: -1 },
    ]);
    for (const place of ['fridge:0', 'garden', 'guest']) {
      const bad = await s.post('/api/stock/counts', {
        place,
        lines: [{ drinkId: s.id('Coke'), counted: 1 }],
      });
      expect(bad.status).toBe(422);
    }
    await expectLedgerHolds(t);
  });

  it('write-offs take bottles out with a reason; a fridge gives only what it holds', async () => {
    const t = await fresh();
    const s = await stockSetUp(t);
    await s.start({ Carabao: 10 });
    const expired = await s.post('/api/stock/write-offs', {
      place: 'storeroom',
      reason: 'expired',
      note: 'Best before June',
      lines: s.lines({ Carabao: 3 }),
    });
    expect(expired.status, await expired.clone().text()).toBe(201);
    expect(await expired.json()).toMatchObject({
      place: 'storeroom',
      reason: 'expired',
      lines: s.lines({ Carabao: 3 }),
    });
    expect((await s.stock()).Carabao.storeroom).toBe(7);
    const broken = await s.post('/api/stock/write-offs', {
      place: 'fridge:5',
      reason: 'broken',
      lines: s.lines({ Carabao: 2 }),
    });
    expect(broken.status).toBe(201);
    expect(await s.fridge(5, true)).toMatchObject({ Carabao: 0 });
    const over = await s.post('/api/stock/write-offs', {
      place: 'fridge:5',
      reason: 'broken',
      lines: s.lines({ Carabao: 1 }),
    });
    expect(over.status).toBe(422);
    expect((await over.json()).error).toMatchObject({
      code: 'exceeds_fridge',
      message: "Bungalow 5's fridge holds no Carabao",
    });
    const reason = await s.post('/api/stock/write-offs', {
      place: 'storeroom',
      reason: 'lost',
      lines: s.lines({ Carabao: 1 }),
    });
    expect(reason.status).toBe(422);
    const event = await lastAuditEvent(t.db.kysely);
    expect(event).toMatchObject({
      action: 'stock.written_off',
      details: { place: 'fridge:5', reason: 'broken' },
    });
    await expectLedgerHolds(t);
  });

  it('GET /api/stock/moves filters by drink, place and day, pages by 50 newest first, and exports CSV', async () => {
    const t = await fresh();
    const s = await stockSetUp(t);
    t.clock.now = Date.parse('2026-05-01T03:00:00.000Z');
    await s.start({ Coke: 100 });
    t.clock.now = Date.parse('2026-05-02T03:00:00.000Z');
    for (let i = 0; i < 3; i++) {
      expect(
        (
          await s.post('/api/stock/deliveries', {
            lines: [{ drinkId: s.id('Coke'), quantity: 1, unitCost: 1000 + i }],
          })
        ).status,
      ).toBe(201);
    }
    const get = async (query: string): Promise<StockMovesPage> => {
      const response = await t.request('GET', `/api/stock/moves${query}`, { cookie: s.owner });
      expect(response.status, await response.clone().text()).toBe(200);
      return response.json();
    };
    // The start: 1 storeroom move + 24 fridges × 9 drinks.
    const all = await get('');
    expect(all.moves).toHaveLength(50);
    expect(all.hasMore).toBe(true);
    expect(all.moves[0]).toMatchObject({
      from: 'supplier',
      to: 'storeroom',
      quantity: 1,
      unitCost: 1002,
      document: { type: 'delivery' },
    });
    const ids = all.moves.map((m) => m.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const page2 = await get('?page=2');
    expect(page2.moves[0]?.id).toBeLessThan(ids[ids.length - 1] ?? 0);

    const storeroom = await get(`?place=storeroom&drink=${s.id('Coke')}`);
    expect(storeroom.moves.map((m) => [m.from, m.quantity])).toEqual([
      ['supplier', 1],
      ['supplier', 1],
      ['supplier', 1],
      ['count', 100],
    ]);
    const day = await get('?from=2026-05-02&to=2026-05-02');
    expect(day.moves).toHaveLength(3);
    expect((await get('?place=fridge:3')).moves).toHaveLength(9);
    for (const bad of [
      '?place=attic',
      '?from=2026-05-03&to=2026-05-01',
      '?page=0',
      '?drink=x',
      '?format=xml',
    ]) {
      expect((await t.request('GET', `/api/stock/moves${bad}`, { cookie: s.owner })).status, bad).toBe(422);
    }
    const csv = await t.request('GET', `/api/stock/moves?format=csv&place=storeroom`, { cookie: s.owner });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toContain('text/csv');
    const rows = parseCsv((await csv.text()).replace(/^\uFEFF/, ''));
    expect(rows[0]).toEqual([
      'id',
      'at',
      'drink_id',
      'quantity',
      'from',
      'to',
      'document_type',
      'document_id',
      'unit_cost_satang',
    ]);
    expect(rows.slice(1).map((r) => [r[4], r[5], r[3], r[8]])).toEqual([
      ['count', 'storeroom', '100', ''],
      ['supplier', 'storeroom', '1', '1000'],
      ['supplier', 'storeroom', '1', '1001'],
      ['supplier', 'storeroom', '1', '1002'],
    ]);
  });

  it('pars: per bungalow over the catalogue, for a range at once; par 0 hides a drink; DELETE goes back to the catalogue', async () => {
    const t = await fresh();
    const s = await stockSetUp(t);
    expect(await (await t.request('GET', '/api/pars', { cookie: s.owner })).json()).toEqual([]);
    const put = await t.request('PUT', '/api/pars', {
      cookie: s.owner,
      body: {
        bungalows: [21, 20],
        items: [
          { drinkId: s.id('Wine'), par: 0 },
          { drinkId: s.id('Chang'), par: 6 },
        ],
      },
    });
    expect(put.status, await put.clone().text()).toBe(200);
    const expected = [
      {
        bungalow: 20,
        items: [
          { drinkId: s.id('Chang'), par: 6 },
          { drinkId: s.id('Wine'), par: 0 },
        ],
      },
      {
        bungalow: 21,
        items: [
          { drinkId: s.id('Chang'), par: 6 },
          { drinkId: s.id('Wine'), par: 0 },
        ],
      },
    ];
    expect(await put.json()).toEqual(expected);
    expect(await (await t.request('GET', '/api/pars', { cookie: s.owner })).json()).toEqual(expected);
    const event = await lastAuditEvent(t.db.kysely);
    expect(event).toMatchObject({ action: 'pars.changed', details: { bungalows: [20, 21] } });

    // With stock off, a par is the most a check may count; par 0: the bungalow does not carry it.
    expect(await s.fridge(20, true)).toMatchObject({ Chang: 6, Wine: 0, Coke: 4 });
    expect((await s.checkout(20, { Chang: 6 })).status).toBe(201);
    const over = await s.checkout(20, { Chang: 7 });
    expect(over.status).toBe(422);
    expect((await over.json()).error).toMatchObject({
      code: 'validation_failed',
      message: 'At most 6 Chang can be missing',
    });
    const wine = await s.checkout(21, { Wine: 1 });
    expect(wine.status).toBe(422);
    expect((await wine.json()).error.message).toBe("Bungalow 21's fridge does not carry Wine");
    // Bungalow 19 has no pars of its own: the spec's.
    expect((await s.checkout(19, { Wine: 1 })).status).toBe(201);

    // With stock on, a fridge opens at its pars less what it lacked; par 0 holds nothing.
    await s.start({});
    expect(await s.fridge(20, true)).toMatchObject({ Chang: 0, Wine: 0 });
    expect(await s.fridge(21, true)).toMatchObject({ Chang: 6, Wine: 0 });
    const del = await t.request('DELETE', '/api/pars/20', { cookie: s.owner });
    expect(del.status).toBe(200);
    expect(await del.json()).toEqual([expected[1]]);
    expect((await t.request('DELETE', '/api/pars/20', { cookie: s.owner })).status).toBe(404);
    // Back to the catalogue's pars: bungalow 20 lacks 4 Chang and a Wine.
    const list: RestockList = await (await t.request('GET', '/api/restock', { cookie: s.owner })).json();
    expect(list.bungalows.find((b) => b.bungalow === 20)?.items).toEqual([
      { drinkName: 'Chang', units: 4, drinkId: s.id('Chang') },
      { drinkName: 'Wine', units: 1, drinkId: s.id('Wine') },
    ]);
    const bad = await t.request('PUT', '/api/pars', {
      cookie: s.owner,
      body: { bungalows: [20], items: [{ drinkId: s.id('Wine'), par: 1000 }] },
    });
    expect(bad.status).toBe(422);
  });

  it('the database refuses to change or remove a move', async () => {
    const t = await fresh();
    const s = await stockSetUp(t);
    await s.start({ Coke: 5 });
    await expect(sql`update stock_moves set quantity = 50`.execute(t.db.kysely)).rejects.toThrow(
      /append-only/,
    );
    await expect(sql`delete from stock_moves`.execute(t.db.kysely)).rejects.toThrow(/append-only/);
    expect((await s.stock()).Coke.storeroom).toBe(5);
    await expectLedgerHolds(t);
  });

  it('a drink deleted with bottles on hand keeps its ledger: listed as no longer sold until counted away', async () => {
    const t = await fresh();
    const s = await stockSetUp(t);
    await s.start({ Spy: 5 });
    const spy = s.id('Spy');
    expect((await t.request('DELETE', `/api/drinks/${spy}`, { cookie: s.owner })).status).toBe(204);
    let stock = await s.stock();
    expect(stock.Spy).toMatchObject({ drinkId: spy, sold: false, storeroom: 5, fridges: 48, total: 53 });
    const count = await s.post('/api/stock/counts', {
      place: 'storeroom',
      lines: [{ drinkId: spy, counted: 0 }],
    });
    expect(count.status).toBe(201);
    stock = await s.stock();
    expect(stock.Spy).toMatchObject({ storeroom: 0, total: 48 });
    await expectLedgerHolds(t);
  });
});

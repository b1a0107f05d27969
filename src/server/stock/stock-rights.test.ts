import { beforeAll, expect, it } from 'vitest';
import { stockSetUp } from '../../../tests/support/stock';
import { addStaff, errorOf, pins, registerDevice, signInWithPin } from '../../../tests/support/team';
import { describeEachDatabase, type TestApp } from '../../../tests/support/test-app';
import type { StockState } from '../../shared/stock-types';

/** DESIGN.md's rights for stock: reading (owner, manager, desk), the rest owner and manager, a fridge's broken bottle housekeeping's too. */
describeEachDatabase('stock rights', ({ fresh }) => {
  let t: TestApp;
  let s: Awaited<ReturnType<typeof stockSetUp>>;
  const who: Record<'manager' | 'desk' | 'housekeeping' | 'nobody', string> = {
    manager: '',
    desk: '',
    housekeeping: '',
    nobody: '',
  };

  beforeAll(async () => {
    t = await fresh();
    s = await stockSetUp(t);
    const tablet = await registerDevice(t, s.owner, 'Office tablet');
    const people = [
      ['Noi', 'manager', pins[0]],
      ['Ploy', 'desk', pins[1]],
      ['Mai', 'housekeeping', pins[2]],
    ] as const;
    for (const [name, role, pin] of people) {
      const person = await addStaff(t, s.owner, { name, role, pin });
      who[role] = await signInWithPin(t, tablet, person.id, pin);
    }
  });

  const call = (role: keyof typeof who, method: string, path: string, body?: unknown) =>
    t.request(method, path, { cookie: who[role] || undefined, ...(body !== undefined ? { body } : {}) });

  it('a manager starts stock; desk and housekeeping cannot; nobody signed in is 401', async () => {
    for (const role of ['desk', 'housekeeping'] as const) {
      const refused = await call(role, 'POST', '/api/stock/start', { storeroom: [] });
      expect(refused.status, role).toBe(403);
      expect((await errorOf(refused)).code).toBe('forbidden');
    }
    expect((await call('nobody', 'POST', '/api/stock/start', { storeroom: [] })).status).toBe(401);
    expect(
      (await call('manager', 'POST', '/api/stock/start', { storeroom: s.lines({ Chang: 10 }) })).status,
    ).toBe(201);
  });

  it('GET /api/stock: owner and manager see costs, the desk reads quantities only, housekeeping cannot', async () => {
    const delivery = await s.post('/api/stock/deliveries', {
      lines: [{ drinkId: s.id('Chang'), quantity: 24, unitCost: 3292 }],
    });
    expect(delivery.status).toBe(201);
    for (const role of ['manager'] as const) {
      const state: StockState = await (await call(role, 'GET', '/api/stock')).json();
      expect(state.started && state.drinks.find((d) => d.drinkName === 'Chang')).toMatchObject({
        averageCost: 3292,
      });
    }
    const desk = await call('desk', 'GET', '/api/stock');
    expect(desk.status).toBe(200);
    const text = await desk.text();
    expect(text).not.toContain('averageCost');
    expect(text).not.toContain('value');
    expect(text).not.toContain('3292');
    expect((await call('housekeeping', 'GET', '/api/stock')).status).toBe(403);
    expect((await call('nobody', 'GET', '/api/stock')).status).toBe(401);
  });

  it('deliveries, counts, the moves and pars are owner and manager only; the desk reads pars', async () => {
    const writes: [string, string, unknown][] = [
      ['POST', '/api/stock/deliveries', { lines: [{ drinkId: s.id('Coke'), quantity: 1, unitCost: 1 }] }],
      ['POST', '/api/stock/counts', { place: 'storeroom', lines: [{ drinkId: s.id('Coke'), counted: 1 }] }],
      ['PUT', '/api/pars', { bungalows: [3], items: [{ drinkId: s.id('Coke'), par: 2 }] }],
      ['GET', '/api/stock/moves', undefined],
      ['GET', '/api/stock/deliveries', undefined],
    ];
    for (const [method, path, body] of writes) {
      for (const role of ['desk', 'housekeeping'] as const) {
        expect((await call(role, method, path, body)).status, `${role} ${method} ${path}`).toBe(403);
      }
      expect((await call('nobody', method, path, body)).status, `${method} ${path}`).toBe(401);
      expect((await call('manager', method, path, body)).status, `manager ${method} ${path}`).toBeLessThan(
        300,
      );
    }
    expect((await call('desk', 'DELETE', '/api/pars/3')).status).toBe(403);
    expect((await call('desk', 'GET', '/api/pars')).status).toBe(200);
    expect((await call('housekeeping', 'GET', '/api/pars')).status).toBe(403);
    expect((await call('manager', 'DELETE', '/api/pars/3')).status).toBe(200);
  });

  it('housekeeping writes off a broken bottle in a fridge, nothing else; the desk none', async () => {
    const broken = { place: 'fridge:4', reason: 'broken', lines: s.lines({ Chang: 1 }) };
    expect((await call('housekeeping', 'POST', '/api/stock/write-offs', broken)).status).toBe(201);
    const expired = await call('housekeeping', 'POST', '/api/stock/write-offs', {
      ...broken,
      reason: 'expired',
    });
    expect(expired.status).toBe(403);
    expect((await errorOf(expired)).message).toBe(
      'Housekeeping cannot receive deliveries, count stock, set pars or write off bottles',
    );
    const storeroom = await call('housekeeping', 'POST', '/api/stock/write-offs', {
      ...broken,
      place: 'storeroom',
    });
    expect(storeroom.status).toBe(403);
    const desk = await call('desk', 'POST', '/api/stock/write-offs', broken);
    expect(desk.status).toBe(403);
    expect((await errorOf(desk)).message).toBe('Front desk cannot write off a broken bottle');
    expect((await call('nobody', 'POST', '/api/stock/write-offs', broken)).status).toBe(401);
    expect(
      (await call('manager', 'POST', '/api/stock/write-offs', { ...broken, reason: 'staff' })).status,
    ).toBe(201);
  });

  it('anyone reads a fridge (counts only); housekeeping restocks it', async () => {
    const fridge = await call('nobody', 'GET', '/api/fridges/4');
    expect(fridge.status).toBe(200);
    expect(Object.keys(await fridge.json()).sort()).toEqual(['bungalow', 'items', 'stock']);
    expect((await call('housekeeping', 'POST', '/api/restock/4', {})).status).toBe(201);
    expect((await call('nobody', 'POST', '/api/restock/4', {})).status).toBe(401);
    // As every route with a bungalow in its path: a number out of range names no bungalow.
    for (const bad of ['0', 'abc', '10000']) {
      expect((await call('nobody', 'GET', `/api/fridges/${bad}`)).status, bad).toBe(404);
    }
  });
});

import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../../../tests/support/test-app';
import { seedDrinks } from '../../db/seed';

const newDrink = (overrides: Record<string, unknown> = {}) => ({
  drinkName: 'Singha',
  startingQuantity: 5,
  price: 70,
  ...overrides,
});

describeEachDatabase('drinks API', ({ fresh }) => {
  it('GET /api/drinks lists the seeded catalogue ordered by id', async () => {
    const t = await fresh();
    const response = await t.request('GET', '/api/drinks');
    expect(response.status).toBe(200);
    const drinks = await response.json();
    expect(drinks.map((d: { drinkName: string }) => d.drinkName)).toEqual(seedDrinks.map((d) => d.drinkName));
    expect(drinks.map((d: { id: number }) => d.id)).toEqual(
      [...drinks.map((d: { id: number }) => d.id)].sort((a, b) => a - b),
    );
  });

  it('POST /api/drinks needs an admin session', async () => {
    const t = await fresh();
    const response = await t.request('POST', '/api/drinks', { body: newDrink() });
    expect(response.status).toBe(401);
    expect((await response.json()).error.code).toBe('unauthorized');
    expect(await (await t.request('GET', '/api/drinks')).json()).toHaveLength(seedDrinks.length);
  });

  it('POST /api/drinks adds a drink and returns it with 201', async () => {
    const t = await fresh();
    const cookie = await t.login();
    const response = await t.request('POST', '/api/drinks', {
      cookie,
      body: newDrink({ drinkName: '  Singha  ' }),
    });
    expect(response.status).toBe(201);
    const created = await response.json();
    expect(created).toMatchObject({ drinkName: 'Singha', startingQuantity: 5, price: 70 });
    expect(typeof created.id).toBe('number');
    const list = await (await t.request('GET', '/api/drinks')).json();
    expect(list.at(-1)).toEqual(created);
  });

  it('POST /api/drinks rejects invalid drinks with 422 and field issues', async () => {
    const t = await fresh();
    const cookie = await t.login();
    const cases = [
      newDrink({ drinkName: '   ' }),
      newDrink({ drinkName: 'x'.repeat(61) }),
      newDrink({ startingQuantity: 0 }),
      newDrink({ startingQuantity: 1000 }),
      newDrink({ startingQuantity: 2.5 }),
      newDrink({ price: 0 }),
      newDrink({ price: 100_001 }),
      newDrink({ price: '70' }),
      newDrink({ extra: true }),
      { drinkName: 'Singha' },
    ];
    for (const body of cases) {
      const response = await t.request('POST', '/api/drinks', { cookie, body });
      expect(response.status, JSON.stringify(body)).toBe(422);
      const { error } = await response.json();
      expect(error.code).toBe('validation_failed');
      expect(error.issues.length).toBeGreaterThan(0);
    }
    expect(await (await t.request('GET', '/api/drinks')).json()).toHaveLength(seedDrinks.length);
  });

  it('PUT /api/drinks/:id updates a drink, 404 for an unknown one', async () => {
    const t = await fresh();
    const cookie = await t.login();
    const [first] = await (await t.request('GET', '/api/drinks')).json();
    const updated = await t.request('PUT', `/api/drinks/${first.id}`, {
      cookie,
      body: newDrink({ drinkName: 'Coke Zero', price: 45 }),
    });
    expect(updated.status).toBe(200);
    expect(await updated.json()).toEqual({
      id: first.id,
      drinkName: 'Coke Zero',
      startingQuantity: 5,
      price: 45,
    });
    expect((await t.request('PUT', '/api/drinks/99999', { cookie, body: newDrink() })).status).toBe(404);
    expect((await t.request('PUT', '/api/drinks/abc', { cookie, body: newDrink() })).status).toBe(404);
    expect((await t.request('PUT', `/api/drinks/${first.id}`, { body: newDrink() })).status).toBe(401);
  });

  it('DELETE /api/drinks/:id deletes with 204, then 404', async () => {
    const t = await fresh();
    const cookie = await t.login();
    const [first] = await (await t.request('GET', '/api/drinks')).json();
    expect((await t.request('DELETE', `/api/drinks/${first.id}`)).status).toBe(401);
    expect((await t.request('DELETE', `/api/drinks/${first.id}`, { cookie })).status).toBe(204);
    expect((await t.request('DELETE', `/api/drinks/${first.id}`, { cookie })).status).toBe(404);
    const list = await (await t.request('GET', '/api/drinks')).json();
    expect(list.some((d: { id: number }) => d.id === first.id)).toBe(false);
  });

  it('a catalogue whose drinks were all deleted stays empty', async () => {
    const t = await fresh();
    const cookie = await t.login();
    for (const drink of await (await t.request('GET', '/api/drinks')).json()) {
      await t.request('DELETE', `/api/drinks/${drink.id}`, { cookie });
    }
    const { seedOnce } = await import('../../db/seed');
    expect(await seedOnce(t.db)).toBe(false);
    expect(await (await t.request('GET', '/api/drinks')).json()).toEqual([]);
  });
});

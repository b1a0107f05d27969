import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../../tests/support/test-app';
import { seedDrinks } from '../db/seed';

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
      newDrink({ section: 'Ciders' }),
      newDrink({ section: 'beers' }),
      newDrink({ section: 3 }),
      newDrink({ sectionOrder: 1 }),
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
      section: null,
      sectionOrder: first.sectionOrder,
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
    const { seedOnce } = await import('../db/seed');
    expect(await seedOnce(t.db)).toBe(false);
    expect(await (await t.request('GET', '/api/drinks')).json()).toEqual([]);
  });

  it("GET /api/drinks carries each drink's section (null for the seeded ones) and its order", async () => {
    const t = await fresh();
    const drinks = await (await t.request('GET', '/api/drinks')).json();
    for (const drink of drinks) {
      expect(drink).toEqual({
        id: expect.any(Number),
        drinkName: expect.any(String),
        startingQuantity: expect.any(Number),
        price: expect.any(Number),
        section: null,
        sectionOrder: expect.any(Number),
      });
    }
  });

  it('POST /api/drinks takes a section; a new drink comes last in its section', async () => {
    const t = await fresh();
    const cookie = await t.login();
    const before = await (await t.request('GET', '/api/drinks')).json();
    const singha = await t.request('POST', '/api/drinks', {
      cookie,
      body: newDrink({ section: 'Beers' }),
    });
    expect(singha.status).toBe(201);
    const created = await singha.json();
    expect(created).toMatchObject({ drinkName: 'Singha', section: 'Beers' });
    expect(created.sectionOrder).toBeGreaterThan(
      Math.max(...before.map((d: { sectionOrder: number }) => d.sectionOrder)),
    );
    // The spec's body (no section) still works: null, the name decides.
    const water = await (
      await t.request('POST', '/api/drinks', { cookie, body: newDrink({ drinkName: 'Water' }) })
    ).json();
    expect(water.section).toBeNull();
  });

  it('PUT /api/drinks/:id sets or clears the section, and leaves it as it is when the body has none', async () => {
    const t = await fresh();
    const cookie = await t.login();
    const [coke] = await (await t.request('GET', '/api/drinks')).json();
    const put = async (body: Record<string, unknown>) =>
      (
        await t.request('PUT', `/api/drinks/${coke.id}`, {
          cookie,
          body: newDrink({ drinkName: 'Coke', ...body }),
        })
      ).json();
    expect((await put({ section: 'Other Drinks' })).section).toBe('Other Drinks');
    expect((await put({ price: 45 })).section).toBe('Other Drinks');
    expect((await put({ section: null })).section).toBeNull();
  });

  it('PUT /api/drinks/order gives the listed drinks their places, in one go', async () => {
    const t = await fresh();
    const cookie = await t.login();
    const drinks: { id: number; drinkName: string; sectionOrder: number }[] = await (
      await t.request('GET', '/api/drinks')
    ).json();
    const beers = drinks.filter((d) => ['Chang', 'LEO', 'Carabao'].includes(d.drinkName));
    const reversed = beers.map((d) => d.id).reverse();
    expect((await t.request('PUT', '/api/drinks/order', { body: { ids: reversed } })).status).toBe(401);

    const response = await t.request('PUT', '/api/drinks/order', { cookie, body: { ids: reversed } });
    expect(response.status).toBe(200);
    const after: typeof drinks = await response.json();
    // Still the whole catalogue, by id; the beers' places now follow the new order.
    expect(after.map((d) => d.id)).toEqual(drinks.map((d) => d.id));
    const places = reversed.map((id) => after.find((d) => d.id === id)?.sectionOrder ?? 0);
    expect(places).toEqual([...places].sort((a, b) => a - b));
    expect(new Set(places).size).toBe(3);
  });

  it('PUT /api/drinks/order refuses unknown, repeated or missing ids with 422 and changes nothing', async () => {
    const t = await fresh();
    const cookie = await t.login();
    const drinks: { id: number }[] = await (await t.request('GET', '/api/drinks')).json();
    const [a, b] = drinks.map((d) => d.id);
    for (const body of [
      { ids: [b, 99_999] },
      { ids: [a, a] },
      { ids: [] },
      { ids: ['1'] },
      {},
      { ids: [a], extra: 1 },
    ]) {
      const response = await t.request('PUT', '/api/drinks/order', { cookie, body });
      expect(response.status, JSON.stringify(body)).toBe(422);
      expect((await response.json()).error.issues.length).toBeGreaterThan(0);
    }
    expect(await (await t.request('GET', '/api/drinks')).json()).toEqual(drinks);
  });
});

describeEachDatabase('drinks API round trips', ({ fresh }) => {
  async function firstRow(t: Awaited<ReturnType<typeof fresh>>) {
    const rows = await (await t.request('GET', '/api/drinks')).json();
    return { rows, row: rows[1] };
  }

  it('PUT /api/drinks/:id takes back a row of GET /api/drinks: 200, nothing changed', async () => {
    const t = await fresh();
    const cookie = await t.login();
    const { rows, row } = await firstRow(t);
    expect(row).toHaveProperty('sectionOrder');
    const response = await t.request('PUT', `/api/drinks/${row.id}`, { cookie, body: row });
    expect(response.status, await response.clone().text()).toBe(200);
    expect(await response.json()).toEqual(row);
    expect(await (await t.request('GET', '/api/drinks')).json()).toEqual(rows);
  });

  it('PUT /api/drinks/:id with one field of the row changed changes only that field', async () => {
    const t = await fresh();
    const cookie = await t.login();
    const { rows, row } = await firstRow(t);
    const response = await t.request('PUT', `/api/drinks/${row.id}`, {
      cookie,
      body: { ...row, price: row.price + 5 },
    });
    expect(response.status, await response.clone().text()).toBe(200);
    expect(await (await t.request('GET', '/api/drinks')).json()).toEqual(
      rows.map((drink: { id: number }) => (drink.id === row.id ? { ...row, price: row.price + 5 } : drink)),
    );
  });

  it('PUT /api/drinks/:id refuses an unknown field and a read-only field with another value with 422', async () => {
    const t = await fresh();
    const cookie = await t.login();
    const { rows, row } = await firstRow(t);
    const cases: [Record<string, unknown>, string][] = [
      [{ ...row, colour: 'red' }, 'colour'],
      [{ ...row, price: 99, id: row.id + 1 }, 'id'],
      [{ ...row, price: 99, id: String(row.id) }, 'id'],
      [{ ...row, price: 99, sectionOrder: row.sectionOrder + 10 }, 'sectionOrder'],
    ];
    for (const [body, field] of cases) {
      const response = await t.request('PUT', `/api/drinks/${row.id}`, { cookie, body });
      expect(response.status, JSON.stringify(body)).toBe(422);
      const { error } = await response.json();
      expect(error.message, JSON.stringify(body)).toContain(field);
    }
    const { error } = await (
      await t.request('PUT', `/api/drinks/${row.id}`, {
        cookie,
        body: { ...row, sectionOrder: row.sectionOrder + 1 },
      })
    ).json();
    expect(error.issues).toEqual([
      {
        path: 'sectionOrder',
        message:
          "sectionOrder is the drink's place in its section, set by PUT /api/drinks/order: send it as the server gave it, or leave it out",
      },
    ]);
    expect(await (await t.request('GET', '/api/drinks')).json()).toEqual(rows);
  });

  it('PUT /api/drinks/:id of a row whose drink is gone answers 404', async () => {
    const t = await fresh();
    const cookie = await t.login();
    const { row } = await firstRow(t);
    expect((await t.request('DELETE', `/api/drinks/${row.id}`, { cookie })).status).toBe(204);
    expect((await t.request('PUT', `/api/drinks/${row.id}`, { cookie, body: row })).status).toBe(404);
  });
});

import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { expect, it } from 'vitest';
import { createTestApp, describeEachDatabase } from '../../../tests/support/test-app';
import { createCatalogueCache } from './catalogue-cache';
import { createDrinksRepo } from './drinks.repo';

interface DrinkRow {
  id: number;
  drinkName: string;
  startingQuantity: number;
  price: number;
  section: string | null;
  sectionOrder: number;
}

const names = async (response: Response) =>
  ((await response.json()) as DrinkRow[]).map((drink) => drink.drinkName);

describeEachDatabase('GET /api/drinks from the in-memory catalogue', ({ dialect, fresh }) => {
  it('GET /api/drinks shows an added, an updated and a deleted drink on the very next read', async () => {
    const t = await fresh();
    const cookie = await t.login();
    expect(await names(await t.request('GET', '/api/drinks'))).not.toContain('Singha');

    const added = await t.request('POST', '/api/drinks', {
      cookie,
      body: { drinkName: 'Singha', startingQuantity: 3, price: 90 },
    });
    const { id } = (await added.json()) as DrinkRow;
    expect(await names(await t.request('GET', '/api/drinks'))).toContain('Singha');

    await t.request('PUT', `/api/drinks/${id}`, {
      cookie,
      body: { drinkName: 'Singha Light', startingQuantity: 3, price: 95, section: 'Beers' },
    });
    const afterUpdate = (await (await t.request('GET', '/api/drinks')).json()) as DrinkRow[];
    const updated = afterUpdate.find((drink) => drink.id === id);
    expect(updated).toEqual({
      id,
      drinkName: 'Singha Light',
      startingQuantity: 3,
      price: 95,
      section: 'Beers',
      sectionOrder: expect.any(Number),
    });

    // A new place in the section is a write like any other.
    await t.request('PUT', '/api/drinks/order', { cookie, body: { ids: [id] } });
    const afterOrder = (await (await t.request('GET', '/api/drinks')).json()) as DrinkRow[];
    expect(afterOrder.find((drink) => drink.id === id)).toEqual({ ...updated, sectionOrder: 1 });

    await t.request('DELETE', `/api/drinks/${id}`, { cookie });
    expect(await names(await t.request('GET', '/api/drinks'))).not.toContain('Singha Light');
  });

  it('GET /api/drinks sees a write made past the app (a dashboard, a script) on the very next read', async () => {
    const t = await fresh();
    const [first] = (await (await t.request('GET', '/api/drinks')).json()) as DrinkRow[];
    const outsider = t.scratch.openAnother();
    try {
      await outsider.kysely
        .updateTable('Drinks')
        .set({ price: 55 })
        .where('id', '=', first?.id ?? -1)
        .execute();
      const drinks = (await (await t.request('GET', '/api/drinks')).json()) as DrinkRow[];
      expect(drinks.find((drink) => drink.id === first?.id)?.price).toBe(55);

      await outsider.kysely.deleteFrom('Drinks').execute();
      expect(await (await t.request('GET', '/api/drinks')).json()).toEqual([]);
    } finally {
      await outsider.close();
    }
  });

  it(`two app servers on one ${dialect} database: a write on one is seen by the other's next read`, async () => {
    const one = await fresh();
    const two = await createTestApp(one.scratch, { db: one.scratch.openAnother() });
    try {
      // Both have the catalogue in memory before the write.
      expect(await names(await one.request('GET', '/api/drinks'))).toEqual(
        await names(await two.request('GET', '/api/drinks')),
      );
      const cookie = await one.login();
      const [first] = (await (await one.request('GET', '/api/drinks')).json()) as DrinkRow[];
      const updated = await one.request('PUT', `/api/drinks/${first?.id}`, {
        cookie,
        body: { drinkName: 'Coke Zero', startingQuantity: 6, price: 45, section: 'Soft Drinks' },
      });
      expect(updated.status).toBe(200);

      const seenByTwo = (await (await two.request('GET', '/api/drinks')).json()) as DrinkRow[];
      expect(seenByTwo.find((drink) => drink.id === first?.id)).toEqual({
        id: first?.id,
        drinkName: 'Coke Zero',
        startingQuantity: 6,
        price: 45,
        section: 'Soft Drinks',
        sectionOrder: first?.sectionOrder,
      });

      const added = await one.request('POST', '/api/drinks', {
        cookie,
        body: { drinkName: 'Singha', startingQuantity: 3, price: 90 },
      });
      expect(added.status).toBe(201);
      expect(await names(await two.request('GET', '/api/drinks'))).toContain('Singha');
    } finally {
      await two.db.close();
    }
  });

  it('GET /api/drinks sends a large catalogue compressed when the client accepts it, plain JSON otherwise', async () => {
    const t = await fresh();
    const cookie = await t.login();
    // Long names push the list past the size where compressing pays off.
    for (let i = 0; i < 12; i++) {
      await t.request('POST', '/api/drinks', {
        cookie,
        body: {
          drinkName: `Imported craft beer number ${i} from Chiang Mai`,
          startingQuantity: 2,
          price: 150,
        },
      });
    }
    const plain = await t.request('GET', '/api/drinks');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(plain.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(plain.headers.get('cache-control')).toBe('no-store');
    const text = await plain.text();
    expect(Number(plain.headers.get('content-length'))).toBe(Buffer.byteLength(text));
    expect(JSON.parse(text)).toHaveLength(21);

    const brotli = await t.request('GET', '/api/drinks', {
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(brotli.headers.get('content-encoding')).toBe('br');
    expect(brotli.headers.get('vary')).toContain('Accept-Encoding');
    expect(brotliDecompressSync(Buffer.from(await brotli.arrayBuffer())).toString()).toBe(text);

    const gzip = await t.request('GET', '/api/drinks', { headers: { 'accept-encoding': 'br;q=0, gzip' } });
    expect(gzip.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(Buffer.from(await gzip.arrayBuffer())).toString()).toBe(text);
  });

  if (dialect === 'sqlite') {
    it('a write that was rolled back never lets the cache serve what it briefly saw', async () => {
      const t = await fresh();
      const sqlite = t.db.sqlite;
      if (!sqlite) throw new Error('expected a SQLite connection');
      const cache = createCatalogueCache(t.db, createDrinksRepo(t.db));
      const before = JSON.parse((await cache.current()).json) as DrinkRow[];

      // The cache reads on the same connection as an open transaction and so sees its uncommitted change.
      sqlite.exec('begin');
      sqlite.prepare(`update "Drinks" set "drinkName" = 'Rolled back' where id = ?`).run(before[0]?.id);
      expect((await cache.current()).json).toContain('Rolled back');
      sqlite.exec('rollback');

      // The next write: a counter would take the rolled-back value again, and the cache would serve the
      // phantom name as current.
      await t.db.kysely
        .updateTable('Drinks')
        .set({ price: 41 })
        .where('id', '=', before[0]?.id ?? -1)
        .execute();
      const after = JSON.parse((await cache.current()).json) as DrinkRow[];
      expect(after[0]).toEqual({ ...before[0], price: 41 });
    });
  }
});

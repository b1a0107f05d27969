import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { getRequestListener } from '@hono/node-server';
import { expect, it } from 'vitest';
import { rawGet } from '../../../tests/support/raw-get';
import { createTestApp, describeEachDatabase, type TestApp } from '../../../tests/support/test-app';
import { createLogger } from '../logger';
import { createDrinksFastPath } from './drinks-fast-path';

/** The app behind a real HTTP server, wired as main.ts wires it. */
async function listen(t: TestApp, trustProxy = false) {
  const fastPath = createDrinksFastPath({
    fetch: t.app.fetch,
    db: t.db,
    logger: createLogger('silent'),
    trustProxy,
  });
  const server = http.createServer(fastPath.wrap(getRequestListener(t.app.fetch)));
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    url: (path: string) => `http://127.0.0.1:${port}${path}`,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

describeEachDatabase('GET /api/drinks over HTTP, past the framework', ({ fresh }) => {
  it('answers byte for byte what the app answers, security headers included, plain and compressed', async () => {
    const t = await fresh();
    const cookie = await t.login();
    // Enough drinks for the compressed forms to be used.
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
    const server = await listen(t);
    try {
      for (const acceptEncoding of ['identity', 'gzip, deflate, br', 'gzip']) {
        const headers = { 'accept-encoding': acceptEncoding };
        // Twice: the first answer is taken from the app, the second is the kept copy.
        for (let i = 0; i < 2; i++) {
          const appCalls = t.logLines.filter((line) => line.includes('"path":"/api/drinks"')).length;
          const fast = await rawGet(server.url('/api/drinks'), headers);
          // The kept copy went out without the app running at all.
          if (i === 1)
            expect(t.logLines.filter((line) => line.includes('"path":"/api/drinks"'))).toHaveLength(appCalls);
          const viaApp = await t.request('GET', '/api/drinks', { headers });
          expect(fast.status).toBe(200);
          expect(fast.headers).toEqual(Object.fromEntries(viaApp.headers));
          expect(fast.headers['content-security-policy']).toContain("default-src 'self'");
          expect(fast.body).toEqual(Buffer.from(await viaApp.arrayBuffer()));
        }
      }
    } finally {
      await server.close();
    }
  });

  it('a write on a second app server shows on the next read through the first one', async () => {
    const one = await fresh();
    const two = await createTestApp(one.scratch, { db: one.scratch.openAnother() });
    const server = await listen(one);
    try {
      const before = await (await fetch(server.url('/api/drinks'))).json();
      const cookie = await two.login();
      const updated = await two.request('PUT', `/api/drinks/${before[0].id}`, {
        cookie,
        body: { drinkName: 'Coke Zero', startingQuantity: 6, price: 45, section: 'Other Drinks' },
      });
      expect(updated.status).toBe(200);
      const after = await (await fetch(server.url('/api/drinks'))).json();
      expect(after[0]).toEqual({
        id: before[0].id,
        drinkName: 'Coke Zero',
        startingQuantity: 6,
        price: 45,
        section: 'Other Drinks',
        sectionOrder: before[0].sectionOrder,
      });
      // A new order in a section shows on the next read too.
      await two.request('PUT', '/api/drinks/order', { cookie, body: { ids: [before[1].id, before[0].id] } });
      const reordered = await (await fetch(server.url('/api/drinks'))).json();
      expect([reordered[1].sectionOrder, reordered[0].sectionOrder]).toEqual([1, 2]);
      await two.request('DELETE', `/api/drinks/${before[0].id}`, { cookie });
      const afterDelete = await (await fetch(server.url('/api/drinks'))).json();
      expect(afterDelete.map((d: { id: number }) => d.id)).not.toContain(before[0].id);
    } finally {
      await server.close();
      await two.db.close();
    }
  });

  it('with PUBLIC_URL and no proxy, its own name gets the drinks and another name 421, every time', async () => {
    const t = await fresh({ config: { publicUrl: 'http://fridge.example:4901' } });
    const server = await listen(t);
    try {
      // Twice each, in both orders: neither answer may stand in for the other.
      for (const host of [
        'fridge.example:4901',
        'rebound.example.net',
        'fridge.example:4901',
        'rebound.example.net',
      ]) {
        const response = await rawGet(server.url('/api/drinks'), { host });
        if (host === 'rebound.example.net') {
          expect(response.status).toBe(421);
          continue;
        }
        expect(response.status, response.body.toString()).toBe(200);
        expect(JSON.parse(response.body.toString())[0]).toHaveProperty('drinkName');
      }
    } finally {
      await server.close();
    }
  });

  it('behind a trusted proxy the app itself answers, so an HTTPS request gets HSTS', async () => {
    const t = await createTestApp((await fresh()).scratch, { trustProxy: true });
    const server = await listen(t, true);
    try {
      const response = await fetch(server.url('/api/drinks'), { headers: { 'x-forwarded-proto': 'https' } });
      expect(response.status).toBe(200);
      expect(response.headers.get('strict-transport-security')).toContain('max-age=31536000');
    } finally {
      await server.close();
    }
  });
});

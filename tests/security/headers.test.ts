import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ServerProcess, startServer } from '../support/server-process';
import { describeEachDatabase } from '../support/test-app';
import { expectNoLeak, setGuest } from './support';

/** What DESIGN.md promises on every response, the app's files and errors included. */
function expectSecurityHeaders(response: Response, label: string) {
  const h = response.headers;
  const csp = h.get('content-security-policy') ?? '';
  for (const directive of [
    "default-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
  ]) {
    expect(csp, `${label}: CSP ${directive}`).toContain(directive);
  }
  // Scripts only from our own origin, and an inline script only by its hash (the guest's page's first taps,
  // decision 180; checkout-page.test.ts holds that the hash is that script's): no 'unsafe-inline', no eval, no
  // wildcard anywhere.
  expect(csp, label).not.toMatch(/unsafe-eval|\*/);
  const scriptSources = /(?:^|;\s*)script-src ([^;]*)/.exec(csp)?.[1] ?? "'self'";
  expect(scriptSources, label).toMatch(/^'self'( 'sha256-[A-Za-z0-9+/]+=*')*$/);
  expect(h.get('x-content-type-options'), label).toBe('nosniff');
  expect(h.get('referrer-policy'), label).toBe('no-referrer');
  expect(h.get('x-powered-by'), label).toBeNull();
  const cors = [...h.keys()].filter((name) => name.startsWith('access-control-'));
  expect(cors, `${label}: CORS headers`).toEqual([]);
  const type = h.get('content-type');
  if (type !== null) expect(type, `${label}: charset`).toMatch(/;\s*charset=utf-8/i);
}

describeEachDatabase('security headers on the API', ({ fresh }) => {
  it('every route, a 404, a 405, a 401, a 422 and a forced 500 carry them; the 500 says nothing of the cause', async () => {
    const t = await fresh();
    const cookie = await t.login();
    await setGuest(t, cookie);
    const [drink] = await (await t.request('GET', '/api/drinks')).json();
    // An Origin header asks for CORS; the answer must still carry none.
    const origin = { origin: 'http://localhost', host: 'localhost' };
    const calls: [string, string, unknown?][] = [
      ['GET', '/api/health'],
      ['GET', '/api/drinks'],
      ['POST', '/api/drinks', { drinkName: 'Chang', startingQuantity: 4, price: 65 }],
      ['PUT', `/api/drinks/${drink.id}`, { drinkName: 'Leo', startingQuantity: 3, price: 60 }],
      ['GET', '/api/guest'],
      ['PUT', '/api/guest', { name: 'Ann', email: 'ann@example.com' }],
      ['POST', '/api/checkouts', { bungalow: 3, items: [{ drinkId: drink.id, missing: 1 }] }],
      ['GET', '/api/checkouts'],
      ['GET', '/api/session'],
      ['DELETE', `/api/drinks/${drink.id}`],
      ['GET', '/api/no-such-endpoint'],
      ['PATCH', '/api/drinks', {}],
      ['OPTIONS', '/api/drinks'],
      ['POST', '/api/drinks', { drinkName: '' }],
      ['DELETE', '/api/session'],
      ['GET', '/api/checkouts'],
    ];
    const statuses: number[] = [];
    for (const [method, urlPath, body] of calls) {
      const response = await t.request(method, urlPath, { cookie, body, headers: origin });
      statuses.push(response.status);
      expectSecurityHeaders(response, `${method} ${urlPath} -> ${response.status}`);
      if (response.status !== 204) expect(response.headers.get('content-type')).toMatch(/^application\/json/);
      expect(response.headers.get('cache-control'), `${method} ${urlPath}`).toBe('no-store');
    }
    expect(statuses).toEqual([
      200, 200, 201, 200, 200, 200, 201, 200, 200, 204, 404, 405, 405, 422, 204, 401,
    ]);

    // A forced 500: the catalogue's table vanishes under the running app.
    await sql`drop table ${sql.table('checkout_lines')}`.execute(t.scratch.owner.kysely);
    await sql`drop table ${sql.table('Drinks')}`.execute(t.scratch.owner.kysely);
    for (const [method, urlPath, body] of [
      ['GET', '/api/drinks'],
      ['POST', '/api/checkouts', { bungalow: 3, items: [{ drinkId: 1, missing: 1 }] }],
    ] as const) {
      const broken = await t.request(method, urlPath, { body, headers: origin });
      expect(broken.status, `${method} ${urlPath}`).toBe(500);
      expectSecurityHeaders(broken, `forced 500 on ${method} ${urlPath}`);
      const text = await broken.text();
      expect(JSON.parse(text)).toEqual({
        error: { code: 'internal_error', message: 'Something went wrong on the server. Please try again.' },
      });
      expectNoLeak(text, 'forced 500');
    }
    // The detail is in the log for whoever runs the server.
    expect(
      t.logLines.some((line) => line.includes('"unexpected error"') && /Drinks|checkout_lines/.test(line)),
    ).toBe(true);
  });
});

describe('security headers on the built app served by the real server', () => {
  let server: ServerProcess;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(async () => {
    await server?.stop('SIGKILL');
  });

  it('HTML routes, every built asset (plain and pre-compressed), the favicon and an unknown page', async () => {
    const assets = fs.readdirSync(path.resolve('dist/web/assets')).filter((f) => !/\.(gz|br)$/.test(f));
    expect(assets.some((f) => f.endsWith('.js'))).toBe(true);
    const paths = [
      '/',
      '/checkout',
      '/admin',
      '/no-such-page',
      '/favicon.svg',
      ...assets.map((f) => `/assets/${f}`),
    ];
    let checked = 0;
    for (const urlPath of paths) {
      for (const encoding of ['identity', 'gzip', 'br']) {
        for (const method of ['GET', 'HEAD']) {
          const response = await fetch(`${server.baseURL}${urlPath}`, {
            method,
            headers: { 'accept-encoding': encoding },
          });
          expect(response.status, urlPath).toBe(200);
          expectSecurityHeaders(response, `${method} ${urlPath} (${encoding})`);
          await response.arrayBuffer();
          checked++;
        }
      }
    }
    const missingAsset = await fetch(`${server.baseURL}/assets/no-such-file.js`);
    expect(missingAsset.status).not.toBe(500);
    expectSecurityHeaders(missingAsset, 'missing asset');
    const apiMissing = await fetch(`${server.baseURL}/api/nope`);
    expect(apiMissing.status).toBe(404);
    expectSecurityHeaders(apiMissing, 'API 404');
    console.log(`[figure] static responses checked for security headers: ${checked + 2}`);
  });
});

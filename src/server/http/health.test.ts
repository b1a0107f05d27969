import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../../tests/support/test-app';
import { limits } from '../../shared/constants';

describeEachDatabase('health and the error contract', ({ fresh }) => {
  it('GET /api/health answers ok after a database round trip', async () => {
    const t = await fresh();
    const response = await t.request('GET', '/api/health');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok' });
  });

  it('an unknown API path answers a JSON 404, a wrong method 405 with Allow', async () => {
    const t = await fresh();
    const missing = await t.request('GET', '/api/nothing-here');
    expect(missing.status).toBe(404);
    expect((await missing.json()).error.code).toBe('not_found');
    const wrongMethod = await t.request('GET', '/api/drinks/1');
    expect(wrongMethod.status).toBe(405);
    expect(wrongMethod.headers.get('allow')).toBe('PUT, DELETE');
  });

  it('malformed JSON answers 400, a non-JSON body 415, and nothing changes', async () => {
    const t = await fresh();
    const cookie = await t.login();
    const malformed = await t.request('POST', '/api/drinks', {
      cookie,
      rawBody: '{"drinkName": "Singha",',
      headers: { 'content-type': 'application/json' },
    });
    expect(malformed.status).toBe(400);
    expect((await malformed.json()).error.code).toBe('bad_request');
    const form = await t.request('POST', '/api/drinks', {
      cookie,
      rawBody: 'drinkName=Singha&startingQuantity=5&price=70',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(form.status).toBe(415);
    expect(await (await t.request('GET', '/api/drinks')).json()).toHaveLength(9);
  });

  it('a body over 16 KiB answers 413', async () => {
    const t = await fresh();
    const cookie = await t.login();
    const response = await t.request('POST', '/api/drinks', {
      cookie,
      body: { drinkName: 'x'.repeat(limits.bodyBytesMax), startingQuantity: 1, price: 1 },
    });
    expect(response.status).toBe(413);
    expect((await response.json()).error.code).toBe('payload_too_large');
  });

  it('a cross-site write is refused with 403 even with a valid session', async () => {
    const t = await fresh();
    const cookie = await t.login();
    const body = { drinkName: 'Singha', startingQuantity: 5, price: 70 };
    const crossSite: Record<string, string>[] = [
      { origin: 'http://evil.example' },
      { 'sec-fetch-site': 'cross-site' },
    ];
    for (const headers of crossSite) {
      const response = await t.request('POST', '/api/drinks', { cookie, body, headers });
      expect(response.status).toBe(403);
    }
    const sameOrigin = await t.request('POST', '/api/drinks', {
      cookie,
      body,
      headers: { origin: 'http://localhost', 'sec-fetch-site': 'same-origin' },
    });
    expect(sameOrigin.status).toBe(201);
  });

  it('every response carries the security headers and no stack trace', async () => {
    const t = await fresh();
    for (const [method, path] of [
      ['GET', '/api/drinks'],
      ['GET', '/api/nope'],
      ['POST', '/api/session'],
    ] as const) {
      const response = await t.request(
        method,
        path,
        method === 'POST' ? { rawBody: '{', headers: { 'content-type': 'application/json' } } : {},
      );
      expect(response.headers.get('content-security-policy')).toContain("default-src 'self'");
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('referrer-policy')).toBe('no-referrer');
      expect(response.headers.get('content-type')).toMatch(/charset=utf-8/i);
      expect(response.headers.get('x-powered-by')).toBeNull();
      expect(response.headers.get('access-control-allow-origin')).toBeNull();
      expect(await response.text()).not.toMatch(/at .*\.(ts|js):\d+/);
    }
  });

  it('an unexpected failure answers a generic 500 and logs the detail', async () => {
    const t = await fresh();
    // The server's own login cannot drop a table (decision 231): the owner's does, as a broken migration would.
    await t.scratch.owner.kysely.schema.dropTable('checkout_lines').execute();
    const cookie = await t.login();
    await t.request('PUT', '/api/guest', { cookie, body: { name: 'Anna', email: 'anna@example.com' } });
    const response = await t.request('POST', '/api/checkouts', {
      body: { bungalow: 1, items: [{ drinkId: 1, missing: 1 }] },
    });
    expect(response.status).toBe(500);
    const body = await response.json();
    expect(body).toEqual({
      error: { code: 'internal_error', message: 'Something went wrong on the server. Please try again.' },
    });
    expect(t.logLines.some((line) => line.includes('checkout_lines'))).toBe(true);
    // The transaction rolled back: no checkout without its lines.
    expect(await t.db.kysely.selectFrom('checkouts').selectAll().execute()).toEqual([]);
  });
});

import { expect, it } from 'vitest';
import { describeEachDatabase } from '../support/test-app';
import { contentDigest, setGuest } from './support';

interface Write {
  method: 'POST' | 'PUT' | 'DELETE';
  path: string;
  body?: Record<string, unknown>;
}

const json = 'application/json';
const multipartBoundary = '----fridgecheckboundary';

/** Ways a page on another site (or a plain form) could try to make a logged-in browser write. */
interface Attempt {
  name: string;
  status: number;
  headers: Record<string, string>;
  body: string;
}

const attempts = (write: Write): Attempt[] => {
  const body = JSON.stringify(write.body ?? {});
  const form = new URLSearchParams(
    Object.entries(write.body ?? {}).map(([k, v]) => [k, String(v)] as [string, string]),
  ).toString();
  const multipart = [
    `--${multipartBoundary}`,
    'Content-Disposition: form-data; name="payload"',
    '',
    body,
    `--${multipartBoundary}--`,
    '',
  ].join('\r\n');
  const list: Attempt[] = [
    {
      name: 'Origin: http://evil.example',
      status: 403,
      headers: { origin: 'http://evil.example', 'content-type': json },
      body,
    },
    { name: 'Origin: null', status: 403, headers: { origin: 'null', 'content-type': json }, body },
    {
      name: 'Origin of another port',
      status: 403,
      headers: { host: 'localhost', origin: 'http://localhost:8080', 'content-type': json },
      body,
    },
    {
      name: 'Sec-Fetch-Site: cross-site',
      status: 403,
      headers: { 'sec-fetch-site': 'cross-site', 'content-type': json },
      body,
    },
    {
      name: 'Sec-Fetch-Site: same-site',
      status: 403,
      headers: { 'sec-fetch-site': 'same-site', 'content-type': json },
      body,
    },
    { name: 'text/plain body', status: 415, headers: { 'content-type': 'text/plain' }, body },
    {
      name: 'form body',
      status: 415,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: form,
    },
    {
      name: 'multipart body',
      status: 415,
      headers: { 'content-type': `multipart/form-data; boundary=${multipartBoundary}` },
      body: multipart,
    },
    { name: 'no Content-Type', status: 415, headers: {}, body },
  ];
  return list.map((attempt) => ({
    ...attempt,
    // In-process requests carry no Content-Length of their own; a browser's would.
    headers: { ...attempt.headers, 'content-length': String(Buffer.byteLength(attempt.body)) },
  }));
};

describeEachDatabase('cross-site writes', ({ fresh }) => {
  it('every write with a valid cookie but a cross-site origin or a non-JSON body is refused; 0 rows change', async () => {
    const t = await fresh();
    const cookie = await t.login();
    await setGuest(t, cookie);
    const [drink] = await (await t.request('GET', '/api/drinks')).json();
    const writes: Write[] = [
      { method: 'POST', path: '/api/drinks', body: { drinkName: 'Chang', startingQuantity: 4, price: 65 } },
      {
        method: 'PUT',
        path: `/api/drinks/${drink.id}`,
        body: { drinkName: 'Leo', startingQuantity: 3, price: 60 },
      },
      { method: 'DELETE', path: `/api/drinks/${drink.id}` },
      { method: 'PUT', path: '/api/guest', body: { name: 'Mallory', email: 'mallory@example.com' } },
      {
        method: 'POST',
        path: '/api/checkouts',
        body: { bungalow: 7, items: [{ drinkId: drink.id, missing: 1 }] },
      },
      { method: 'POST', path: '/api/checkouts/1/void', body: { reason: 'Mallory was here' } },
      { method: 'POST', path: '/api/checkouts/1/payment', body: { method: 'cash' } },
      { method: 'POST', path: '/api/restock/3', body: {} },
      { method: 'POST', path: '/api/session', body: { password: 'test-admin-password' } },
      { method: 'DELETE', path: '/api/session' },
    ];
    const before = await contentDigest(t.db);
    const sessionsBefore = await t.db.kysely.selectFrom('admin_sessions').select('token_hash').execute();
    let refused = 0;
    for (const write of writes) {
      for (const attempt of attempts(write)) {
        const response = await t.app.request(write.path, {
          method: write.method,
          headers: { ...attempt.headers, cookie },
          body: attempt.body,
        });
        const label = `${write.method} ${write.path} with ${attempt.name}`;
        expect(response.status, label).toBe(attempt.status);
        expect(response.headers.get('set-cookie'), label).toBeNull();
        expect(response.headers.get('access-control-allow-origin'), label).toBeNull();
        refused++;
      }
      // The same write as GET with its fields in the query: no such write exists.
      const query = new URLSearchParams(
        Object.entries(write.body ?? {}).map(([k, v]) => [k, String(v)] as [string, string]),
      );
      const asGet = await t.request('GET', `${write.path}?${query}`, { cookie });
      // 422: the history's GET refuses query parameters it does not know (items=...), writing nothing.
      expect([200, 405, 422], `GET ${write.path}`).toContain(asGet.status);
      if (asGet.status === 405) expect(asGet.headers.get('allow')).not.toContain('GET');
    }
    console.log(`[figure] cross-site writes refused: ${refused} of ${refused}`);
    expect(await contentDigest(t.db)).toBe(before);
    // Nobody was logged in or out either.
    expect(await t.db.kysely.selectFrom('admin_sessions').select('token_hash').execute()).toEqual(
      sessionsBefore,
    );
    expect(await (await t.request('GET', '/api/session', { cookie })).json()).toMatchObject({
      authenticated: true,
    });

    // The same writes from our own page do go through, so the digest would have seen a change.
    const own = await t.request('POST', '/api/drinks', {
      cookie,
      body: writes[0]?.body,
      headers: { host: 'localhost', origin: 'http://localhost', 'sec-fetch-site': 'same-origin' },
    });
    expect(own.status).toBe(201);
    expect(await contentDigest(t.db)).not.toBe(before);
  });
});

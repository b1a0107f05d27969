import { randomBytes } from 'node:crypto';
import { expect, it } from 'vitest';
import { hashToken, sessionLimits } from '../../src/server/auth/sessions';
import { describeEachDatabase, type TestApp } from '../support/test-app';
import { contentDigest, setGuest } from './support';

type Kind = 'none' | 'expired' | 'forged' | 'tampered' | 'valid';
const kinds: Kind[] = ['none', 'expired', 'forged', 'tampered', 'valid'];

/** A Cookie header for each kind of caller. */
async function cookieFor(t: TestApp, kind: Kind): Promise<string | undefined> {
  if (kind === 'none') return undefined;
  if (kind === 'forged') return `fc_session=${randomBytes(32).toString('base64url')}`;
  if (kind === 'expired') {
    // A session that was real once: created and last seen just past the absolute lifetime.
    const token = randomBytes(32).toString('base64url');
    const then = t.clock.now - sessionLimits.absoluteMs - 1;
    await t.db.kysely
      .insertInto('admin_sessions')
      .values({ token_hash: hashToken(token), created_ms: then, last_seen_ms: then })
      .execute();
    return `fc_session=${token}`;
  }
  const valid = await t.login();
  if (kind === 'valid') return valid;
  // Tampered: the live token with its last character changed.
  const last = valid.at(-1) === 'A' ? 'B' : 'A';
  return `${valid.slice(0, -1)}${last}`;
}

/** Every admin-only call, with a body that would succeed for an admin. */
const adminCalls = (drinkId: number, checkoutId: number) => [
  { method: 'GET', path: '/api/checkouts' },
  { method: 'GET', path: `/api/checkouts/${checkoutId}` },
  { method: 'GET', path: '/api/checkouts/export.csv?from=2020-01-01&to=2099-12-31' },
  { method: 'GET', path: '/api/restock' },
  { method: 'GET', path: '/api/consumption' },
  { method: 'GET', path: '/api/checkouts/unpaid' },
  { method: 'POST', path: `/api/checkouts/${checkoutId}/payment`, body: { method: 'cash' } },
  { method: 'POST', path: `/api/checkouts/${checkoutId}/void`, body: { reason: 'Entered twice' } },
  { method: 'POST', path: '/api/restock/12', body: {} },
  { method: 'POST', path: '/api/drinks', body: { drinkName: 'Chang', startingQuantity: 4, price: 65 } },
  {
    method: 'PUT',
    path: `/api/drinks/${drinkId}`,
    body: { drinkName: 'Leo', startingQuantity: 3, price: 60 },
  },
  { method: 'PUT', path: '/api/guest', body: { name: 'Mallory', email: 'mallory@example.com' } },
  { method: 'DELETE', path: `/api/drinks/${drinkId}` },
];

function keysDeep(value: unknown, into = new Set<string>()): Set<string> {
  if (Array.isArray(value)) for (const item of value) keysDeep(item, into);
  else if (value && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) {
      into.add(key);
      keysDeep(inner, into);
    }
  }
  return into;
}

describeEachDatabase('authorization matrix', ({ fresh }) => {
  it('admin calls succeed only with a valid session; the rest change nothing', async () => {
    const t = await fresh();
    await setGuest(t, await t.login());
    const [drink] = await (await t.request('GET', '/api/drinks')).json();
    const checkout = await t.request('POST', '/api/checkouts', {
      body: { bungalow: 12, items: [{ drinkId: drink.id, missing: 2 }] },
    });
    const { id: checkoutId } = await checkout.json();
    const calls = adminCalls(drink.id, checkoutId);
    const before = await contentDigest(t.db);

    const refused: string[] = [];
    for (const kind of kinds.filter((k) => k !== 'valid')) {
      // A login costs a full scrypt: one cookie per kind serves all its calls.
      const cookie = await cookieFor(t, kind);
      for (const call of calls) {
        const response = await t.request(call.method, call.path, { cookie, body: call.body });
        const label = `${kind} ${call.method} ${call.path}`;
        expect(response.status, label).toBe(401);
        expect((await response.json()).error.code, label).toBe('unauthorized');
        refused.push(label);
      }
    }
    expect(refused).toHaveLength(4 * calls.length);
    expect(await contentDigest(t.db), 'the database changed under refused calls').toBe(before);

    // The same calls with a valid session do succeed, so the digest above would have noticed a write.
    const expected = [200, 200, 200, 200, 200, 200, 200, 200, 201, 201, 200, 200, 204];
    const cookie = await cookieFor(t, 'valid');
    for (const [index, call] of calls.entries()) {
      const response = await t.request(call.method, call.path, { cookie, body: call.body });
      expect(response.status, `valid ${call.method} ${call.path}`).toBe(expected[index]);
    }
    expect(await contentDigest(t.db)).not.toBe(before);
  });

  it('no public response carries an email key; an admin session sees it', async () => {
    const t = await fresh();
    const admin = await t.login();
    await setGuest(t, admin, { name: 'Ann Guest', email: 'ann@example.com' });
    const [drink] = await (await t.request('GET', '/api/drinks')).json();

    for (const kind of kinds.filter((k) => k !== 'valid')) {
      const cookie = await cookieFor(t, kind);
      const responses = [
        await t.request('GET', '/api/health', { cookie }),
        await t.request('GET', '/api/drinks', { cookie }),
        await t.request('GET', '/api/guest', { cookie }),
        await t.request('GET', '/api/session', { cookie }),
        await t.request('POST', '/api/checkouts', {
          cookie,
          body: { bungalow: 12, items: [{ drinkId: drink.id, missing: 1 }] },
        }),
      ];
      for (const response of responses) {
        expect(response.status, `${kind} ${response.url}`).toBeLessThan(300);
        const text = await response.text();
        expect(text, kind).not.toContain('ann@example.com');
        expect(keysDeep(JSON.parse(text)).has('email'), kind).toBe(false);
      }
      const session = await (await t.request('GET', '/api/session', { cookie })).json();
      expect(session).toMatchObject({ authenticated: false });
    }

    const asAdmin = await (await t.request('GET', '/api/guest', { cookie: admin })).json();
    expect(asAdmin).toMatchObject({ name: 'Ann Guest', email: 'ann@example.com' });
  });
});

import { expect, it } from 'vitest';
import { checkoutAt, loginAt, setGuest } from '../../../tests/support/checkout-factory';
import { describeEachDatabase, type TestApp } from '../../../tests/support/test-app';
import type { HistoryCheckout } from '../../shared/staff-types';

const NOW = '2026-03-10T12:00:00.000Z';

/** Five checkouts over three days in bungalows 3 and 7; returns them oldest first. */
async function fiveCheckouts(t: TestApp) {
  t.clock.now = Date.parse('2026-03-01T00:00:00.000Z');
  await setGuest(t, await t.login());
  const a = await checkoutAt(t, '2026-03-01T08:00:00.000+07:00', 3, { Coke: 2 });
  const b = await checkoutAt(t, '2026-03-01T09:00:00.000+07:00', 7, { Chang: 1, Wine: 1 });
  const c = await checkoutAt(t, '2026-03-02T23:59:59.999+07:00', 3, { Fanta: 1 });
  const d = await checkoutAt(t, '2026-03-03T00:00:00.000+07:00', 7, { LEO: 3 });
  const e = await checkoutAt(t, '2026-03-03T10:00:00.000+07:00', 3, { Spy: 1, Coke: 1 });
  return [a, b, c, d, e] as const;
}

async function history(t: TestApp, cookie: string, query = '') {
  const response = await t.request('GET', `/api/checkouts${query}`, { cookie });
  expect(response.status, await response.clone().text()).toBe(200);
  return { body: (await response.json()) as HistoryCheckout[], link: response.headers.get('link') };
}

const ids = (list: readonly { id: number }[]) => list.map((c) => c.id);

describeEachDatabase('checkout history API', ({ fresh }) => {
  it('GET /api/checkouts lists checkouts newest first with their lines, not voided', async () => {
    const t = await fresh();
    const made = await fiveCheckouts(t);
    const { body, link } = await history(t, await loginAt(t, NOW));
    expect(ids(body)).toEqual(ids(made).reverse());
    expect(link).toBeNull();
    const wine = body.find((c) => c.bungalow === 7 && c.total === 80 + 450);
    expect(wine).toMatchObject({
      guestName: 'Ann Guest',
      createdAt: '2026-03-01T02:00:00.000Z',
      voidedAt: null,
      voidReason: null,
      lines: [
        { drinkName: 'Chang', quantity: 1, unitPrice: 80, lineTotal: 80 },
        { drinkName: 'Wine', quantity: 1, unitPrice: 450, lineTotal: 450 },
      ],
    });
  });

  it('GET /api/checkouts pages with pageSize and a Link to the next page', async () => {
    const t = await fresh();
    const made = ids(await fiveCheckouts(t)).reverse();
    const cookie = await loginAt(t, NOW);
    const first = await history(t, cookie, '?pageSize=2');
    expect(ids(first.body)).toEqual(made.slice(0, 2));
    expect(first.link).toBe('</api/checkouts?pageSize=2&page=2>; rel="next"');
    const second = await history(t, cookie, '?pageSize=2&page=2');
    expect(ids(second.body)).toEqual(made.slice(2, 4));
    const third = await history(t, cookie, '?page=3&pageSize=2');
    expect(ids(third.body)).toEqual(made.slice(4));
    expect(third.link).toBeNull();
    expect((await history(t, cookie, '?page=4&pageSize=2')).body).toEqual([]);
  });

  it("GET /api/checkouts filters by bungalow and by an inclusive range of the resort's days (Asia/Bangkok by default)", async () => {
    const t = await fresh();
    const [a, b, c, d, e] = await fiveCheckouts(t);
    const cookie = await loginAt(t, NOW);
    expect(ids((await history(t, cookie, '?bungalow=3')).body)).toEqual(ids([e, c, a]));
    expect(ids((await history(t, cookie, '?from=2026-03-02&to=2026-03-02')).body)).toEqual([c.id]);
    expect(ids((await history(t, cookie, '?from=2026-03-02')).body)).toEqual(ids([e, d, c]));
    expect(ids((await history(t, cookie, '?to=2026-03-01')).body)).toEqual(ids([b, a]));
    expect(ids((await history(t, cookie, '?bungalow=7&from=2026-03-03&to=2026-03-03')).body)).toEqual([d.id]);
    expect((await history(t, cookie, '?bungalow=9')).body).toEqual([]);
  });

  it('GET /api/checkouts rejects bad filters with 422 and field issues', async () => {
    const t = await fresh();
    const cookie = await loginAt(t, NOW);
    for (const query of [
      '?page=0',
      '?page=abc',
      '?pageSize=101',
      '?pageSize=0',
      '?bungalow=0',
      '?bungalow=10000',
      '?from=2026-02-30',
      '?from=yesterday',
      '?from=2026-03-05&to=2026-03-01',
      '?sort=asc',
    ]) {
      const response = await t.request('GET', `/api/checkouts${query}`, { cookie });
      expect(response.status, query).toBe(422);
      const { error } = await response.json();
      expect(error.code).toBe('validation_failed');
      expect(error.issues.length, query).toBeGreaterThan(0);
    }
  });

  it('the staff endpoints need an admin session', async () => {
    const t = await fresh();
    for (const [method, path, body] of [
      ['GET', '/api/checkouts'],
      ['GET', '/api/checkouts/1'],
      ['POST', '/api/checkouts/1/void', { reason: 'test' }],
      ['GET', '/api/checkouts/export.csv?from=2026-03-01&to=2026-03-02'],
      ['GET', '/api/restock'],
      ['POST', '/api/restock/1', {}],
      ['GET', '/api/consumption?days=7'],
    ] as const) {
      const response = await t.request(method, path, { body });
      expect(response.status, `${method} ${path}`).toBe(401);
      expect((await response.json()).error.code).toBe('unauthorized');
    }
  });

  it('GET /api/checkouts/:id returns one checkout, 404 when there is none', async () => {
    const t = await fresh();
    const [first] = await fiveCheckouts(t);
    const cookie = await loginAt(t, NOW);
    const response = await t.request('GET', `/api/checkouts/${first.id}`, { cookie });
    expect(response.status).toBe(200);
    // The history adds what staff see (voids, the stay, the check and its revisions, the payment) to what POST returned.
    expect(await response.json()).toEqual({
      ...first,
      voidedAt: null,
      voidReason: null,
      stayId: null,
      revisions: [],
      payment: null,
      paymentTracked: true,
      paymentEvents: [],
      // fiveCheckouts records them as a guest would (no session).
      recordedBy: { id: null, name: 'guest', role: 'guest', device: null },
      // An anonymous check with no sticker key (abuse resistance).
      unverified: true,
      voidedBy: null,
      voidApprovedBy: null,
    });
    expect((await t.request('GET', '/api/checkouts/999999', { cookie })).status).toBe(404);
    expect((await t.request('GET', '/api/checkouts/abc', { cookie })).status).toBe(404);
  });

  it('POST /api/checkouts/:id/void marks it voided with reason and time; it stays listed', async () => {
    const t = await fresh();
    const [, second] = await fiveCheckouts(t);
    const cookie = await loginAt(t, NOW);
    const response = await t.request('POST', `/api/checkouts/${second.id}/void`, {
      cookie,
      body: { reason: '  Guest returned the wine unopened  ' },
    });
    expect(response.status, await response.clone().text()).toBe(200);
    expect(await response.json()).toMatchObject({
      id: second.id,
      total: second.total,
      voidedAt: NOW,
      voidReason: 'Guest returned the wine unopened',
    });
    const { body } = await history(t, cookie);
    expect(body).toHaveLength(5);
    expect(body.find((c) => c.id === second.id)).toMatchObject({ voidedAt: NOW, lines: second.lines });
    expect(body.filter((c) => c.voidedAt !== null)).toHaveLength(1);
  });

  it('POST /api/checkouts/:id/void requires a reason (422) and voids once (409)', async () => {
    const t = await fresh();
    const [first] = await fiveCheckouts(t);
    const cookie = await loginAt(t, NOW);
    const path = `/api/checkouts/${first.id}/void`;
    for (const body of [{}, { reason: '' }, { reason: '   ' }, { reason: 'x'.repeat(201) }, { reason: 5 }]) {
      const response = await t.request('POST', path, { cookie, body });
      expect(response.status, JSON.stringify(body)).toBe(422);
      expect((await response.json()).error.issues[0].path).toBe('reason');
    }
    expect((await history(t, cookie)).body.every((c) => c.voidedAt === null)).toBe(true);
    // Every write carries JSON, a void too.
    expect((await t.request('POST', path, { cookie })).status).toBe(415);
    expect((await t.request('POST', path, { cookie, body: { reason: 'Wrong bungalow' } })).status).toBe(200);
    const again = await t.request('POST', path, { cookie, body: { reason: 'Twice' } });
    expect(again.status).toBe(409);
    expect((await again.json()).error.message).toContain('already voided');
    const stored = await (await t.request('GET', `/api/checkouts/${first.id}`, { cookie })).json();
    expect(stored.voidReason).toBe('Wrong bungalow');
    expect(
      (await t.request('POST', '/api/checkouts/999999/void', { cookie, body: { reason: 'x' } })).status,
    ).toBe(404);
  });

  it('a checkout cannot be deleted: DELETE answers 405 and the checkout stays', async () => {
    const t = await fresh();
    const [first] = await fiveCheckouts(t);
    const cookie = await loginAt(t, NOW);
    for (const path of [`/api/checkouts/${first.id}`, '/api/checkouts', `/api/checkouts/${first.id}/void`]) {
      const response = await t.request('DELETE', path, { cookie });
      expect(response.status, path).toBe(405);
      expect(response.headers.get('allow')).not.toContain('DELETE');
    }
    expect((await history(t, cookie)).body).toHaveLength(5);
  });
});

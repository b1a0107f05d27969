import { beforeAll, expect, it } from 'vitest';
import { drinksByName, setGuest } from '../../../tests/support/checkout-factory';
import { dataOf, SseReader } from '../../../tests/support/sse';
import { describeEachDatabase, type TestApp } from '../../../tests/support/test-app';
import type { CheckRequest, LiveEvent } from '../../shared/live-types';
import { stickerKeyOf } from '../auth/sticker-keys';

async function ask(t: TestApp, cookie: string | undefined, body: unknown) {
  return t.request('POST', '/api/check-requests', { ...(cookie ? { cookie } : {}), body });
}

async function openRequests(t: TestApp, cookie: string): Promise<CheckRequest[]> {
  const response = await t.request('GET', '/api/check-requests', { cookie });
  expect(response.status).toBe(200);
  return response.json();
}

async function auditOf(t: TestApp, requestId: number) {
  const rows = await t.db.kysely
    .selectFrom('audit_events')
    .select(['action', 'details', 'actor_name'])
    .where('subject_type', '=', 'check-request')
    .where('subject_id', '=', String(requestId))
    .orderBy('seq')
    .execute();
  return rows.map((row) => ({ action: row.action, by: row.actor_name, details: JSON.parse(row.details) }));
}

describeEachDatabase('check requests API', ({ fresh }) => {
  let t: TestApp;
  let cookie: string;
  beforeAll(async () => {
    t = await fresh();
    cookie = await t.login();
    await setGuest(t, cookie);
  });

  it('check requests need a session: 401 for asking, listing and answering without one', async () => {
    expect((await ask(t, undefined, { bungalow: 3 })).status).toBe(401);
    expect((await t.request('GET', '/api/check-requests')).status).toBe(401);
    const answer = await t.request('POST', '/api/check-requests/1/nothing-missing', { body: {} });
    expect(answer.status).toBe(401);
    expect(await openRequests(t, cookie)).toEqual([]);
  });

  it('POST /api/check-requests rejects a bad bungalow or an unknown field with 422 and opens nothing', async () => {
    for (const body of [
      { bungalow: 0 },
      { bungalow: 'x' },
      { bungalow: 1.5 },
      {},
      { bungalow: 3, note: 'hi' },
    ]) {
      const response = await ask(t, cookie, body);
      expect(response.status, JSON.stringify(body)).toBe(422);
      expect((await response.json()).error.code).toBe('validation_failed');
    }
    expect(await openRequests(t, cookie)).toEqual([]);
  });

  it('POST /api/check-requests opens one request a bungalow; a checkout there answers it, with request.done in the audit', async () => {
    const created = await ask(t, cookie, { bungalow: 12 });
    expect(created.status).toBe(201);
    const request: CheckRequest = await created.json();
    expect(Object.keys(request).sort()).toEqual(['bungalow', 'id', 'requestedAt', 'requestedBy']);
    expect(request).toMatchObject({ bungalow: 12, requestedBy: 'Owner' });

    // Asking again while it is open answers with the same request and writes nothing.
    const again = await ask(t, cookie, { bungalow: 12 });
    expect(again.status).toBe(200);
    expect((await again.json()).id).toBe(request.id);
    expect(await openRequests(t, cookie)).toEqual([request]);

    const drinks = await drinksByName(t);
    // The guest's page opened through the bungalow's sticker: an unknown sender's check answers no request.
    const checkout = await t.request('POST', '/api/checkouts', {
      body: {
        bungalow: 12,
        items: [{ drinkId: drinks.Chang?.id, missing: 2 }],
        k: await stickerKeyOf(t.db, 12),
      },
    });
    expect(checkout.status).toBe(201);
    const recorded = await checkout.json();

    expect(await openRequests(t, cookie)).toEqual([]);
    expect(await auditOf(t, request.id)).toEqual([
      { action: 'request.opened', by: 'Owner', details: { bungalow: 12 } },
      // The guest's checkout answered it: the guest is who did it.
      {
        action: 'request.done',
        by: 'guest',
        details: { bungalow: 12, outcome: 'checkout', checkoutId: recorded.id, total: recorded.total },
      },
    ]);
    const late = await t.request('POST', `/api/check-requests/${request.id}/nothing-missing`, {
      cookie,
      body: {},
    });
    expect(late.status).toBe(409);
    expect((await late.json()).error.message).toContain(`checkout #${recorded.id}`);
  });

  it('POST /api/check-requests/:id/nothing-missing answers it; the desk sees opened and done on the stream', async () => {
    const response = await t.request('GET', '/api/events', { cookie });
    const stream = new SseReader(response.body as ReadableStream<Uint8Array>);
    expect((await stream.next()).event).toBe('ready');

    const request: CheckRequest = await (await ask(t, cookie, { bungalow: 7 })).json();
    expect(dataOf<LiveEvent>(await stream.next(1_000))).toMatchObject({
      action: 'request.opened',
      requestId: request.id,
      bungalow: 7,
    });

    const answered = await t.request('POST', `/api/check-requests/${request.id}/nothing-missing`, {
      cookie,
      body: {},
    });
    expect(answered.status).toBe(200);
    expect(await answered.json()).toMatchObject({
      id: request.id,
      outcome: 'nothing-missing',
      doneBy: 'Owner',
    });
    expect(dataOf<LiveEvent>(await stream.next(1_000))).toMatchObject({
      action: 'request.done',
      requestId: request.id,
      bungalow: 7,
      outcome: 'nothing-missing',
    });
    expect(await openRequests(t, cookie)).toEqual([]);
    expect((await auditOf(t, request.id)).map((event) => event.action)).toEqual([
      'request.opened',
      'request.done',
    ]);

    const twice = await t.request('POST', `/api/check-requests/${request.id}/nothing-missing`, {
      cookie,
      body: {},
    });
    expect(twice.status).toBe(409);
    const missing = await t.request('POST', '/api/check-requests/999999/nothing-missing', {
      cookie,
      body: {},
    });
    expect(missing.status).toBe(404);
    // A new request for the bungalow may be opened once the last one is done.
    expect((await ask(t, cookie, { bungalow: 7 })).status).toBe(201);
    await stream.close();
  });
});

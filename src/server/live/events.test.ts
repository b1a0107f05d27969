import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drinksByName, setGuest } from '../../../tests/support/checkout-factory';
import { dataOf, SseReader } from '../../../tests/support/sse';
import { addStaff, pins, registerDevice, signInWithPin } from '../../../tests/support/team';
import {
  createScratchDatabase,
  createTestApp,
  describeEachDatabase,
  type ScratchDatabase,
  type TestApp,
  testDialects,
} from '../../../tests/support/test-app';
import type { Checkout } from '../../shared/api-types';
import { backgroundReadHeader, type LiveEvent } from '../../shared/live-types';
import { sessionRecheckMs } from './events.routes';

async function checkout(t: TestApp, bungalow: number, cart: Record<string, number>): Promise<Checkout> {
  const drinks = await drinksByName(t);
  const items = Object.entries(cart).map(([name, missing]) => ({ drinkId: drinks[name]?.id ?? 0, missing }));
  const response = await t.request('POST', '/api/checkouts', { body: { bungalow, items } });
  expect(response.status, await response.clone().text()).toBe(201);
  return response.json();
}

async function openStream(t: TestApp, cookie: string, headers: Record<string, string> = {}) {
  const response = await t.request('GET', '/api/events', { cookie, headers });
  expect(response.status, response.status === 200 ? '' : await response.clone().text()).toBe(200);
  if (!response.body) throw new Error('The event stream has no body');
  const stream = new SseReader(response.body);
  const ready = await stream.next();
  expect(ready.event).toBe('ready');
  return { response, stream, ready };
}

const waitFor = async (condition: () => boolean, what: string, timeoutMs = 3_000) => {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};

describeEachDatabase('GET /api/events', ({ fresh }) => {
  let t: TestApp;
  let cookie: string;
  beforeAll(async () => {
    t = await fresh();
    cookie = await t.login();
    await setGuest(t, cookie, 'Mia Secret-Guest');
  });

  it('GET /api/events is 401 without a session', async () => {
    const response = await t.request('GET', '/api/events');
    expect(response.status).toBe(401);
    expect((await response.json()).error.code).toBe('unauthorized');
  });

  it('GET /api/events streams a checkout within a second, its id the audit seq, with figures and no guest name', async () => {
    const { response, stream, ready } = await openStream(t, cookie, { 'accept-encoding': 'gzip, br' });
    expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    // Never compressed or buffered on the way: each event must leave at once.
    expect(response.headers.get('content-encoding')).toBeNull();
    expect(response.headers.get('x-accel-buffering')).toBe('no');
    expect(response.headers.get('cache-control')).toContain('no-transform');

    const started = Date.now();
    const recorded = await checkout(t, 12, { Coke: 2, Chang: 1 });
    const message = await stream.next(1_000);
    expect(Date.now() - started).toBeLessThan(1_000);
    const event = dataOf<LiveEvent>(message);
    expect(event).toMatchObject({
      action: 'checkout.recorded',
      bungalow: 12,
      checkoutId: recorded.id,
      total: recorded.total,
    });
    const audit = await t.db.kysely
      .selectFrom('audit_events')
      .select('seq')
      .where('action', '=', 'checkout.recorded')
      .where('subject_id', '=', String(recorded.id))
      .executeTakeFirstOrThrow();
    expect(message.id).toBe(String(audit.seq));
    expect(Number(message.id)).toBeGreaterThan(Number(ready.id));
    expect(message.data).not.toContain('Secret-Guest');
    expect(message.data).not.toContain('lines');

    // A payment carries the method; a drink's price change is not a desk event and does not come.
    const drinks = await drinksByName(t);
    await t.request('PUT', `/api/drinks/${drinks.Fanta?.id}`, {
      cookie,
      body: { drinkName: 'Fanta', startingQuantity: 5, price: 45 },
    });
    const paid = await t.request('POST', `/api/checkouts/${recorded.id}/payment`, {
      cookie,
      body: { method: 'cash' },
    });
    expect(paid.status).toBe(200);
    const payment = dataOf<LiveEvent>(await stream.next(1_000));
    expect(payment).toMatchObject({ action: 'payment.recorded', checkoutId: recorded.id, method: 'cash' });
    expect(stream.untaken()).toEqual([]);
    await stream.close();
  });

  it('GET /api/events with Last-Event-ID replays exactly what was missed, then goes on live', async () => {
    const first = await openStream(t, cookie);
    const a = await checkout(t, 3, { Coke: 1 });
    const seen = await first.stream.next();
    expect(dataOf<LiveEvent>(seen).checkoutId).toBe(a.id);
    await first.stream.close();

    // While the desk is away: two checkouts and a stay.
    const b = await checkout(t, 4, { Wine: 1 });
    const c = await checkout(t, 5, { LEO: 2 });
    const stay = await t.request('PUT', '/api/bungalows/6/stay', {
      cookie,
      body: { guestName: 'Noa Hidden' },
    });
    expect(stay.status).toBeLessThan(300);

    const again = await openStream(t, cookie, { 'last-event-id': String(seen.id) });
    // `ready` says where the stream starts: right after the last event the desk had.
    expect(again.ready.id).toBe(seen.id);
    const replayed = await again.stream.take(3);
    const missed = replayed.map((m) => dataOf<LiveEvent>(m));
    expect(missed.map((event) => [event.action, event.checkoutId ?? event.bungalow])).toEqual([
      ['checkout.recorded', b.id],
      ['checkout.recorded', c.id],
      ['stay.opened', 6],
    ]);
    expect(replayed.map((m) => m.id)).toEqual(missed.map((event) => String(event.seq)));
    expect(JSON.stringify(replayed)).not.toContain('Noa Hidden');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(again.stream.untaken()).toEqual([]);

    const d = await checkout(t, 7, { Spy: 1 });
    expect(dataOf<LiveEvent>(await again.stream.next(1_000)).checkoutId).toBe(d.id);
    await again.stream.close();
  });

  it('GET /api/events answers a Last-Event-ID it never sent with reset, and a malformed one with 422', async () => {
    const ahead = await t.request('GET', '/api/events', { cookie, headers: { 'last-event-id': '99999999' } });
    const stream = new SseReader(ahead.body as ReadableStream<Uint8Array>);
    const [reset, ready] = await stream.take(2);
    expect(reset?.event).toBe('reset');
    expect(ready?.event).toBe('ready');
    expect(Number(ready?.id)).toBeLessThan(99999999);
    expect(ready?.id).toBe(reset?.id);
    await stream.close();

    const bad = await t.request('GET', '/api/events', { cookie, headers: { 'last-event-id': 'abc' } });
    expect(bad.status).toBe(422);
  });

  it('GET /api/events lets go of a stream when the client goes (body cancelled or request aborted)', async () => {
    const before = t.live.stats().streams;
    const cancelled = await openStream(t, cookie);
    expect(t.live.stats().streams).toBe(before + 1);
    await cancelled.stream.close();
    await waitFor(() => t.live.stats().streams === before, 'the cancelled stream is let go');

    const controller = new AbortController();
    const response = await t.request('GET', '/api/events', { cookie, signal: controller.signal });
    const aborted = new SseReader(response.body as ReadableStream<Uint8Array>);
    await aborted.next();
    expect(t.live.stats().streams).toBe(before + 1);
    controller.abort();
    await waitFor(() => t.live.stats().streams === before, 'the aborted stream is let go');
  });

  it('GET /api/events ends a stream whose session was locked meanwhile, and sends it nothing more', async () => {
    const own = await t.login();
    const { stream } = await openStream(t, own);
    expect((await t.request('DELETE', '/api/session', { cookie: own })).status).toBe(204);
    t.clock.advance(sessionRecheckMs);
    await checkout(t, 8, { Coke: 1 });
    await waitFor(() => stream.ended, 'the stream of the locked session ends');
    expect(stream.untaken()).toEqual([]);
  });

  it("GET /api/events: a person's stream ends once the desk is left idle past the lock; neither the stream nor the page's own reloads keep it open", async () => {
    const owner = await t.login();
    const device = await registerDevice(t, owner, 'Live desk tablet');
    const noi = await addStaff(t, owner, { name: 'Noi Live', role: 'desk', pin: pins[0] });
    const desk = await signInWithPin(t, device, noi.id, pins[0]);
    const { stream } = await openStream(t, desk);

    // Four minutes on (the lock is five): the page reloads itself for an event, marked as its own read.
    t.clock.advance(4 * 60_000);
    const reload = await t.request('GET', '/api/checkouts', {
      cookie: desk,
      headers: { [backgroundReadHeader]: '1' },
    });
    expect(reload.status).toBe(200);
    const seen = await checkout(t, 9, { Coke: 1 });
    expect(dataOf<LiveEvent>(await stream.next(1_000)).checkoutId).toBe(seen.id);

    // Five minutes since Noi last touched the tablet: the session is over, and so is the stream.
    t.clock.advance(60_000);
    await checkout(t, 10, { Coke: 1 });
    await waitFor(() => stream.ended, "the idle person's stream ends");
    expect(stream.untaken()).toEqual([]);
    const session = await (await t.request('GET', '/api/session', { cookie: desk })).json();
    expect(session).toMatchObject({ authenticated: false, user: null });
  });

  it("a page's own reload does not refresh the session's idle timer; a person's read does", async () => {
    const reloaded = await t.login();
    const used = await t.login();
    t.clock.advance(20 * 60_000);
    const background = { [backgroundReadHeader]: '1' };
    expect((await t.request('GET', '/api/checkouts', { cookie: reloaded, headers: background })).status).toBe(
      200,
    );
    expect((await t.request('GET', '/api/checkouts', { cookie: used })).status).toBe(200);
    // Past the owner's 30 idle minutes for the first, 11 minutes since its last use for the second.
    t.clock.advance(11 * 60_000);
    expect((await t.request('GET', '/api/checkouts', { cookie: reloaded })).status).toBe(401);
    expect((await t.request('GET', '/api/checkouts', { cookie: used })).status).toBe(200);
  });
});

// Two app servers on one PostgreSQL: a checkout on one reaches a desk on the other (LISTEN/NOTIFY). SQLite
// is one process by design, so this runs where TEST_DATABASE_URL is set.
for (const dialect of testDialects.filter((name) => name === 'postgres')) {
  describe(`GET /api/events across app servers [${dialect}]`, () => {
    let scratch: ScratchDatabase;
    let a: TestApp;
    let b: TestApp;
    beforeAll(async () => {
      scratch = await createScratchDatabase(dialect);
      a = await createTestApp(scratch);
      b = await createTestApp(scratch, { db: scratch.openAnother() });
    });
    afterAll(async () => {
      await Promise.all([a.live.close(), b.live.close()]);
      await b.db.close();
      await scratch.drop();
    });

    it('GET /api/events on one server carries a checkout recorded on another within a second', async () => {
      const cookie = await a.login();
      await setGuest(a, cookie);
      const { stream } = await openStream(b, cookie);
      expect(b.live.stats().listenerPid).not.toBeNull();
      const started = Date.now();
      const recorded = await checkout(a, 21, { Carabao: 1 });
      const event = dataOf<LiveEvent>(await stream.next(1_000));
      expect(Date.now() - started).toBeLessThan(1_000);
      expect(event).toMatchObject({ action: 'checkout.recorded', checkoutId: recorded.id, bungalow: 21 });
      await stream.close();
    });
  });
}

import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { type PmsUnderTest, standIns } from '../../../tests/pms/stand-ins';
import { drinksByName, setGuest } from '../../../tests/support/checkout-factory';
import { SseReader } from '../../../tests/support/sse';
import { describeEachDatabase, type TestApp } from '../../../tests/support/test-app';
import { until } from '../../../tests/support/until';
import { addDays, localDayOf } from '../../shared/local-days';
import type { PmsMappingProposal } from '../../shared/pms-types';
import type { Round, RoundEntry } from '../../shared/round-types';
import { parseConfig } from '../config';

/** The stand-in PMSs run on this machine: the resort names it, as for a webhook receiver on its own network. */
const config = {
  webhooks: {
    ...parseConfig({}).webhooks,
    retryDelaysMs: [100, 200],
    leaseMs: 5_000,
    allowedHosts: ['127.0.0.1'],
  },
};
const waitMs = 15_000;

/** What a test reads of an entry: the bungalow, its guest, its state and amount. */
const brief = (entries: RoundEntry[]) => entries.map((e) => [e.bungalow, e.guestName, e.state, e.amount]);

async function helpers(t: TestApp, cookie: string) {
  const drinks = Object.fromEntries(Object.entries(await drinksByName(t)).map(([n, d]) => [n, d.id]));
  const round = async (query = ''): Promise<Round> => {
    const response = await t.request('GET', `/api/round${query}`, { cookie });
    expect(response.status, await response.clone().text()).toBe(200);
    return response.json();
  };
  const check = async (bungalow: number, cart: Record<string, number>) => {
    const response = await t.request('POST', '/api/checkouts', {
      body: {
        bungalow,
        checkId: randomUUID(),
        items: Object.entries(cart).map(([name, missing]) => ({ drinkId: drinks[name], missing })),
      },
    });
    expect(response.status, await response.clone().text()).toBe(201);
    return (await response.json()) as { id: number; total: number };
  };
  const pay = async (id: number) =>
    expect(
      (await t.request('POST', `/api/checkouts/${id}/payment`, { cookie, body: { method: 'cash' } })).status,
    ).toBeLessThan(300);
  const restock = async (bungalow: number) =>
    expect((await t.request('POST', `/api/restock/${bungalow}`, { cookie, body: {} })).status).toBeLessThan(
      300,
    );
  return { round, check, pay, restock };
}

describeEachDatabase("GET /api/round from the app's own stays", ({ fresh }) => {
  let t: TestApp;
  let cookie: string;
  beforeAll(async () => {
    t = await fresh({ config });
    cookie = await t.login();
  });

  it('is 401 without a session and 422 for a day that is not one', async () => {
    expect((await t.request('GET', '/api/round')).status).toBe(401);
    const bad = await t.request('GET', '/api/round?day=2026-02-30', { cookie });
    expect(bad.status).toBe(422);
    expect((await bad.json()).error.message).toBe('Not a real calendar date');
    expect((await t.request('GET', '/api/round?when=today', { cookie })).status).toBe(422);
  });

  it('departures (due out today) then in house, each through checked, paid and restocked; round.changed on the stream', async () => {
    const today = localDayOf(t.clock.now, 'Asia/Bangkok');
    const stay = async (bungalow: number, guestName: string, checkOutOn: string) =>
      expect(
        (
          await t.request('PUT', `/api/bungalows/${bungalow}/stay`, {
            cookie,
            body: { guestName, guestEmail: null, checkOutOn },
          })
        ).status,
      ).toBeLessThan(300);
    await stay(14, 'Bea Staying', addDays(today, 2));
    await stay(12, 'Ann Leaving', today);
    const { round, check, pay, restock } = await helpers(t, cookie);

    const first = await round();
    expect(first).toMatchObject({ day: today, source: 'stays', pmsError: null, arrivals: [] });
    expect(brief(first.departures)).toEqual([[12, 'Ann Leaving', 'to_check', null]]);
    expect(brief(first.inHouse)).toEqual([[14, 'Bea Staying', 'to_check', null]]);
    expect((await round(`?day=${today}`)).departures).toEqual(first.departures);

    const events = await t.request('GET', '/api/events', { cookie });
    const stream = new SseReader(events.body as ReadableStream<Uint8Array>, { withRound: true });
    expect((await stream.next()).event).toBe('ready');
    const c = await check(12, { Chang: 2 });
    const [event, changed] = await stream.take(2);
    expect(event?.event).toBe('message');
    expect(changed).toMatchObject({ event: 'round.changed', id: event?.id, data: '{"bungalow":12}' });
    await stream.close();

    expect(brief((await round()).departures)).toEqual([[12, 'Ann Leaving', 'checked', c.total]]);
    await pay(c.id);
    expect((await round()).departures[0]).toMatchObject({ state: 'paid', amount: c.total, checkoutId: c.id });
    await restock(12);
    expect((await round()).departures[0]?.state).toBe('restocked');
    // Another day: nobody due out, the stays still in.
    const tomorrow = await round(`?day=${addDays(today, 1)}`);
    expect(tomorrow.departures.map((e) => e.bungalow)).toEqual([12]);
    expect(tomorrow.departures[0]?.state).toBe('to_check');
  });
});

for (const standIn of standIns)
  describeEachDatabase(`GET /api/round from ${standIn.label}`, ({ fresh }) => {
    let t: TestApp;
    let cookie: string;
    let pms: PmsUnderTest;
    beforeAll(async () => {
      t = await fresh({ config });
      cookie = await t.login();
      // The spec's Guest record: the checks of bungalows without a stay charge it.
      await setGuest(t, cookie, 'Walk-in Guest');
      pms = await standIn.start();
      await t.pms.start();
      const put = async (path: string, body: unknown) =>
        expect((await t.request('PUT', path, { cookie, body })).status).toBe(200);
      await put('/api/pms', pms.connect);
      const proposed: PmsMappingProposal = await (
        await t.request('POST', '/api/pms/mappings/propose', { cookie, body: {} })
      ).json();
      await put('/api/pms/mappings', { rooms: proposed.rooms, items: proposed.items });
    });
    afterAll(async () => {
      await t.pms.stop();
      await pms.close();
    });
    afterEach(() => expect(pms.problems).toEqual([]));

    it('the day from the PMS: departures first by expected time, in house, arrivals; each fridge through checked, posted, paid, restocked', async () => {
      const today = localDayOf(t.clock.now, 'Asia/Bangkok');
      // Bungalow 11 turns over (out in the morning, in the afternoon); 13 leaves earlier; 12 stays (the
      // stand-in's guest checked in until the year's end).
      pms.reserve(0, 'departing', 'Dan Turnover', today, 5);
      pms.reserve(2, 'departing', 'Eve Early', today, 2);
      pms.reserve(0, 'arriving', 'Fay Arriving', today, 7);
      const { round, check, pay, restock } = await helpers(t, cookie);

      const first = await round();
      expect(first).toMatchObject({ day: today, source: 'pms', pmsError: null });
      const named = pms.kind === 'cloudbeds';
      // Cloudbeds keeps days (in bungalow order within one); Mews the times, 13's before 11's.
      expect(brief(first.departures)).toEqual(
        named
          ? [
              [11, 'Dan Turnover', 'to_check', null],
              [13, 'Eve Early', 'to_check', null],
            ]
          : [
              [13, null, 'to_check', null],
              [11, null, 'to_check', null],
            ],
      );
      expect(brief(first.inHouse)).toEqual([[12, named ? 'Ann Guest' : null, 'to_check', null]]);
      expect(brief(first.arrivals)).toEqual([[11, named ? 'Fay Arriving' : null, 'to_check', null]]);

      const c = await check(13, { Coke: 1 });
      const posted = await until(
        round,
        (r) => r.departures.some((e) => e.bungalow === 13 && e.state === 'posted'),
        waitMs,
      );
      expect(posted.departures.find((e) => e.bungalow === 13)).toMatchObject({
        amount: c.total,
        checkoutId: c.id,
      });
      await pay(c.id);
      expect((await round()).departures.find((e) => e.bungalow === 13)?.state).toBe('paid');
      await restock(13);
      expect((await round()).departures.find((e) => e.bungalow === 13)?.state).toBe('restocked');
      // The arrival's fridge to par.
      await restock(11);
      expect((await round()).arrivals[0]?.state).toBe('restocked');
    });

    it("the PMS down: the round still answers, from the app's stays, and says why", async () => {
      pms.setDown(true);
      try {
        const r: Round = await (await t.request('GET', '/api/round', { cookie })).json();
        expect(r.source).toBe('stays');
        expect(r.pmsError).toContain('503');
      } finally {
        pms.setDown(false);
      }
    });
  });

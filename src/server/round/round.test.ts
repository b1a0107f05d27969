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
import type { BungalowState, Stay } from '../../shared/staff-types';
import { parseConfig } from '../config';
import { createLogger } from '../logger';
import { createPmsPoster } from '../pms/pms-poster';
import { createPmsDayReader, pmsDayKeptMs } from './pms-day';

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

/** The stand-in connected as the app's PMS, with the rooms and items its proposal maps. */
async function connectAndMap(t: TestApp, cookie: string, pms: PmsUnderTest) {
  const put = async (path: string, body: unknown) =>
    expect((await t.request('PUT', path, { cookie, body })).status).toBe(200);
  await put('/api/pms', pms.connect);
  const proposed: PmsMappingProposal = await (
    await t.request('POST', '/api/pms/mappings/propose', { cookie, body: {} })
  ).json();
  await put('/api/pms/mappings', { rooms: proposed.rooms, items: proposed.items });
}

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
    /**
     * Test 1's reservations, for the later tests, and the day they leave and arrive: the test clock moves a
     * minute at a time, and a run begun just before Bangkok's midnight reads the next day's round by test 2
     * (CI, 00:00 ICT: Dan's check-out day was the reservation's, not the clock's new today).
     */
    const reserved = { turnover: '', early: '', arriving: '', day: '' };
    beforeAll(async () => {
      t = await fresh({ config });
      cookie = await t.login();
      // The spec's Guest record: the checks of bungalows without a stay charge it.
      await setGuest(t, cookie, 'Walk-in Guest');
      pms = await standIn.start();
      await t.pms.start();
      await connectAndMap(t, cookie, pms);
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
      reserved.day = today;
      reserved.turnover = pms.reserve(0, 'departing', 'Dan Turnover', today, 5);
      reserved.early = pms.reserve(2, 'departing', 'Eve Early', today, 2);
      reserved.arriving = pms.reserve(0, 'arriving', 'Fay Arriving', today, 7);
      const { round, check, pay, restock } = await helpers(t, cookie);

      const first = await round();
      expect(first).toMatchObject({ day: today, source: 'pms', pmsError: null });
      // Cloudbeds keeps days (in bungalow order within one); Mews the times, 13's before 11's. Mews' names are
      // its customers' (customers/getAll by the reservations' AccountIds).
      const dan = [11, 'Dan Turnover', 'to_check', null];
      const eve = [13, 'Eve Early', 'to_check', null];
      expect(brief(first.departures)).toEqual(pms.kind === 'cloudbeds' ? [dan, eve] : [eve, dan]);
      expect(brief(first.inHouse)).toEqual([[12, 'Ann Guest', 'to_check', null]]);
      expect(brief(first.arrivals)).toEqual([[11, 'Fay Arriving', 'to_check', null]]);

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

    it("the PMS's day is read once a minute, however often the round is asked", async () => {
      const { round } = await helpers(t, cookie);
      t.clock.advance(pmsDayKeptMs + 1);
      const before = pms.allCalls();
      const first = await round();
      const read = pms.allCalls() - before;
      // Cloudbeds: four getReservations (still in, left, in house, arrivals); Mews: three reservations/getAll
      // (departures, in house, arrivals) and the owners' names.
      expect(pms.operations().slice(before)).toEqual(
        pms.kind === 'cloudbeds'
          ? ['getReservations', 'getReservations', 'getReservations', 'getReservations']
          : [
              'reservations/getAll/2023-06-06',
              'reservations/getAll/2023-06-06',
              'reservations/getAll/2023-06-06',
              'customers/getAll',
            ],
      );
      for (let i = 0; i < 3; i++) expect(await round()).toEqual(first);
      expect(pms.allCalls() - before).toBe(read);
      t.clock.advance(pmsDayKeptMs + 1);
      await round();
      expect(pms.allCalls() - before).toBe(2 * read);
    });

    it('in-house guests become stays without typing: once, locked to the PMS, ended when they leave it', async () => {
      const { round } = await helpers(t, cookie);
      const stays = async (): Promise<Record<number, Stay | null>> => {
        const response = await t.request('GET', '/api/bungalows', { cookie });
        const rows: BungalowState[] = await response.json();
        return Object.fromEntries(rows.map((row) => [row.bungalow, row.stay]));
      };
      const history = async (bungalow: number): Promise<Stay[]> =>
        (await t.request('GET', `/api/bungalows/${bungalow}/stays`, { cookie })).json();
      // The desk's own stay in a bungalow the PMS has no room for: the import leaves it alone.
      expect(
        (
          await t.request('PUT', '/api/bungalows/14/stay', {
            cookie,
            body: { guestName: 'Walk-in Wan', guestEmail: null, checkOutOn: null },
          })
        ).status,
      ).toBe(201);
      t.clock.advance(pmsDayKeptMs + 1);
      await round();
      const imported = await stays();
      expect(imported[12]).toMatchObject({
        guestName: 'Ann Guest',
        source: pms.kind,
        pmsReservationId: pms.reservationId,
        checkedOutAt: null,
      });
      expect(imported[11]).toMatchObject({
        guestName: 'Dan Turnover',
        checkOutOn: reserved.day,
        source: pms.kind,
        pmsReservationId: reserved.turnover,
      });
      expect(imported[13]).toMatchObject({ guestName: 'Eve Early', pmsReservationId: reserved.early });
      expect(imported[14]).toMatchObject({ guestName: 'Walk-in Wan', source: 'app', pmsReservationId: null });
      const label = pms.kind === 'cloudbeds' ? 'Cloudbeds' : 'Mews';
      const rows: BungalowState[] = await (await t.request('GET', '/api/bungalows', { cookie })).json();
      const ownedBy = Object.fromEntries(rows.map((row) => [row.bungalow, row.stayOwnedBy]));
      expect([ownedBy[12], ownedBy[14], ownedBy[15]]).toEqual([label, null, null]);

      // Read again and again: no second stay, nothing changed.
      for (let i = 0; i < 2; i++) {
        t.clock.advance(pmsDayKeptMs + 1);
        await round();
      }
      expect(await stays()).toEqual(imported);
      expect((await history(12)).filter((s) => s.pmsReservationId === pms.reservationId)).toHaveLength(1);

      // The PMS's fields are the PMS's: the desk may add the email, not change the name or day, nor end it.
      const ann = imported[12] as Stay;
      const renamed = await t.request('PUT', '/api/bungalows/12/stay', {
        cookie,
        body: { ...ann, guestName: 'Someone Else' },
      });
      expect(renamed.status).toBe(409);
      expect((await renamed.json()).error.message).toBe(
        `Bungalow 12's stay comes from ${label} (reservation ${pms.reservationId}): change the guest's name and check-out day in ${label}, and the app follows; only the email can be changed here`,
      );
      const ended = await t.request('DELETE', '/api/bungalows/12/stay', { cookie });
      expect(ended.status).toBe(409);
      expect((await ended.json()).error.message).toContain(`check the guest out in ${label}`);
      const email = await t.request('PUT', '/api/bungalows/12/stay', {
        cookie,
        body: { ...ann, guestEmail: 'ann@example.com' },
      });
      expect(email.status, await email.clone().text()).toBe(200);
      expect(await email.json()).toMatchObject({ guestEmail: 'ann@example.com', source: pms.kind });

      // Eve checks out in the PMS, Dan leaves and Fay checks in to 11: the round's next read follows.
      pms.checkOut(reserved.early);
      pms.checkOut(reserved.turnover);
      pms.checkIn(reserved.arriving);
      t.clock.advance(pmsDayKeptMs + 1);
      await round();
      const after = await stays();
      expect(after[13]).toBeNull();
      expect(after[11]).toMatchObject({
        guestName: 'Fay Arriving',
        source: pms.kind,
        pmsReservationId: reserved.arriving,
      });
      // Ended, never deleted.
      expect((await history(13)).map((s) => [s.guestName, s.checkedOutAt !== null])).toEqual([
        ['Eve Early', true],
      ]);
      expect((await history(11)).map((s) => [s.guestName, s.checkedOutAt !== null])).toEqual([
        ['Fay Arriving', false],
        ['Dan Turnover', true],
      ]);
      // The email the desk added is kept through a read that changes nothing of Ann's stay.
      expect(after[12]).toMatchObject({ guestEmail: 'ann@example.com', pmsReservationId: pms.reservationId });
      expect(after[14]).toMatchObject({ guestName: 'Walk-in Wan', source: 'app' });
    });

    it("the PMS down: the round still answers, from the app's stays, and says why", async () => {
      t.clock.advance(pmsDayKeptMs + 1);
      pms.setDown(true);
      try {
        const r: Round = await (await t.request('GET', '/api/round', { cookie })).json();
        expect(r.source).toBe('stays');
        expect(r.pmsError).toContain('503');
      } finally {
        pms.setDown(false);
      }
    });

    it("disconnected, its stays are the desk's again: named, dated and checked out here", async () => {
      expect((await t.request('DELETE', '/api/pms', { cookie })).status).toBe(204);
      const rows: BungalowState[] = await (await t.request('GET', '/api/bungalows', { cookie })).json();
      const twelve = rows.find((row) => row.bungalow === 12);
      expect(twelve).toMatchObject({ stayOwnedBy: null, stay: { source: pms.kind } });
      const renamed = await t.request('PUT', '/api/bungalows/12/stay', {
        cookie,
        body: { ...twelve?.stay, guestName: 'Ann Guest-Renamed' },
      });
      expect(renamed.status, await renamed.clone().text()).toBe(200);
      expect((await t.request('DELETE', '/api/bungalows/12/stay', { cookie })).status).toBe(204);
    });
  });

for (const standIn of standIns)
  describeEachDatabase(`in-house guests from ${standIn.label} on the poster's schedule`, ({ fresh }) => {
    let t: TestApp;
    let cookie: string;
    let pms: PmsUnderTest;
    beforeAll(async () => {
      t = await fresh({ config });
      cookie = await t.login();
      pms = await standIn.start();
      await connectAndMap(t, cookie, pms);
    });
    afterAll(() => pms.close());
    afterEach(() => expect(pms.problems).toEqual([]));

    const stays = async (): Promise<Record<number, Stay | null>> => {
      const response = await t.request('GET', '/api/bungalows', { cookie });
      expect(response.status).toBe(200);
      const rows: BungalowState[] = await response.json();
      return Object.fromEntries(rows.map((row) => [row.bungalow, row.stay]));
    };
    /** Nobody reads the round here: the stays must not wait for it. */
    const roundRead = () => t.logLines.some((line) => line.includes('"path":"/api/round"'));

    it('a guest checked in at the PMS is a stay in GET /api/bungalows after the tick, with no round read; a tick within the minute asks the PMS nothing', async () => {
      const today = localDayOf(t.clock.now, 'Asia/Bangkok');
      const gil = pms.reserve(2, 'staying', 'Gil Staying', today);
      expect((await stays())[13]).toBeNull();

      const before = pms.allCalls();
      await t.pms.importStays();
      const read = pms.allCalls() - before;
      expect(read).toBeGreaterThan(0);
      const imported = await stays();
      expect(imported[13]).toMatchObject({
        guestName: 'Gil Staying',
        source: pms.kind,
        pmsReservationId: gil,
        checkedOutAt: null,
      });
      expect(imported[12]).toMatchObject({ guestName: 'Ann Guest', pmsReservationId: pms.reservationId });

      // Kept a minute, and shared with the round: neither a second tick nor the round reads the PMS again.
      await t.pms.importStays();
      expect(pms.allCalls() - before).toBe(read);
      expect(roundRead()).toBe(false);
      const response = await t.request('GET', '/api/round', { cookie });
      expect(((await response.json()) as Round).source).toBe('pms');
      expect(pms.allCalls() - before).toBe(read);

      // Gil leaves in the PMS: the next minute's tick ends the stay.
      pms.checkOut(gil);
      t.clock.advance(pmsDayKeptMs + 1);
      await t.pms.importStays();
      expect((await stays())[13]).toBeNull();
      expect(pms.allCalls() - before).toBe(2 * read);
    });

    it('the started poster reads today on its own timer, and stops with it', async () => {
      // An arrival checks in at the PMS; a poster started with a short interval brings it in by itself.
      const today = localDayOf(t.clock.now, 'Asia/Bangkok');
      const hal = pms.reserve(2, 'arriving', 'Hal Arriving', today);
      pms.checkIn(hal);
      const logLines: string[] = [];
      const poster = createPmsPoster({
        db: t.db,
        logger: createLogger('debug', (line) => logLines.push(line)),
        live: t.live,
        config: config.webhooks,
        day: createPmsDayReader({
          db: t.db,
          allowedHosts: config.webhooks.allowedHosts,
          now: () => t.clock.now,
        }),
        dayEveryMs: 20,
      });
      const logsBefore = t.logLines.length;
      await poster.start();
      try {
        const arrived = await until(stays, (s) => s[13]?.pmsReservationId === hal, waitMs);
        expect(arrived[13]).toMatchObject({ guestName: 'Hal Arriving', source: pms.kind });
        // The next ticks find the day kept; a minute on, one reads it again and follows Hal's check-out.
        pms.checkOut(hal);
        t.clock.advance(pmsDayKeptMs + 1);
        await until(stays, (s) => s[13] === null, waitMs);
      } finally {
        await poster.stop();
      }
      expect(t.logLines.slice(logsBefore).some((line) => line.includes('"path":"/api/round"'))).toBe(false);
      expect(logLines.filter((line) => line.includes('failed'))).toEqual([]);
    });
  });

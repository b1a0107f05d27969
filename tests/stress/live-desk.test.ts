import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { liveActions } from '../../src/shared/live-types';
import { drinksByName, setGuest } from '../support/checkout-factory';
import { SseReader } from '../support/sse';
import {
  createScratchDatabase,
  createTestApp,
  postgresUrl,
  type ScratchDatabase,
  type TestApp,
  testDialects,
} from '../support/test-app';

/**
 * The live desk's promise under trouble: while checkouts flow, the LISTEN connection of an app server is
 * killed (pg_terminate_backend) again and again, and a client drops and comes back with Last-Event-ID. Every
 * stream must end with every event exactly once, in order. SQLite has no LISTEN to kill: there the run
 * checks the flow and the reconnect alone.
 */

const flowMs = 6_000;
const writers = 4;
const streamsPerServer = 10;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The seqs of the stream's events (not ready or reset). */
const seqsOf = (reader: SseReader, from = 0) =>
  reader.messages.slice(from).flatMap((message) => (message.event === 'message' ? [Number(message.id)] : []));

async function open(t: TestApp, cookie: string, lastEventId?: string) {
  const response = await t.request('GET', '/api/events', {
    cookie,
    headers: lastEventId === undefined ? {} : { 'last-event-id': lastEventId },
  });
  expect(response.status).toBe(200);
  const reader = new SseReader(response.body as ReadableStream<Uint8Array>);
  expect((await reader.next(5_000)).event).toBe('ready');
  return reader;
}

async function terminate(pid: number) {
  const admin = new pg.Client({ connectionString: postgresUrl });
  await admin.connect();
  try {
    await admin.query('select pg_terminate_backend($1)', [pid]);
  } finally {
    await admin.end();
  }
}

for (const dialect of testDialects) {
  describe(`live desk under trouble [${dialect}]`, () => {
    let scratch: ScratchDatabase;
    const apps: TestApp[] = [];
    beforeAll(async () => {
      scratch = await createScratchDatabase(dialect);
      // Hundreds of checkouts from one address in seconds: the per-address and per-bungalow limits are off.
      const config = { checkoutLimits: { perAddress: 0, perBungalow: 0 } };
      apps.push(await createTestApp(scratch, { config }));
      // PostgreSQL: a second app server on the same database, as a resort with two would run.
      if (dialect === 'postgres')
        apps.push(await createTestApp(scratch, { db: scratch.openAnother(), config }));
    });
    afterAll(async () => {
      for (const app of apps) await app.live.close();
      for (const app of apps.slice(1)) await app.db.close();
      await scratch.drop();
    });

    it('every stream gets every event once while LISTEN is killed; a reconnect gets exactly what it missed', async () => {
      const first = apps[0] as TestApp;
      const cookie = await first.login();
      await setGuest(first, cookie);
      const drinks = await drinksByName(first);
      const cokeId = drinks.Coke?.id ?? 0;
      const start = Number(
        (await first.db.kysely.selectFrom('audit_head').select('seq').executeTakeFirstOrThrow()).seq,
      );

      // A session opens at most 5 streams (abuse resistance): each stream here is a desk of its own.
      const sessions: string[] = [];
      for (let i = 0; i < apps.length * streamsPerServer; i++) sessions.push(await first.login());
      const steady = (
        await Promise.all(
          apps.flatMap((app, a) =>
            Array.from({ length: streamsPerServer }, (_, i) =>
              open(app, sessions[a * streamsPerServer + i] as string),
            ),
          ),
        )
      ).map((reader) => ({ reader }));
      const dropping = {
        first: await open(apps.at(-1) as TestApp, cookie),
        second: undefined as SseReader | undefined,
      };

      let running = true;
      let written = 0;
      const flow = Array.from({ length: writers }, async (_, n) => {
        for (let i = 0; running; i++) {
          const app = apps[(n + i) % apps.length] as TestApp;
          const response = await app.request('POST', '/api/checkouts', {
            body: { bungalow: 1 + ((n * 7 + i) % 24), items: [{ drinkId: cokeId, missing: 1 }] },
          });
          expect(response.status).toBe(201);
          written++;
          await sleep(15);
        }
      });

      // The trouble, while the checkouts flow.
      let kills = 0;
      const trouble = (async () => {
        await sleep(800);
        // A desk whose connection drops: it comes back after a while with the last id it had.
        await dropping.first.close();
        const lastId = dropping.first.messages.filter((m) => m.id !== undefined).at(-1)?.id;
        await sleep(700);
        dropping.second = await open(apps.at(-1) as TestApp, cookie, lastId);
        if (dialect !== 'postgres') return;
        for (let round = 0; round < 4; round++) {
          for (const app of apps) {
            const pid = app.live.stats().listenerPid;
            if (pid !== null) {
              await terminate(pid);
              kills++;
            }
          }
          await sleep(900);
        }
      })();

      await sleep(flowMs);
      running = false;
      await Promise.all([...flow, trouble]);
      if (dialect === 'postgres') {
        expect(kills).toBeGreaterThanOrEqual(4);
        // Each server listened again after every kill.
        for (const app of apps) expect(app.live.stats().listenerConnects).toBeGreaterThan(1);
      }

      const expected = (
        await first.db.kysely
          .selectFrom('audit_events')
          .select('seq')
          .where('seq', '>', start)
          .where('action', 'in', [...liveActions])
          .orderBy('seq')
          .execute()
      ).map((row) => Number(row.seq));
      expect(expected.length).toBeGreaterThanOrEqual(written);
      const last = expected.at(-1) ?? 0;

      // Bounded: every stream has the last event within 10 s (a lost wake-up would wait for the 20 s poll).
      const deadline = Date.now() + 10_000;
      const everyone = () => [...steady.map((s) => s.reader), dropping.second as SseReader];
      while (everyone().some((reader) => !seqsOf(reader).includes(last)) && Date.now() < deadline)
        await sleep(50);

      for (const { reader } of steady) expect(seqsOf(reader)).toEqual(expected);
      // The desk that dropped: what it had, then exactly what it missed and what came after, once each.
      const before = seqsOf(dropping.first);
      const after = seqsOf(dropping.second as SseReader);
      expect([...before, ...after]).toEqual(expected);
      expect(after.length).toBeGreaterThan(0);

      for (const reader of everyone()) await reader.close();
    });
  });
}

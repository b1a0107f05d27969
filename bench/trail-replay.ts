/**
 * The trail's replay (DESIGN.md, "The trail is the books"; src/server/audit/trail-replay.ts): what
 * `npm run audit:verify` and the API's full pass add to the chain's check, in events a second, on SQLite and
 * PostgreSQL. The data is a year of a 40-bungalow resort made through the real app in-process: a check a
 * bungalow a day (one or two drinks), each paid, one in fifty voided, tax documents on; stock on, each fridge
 * restocked after its check and a delivery a week. Beside it, what the API's check costs on every call: the whole
 * chain rehashed (`verifyChain` from the first event).
 *
 *   npx tsx bench/trail-replay.ts                 a year (14,600 checkouts)
 *   TRAIL_BENCH_DAYS=30 npx tsx bench/…           a quick run
 *   TRAIL_BENCH_POSTGRES_URL=…                    default TEST_DATABASE_URL, else
 *                                                 postgres://postgres@127.0.0.1:5432/test; "off" skips it
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { createApp } from '../src/server/app';
import { replayTrail } from '../src/server/audit/trail-replay';
import { verifyChain } from '../src/server/audit/verify-chain';
import { hashPassword } from '../src/server/auth/password';
import { parseConfig } from '../src/server/config';
import { type Db, type DialectName, openDatabase } from '../src/server/db/database';
import { migrateToLatest } from '../src/server/db/migrate';
import { seedOnce } from '../src/server/db/seed';
import { createLogger } from '../src/server/logger';
import { seller } from '../tests/support/tax-parties';
import { createScratchPostgres } from './servers';

const env = process.env;
const days = Number(env.TRAIL_BENCH_DAYS ?? 365);
const bungalows = 40;
const postgresUrl =
  env.TRAIL_BENCH_POSTGRES_URL ?? env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const password = 'trail-bench-password';

export interface TrailReplayRow {
  database: DialectName;
  checkouts: number;
  events: number;
  /** Median of three replays. */
  seconds: number;
  eventsPerSecond: number;
  /** The whole chain rehashed from the first event (median of three): the API's check on every call. */
  chainSeconds: number;
}

async function fill(db: Db): Promise<number> {
  const start = Date.parse('2025-12-01T03:00:00.000Z');
  let now = start;
  const app = createApp({
    db,
    config: parseConfig({
      LOG_LEVEL: 'error',
      CHECKOUT_LIMIT_PER_ADDRESS: '0',
      CHECKOUT_LIMIT_PER_BUNGALOW: '0',
    }),
    adminPasswordHash: await hashPassword(password, { N: 2 ** 13 }),
    logger: createLogger('error', () => {}),
    now: () => now,
  });
  const call = async (method: string, url: string, body: unknown, cookie = '') => {
    const response = await app.request(url, {
      method,
      headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
      body: JSON.stringify(body),
    });
    if (response.status >= 300)
      throw new Error(`${method} ${url}: ${response.status} ${await response.text()}`);
    return response;
  };
  const login = await call('POST', '/api/session', { password });
  const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  await call('PUT', '/api/guest', { name: 'Ann Guest', email: 'ann@example.com' }, cookie);
  await call('PUT', '/api/settings', { tax: seller }, cookie);
  const drinkIds = [1, 2, 3, 4, 5, 6, 7, 8, 9];
  await call(
    'POST',
    '/api/stock/start',
    { storeroom: drinkIds.map((drinkId) => ({ drinkId, quantity: 2000 })) },
    cookie,
  );
  let checkouts = 0;
  // A year's checks one a second: the replay's cost is in the events, not in the days they span (and a
  // session that idles out after 30 minutes stays open).
  for (let day = 0; day < days; day++) {
    if (day % 7 === 6) {
      const lines = drinkIds.map((drinkId) => ({ drinkId, quantity: 300, unitCost: 1500 }));
      await call('POST', '/api/stock/deliveries', { supplier: 'Bench drinks', lines }, cookie);
    }
    for (let bungalow = 1; bungalow <= bungalows; bungalow++) {
      now += 1000;
      const items = [{ drinkId: 1 + ((day + bungalow) % 9), missing: 1 }];
      if (bungalow % 3 === 0) items.push({ drinkId: 1 + ((day + bungalow + 4) % 9), missing: 1 });
      const recorded = await call('POST', '/api/checkouts', { bungalow, items });
      const { id } = (await recorded.json()) as { id: number };
      checkouts++;
      if ((day * bungalows + bungalow) % 50 === 0) {
        await call('POST', `/api/checkouts/${id}/void`, { reason: 'Entered twice' }, cookie);
      } else {
        await call(
          'POST',
          `/api/checkouts/${id}/payment`,
          { method: bungalow % 2 ? 'cash' : 'card' },
          cookie,
        );
      }
      await call('POST', `/api/restock/${bungalow}`, {}, cookie);
    }
  }
  return checkouts;
}

async function measure(db: Db, dialect: DialectName): Promise<TrailReplayRow> {
  await migrateToLatest(db);
  await seedOnce(db);
  const checkouts = await fill(db);
  const runs: { seconds: number; events: number }[] = [];
  const chainRuns: number[] = [];
  for (let run = 0; run < 3; run++) {
    const started = performance.now();
    const verdict = await replayTrail(db.kysely);
    if (verdict.differences.length > 0)
      throw new Error(`the replay found differences: ${JSON.stringify(verdict.differences[0])}`);
    runs.push({ seconds: (performance.now() - started) / 1000, events: verdict.events });
    const chainStarted = performance.now();
    const chain = await verifyChain(db.kysely);
    if (!chain.ok) throw new Error(`the chain does not verify: ${chain.reason}`);
    chainRuns.push((performance.now() - chainStarted) / 1000);
  }
  runs.sort((a, b) => a.seconds - b.seconds);
  chainRuns.sort((a, b) => a - b);
  const median = runs[1] ?? runs[0] ?? { seconds: 0, events: 0 };
  return {
    database: dialect,
    checkouts,
    events: median.events,
    seconds: median.seconds,
    eventsPerSecond: Math.round(median.events / median.seconds),
    chainSeconds: chainRuns[1] ?? chainRuns[0] ?? 0,
  };
}

export async function runTrailReplayBench({
  sqlite: onSqlite = true,
  postgresUrl: serverUrl = postgresUrl === 'off' ? undefined : postgresUrl,
}: {
  sqlite?: boolean;
  postgresUrl?: string;
} = {}): Promise<TrailReplayRow[]> {
  const rows: TrailReplayRow[] = [];
  if (onSqlite) rows.push(await onScratchSqlite());
  if (serverUrl) {
    const scratch = await createScratchPostgres(serverUrl);
    const postgres = openDatabase(scratch.url, { poolSize: 4 });
    try {
      rows.push(await measure(postgres, 'postgres'));
    } finally {
      await postgres.close();
      await scratch.drop();
    }
  }
  return rows;
}

async function onScratchSqlite(): Promise<TrailReplayRow> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fridge-trail-bench-'));
  const sqlite = openDatabase(`sqlite:${path.join(dir, 'bench.sqlite')}`);
  try {
    return await measure(sqlite, 'sqlite');
  } finally {
    await sqlite.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

export function describeTrailRow(row: TrailReplayRow): string {
  return `${row.database}: ${row.events.toLocaleString('en-US')} events (${row.checkouts.toLocaleString('en-US')} checkouts, ${days} days of ${bungalows} bungalows) replayed against the tables in ${row.seconds.toFixed(2)} s: ${row.eventsPerSecond.toLocaleString('en-US')} events/s; the whole chain rehashed in ${row.chainSeconds.toFixed(2)} s`;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  runTrailReplayBench()
    .then((rows) => {
      for (const row of rows) console.log(describeTrailRow(row));
    })
    .catch((error: Error) => {
      console.error(error);
      process.exitCode = 1;
    });
}

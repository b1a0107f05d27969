import autocannonModule from 'autocannon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkoutLimitsOff, type ServerProcess, startServer } from '../support/server-process';
import { type PrivatePostgres, startPrivatePostgres } from './private-postgres';
import { auditCheckouts, checkoutBody, prepareForCheckouts, sleep } from './support';

const CONNECTIONS = 100;
const SECONDS = 30;

/** The part of autocannon's API used here (it ships no type declarations). */
interface CannonOptions {
  url: string;
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  connections: number;
  duration?: number;
  amount?: number;
  timeout?: number;
}
interface Result {
  requests: { total: number; average: number };
  latency: { p50: number; p99: number; max: number };
  '2xx': number;
  non2xx: number;
  errors: number;
  timeouts: number;
  duration: number;
}
const autocannon = autocannonModule as unknown as (
  options: CannonOptions,
  done: (error: Error | null, result: Result) => void,
) => unknown;

function cannon(options: CannonOptions): Promise<Result> {
  return new Promise((resolve, reject) => {
    // A request counts as timed out after 30 s, the server's own requestTimeout: it promises an answer
    // within that time, and on a busy 2-core machine a synchronous-FULL write queue can exceed 10 s at p99.9.
    autocannon({ timeout: 30, ...options }, (error, result) => (error ? reject(error) : resolve(result)));
  });
}

function summary(label: string, result: Result) {
  return (
    `${label}: ${result.requests.total} requests, ${Math.round(result.requests.average)} req/s, ` +
    `p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, max ${result.latency.max} ms, ` +
    `2xx ${result['2xx']}, non-2xx ${result.non2xx}, ` +
    `errors ${result.errors}, timeouts ${result.timeouts}`
  );
}

function expectClean(result: Result, label: string) {
  expect(result.errors, `${label}: errors`).toBe(0);
  expect(result.timeouts, `${label}: timeouts`).toBe(0);
  expect(result.non2xx, `${label}: non-2xx`).toBe(0);
  expect(result['2xx'], label).toBeGreaterThan(0);
}

const checkoutRequest = (url: string): CannonOptions => ({
  url: `${url}/api/checkouts`,
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: checkoutBody(42),
  connections: CONNECTIONS,
});

async function loadRun(server: ServerProcess, database: string) {
  await prepareForCheckouts(server);
  const read = await cannon({
    url: `${server.baseURL}/api/drinks`,
    connections: CONNECTIONS,
    duration: SECONDS,
  });
  console.log(`[figure] load ${database} ${summary('GET /api/drinks', read)}`);
  expectClean(read, `GET /api/drinks on ${database}`);

  // A 3-second warm-up gives the rate; the measured run is a fixed number of requests sized to last about
  // 30 s, so that none is cut off in flight and rows written can be compared with the 2xx count exactly.
  const warm = await cannon({ ...checkoutRequest(server.baseURL), duration: 3 });
  expectClean(warm, `warm-up POST on ${database}`);
  // The warm-up's last requests, cut off by the client, may still be committing: wait until the count holds.
  let before = -1;
  for (;;) {
    await sleep(1000);
    const count = (await auditCheckouts(server.databaseUrl)).ids.size;
    if (count === before) break;
    before = count;
  }
  // The warm-up rate runs about a quarter below the steady one (JIT, first fsyncs of a fresh file).
  const amount = Math.max(CONNECTIONS * 10, Math.round(warm.requests.average * SECONDS * 1.25));
  const write = await cannon({ ...checkoutRequest(server.baseURL), amount });
  await sleep(500);
  const audit = await auditCheckouts(server.databaseUrl);
  const written = audit.ids.size - before;
  console.log(
    `[figure] load ${database} ${summary('POST /api/checkouts', write)}, ${(write.duration).toFixed(1)} s, rows written ${written}`,
  );
  expectClean(write, `POST /api/checkouts on ${database}`);
  expect(write['2xx']).toBe(amount);
  expect(written).toBe(write['2xx']);
  expect(audit.halfWritten).toBe(0);
}

describe('load: 100 connections for 30 s (loopback, autocannon)', () => {
  const servers: ServerProcess[] = [];
  let pg: PrivatePostgres | undefined;
  beforeAll(async () => {
    pg = await startPrivatePostgres();
  });
  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop('SIGKILL')));
    await pg?.destroy();
  });

  it('SQLite: 0 errors, 0 timeouts, 0 non-2xx; rows written equal the 2xx count', async () => {
    const server = await startServer({ env: { ...checkoutLimitsOff } });
    servers.push(server);
    await loadRun(server, 'sqlite');
  });

  it('PostgreSQL (a private instance): 0 errors, 0 timeouts, 0 non-2xx; rows written equal the 2xx count', async () => {
    const server = await startServer({ env: { ...checkoutLimitsOff, DATABASE_URL: pg?.url ?? '' } });
    servers.push(server);
    await loadRun(server, 'postgres');
  });
});

/**
 * What AUDIT_KEY costs a checkout (docs/security-limits.md, decisions 134 and 160): `POST /api/checkouts` against
 * two real built servers side by side, one with the key (since decision 160 the links are plain and the server
 * signs the chain's head in the app a few times a second; before it every link was an HMAC-SHA256, on
 * PostgreSQL computed in the commit trigger) and one without, on SQLite and, with BENCH_POSTGRES_URL, PostgreSQL. Runs interleave,
 * alternating who goes first; the medians are printed, and each server's chain is verified afterwards.
 *
 *   npm run build && BENCH_POSTGRES_URL=postgres://postgres@127.0.0.1:5432/test \
 *     BENCH_ROUNDS=3 BENCH_SECONDS=5 BENCH_CONNECTIONS=10 nice -n 10 npx tsx bench/audit-key.ts
 */
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { chainHash, setAuditKey } from '../src/server/audit/audit-key';
import { checkoutLimitsOff, type ServerProcess, startServer } from '../tests/support/server-process';
import { type LoadResult, load, medianOf } from './http-load';
import { createScratchPostgres, prepareGuest, type ScratchPostgres } from './servers';

const auditKey = 'bench-audit-key-0123456789-0123456789-0123456789';
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
const postgresUrl = process.env.BENCH_POSTGRES_URL;

interface Side {
  label: 'no key' | 'AUDIT_KEY';
  server: ServerProcess;
  body: string;
}

async function sideOf(label: Side['label'], server: ServerProcess): Promise<Side> {
  await prepareGuest(server.baseURL, server.adminPassword);
  const drinks = (await (await fetch(`${server.baseURL}/api/drinks`)).json()) as { id: number }[];
  const items = drinks.slice(0, 3).map((drink) => ({ drinkId: drink.id, missing: 1 }));
  return { label, server, body: JSON.stringify({ bungalow: 7, items }) };
}

const checkouts = (side: Side, duration: number) =>
  load(`${side.server.baseURL}/api/checkouts`, {
    connections,
    durationSeconds: duration,
    method: 'POST',
    body: side.body,
  });

async function compare(database: string, sides: [Side, Side]) {
  for (const side of sides) await checkouts(side, 1);
  const runs: Record<string, LoadResult[]> = { 'no key': [], AUDIT_KEY: [] };
  for (let round = 0; round < rounds; round++) {
    for (const side of round % 2 === 0 ? sides : [...sides].reverse()) {
      const result = await checkouts(side, seconds);
      await fetch(`${side.server.baseURL}/api/health`).catch(() => undefined);
      runs[side.label]?.push(result);
      console.log(
        `  ${database} round ${round + 1} ${side.label}: ${Math.round(result.requestsPerSecond)} req/s, p50 ${result.p50Ms} ms, p99 ${result.p99Ms} ms, failures ${result.failures}`,
      );
    }
  }
  const plain = medianOf(runs['no key'] ?? []);
  const keyed = medianOf(runs.AUDIT_KEY ?? []);
  for (const [label, figures] of [
    ['no key', plain],
    ['AUDIT_KEY', keyed],
  ] as const) {
    console.log(
      `${database.padEnd(10)} ${label.padEnd(9)} c=${connections}: ${Math.round(figures.requestsPerSecond)} checkouts/s, p50 ${figures.p50Ms} ms, p99 ${figures.p99Ms} ms, failures ${figures.failures} (median of ${figures.runs})`,
    );
  }
  console.log(
    `${database.padEnd(10)} keyed/plain: ${(keyed.requestsPerSecond / plain.requestsPerSecond).toFixed(3)}`,
  );
}

/** Each chain is whole after the load: the keyed one with the key, as `npm run audit:verify` would say. */
async function verifyAfter(side: Side) {
  const cookie = await fetch(`${side.server.baseURL}/api/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ password: side.server.adminPassword }),
  }).then((response) => (response.headers.get('set-cookie') ?? '').split(';')[0] ?? '');
  const verdict = await fetch(`${side.server.baseURL}/api/audit/verify`, { headers: { cookie } }).then((r) =>
    r.json(),
  );
  console.log(`  ${side.label}: chain ${JSON.stringify(verdict).slice(0, 120)}`);
}

async function run(database: string, urls: [string | undefined, string | undefined]) {
  const env = { LOG_LEVEL: 'warn', ...checkoutLimitsOff };
  const plain = await startServer({ env: { ...env, ...(urls[0] ? { DATABASE_URL: urls[0] } : {}) } });
  const keyed = await startServer({
    env: { ...env, AUDIT_KEY: auditKey, ...(urls[1] ? { DATABASE_URL: urls[1] } : {}) },
  });
  try {
    const sides: [Side, Side] = [await sideOf('no key', plain), await sideOf('AUDIT_KEY', keyed)];
    await compare(database, sides);
    for (const side of sides) await verifyAfter(side);
  } finally {
    await Promise.all([plain.stop(), keyed.stop()]);
  }
}

/**
 * The hash alone, which the shared machine's noise does not drown: one link of a checkout-sized event (the app,
 * as on SQLite and in verify), and the trigger's expression on PostgreSQL, plain and keyed.
 */
async function perLink() {
  const event = JSON.stringify({
    action: 'checkout.recorded',
    details: { bungalow: 7, lines: [{ drinkId: 1, name: 'Chang', quantity: 1, total: 80 }], total: 240 },
    seq: 123456,
  }).padEnd(400, ' ');
  const count = 200_000;
  for (const keyed of [false, true]) {
    setAuditKey(keyed ? auditKey : undefined);
    let previous = '0'.repeat(64);
    const started = performance.now();
    // Since decision 160 a link is plain SHA-256 whatever the key; HMAC is what verify pays for a link written
    // keyed before it (audit_head.keyed_until).
    for (let i = 0; i < count; i++) previous = chainHash(previous, event, { legacyKeyed: keyed });
    const micros = ((performance.now() - started) * 1000) / count;
    console.log(`app       ${keyed ? 'HMAC-SHA256' : 'SHA-256    '}: ${micros.toFixed(2)} µs a link`);
  }
  setAuditKey(undefined);
  if (!postgresUrl) return;
  const client = new pg.Client({ connectionString: postgresUrl });
  await client.connect();
  try {
    const pads = { inner: '36'.repeat(64), outer: '5c'.repeat(64) };
    for (const keyed of [false, true]) {
      const expression = keyed
        ? `sha256(decode($2::text, 'hex') || sha256(decode($1::text, 'hex') || convert_to(repeat('0', 64) || $3::text || i::text, 'UTF8')))`
        : `sha256(convert_to(repeat('0', 64) || $3::text || i::text, 'UTF8'))
            || decode($1::text, 'hex') || decode($2::text, 'hex')`;
      const started = performance.now();
      await client.query(`select count(${expression}) from generate_series(1, ${count}) i`, [
        pads.inner,
        pads.outer,
        event,
      ]);
      const micros = ((performance.now() - started) * 1000) / count;
      console.log(`PostgreSQL ${keyed ? 'HMAC-SHA256' : 'SHA-256    '}: ${micros.toFixed(2)} µs a link`);
    }
  } finally {
    await client.end();
  }
}

await perLink();
if (process.env.BENCH_SKIP_HTTP) process.exit(0);
if (process.env.BENCH_SKIP !== 'sqlite') await run('SQLite', [undefined, undefined]);
if (postgresUrl) {
  const scratch: ScratchPostgres[] = [];
  try {
    for (let i = 0; i < 2; i++) scratch.push(await createScratchPostgres(postgresUrl));
    await run('PostgreSQL', [scratch[0]?.url, scratch[1]?.url]);
  } finally {
    await Promise.all(scratch.map((s) => s.drop()));
  }
}

/**
 * History at scale: seeds a million checkouts (with one to three lines each) into a scratch SQLite file and a
 * scratch PostgreSQL schema, then times what the admin panel asks for, through the real app in-process
 * (routing, session check, validation, queries, JSON): the newest history page, a filtered page (one
 * bungalow, a 30-day range), the restock list and the 30-day consumption chart, the Activity page, and with
 * stock then started the margin of a month and the buy list (issue 26), as p50 and p99 against the 50 ms
 * budget of issue 7.
 *
 *   npx tsx bench/history-scale.ts                     1,000,000 checkouts (a few minutes)
 *   HISTORY_SCALE_CHECKOUTS=50000 npx tsx bench/…       a quick run
 *   HISTORY_SCALE_SAMPLES=200                           timed requests per query (after 20 warm-up ones)
 *   HISTORY_SCALE_POSTGRES_URL=…                        default TEST_DATABASE_URL, else
 *                                                       postgres://postgres@127.0.0.1:5432/test; "off" skips it
 *
 * The data: 200 bungalows, checkouts spread evenly over the five years up to now, 1 in 200 voided, every
 * bungalow restocked once a day. Seeding runs in SQL (a recursive CTE on SQLite, generate_series on
 * PostgreSQL): nothing is built row by row in Node. The running totals of migration 002 are then filled the
 * way that migration fills them for an existing database. The scratch file and schema are removed at the end.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import SqliteDatabase from 'better-sqlite3';
import {
  CompiledQuery,
  type KyselyPlugin,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryId,
  type QueryResult,
  type RootOperationNode,
  sql,
  type UnknownRow,
} from 'kysely';
import pg from 'pg';
import { createApp } from '../src/server/app';
import { verifyChain } from '../src/server/audit/verify-chain';
import { hashPassword } from '../src/server/auth/password';
import { parseConfig } from '../src/server/config';
import { type Db, type DialectName, openDatabase } from '../src/server/db/database';
import { migrateToLatest, migrateUpTo } from '../src/server/db/migrate';
import { seedDrinks } from '../src/server/db/seed';
import { createLogger } from '../src/server/logger';
import { percentile } from './http-load';

const env = process.env;
const checkoutCount = Number(env.HISTORY_SCALE_CHECKOUTS ?? 1_000_000);
const samples = Number(env.HISTORY_SCALE_SAMPLES ?? 200);
const warmup = 20;
const postgresUrl =
  env.HISTORY_SCALE_POSTGRES_URL ?? env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const bungalows = 200;
const spanDays = 5 * 365;
const budgetMs = 50;
const password = 'history-scale-bench-password';

export interface ScaleRow {
  metric: string;
  value: string;
  target: string;
  /** Undefined for a figure without a budget (the migration's and the verify's time). */
  met?: boolean;
  database: DialectName;
  query: string;
  p50Ms: number;
  p99Ms: number;
}

export interface HistoryScaleResult {
  checkouts: number;
  lines: Partial<Record<DialectName, number>>;
  seedSeconds: Partial<Record<DialectName, number>>;
  /** Migration 007 and later on the seeded database: the audit trail carries every checkout into its chain. */
  migrateSeconds: Partial<Record<DialectName, number>>;
  auditEvents: Partial<Record<DialectName, number>>;
  /** `npm run audit:verify`'s work: the whole chain recomputed, in batches. */
  verifySeconds: Partial<Record<DialectName, number>>;
  rows: ScaleRow[];
}

const log = (line: string) => process.stderr.write(`${line}\n`);

/** The seeded drinks as a SQL VALUES list: (index, name, price). */
const drinkValues = seedDrinks
  .map((d, i) => `(${i}, '${d.drinkName.replaceAll("'", "''")}', ${d.price})`)
  .join(', ');

/** The UTC quarter hour of created_at, as migration 005 computes it. */
const quarterHour = `substr(c.created_at, 1, 14) || CASE
  WHEN substr(c.created_at, 15, 2) < '15' THEN '00'
  WHEN substr(c.created_at, 15, 2) < '30' THEN '15'
  WHEN substr(c.created_at, 15, 2) < '45' THEN '30'
  ELSE '45' END`;

/** Fills the running totals: what each bungalow took since its last restock, and units per quarter hour and drink. */
const runningTotalsSql = [
  `INSERT INTO restock_pending (bungalow, drink_name, units)
   SELECT c.bungalow, l.drink_name, sum(l.quantity)
   FROM checkouts c JOIN checkout_lines l ON l.checkout_id = c.id
   WHERE c.voided_at IS NULL
     AND c.created_at > COALESCE((SELECT max(r.restocked_at) FROM restocks r WHERE r.bungalow = c.bungalow), '')
   GROUP BY c.bungalow, l.drink_name`,
  `INSERT INTO consumption_quarter (bucket, drink_name, units, thb)
   SELECT ${quarterHour}, l.drink_name, sum(l.quantity), sum(l.line_total)
   FROM checkouts c JOIN checkout_lines l ON l.checkout_id = c.id
   WHERE c.voided_at IS NULL
   GROUP BY ${quarterHour}, l.drink_name`,
];

function seedSqlite(file: string, now: number): void {
  const raw = new SqliteDatabase(file);
  // A scratch file: no crash safety needed while it is filled.
  raw.pragma('journal_mode = OFF');
  raw.pragma('synchronous = OFF');
  raw.pragma('cache_size = -262144');
  const startSeconds = now / 1000 - spanDays * 86_400;
  const stepSeconds = (spanDays * 86_400) / checkoutCount;
  const at = (extraSeconds = 0) =>
    `strftime('%Y-%m-%dT%H:%M:%fZ', ${startSeconds} + i * ${stepSeconds} + ${extraSeconds}, 'unixepoch')`;
  raw.exec('BEGIN');
  raw.exec(`
    INSERT INTO checkouts (id, bungalow, created_at, guest_name, total, voided_at, void_reason)
    WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${checkoutCount})
    SELECT i, (i * 7919) % ${bungalows} + 1, ${at()}, 'Guest ' || (i % 5000), 0,
      CASE WHEN i % 200 = 0 THEN ${at(3600)} END,
      CASE WHEN i % 200 = 0 THEN 'Entered twice' END
    FROM n`);
  raw.exec(`
    INSERT INTO checkout_lines (checkout_id, drink_id, drink_name, quantity, unit_price, line_total)
    WITH drinks(j, name, price) AS (VALUES ${drinkValues}),
      k(k) AS (VALUES (0), (1), (2))
    SELECT c.id, d.j + 1, d.name, 1 + (c.id + k.k) % 2, d.price, (1 + (c.id + k.k) % 2) * d.price
    FROM checkouts c JOIN k ON k.k <= c.id % 3 JOIN drinks d ON d.j = (c.id * 31 + k.k * 7) % 9
    ORDER BY c.id, k.k`);
  raw.exec(
    'UPDATE checkouts SET total = (SELECT sum(line_total) FROM checkout_lines WHERE checkout_id = checkouts.id)',
  );
  raw.exec(`
    INSERT INTO restocks (bungalow, restocked_at)
    WITH RECURSIVE d(day) AS (SELECT 0 UNION ALL SELECT day + 1 FROM d WHERE day < ${spanDays - 1}),
      b(b) AS (SELECT 1 UNION ALL SELECT b + 1 FROM b WHERE b < ${bungalows})
    SELECT b.b, strftime('%Y-%m-%dT%H:%M:%fZ', ${startSeconds} + d.day * 86400 + (b.b % 12) * 3600, 'unixepoch')
    FROM d, b ORDER BY d.day, b.b`);
  for (const statement of runningTotalsSql) raw.exec(statement);
  raw.exec('COMMIT');
  raw.close();
}

async function seedPostgres(db: Db, now: number): Promise<void> {
  const start = new Date(now - spanDays * 86_400_000).toISOString();
  const stepMs = (spanDays * 86_400_000) / checkoutCount;
  const iso = (expr: string) => `to_char((${expr}) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
  const at = `timestamptz '${start}' + i * interval '${stepMs} milliseconds'`;
  const statements = [
    `INSERT INTO checkouts (id, bungalow, created_at, guest_name, total, voided_at, void_reason)
     SELECT i, (i::bigint * 7919) % ${bungalows} + 1, ${iso(at)}, 'Guest ' || (i % 5000), 0,
       CASE WHEN i % 200 = 0 THEN ${iso(`${at} + interval '1 hour'`)} END,
       CASE WHEN i % 200 = 0 THEN 'Entered twice' END
     FROM generate_series(1, ${checkoutCount}) AS i`,
    `INSERT INTO checkout_lines (checkout_id, drink_id, drink_name, quantity, unit_price, line_total)
     SELECT c.id, d.j + 1, d.name, 1 + (c.id + k) % 2, d.price, (1 + (c.id + k) % 2) * d.price
     FROM checkouts c JOIN generate_series(0, 2) AS k ON k <= c.id % 3
       JOIN (VALUES ${drinkValues}) AS d(j, name, price) ON d.j = (c.id * 31 + k * 7) % 9
     ORDER BY c.id, k`,
    `UPDATE checkouts c SET total = s.total
     FROM (SELECT checkout_id, sum(line_total) AS total FROM checkout_lines GROUP BY checkout_id) s
     WHERE s.checkout_id = c.id`,
    `INSERT INTO restocks (bungalow, restocked_at)
     SELECT b, ${iso(`timestamptz '${start}' + day * interval '1 day' + (b % 12) * interval '1 hour'`)}
     FROM generate_series(0, ${spanDays - 1}) AS day, generate_series(1, ${bungalows}) AS b
     ORDER BY day, b`,
    ...runningTotalsSql,
    // Ids were given explicitly: move the identity sequence past them, as in a database that grew normally.
    `SELECT setval(pg_get_serial_sequence('checkouts', 'id'), ${checkoutCount})`,
    // Autovacuum analyzes a table this size within a minute or so of the load; do it now.
    'ANALYZE',
  ];
  for (const statement of statements) await sql.raw(statement).execute(db.kysely);
}

/** Records every query the app sends, so its plan can be asked for (EXPLAIN) outside the timing. */
class QueryRecorder implements KyselyPlugin {
  readonly seen: { node: RootOperationNode; queryId: QueryId }[] = [];
  transformQuery({ node, queryId }: PluginTransformQueryArgs): RootOperationNode {
    this.seen.push({ node, queryId });
    return node;
  }
  async transformResult({ result }: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return result;
  }
}

/** The big tables: reading any of them whole would grow with the years. */
const fullScan: Record<DialectName, RegExp> = {
  // "SCAN t" without "USING ... INDEX" reads every row; "SEARCH" and "SCAN t USING INDEX" do not. Not
  // audit_events: its seq is the rowid, and reading it newest first (ORDER BY seq DESC LIMIT 51) is a SCAN too.
  sqlite: /\bSCAN (checkouts|checkout_lines|restocks)\b(?! USING (COVERING )?INDEX)/,
  postgres: /Seq Scan on (checkouts|checkout_lines|restocks|audit_events)\b/,
};

/** The plans of the queries one request made; returns the plan lines that read a big table whole. */
async function fullScansOf(db: Db, recorder: QueryRecorder, dialect: DialectName): Promise<string[]> {
  const found: string[] = [];
  const selects = recorder.seen.splice(0).filter(({ node }) => node.kind === 'SelectQueryNode');
  log(`${dialect}: EXPLAIN of ${selects.length} queries`);
  for (const { node, queryId } of selects) {
    const compiled = db.kysely.getExecutor().compileQuery(node, queryId);
    const explain = dialect === 'sqlite' ? 'EXPLAIN QUERY PLAN ' : 'EXPLAIN ';
    const { rows } = await db.kysely.executeQuery<Record<string, unknown>>(
      CompiledQuery.raw(explain + compiled.sql, [...compiled.parameters]),
    );
    const plan = rows.map((row) => String(row.detail ?? row['QUERY PLAN'] ?? ''));
    for (const line of plan)
      if (fullScan[dialect].test(line)) found.push(`${line.trim()}  <- ${compiled.sql.slice(0, 120)}`);
  }
  return found;
}

export async function timeQueries(db: Db, dialect: DialectName, now: number): Promise<ScaleRow[]> {
  const recorder = new QueryRecorder();
  const app = createApp({
    db: { ...db, kysely: db.kysely.withPlugin(recorder) },
    config: parseConfig({ LOG_LEVEL: 'error' }),
    adminPasswordHash: await hashPassword(password),
    logger: createLogger('error', () => {}),
    now: () => now,
  });
  const login = await app.request('/api/session', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ password }),
  });
  if (login.status !== 204) throw new Error(`bench login failed: ${login.status}`);
  const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0] ?? '';

  const day = (daysBack: number) => new Date(now - daysBack * 86_400_000).toISOString().slice(0, 10);
  let round = 0;
  const queries: { name: string; path: () => string }[] = [
    { name: 'history page (newest 20)', path: () => '/api/checkouts?pageSize=20' },
    {
      name: 'history filtered (bungalow, 30 days)',
      path: () => {
        // A different bungalow and month each time, anywhere in the five years.
        const back = (round * 37) % (spanDays - 30);
        return `/api/checkouts?pageSize=20&bungalow=${(round % bungalows) + 1}&from=${day(back + 30)}&to=${day(back)}`;
      },
    },
    { name: 'restock list', path: () => '/api/restock' },
    { name: 'consumption chart (30 days)', path: () => '/api/consumption?days=30' },
    // The Activity page on a million events: its first page, a filter by action, by person and by days.
    { name: 'activity page (newest 50)', path: () => '/api/audit' },
    { name: 'activity: voids (action filter)', path: () => '/api/audit?action=checkout.voided' },
    { name: 'activity: the owner (person filter)', path: () => '/api/audit?actor=owner' },
    {
      name: 'activity: one week (days filter)',
      path: () => {
        const back = (round * 37) % (spanDays - 7);
        return `/api/audit?from=${day(back + 7)}&to=${day(back)}`;
      },
    },
  ];

  const rows: ScaleRow[] = [];
  /** Each query's plan checked for full scans (one request each), then its p50 and p99. */
  const measure = async (list: typeof queries, label: string) => {
    const scans: string[] = [];
    for (const query of list) {
      recorder.seen.length = 0;
      const probe = await app.request(query.path(), { headers: { cookie } });
      await probe.text();
      scans.push(...(await fullScansOf(db, recorder, dialect)));
    }
    for (const line of scans) log(`${dialect}: full scan: ${line}`);
    rows.push({
      metric: `${dialect}: full scans of checkouts, lines or restocks (EXPLAIN of every query ${label})`,
      value: String(scans.length),
      target: '0',
      met: scans.length === 0,
      database: dialect,
      query: `full scans (EXPLAIN${label === 'above' ? '' : `, ${label}`})`,
      p50Ms: Number.NaN,
      p99Ms: Number.NaN,
    });
    for (const query of list) {
      recorder.seen.length = 0;
      const times: number[] = [];
      for (let i = 0; i < warmup + samples; i++) {
        round++;
        const started = performance.now();
        recorder.seen.length = 0;
        const response = await app.request(query.path(), { headers: { cookie } });
        const body = await response.text();
        const elapsed = performance.now() - started;
        if (response.status !== 200)
          throw new Error(`${query.name}: ${response.status} ${body.slice(0, 200)}`);
        if (i >= warmup) times.push(elapsed);
      }
      const p50 = percentile(times, 50);
      const p99 = percentile(times, 99);
      rows.push({
        metric: `${dialect}: ${query.name} p50 / p99`,
        value: `${p50.toFixed(1)} / ${p99.toFixed(1)} ms`,
        target: `p99 < ${budgetMs} ms`,
        met: p99 < budgetMs,
        database: dialect,
        query: query.name,
        p50Ms: p50,
        p99Ms: p99,
      });
    }
  };
  await measure(queries, 'above');

  // Stock on (issues 25 and 26): the storeroom counted and a delivery of each drink, then the margin of a
  // month (anywhere in the five years) and the buy list, both read from the running figures of migration 014,
  // what is on hand and what a fridge holds.
  const post = async (path: string, body: unknown) => {
    const response = await app.request(path, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (response.status !== 201) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  };
  // The seeded lines name drinks 1 to 9: the catalogue gets them, in that order.
  for (const drink of seedDrinks) await post('/api/drinks', drink);
  const drinkIds = seedDrinks.map((_, index) => index + 1);
  await post('/api/stock/start', { storeroom: drinkIds.map((drinkId) => ({ drinkId, quantity: 48 })) });
  await post('/api/stock/deliveries', {
    lines: drinkIds.map((drinkId) => ({ drinkId, quantity: 24, unitCost: 2500 + drinkId * 100 })),
  });
  await measure(
    [
      {
        name: 'stock margin of a month',
        path: () => {
          const back = (round * 37) % (spanDays - 31);
          return `/api/stock/margin?from=${day(back + 30)}&to=${day(back)}`;
        },
      },
      { name: 'stock buy list', path: () => '/api/stock/buy-list' },
      { name: 'stock on hand (GET /api/stock)', path: () => '/api/stock' },
      { name: 'a fridge (GET /api/fridges/:n)', path: () => `/api/fridges/${(round % 24) + 1}` },
    ],
    'of stock',
  );
  rows.push(await timeExport(app, cookie, dialect, day));
  return rows;
}

/** Heap a streamed export may grow by, whatever its length: it holds one batch at a time. */
const exportHeapBudgetMb = 64;

/**
 * The CSV export of the last year (a fifth of the five years), read to its end: each batch reads its lines,
 * revisions and payments side by side (three queries at once on PostgreSQL's pool). Its time, and the most
 * the heap grew while it streamed.
 */
async function timeExport(
  app: ReturnType<typeof createApp>,
  cookie: string,
  dialect: DialectName,
  day: (daysBack: number) => string,
): Promise<ScaleRow> {
  const heapBefore = process.memoryUsage().heapUsed;
  let heapPeak = heapBefore;
  const started = performance.now();
  const response = await app.request(`/api/checkouts/export.csv?from=${day(365)}&to=${day(0)}`, {
    headers: { cookie },
  });
  if (response.status !== 200 || !response.body) throw new Error(`export: ${response.status}`);
  const reader = response.body.getReader();
  let bytes = 0;
  let lines = 0;
  for (let chunk = 0; ; chunk++) {
    const { done, value } = await reader.read();
    if (done) break;
    bytes += value.length;
    for (const byte of value) if (byte === 10) lines++;
    if (chunk % 16 === 0) heapPeak = Math.max(heapPeak, process.memoryUsage().heapUsed);
  }
  const seconds = (performance.now() - started) / 1000;
  const growthMb = (heapPeak - heapBefore) / 1024 / 1024;
  // One line per drink of each checkout, after the header.
  const rowCount = lines - 1;
  log(
    `${dialect}: export of a year: ${rowCount} CSV rows, ${(bytes / 1e6).toFixed(1)} MB in ${seconds.toFixed(1)} s`,
  );
  return {
    metric: `${dialect}: CSV export of a year`,
    value:
      `${rowCount.toLocaleString('en-US')} rows, ${(bytes / 1e6).toFixed(0)} MB in ${seconds.toFixed(1)} s ` +
      `(${Math.round(rowCount / seconds).toLocaleString('en-US')} rows/s), heap +${growthMb.toFixed(0)} MB`,
    target: `heap growth < ${exportHeapBudgetMb} MB`,
    met: growthMb < exportHeapBudgetMb,
    database: dialect,
    query: 'CSV export of a year (streamed)',
    p50Ms: Number.NaN,
    p99Ms: Number.NaN,
  };
}

async function countLines(db: Db): Promise<number> {
  const { rows } = await sql<{ n: number }>`select count(*) as n from checkout_lines`.execute(db.kysely);
  return Number(rows[0]?.n);
}

/** Times the migrations after 006 (007 carries every checkout into the audit chain) and then the chain's verify. */
async function migrateAndVerify(db: Db, dialect: DialectName, result: HistoryScaleResult) {
  // The wall time on a shared machine, and this process's CPU time beside it (on SQLite all the work).
  const cpu = (since: NodeJS.CpuUsage) => {
    const used = process.cpuUsage(since);
    return (used.user + used.system) / 1e6;
  };
  let started = performance.now();
  let cpuStart = process.cpuUsage();
  await migrateToLatest(db);
  const migrate = (performance.now() - started) / 1000;
  const migrateCpu = cpu(cpuStart);
  started = performance.now();
  cpuStart = process.cpuUsage();
  const verdict = await verifyChain(db.kysely);
  const verify = (performance.now() - started) / 1000;
  const verifyCpu = cpu(cpuStart);
  if (!verdict.ok)
    throw new Error(`${dialect}: the chain does not verify at ${verdict.brokenAt}: ${verdict.reason}`);
  result.migrateSeconds[dialect] = migrate;
  result.verifySeconds[dialect] = verify;
  result.auditEvents[dialect] = verdict.events;
  log(
    `${dialect}: migration 007 carried ${verdict.events} events into the chain in ${migrate.toFixed(1)} s; verify ${verify.toFixed(1)} s`,
  );
  result.rows.push(
    {
      metric: `${dialect}: migration 007 on ${checkoutCount.toLocaleString('en-US')} checkouts (${verdict.events.toLocaleString('en-US')} events)`,
      value: `${migrate.toFixed(1)} s (app CPU ${migrateCpu.toFixed(1)} s, load ${os.loadavg()[0]?.toFixed(1)})`,
      target: '',
      database: dialect,
      query: 'migration 007 (carry into the chain)',
      p50Ms: Number.NaN,
      p99Ms: migrate * 1000,
    },
    {
      metric: `${dialect}: audit:verify of ${verdict.events.toLocaleString('en-US')} events`,
      value: `${verify.toFixed(1)} s (app CPU ${verifyCpu.toFixed(1)} s)`,
      target: '',
      database: dialect,
      query: 'audit:verify (whole chain)',
      p50Ms: Number.NaN,
      p99Ms: verify * 1000,
    },
  );
}

async function runSqlite(now: number, result: HistoryScaleResult) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fridge-history-scale-'));
  const file = path.join(dir, 'scale.sqlite');
  try {
    // The schema before the audit trail: the seeded checkouts are then carried into the chain by 007.
    const migrated = openDatabase(`sqlite:${file}`);
    await migrateUpTo(migrated, '006-payments');
    await migrated.close();
    const started = performance.now();
    seedSqlite(file, now);
    const seconds = (performance.now() - started) / 1000;
    result.seedSeconds.sqlite = seconds;
    const db = openDatabase(`sqlite:${file}`);
    try {
      const lines = await countLines(db);
      result.lines.sqlite = lines;
      log(`sqlite: seeded ${checkoutCount} checkouts, ${lines} lines in ${seconds.toFixed(1)} s`);
      await migrateAndVerify(db, 'sqlite', result);
      result.rows.push(...(await timeQueries(db, 'sqlite', now)));
    } finally {
      await db.close();
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

async function runPostgres(now: number, result: HistoryScaleResult) {
  const schema = `bench_history_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: postgresUrl });
  await admin.connect();
  try {
    await admin.query(`create schema ${schema}`);
    const db = openDatabase(postgresUrl, { schema, poolSize: 4 });
    try {
      await migrateUpTo(db, '006-payments');
      const started = performance.now();
      await seedPostgres(db, now);
      const seconds = (performance.now() - started) / 1000;
      result.seedSeconds.postgres = seconds;
      const lines = await countLines(db);
      result.lines.postgres = lines;
      log(`postgres: seeded ${checkoutCount} checkouts, ${lines} lines in ${seconds.toFixed(1)} s`);
      await migrateAndVerify(db, 'postgres', result);
      await sql`analyze`.execute(db.kysely);
      result.rows.push(...(await timeQueries(db, 'postgres', now)));
    } finally {
      await db.close();
    }
  } finally {
    await admin.query(`drop schema if exists ${schema} cascade`);
    await admin.end();
  }
}

/** Seeds, measures and cleans up both databases; bench/run.ts calls this and prints the rows. */
export async function runHistoryScaleBench(): Promise<HistoryScaleResult> {
  const now = Date.now();
  const result: HistoryScaleResult = {
    checkouts: checkoutCount,
    lines: {},
    seedSeconds: {},
    migrateSeconds: {},
    auditEvents: {},
    verifySeconds: {},
    rows: [],
  };
  log(`history scale: ${checkoutCount.toLocaleString('en-US')} checkouts, ${samples} samples per query`);
  await runSqlite(now, result);
  if (postgresUrl !== 'off') await runPostgres(now, result);
  return result;
}

export function printHistoryScaleTable(result: HistoryScaleResult) {
  const header = ['database', 'query', 'p50 ms', 'p99 ms', `p99 < ${budgetMs} ms`];
  const lines = result.rows.map((row) =>
    row.met === undefined
      ? [row.database, row.query, '', row.value, '']
      : Number.isNaN(row.p50Ms)
        ? [
            row.database,
            row.query,
            row.value,
            '',
            row.met ? (row.query.startsWith('full scans') ? 'yes (0 found)' : 'yes') : 'NO',
          ]
        : [row.database, row.query, row.p50Ms.toFixed(1), row.p99Ms.toFixed(1), row.met ? 'yes' : 'NO'],
  );
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((line) => (line[i] ?? '').length)));
  const format = (cells: string[]) => cells.map((cell, i) => cell.padEnd(widths[i] ?? 0)).join('  ');
  const seed = (d: DialectName) => result.seedSeconds[d]?.toFixed(1) ?? '-';
  console.log(
    `\n${result.checkouts.toLocaleString('en-US')} checkouts; lines: sqlite ${result.lines.sqlite ?? '-'}, ` +
      `postgres ${result.lines.postgres ?? '-'}; seeding: sqlite ${seed('sqlite')} s, postgres ${seed('postgres')} s`,
  );
  console.log(format(header));
  for (const line of lines) console.log(format(line));
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  runHistoryScaleBench()
    .then(printHistoryScaleTable)
    .catch((error) => {
      console.error(error);
      process.exitCode = 1;
    });
}

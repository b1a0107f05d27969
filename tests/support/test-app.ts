import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, inject, onTestFinished } from 'vitest';
import { createApp } from '../../src/server/app';
import { hashPassword } from '../../src/server/auth/password';
import { type Config, parseConfig } from '../../src/server/config';
import { type Db, type DialectName, openDatabase } from '../../src/server/db/database';
import { migrateToLatest } from '../../src/server/db/migrate';
import { prepareDatabase } from '../../src/server/db/prepare-database';
import { seedOnce } from '../../src/server/db/seed';
import { createLiveHub, type LiveHub } from '../../src/server/live/live-hub';
import { createLogger } from '../../src/server/logger';
import { createPmsPoster, type PmsPoster } from '../../src/server/pms/pms-poster';
import { createPmsDayReader } from '../../src/server/round/pms-day';
import { createWebhookSender, type WebhookSender } from '../../src/server/webhooks/webhook-sender';
import type { PostgresTemplates } from './database-templates';
import { SchemaPool } from './schema-pool';
import { createScratchSchema, onServer } from './scratch-schema';
import { asTestServerRole, ensureTestServerRole, testServerGrants } from './server-role';

export const testAdminPassword = 'test-admin-password';
/**
 * The cost of the test apps' admin password hash. A hash carries its parameters and the server verifies with
 * them, so every login runs the same code at a sixteenth of the production cost (N=2^17, ~0.4 s of CPU a login,
 * paid by hundreds of logins a run): password.test.ts holds the production cost itself.
 */
const testPasswordCost = { N: 2 ** 13 } as const;
let cachedHash: Promise<string> | undefined;
/** One hash serves every app of a test file. */
export const testAdminPasswordHash = () => {
  cachedHash ??= hashPassword(testAdminPassword, testPasswordCost);
  return cachedHash;
};

export const postgresUrl = process.env.TEST_DATABASE_URL;

/** Every database the API must work on: SQLite always, PostgreSQL when TEST_DATABASE_URL is set. */
export const testDialects: DialectName[] = postgresUrl ? ['sqlite', 'postgres'] : ['sqlite'];

export interface ScratchDatabase {
  /** What the app uses: on PostgreSQL the server's restricted login (tests/support/server-role.ts). */
  db: Db;
  /**
   * The schema owner's connection (on SQLite the same handle as `db`): for what only an owner, or an intruder
   * holding the owner's login, can do to the tables (drop a trigger, add one).
   */
  owner: Db;
  /** The owner's address. */
  url: string;
  schema?: string;
  /** Opens a second connection to the same data, as a second app server would. */
  openAnother(): Db;
  drop(): Promise<void>;
}

/** A fresh, migrated database: a temporary SQLite file, or a schema of its own on the PostgreSQL server. */
export async function createScratchDatabase(
  dialect: DialectName,
  { seed = true } = {},
): Promise<ScratchDatabase> {
  if (dialect === 'sqlite') {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fridge-test-'));
    const file = path.join(dir, 'test.sqlite');
    const url = `sqlite:${file}`;
    // A copy of a database migrated once for the run (database-templates.ts), when the config made them.
    const templates = inject('sqliteTemplates');
    if (templates) fs.copyFileSync(seed ? templates.seeded : templates.bare, file);
    const db = openDatabase(url);
    if (!templates) {
      await migrateToLatest(db);
      if (seed) await seedOnce(db);
    }
    return {
      db,
      owner: db,
      url,
      openAnother: () => openDatabase(url),
      async drop() {
        await db.close();
        fs.rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  if (!postgresUrl) throw new Error('TEST_DATABASE_URL is not set');
  const [scratch] = await Promise.all([
    createScratchSchema(postgresUrl, 'fc_test'),
    ensureTestServerRole(postgresUrl),
  ]);
  const { schema } = scratch;
  const templates = inject('postgresTemplates');
  // Opened lazily: a pool connects at its first query, and most tests never use the owner's login.
  const owner = openDatabase(postgresUrl, { schema, poolSize: 2 });
  // The migrated schema written out once for the run (database-templates.ts), run under this schema's name, the
  // server's grants included; without a template, migrated here and granted as npm run migrate grants.
  if (templates) await runTemplate(postgresUrl, schema, templates, seed);
  else {
    await migrateToLatest(owner);
    if (seed) await seedOnce(owner);
    await onServer(postgresUrl, testServerGrants(schema));
  }
  const serverUrl = asTestServerRole(postgresUrl);
  const db = openDatabase(serverUrl, { schema, poolSize: 5 });
  // As at a server's start: the login is checked, the schema found current, and from then on queries are
  // prepared once per connection.
  await prepareDatabase(db, { allowOwnerRole: false });
  return {
    db,
    owner,
    url: postgresUrl,
    schema,
    openAnother: () => openDatabase(serverUrl, { schema, poolSize: 5 }),
    async drop() {
      await Promise.all([db.close(), owner.close()]);
      await scratch.drop();
    },
  };
}

/**
 * A schema from the suite's pool (schema-pool.ts): the template's tables and rows, as createScratchDatabase's.
 * `drop()` hands it back to the pool, once.
 */
async function pooledScratchDatabase(pool: SchemaPool, { seed = true } = {}): Promise<ScratchDatabase> {
  const url = postgresUrl ?? '';
  const schema = await pool.take(seed);
  const serverUrl = asTestServerRole(url);
  const db = openDatabase(serverUrl, { schema, poolSize: 5 });
  const owner = openDatabase(url, { schema, poolSize: 2 });
  // As at a server's start on the restricted login: checked, found current, then preparing.
  await prepareDatabase(db, { allowOwnerRole: false });
  let handedBack: Promise<void> | undefined;
  return {
    db,
    owner,
    url,
    schema,
    openAnother: () => openDatabase(serverUrl, { schema, poolSize: 5 }),
    drop() {
      handedBack ??= Promise.all([db.close(), owner.close()]).then(() => pool.give(schema));
      return handedBack;
    },
  };
}

/**
 * A database made inside a test goes back to the pool when that test has finished (its afterEach hooks
 * included), so the suite's next test starts on it. One made in a `beforeAll` serves the suite's tests and is
 * handed back when the suite ends.
 */
function handBackAfterTest(app: TestApp, scratch: ScratchDatabase) {
  try {
    onTestFinished(async () => {
      await app.live.close();
      await scratch.drop();
    });
  } catch {
    // Not inside a test: kept until the suite's afterAll.
  }
}

/**
 * One script, one round trip: the template's tables, indexes, triggers and rows made in `schema`, with the
 * server's login's grants (database-templates.ts).
 */
async function runTemplate(url: string, schema: string, templates: PostgresTemplates, seed: boolean) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query((seed ? templates.seeded : templates.bare).replaceAll(templates.placeholder, schema));
  } finally {
    await client.end();
  }
}

export interface RequestOptions {
  body?: unknown;
  /** Sent as is (not JSON-encoded) when a string. */
  rawBody?: string;
  cookie?: string;
  headers?: Record<string, string>;
  /** Aborts the request, as a client going away does (the event stream's cleanup). */
  signal?: AbortSignal;
}

/** An answer's status and its JSON body (null when it has none): what the API suites compare. */
export async function statusAndJson(response: Response) {
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null };
}

export interface TestApp {
  app: ReturnType<typeof createApp>;
  db: Db;
  scratch: ScratchDatabase;
  clock: { now: number; advance(ms: number): void };
  logLines: string[];
  /** The app's live desk hub (its open streams, its LISTEN connection). */
  live: LiveHub;
  /** The app's webhook sender, not started: a test that sends starts it (and stops it). */
  webhooks: WebhookSender;
  /**
   * The app's PMS poster, not started (the webhooks' schedule and lease from the config); today's PMS day is
   * read on its schedule only when a test calls `importStays()`.
   */
  pms: PmsPoster;
  request(method: string, path: string, options?: RequestOptions): Promise<Response>;
  /** Logs in and returns the Cookie header value of the new session. */
  login(options?: { headers?: Record<string, string> }): Promise<string>;
}

export async function createTestApp(
  scratch: ScratchDatabase,
  overrides: { trustProxy?: boolean; db?: Db; config?: Partial<Config> } = {},
): Promise<TestApp> {
  const db = overrides.db ?? scratch.db;
  const config: Config = {
    ...parseConfig({ LOG_LEVEL: 'debug' }),
    trustProxy: overrides.trustProxy ?? false,
    ...overrides.config,
  };
  const logLines: string[] = [];
  const clock = {
    now: Date.now(),
    advance(ms: number) {
      clock.now += ms;
    },
  };
  const logger = createLogger('debug', (line) => logLines.push(line));
  const live = createLiveHub({ db, logger });
  const webhooks = createWebhookSender({ db, config: config.webhooks, logger, live });
  // The app's one reader of the PMS's day, on the test's clock. The poster reads today's only when a test says
  // (`t.pms.importStays()`): a timer of its own would import stays in the middle of other tests' checks.
  const pmsDay = createPmsDayReader({ db, allowedHosts: config.webhooks.allowedHosts, now: () => clock.now });
  const pms = createPmsPoster({
    db,
    logger,
    live,
    config: config.webhooks,
    day: pmsDay,
    dayEveryMs: 0,
  });
  const app = createApp({
    webhooks,
    pms,
    pmsDay,
    db,
    config,
    adminPasswordHash: await testAdminPasswordHash(),
    logger,
    now: () => clock.now,
    live,
  });

  const request: TestApp['request'] = (method, urlPath, options = {}) => {
    const signal = options.signal;
    const headers: Record<string, string> = { ...options.headers };
    let body: string | undefined;
    if (options.rawBody !== undefined) body = options.rawBody;
    else if (options.body !== undefined) {
      body = JSON.stringify(options.body);
      headers['content-type'] ??= 'application/json';
    }
    if (options.cookie) headers.cookie = options.cookie;
    return Promise.resolve(app.request(urlPath, { method, headers, body, ...(signal ? { signal } : {}) }));
  };

  return {
    app,
    db,
    scratch,
    clock,
    logLines,
    live,
    webhooks,
    pms,
    request,
    async login(options = {}) {
      const response = await request('POST', '/api/session', {
        body: { password: testAdminPassword },
        headers: options.headers,
      });
      if (response.status !== 204)
        throw new Error(`login failed: ${response.status} ${await response.text()}`);
      const setCookie = response.headers.get('set-cookie') ?? '';
      return setCookie.split(';')[0] ?? '';
    },
  };
}

/**
 * Runs a suite once per database. Each run gets its own fresh database through `fresh()`; databases made
 * in the suite are dropped when it ends.
 */
export function describeEachDatabase(
  name: string,
  suite: (ctx: {
    dialect: DialectName;
    fresh: (options?: { seed?: boolean; config?: Partial<Config> }) => Promise<TestApp>;
  }) => void,
) {
  for (const dialect of testDialects) {
    describe(`${name} [${dialect}]`, () => {
      const made: ScratchDatabase[] = [];
      const templates = dialect === 'postgres' && postgresUrl ? inject('postgresTemplates') : null;
      const pool = templates && postgresUrl ? new SchemaPool(postgresUrl, templates) : undefined;
      beforeAll(() => testAdminPasswordHash().then(() => undefined));
      afterAll(async () => {
        await Promise.all(made.map((scratch) => scratch.drop()));
        await pool?.drain();
      });
      suite({
        dialect,
        fresh: async (options) => {
          const scratch = pool
            ? await pooledScratchDatabase(pool, options)
            : await createScratchDatabase(dialect, options);
          made.push(scratch);
          const app = await createTestApp(scratch, options?.config ? { config: options.config } : {});
          if (pool) handBackAfterTest(app, scratch);
          return app;
        },
      });
    });
  }
}

import http from 'node:http';
import pg from 'pg';
import { streamLimits } from '../src/server/live/events.routes';
import { checkoutLimitsOff, type ServerProcess, startServer } from '../tests/support/server-process';
import { percentile } from './http-load';
import { type Memory, prepareGuest, readMemory } from './servers';

/**
 * The live desk under load (issue 21): N open event streams on one server, the time from a checkout's 201 to
 * its event at every stream, the server's memory per open stream, and the same across two app servers on one
 * PostgreSQL (streams on one, checkouts on the other), with the PostgreSQL connections one server holds.
 */

export interface LatencyFigures {
  streams: number;
  checkouts: number;
  /** Per delivery: from the 201 at the client to the event at one stream (negative = before the 201). */
  p50Ms: number;
  p99Ms: number;
  /** Per checkout: until the last of the streams had it. */
  allP50Ms: number;
  allP99Ms: number;
  lost: number;
  doubled: number;
}

export interface LiveBenchReport {
  sqlite: LatencyFigures & { memoryBefore?: Memory; memoryAfter?: Memory; bytesPerStream?: number };
  postgres?: LatencyFigures & {
    connectionsMax: number;
    listenConnections: number;
    poolSize: number;
  };
  postgresSkipped?: string;
}

interface Stream {
  arrivals: Map<number, number[]>;
  ready: Promise<void>;
  close(): void;
}

/** A plain HTTP event-stream client (one socket each, like 500 browser tabs): when each checkout arrived. */
function openStream(baseURL: string, cookie: string): Stream {
  const arrivals = new Map<number, number[]>();
  let request: http.ClientRequest | undefined;
  const ready = new Promise<void>((resolve, reject) => {
    request = http.get(
      `${baseURL}/api/events`,
      { agent: false, headers: { Cookie: cookie, Accept: 'text/event-stream' } },
      (response) => {
        if (response.statusCode !== 200) {
          reject(new Error(`GET /api/events answered ${response.statusCode}`));
          response.resume();
          return;
        }
        let buffer = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          const now = performance.now();
          buffer += chunk;
          let end = buffer.indexOf('\n\n');
          while (end !== -1) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            end = buffer.indexOf('\n\n');
            if (block.includes('event: ready')) resolve();
            const data = block.split('\n').find((line) => line.startsWith('data: '));
            if (!data || data === 'data: {}') continue;
            const event = JSON.parse(data.slice(6)) as { action: string; checkoutId?: number };
            if (event.action !== 'checkout.recorded' || event.checkoutId === undefined) continue;
            const seen = arrivals.get(event.checkoutId) ?? [];
            seen.push(now);
            arrivals.set(event.checkoutId, seen);
          }
        });
        response.on('error', () => {});
      },
    );
    request.on('error', reject);
  });
  return { arrivals, ready, close: () => request?.destroy() };
}

async function login(baseURL: string, password: string): Promise<string> {
  const response = await fetch(`${baseURL}/api/session`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ password }),
  });
  if (response.status !== 204) throw new Error(`login failed: ${response.status}`);
  return (response.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
}

async function firstDrinkId(baseURL: string): Promise<number> {
  const drinks = (await (await fetch(`${baseURL}/api/drinks`)).json()) as { id: number }[];
  const id = drinks[0]?.id;
  if (id === undefined) throw new Error('No drinks to check out');
  return id;
}

/** A cookie's `name=value` from a response's Set-Cookie (several are joined in one header by fetch). */
function cookieOf(response: Response, name: string): string {
  const match = new RegExp(`(?:^|[,\\s])(${name}=[^;]*)`).exec(response.headers.get('set-cookie') ?? '');
  if (!match?.[1]) throw new Error(`no ${name} cookie`);
  return match[1];
}

/**
 * The sessions of `count` staff tabs: a person may hold only `streamLimits.perPerson` streams across their
 * sessions (429 beyond), so as many people of the team as that takes, each signed in with a PIN on one
 * registered device. Made before the server's memory is read (each sign-in's hash borrows memory of its own).
 */
async function signInsFor(baseURL: string, password: string, count: number): Promise<string[]> {
  const owner = await login(baseURL, password);
  const post = (path: string, cookie: string, body: unknown) =>
    fetch(`${baseURL}${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Cookie: cookie },
      body: JSON.stringify(body),
    });
  const registered = await post('/api/devices', owner, { name: 'Bench tablet' });
  if (registered.status !== 201) throw new Error(`device registration failed: ${registered.status}`);
  const device = cookieOf(registered, 'fc_device');
  const cookies: string[] = [];
  const pin = '274019';
  for (let i = 0; i < Math.ceil(count / streamLimits.perPerson); i++) {
    const added = await post('/api/staff', owner, { name: `Bench ${i + 1}`, role: 'housekeeping', pin });
    if (added.status !== 201) throw new Error(`adding staff failed: ${added.status}`);
    const { id } = (await added.json()) as { id: number };
    const signedIn = await post('/api/session', device, { staffId: id, pin });
    if (signedIn.status !== 204) throw new Error(`PIN sign-in failed: ${signedIn.status}`);
    cookies.push(`${device}; ${cookieOf(signedIn, 'fc_session')}`);
  }
  return cookies;
}

/**
 * Opens `count` streams over `cookies` (signInsFor), 50 at a time (a burst of 500 connects would measure the
 * accept queue instead).
 */
async function openStreams(baseURL: string, cookies: string[], count: number): Promise<Stream[]> {
  const streams: Stream[] = [];
  for (let i = 0; i < count; i += 50) {
    const batch = Array.from({ length: Math.min(50, count - i) }, (_, j) =>
      openStream(baseURL, cookies[Math.floor((i + j) / streamLimits.perPerson)] as string),
    );
    await Promise.all(batch.map((stream) => stream.ready));
    streams.push(...batch);
  }
  return streams;
}

/**
 * Records `checkouts` checkouts one after another (`gapMs` apart) on `postTo` and measures their arrival at
 * every stream.
 */
async function measure(postTo: string, streams: Stream[], checkouts: number, gapMs: number) {
  const drinkId = await firstDrinkId(postTo);
  const sent: { id: number; at: number }[] = [];
  for (let i = 0; i < checkouts; i++) {
    const response = await fetch(`${postTo}/api/checkouts`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ bungalow: (i % 24) + 1, items: [{ drinkId, missing: 1 }] }),
    });
    const at = performance.now();
    if (response.status !== 201) throw new Error(`POST /api/checkouts answered ${response.status}`);
    const { id } = (await response.json()) as { id: number };
    sent.push({ id, at });
    await new Promise((resolve) => setTimeout(resolve, gapMs));
  }
  // Let the last events arrive (or show as lost).
  const deadline = Date.now() + 5_000;
  const last = sent.at(-1)?.id ?? 0;
  while (Date.now() < deadline && streams.some((stream) => !stream.arrivals.has(last))) {
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const deliveries: number[] = [];
  const everyone: number[] = [];
  let lost = 0;
  let doubled = 0;
  for (const { id, at } of sent) {
    let latest = Number.NEGATIVE_INFINITY;
    for (const stream of streams) {
      const times = stream.arrivals.get(id);
      if (!times) {
        lost++;
        continue;
      }
      if (times.length > 1) doubled++;
      const first = times[0] ?? at;
      deliveries.push(first - at);
      latest = Math.max(latest, first - at);
    }
    if (Number.isFinite(latest)) everyone.push(latest);
  }
  return {
    streams: streams.length,
    checkouts: sent.length,
    p50Ms: percentile(deliveries, 50),
    p99Ms: percentile(deliveries, 99),
    allP50Ms: percentile(everyone, 50),
    allP99Ms: percentile(everyone, 99),
    lost,
    doubled,
  };
}

export interface LiveBenchOptions {
  streams: number;
  checkouts: number;
  gapMs: number;
  /** A PostgreSQL database of its own (the bench's scratch one), or undefined to skip that part. */
  postgresUrl: string | undefined;
  log: (line: string) => void;
}

export async function runLiveBench(options: LiveBenchOptions): Promise<LiveBenchReport> {
  const { streams: count, checkouts, gapMs, log } = options;
  const server = await startServer({ env: { LOG_LEVEL: 'warn', ...checkoutLimitsOff } });
  let report: LiveBenchReport;
  try {
    await prepareGuest(server.baseURL, server.adminPassword);
    const cookies = await signInsFor(server.baseURL, server.adminPassword, count);
    // Warm the code paths (one stream, a few checkouts) before anything counts.
    const warm = await openStreams(server.baseURL, cookies, 1);
    await measure(server.baseURL, warm, 5, 10);
    for (const stream of warm) stream.close();
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    const memoryBefore = readMemory(server.child.pid);
    log(`live: opening ${count} streams on one server (SQLite)`);
    const streams = await openStreams(server.baseURL, cookies, count);
    await new Promise((resolve) => setTimeout(resolve, 500));
    const memoryAfter = readMemory(server.child.pid);
    log(`live: ${checkouts} checkouts, ${gapMs} ms apart`);
    const figures = await measure(server.baseURL, streams, checkouts, gapMs);
    for (const stream of streams) stream.close();
    report = {
      sqlite: {
        ...figures,
        ...(memoryBefore ? { memoryBefore } : {}),
        ...(memoryAfter ? { memoryAfter } : {}),
        ...(memoryBefore && memoryAfter
          ? { bytesPerStream: (memoryAfter.rss - memoryBefore.rss) / count }
          : {}),
      },
    };
  } finally {
    await server.stop();
  }
  if (!options.postgresUrl) return { ...report, postgresSkipped: 'no PostgreSQL' };
  report.postgres = await acrossServers(options.postgresUrl, options);
  return report;
}

const poolSize = 10;

async function acrossServers(databaseUrl: string, options: LiveBenchOptions) {
  const { streams: count, checkouts, gapMs, log } = options;
  const env = { LOG_LEVEL: 'warn', DATABASE_URL: databaseUrl, ...checkoutLimitsOff };
  const a = await startServer({ env });
  const b = await startServer({ env });
  const monitor = new pg.Client({ connectionString: databaseUrl });
  await monitor.connect();
  const servers: ServerProcess[] = [a, b];
  try {
    await prepareGuest(a.baseURL, a.adminPassword);
    const cookie = await login(b.baseURL, b.adminPassword);
    log(`live: ${count} streams on server B, ${checkouts} checkouts on server A (PostgreSQL)`);
    const streams = await openStreams(b.baseURL, await signInsFor(b.baseURL, b.adminPassword, count), count);
    // Warm-up: a few checkouts that do not count.
    await measure(a.baseURL, streams, 5, 10);
    for (const stream of streams) stream.arrivals.clear();
    const figures = await measure(a.baseURL, streams, checkouts, gapMs);

    // One server alone under load with its streams open: how many connections does it hold?
    await a.stop();
    servers.splice(0, 1);
    log('live: server B alone, streams open, checkouts and history reads at 20 at a time for 5 s');
    const drinkId = await firstDrinkId(b.baseURL);
    let connectionsMax = 0;
    let listenConnections = 0;
    let running = true;
    const sample = (async () => {
      while (running) {
        const { rows } = await monitor.query<{ total: number; listen: number }>(
          `select count(*)::int as total,
             count(*) filter (where application_name = 'fridge-check live')::int as listen
           from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`,
        );
        connectionsMax = Math.max(connectionsMax, rows[0]?.total ?? 0);
        listenConnections = Math.max(listenConnections, rows[0]?.listen ?? 0);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    })();
    const until = Date.now() + 5_000;
    await Promise.all(
      Array.from({ length: 20 }, async (_, worker) => {
        for (let i = 0; Date.now() < until; i++) {
          if ((worker + i) % 2 === 0) {
            const response = await fetch(`${b.baseURL}/api/checkouts`, {
              method: 'POST',
              headers: { 'Content-Type': 'application/json' },
              body: JSON.stringify({ bungalow: (i % 24) + 1, items: [{ drinkId, missing: 1 }] }),
            });
            await response.arrayBuffer();
          } else {
            const response = await fetch(`${b.baseURL}/api/checkouts?pageSize=50`, {
              headers: { Cookie: cookie },
            });
            await response.arrayBuffer();
          }
        }
      }),
    );
    running = false;
    await sample;
    for (const stream of streams) stream.close();
    return { ...figures, connectionsMax, listenConnections, poolSize };
  } finally {
    await monitor.end();
    for (const server of servers) await server.stop();
  }
}

/**
 * The webhook sender's cost on checkouts (issue 28): `POST /api/checkouts` throughput of a server with three
 * webhook endpoints registered (two receivers up, one down: its port refuses connections) against a server with
 * none, side by side in one run, on SQLite and PostgreSQL. The receivers are bench/bare-server.mjs in a process
 * of their own, answering 200 to everything, as a resort's PMS adapter on the LAN would. Runs interleave,
 * alternating who goes first; the medians are compared. After each run with endpoints, the bench waits until both
 * receivers up have had every event (the sender yields to checkouts, so part of its work comes after them, and
 * must not land in the other server's run); the longest of those waits is reported.
 */
import {
  checkoutLimitsOff,
  freePort,
  type ServerProcess,
  startServer,
} from '../tests/support/server-process';
import { type LoadResult, load, medianOf } from './http-load';
import {
  type BareServer,
  createScratchPostgres,
  prepareGuest,
  type ScratchPostgres,
  startBareServer,
} from './servers';

/** With three endpoints, checkouts keep at least this share of the throughput with none (issue 28). */
export const webhookWriteRatio = 0.9;

export interface WebhookWriteOptions {
  rounds: number;
  durationSeconds: number;
  connections: number[];
  postgresUrl: string | undefined;
  log: (line: string) => void;
}

export interface WebhookWriteRow {
  database: 'SQLite' | 'PostgreSQL';
  connections: number;
  withEndpoints: LoadResult & { runs: number };
  none: LoadResult & { runs: number };
  ratio: number;
}

export interface WebhookDrain {
  database: 'SQLite' | 'PostgreSQL';
  /** Checkout events recorded during the runs. */
  events: number;
  /** The longest wait, after a run with endpoints, until both receivers up had every event. */
  drainMs: number;
}

async function login(server: ServerProcess): Promise<string> {
  const response = await fetch(`${server.baseURL}/api/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ password: server.adminPassword }),
  });
  if (response.status !== 204) throw new Error(`login answered ${response.status}`);
  return (response.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
}

interface Health {
  url: string;
  health: { deliveredUpTo: number };
}

async function endpoints(server: ServerProcess, cookie: string): Promise<Health[]> {
  return (await fetch(`${server.baseURL}/api/webhooks`, { headers: { cookie } })).json() as Promise<Health[]>;
}

async function checkoutBodyOf(server: ServerProcess): Promise<string> {
  const drinks = (await (await fetch(`${server.baseURL}/api/drinks`)).json()) as { id: number }[];
  return JSON.stringify({
    bungalow: 7,
    items: drinks.slice(0, 3).map((d) => ({ drinkId: d.id, missing: 1 })),
  });
}

async function compare(
  database: WebhookWriteRow['database'],
  envs: { withEndpoints: Record<string, string>; none: Record<string, string> },
  receivers: BareServer[],
  downUrl: string,
  options: WebhookWriteOptions,
): Promise<{ rows: WebhookWriteRow[]; drain: WebhookDrain }> {
  const withEndpoints = await startServer({ env: envs.withEndpoints });
  const none = await startServer({ env: envs.none });
  try {
    for (const server of [withEndpoints, none]) await prepareGuest(server.baseURL, server.adminPassword);
    const cookie = await login(withEndpoints);
    const urls = [...receivers.map((r) => `${r.url}/hooks`), downUrl];
    for (const url of urls) {
      const response = await fetch(`${withEndpoints.baseURL}/api/webhooks`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie },
        body: JSON.stringify({ url, events: ['*'] }),
      });
      if (response.status !== 201) throw new Error(`adding ${url} answered ${response.status}`);
    }
    const contenders = [
      { label: 'three endpoints', server: withEndpoints, body: await checkoutBodyOf(withEndpoints) },
      { label: 'none', server: none, body: await checkoutBodyOf(none) },
    ];
    const run = (c: (typeof contenders)[number], connections: number, seconds: number) =>
      load(`${c.server.baseURL}/api/checkouts`, {
        connections,
        durationSeconds: seconds,
        method: 'POST',
        body: c.body,
      });
    const upUrls = new Set(urls.slice(0, receivers.length));
    /**
     * Waits until the receivers up have every event so far: after each run with endpoints, so that the
     * deliveries the sender put off while the checkouts ran (it yields to them) are not done during the other
     * server's run, on the same two cores. Answers the wait and the events.
     */
    const drained = async (): Promise<{ events: number; ms: number }> => {
      const ended = Date.now();
      const head = Number(
        (
          (await (await fetch(`${withEndpoints.baseURL}/api/audit`, { headers: { cookie } })).json()) as {
            events: { seq: number }[];
          }
        ).events[0]?.seq ?? 0,
      );
      for (;;) {
        const list = await endpoints(withEndpoints, cookie);
        if (list.filter((e) => upUrls.has(e.url)).every((e) => e.health.deliveredUpTo >= head)) break;
        if (Date.now() - ended > 300_000)
          throw new Error('the receivers did not get every event within 5 minutes');
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      return { events: head, ms: Date.now() - ended };
    };
    const drain: WebhookDrain = { database, events: 0, drainMs: 0 };
    for (const c of contenders) await run(c, 10, 1);
    const results: Record<string, Record<number, LoadResult[]>> = { 'three endpoints': {}, none: {} };
    for (let round = 0; round < options.rounds; round++) {
      for (const connections of options.connections) {
        const order = round % 2 === 0 ? contenders : [...contenders].reverse();
        for (const c of order) {
          const result = await run(c, connections, options.durationSeconds);
          await fetch(`${c.server.baseURL}/api/health`).catch(() => undefined);
          if (c.server === withEndpoints) {
            const { events, ms } = await drained();
            drain.events = events;
            drain.drainMs = Math.max(drain.drainMs, ms);
          }
          const byConnections = results[c.label] as Record<number, LoadResult[]>;
          byConnections[connections] = [...(byConnections[connections] ?? []), result];
          options.log(
            `  webhooks ${database} ${c.label} round ${round + 1} c=${connections}: ${Math.round(result.requestsPerSecond)} req/s, p99 ${result.p99Ms} ms, failures ${result.failures}`,
          );
        }
      }
    }
    const rows = options.connections.map((connections) => {
      const w = medianOf(results['three endpoints']?.[connections] ?? []);
      const n = medianOf(results.none?.[connections] ?? []);
      return {
        database,
        connections,
        withEndpoints: w,
        none: n,
        ratio: w.requestsPerSecond / n.requestsPerSecond,
      };
    });
    return { rows, drain };
  } finally {
    await Promise.all([withEndpoints.stop(), none.stop()]);
  }
}

export async function runWebhookWriteBench(
  options: WebhookWriteOptions,
): Promise<{ rows: WebhookWriteRow[]; drains: WebhookDrain[] }> {
  const receivers = [await startBareServer('ok'), await startBareServer('ok')];
  // Nothing listens there: every delivery to it fails at once, and it keeps retrying.
  const downUrl = `http://127.0.0.1:${await freePort()}/hooks`;
  const env = { LOG_LEVEL: 'warn', ...checkoutLimitsOff, WEBHOOK_ALLOWED_HOSTS: '127.0.0.1' };
  const rows: WebhookWriteRow[] = [];
  const drains: WebhookDrain[] = [];
  try {
    const sqlite = await compare('SQLite', { withEndpoints: env, none: env }, receivers, downUrl, options);
    rows.push(...sqlite.rows);
    drains.push(sqlite.drain);
    if (options.postgresUrl) {
      const scratch: ScratchPostgres[] = [];
      try {
        for (let i = 0; i < 2; i++) scratch.push(await createScratchPostgres(options.postgresUrl));
        const pgEnvs = {
          withEndpoints: { ...env, DATABASE_URL: scratch[0]?.url ?? '' },
          none: { ...env, DATABASE_URL: scratch[1]?.url ?? '' },
        };
        const postgres = await compare('PostgreSQL', pgEnvs, receivers, downUrl, options);
        rows.push(...postgres.rows);
        drains.push(postgres.drain);
      } finally {
        await Promise.all(scratch.map((s) => s.drop()));
      }
    }
  } finally {
    await Promise.all(receivers.map((r) => r.stop()));
  }
  return { rows, drains };
}

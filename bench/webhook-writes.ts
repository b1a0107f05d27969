/**
 * The webhook sender's cost on checkouts (issue 28): `POST /api/checkouts` throughput of a server with three
 * webhook endpoints registered (two receivers up, one down: its port refuses connections) against a server with
 * none, side by side in one run, on SQLite and PostgreSQL. The receivers are bench/bare-server.mjs in a process
 * of their own, answering 200 to everything, as a resort's PMS adapter on the LAN would. Runs interleave,
 * alternating who goes first; the medians are compared. After each run with endpoints, the bench waits until both
 * receivers up have had every event (the sender yields to checkouts, so part of its work comes after them, and
 * must not land in the other server's run); the longest of those waits is reported.
 */
import { freePort, type ServerProcess } from '../tests/support/server-process';
import { adminCookie, type BareServer, checkoutBodyOf, prepareGuest, startBareServer } from './servers';
import {
  type BenchDatabase,
  checkoutContestant,
  type InterleaveOptions,
  interleaveRuns,
  type Median,
  ratioAt,
  type SideBySideOptions,
  sideBySide,
} from './side-by-side';

/** With three endpoints, checkouts keep at least this share of the throughput with none (issue 28). */
export const webhookWriteRatio = 0.9;

export type WebhookWriteOptions = Pick<SideBySideOptions, 'postgresUrl' | 'log'> & InterleaveOptions;

export interface WebhookWriteRow {
  database: BenchDatabase;
  connections: number;
  withEndpoints: Median;
  none: Median;
  /** The median of the rounds' ratios (ratioAt). */
  ratio: number;
}

export interface WebhookDrain {
  database: BenchDatabase;
  /** Checkout events recorded during the runs. */
  events: number;
  /** The longest wait, after a run with endpoints, until both receivers up had every event. */
  drainMs: number;
}

interface Health {
  url: string;
  health: { deliveredUpTo: number };
}

async function endpoints(server: ServerProcess, cookie: string): Promise<Health[]> {
  return (await fetch(`${server.baseURL}/api/webhooks`, { headers: { cookie } })).json() as Promise<Health[]>;
}

async function compare(
  database: BenchDatabase,
  [withEndpoints, none]: [ServerProcess, ServerProcess],
  receivers: BareServer[],
  downUrl: string,
  options: WebhookWriteOptions,
): Promise<{ rows: WebhookWriteRow[]; drain: WebhookDrain }> {
  for (const server of [withEndpoints, none]) await prepareGuest(server.baseURL, server.adminPassword);
  const cookie = await adminCookie(withEndpoints.baseURL, withEndpoints.adminPassword);
  const urls = [...receivers.map((r) => `${r.url}/hooks`), downUrl];
  for (const url of urls) {
    const response = await fetch(`${withEndpoints.baseURL}/api/webhooks`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify({ url, events: ['*'] }),
    });
    if (response.status !== 201) throw new Error(`adding ${url} answered ${response.status}`);
  }
  const upUrls = new Set(urls.slice(0, receivers.length));
  const drain: WebhookDrain = { database, events: 0, drainMs: 0 };
  /**
   * Waits until the receivers up have every event so far: after each run with endpoints, so that the
   * deliveries the sender put off while the checkouts ran (it yields to them) are not done during the other
   * server's run, on the same two cores. Keeps the longest wait and the events.
   */
  const drained = async (): Promise<void> => {
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
    drain.events = head;
    drain.drainMs = Math.max(drain.drainMs, Date.now() - ended);
  };
  const medians = await interleaveRuns(
    `webhooks ${database}`,
    [
      {
        ...checkoutContestant('three endpoints', withEndpoints, await checkoutBodyOf(withEndpoints.baseURL)),
        afterRun: drained,
      },
      checkoutContestant('none', none, await checkoutBodyOf(none.baseURL)),
    ],
    options,
  );
  const rows = options.connections.map((connections) => {
    const { first, second, ratio } = ratioAt(medians, ['three endpoints', 'none'], connections);
    return { database, connections, withEndpoints: first, none: second, ratio };
  });
  return { rows, drain };
}

export async function runWebhookWriteBench(
  options: WebhookWriteOptions,
): Promise<{ rows: WebhookWriteRow[]; drains: WebhookDrain[] }> {
  const receivers = [await startBareServer('ok'), await startBareServer('ok')];
  // Nothing listens there: every delivery to it fails at once, and it keeps retrying.
  const downUrl = `http://127.0.0.1:${await freePort()}/hooks`;
  const env = { WEBHOOK_ALLOWED_HOSTS: '127.0.0.1' };
  const drains: WebhookDrain[] = [];
  try {
    const rows = await sideBySide(
      { ...options, sqlite: true },
      [{ env }, { env }],
      async (database, w, n) => {
        const compared = await compare(database, [w, n], receivers, downUrl, options);
        drains.push(compared.drain);
        return compared.rows;
      },
    );
    return { rows, drains };
  } finally {
    await Promise.all(receivers.map((r) => r.stop()));
  }
}

/**
 * The audit trail's cost on writes: `POST /api/checkouts` and a payment change (`POST /api/checkouts/:id/payment`)
 * at 10 and 100 connections, on SQLite and PostgreSQL, against the commit before the audit trail (bd47aa9, issue
 * 19), side by side in one run. The old server is built from a git worktree of that commit (its server bundle
 * only, with this checkout's node_modules), started like the new one, and removed afterwards. Runs interleave,
 * alternating who goes first, so a neighbour's burst of CPU hurts both alike; the medians are compared.
 */
import type { ServerProcess } from '../tests/support/server-process';
import { type LoadResult, load, medianOf } from './http-load';
import { type BenchDatabase, sideBySideWith } from './old-commit';
import { prepareGuest } from './servers';

export const auditBaseCommit = 'bd47aa9';
/** The audited write keeps at least this share of the old throughput (issue 19). */
export const auditWriteRatio = 0.8;

export interface AuditWriteOptions {
  rounds: number;
  durationSeconds: number;
  connections: number[];
  /** PostgreSQL server URL, or undefined to skip PostgreSQL. */
  postgresUrl: string | undefined;
  /** False skips SQLite (BENCH_SKIP=sqlite), to time PostgreSQL alone. */
  sqlite: boolean;
  log: (line: string) => void;
}

export interface AuditWriteRow {
  database: BenchDatabase;
  write: 'POST /api/checkouts' | 'payment change';
  connections: number;
  now: LoadResult & { runs: number };
  old: LoadResult & { runs: number };
  ratio: number;
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

interface Contender {
  label: 'now' | 'old';
  server: ServerProcess;
  checkoutBody: string;
  cookie: string;
  /** Checkouts whose payment the payment load flips, paid and unpaid in turn. */
  paymentIds: number[];
  paid: Map<number, boolean>;
  turn: number;
}

async function prepare(label: 'now' | 'old', server: ServerProcess): Promise<Contender> {
  await prepareGuest(server.baseURL, server.adminPassword);
  const drinks = (await (await fetch(`${server.baseURL}/api/drinks`)).json()) as { id: number }[];
  const items = drinks.slice(0, 3).map((drink) => ({ drinkId: drink.id, missing: 1 }));
  const checkoutBody = JSON.stringify({ bungalow: 7, items });
  const paymentIds: number[] = [];
  // More checkouts than connections: no two requests wait on one checkout's row.
  for (let i = 0; i < 400; i++) {
    const response = await fetch(`${server.baseURL}/api/checkouts`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ bungalow: 100 + (i % 50), items }),
    });
    paymentIds.push(((await response.json()) as { id: number }).id);
  }
  return { label, server, checkoutBody, cookie: await login(server), paymentIds, paid: new Map(), turn: 0 };
}

function runOnce(contender: Contender, write: AuditWriteRow['write'], connections: number, seconds: number) {
  const { server } = contender;
  if (write === 'POST /api/checkouts') {
    return load(`${server.baseURL}/api/checkouts`, {
      connections,
      durationSeconds: seconds,
      method: 'POST',
      body: contender.checkoutBody,
    });
  }
  return load(`${server.baseURL}/api/checkouts/1/payment`, {
    connections,
    durationSeconds: seconds,
    method: 'POST',
    headers: { cookie: contender.cookie, origin: server.baseURL },
    // Every request is a real change: paid by cash, then undone, checkout after checkout.
    next: () => {
      const id = contender.paymentIds[contender.turn++ % contender.paymentIds.length] as number;
      const paid = contender.paid.get(id) ?? false;
      contender.paid.set(id, !paid);
      return { path: `/api/checkouts/${id}/payment`, body: JSON.stringify({ method: paid ? null : 'cash' }) };
    },
  });
}

/**
 * autocannon stops sending when its time is up, but the requests it left in flight are still served: wait for
 * them (a health check queues behind them for the database), so they do not count against the next run.
 */
async function settle(server: ServerProcess) {
  await fetch(`${server.baseURL}/api/health`).catch(() => undefined);
}

async function compare(
  database: AuditWriteRow['database'],
  contenders: [Contender, Contender],
  options: AuditWriteOptions,
): Promise<AuditWriteRow[]> {
  const rows: AuditWriteRow[] = [];
  for (const write of ['POST /api/checkouts', 'payment change'] as const) {
    // Warm both up (JIT, caches) before anything counts.
    for (const contender of contenders) await runOnce(contender, write, 10, 1);
    const runs: Record<string, Record<number, LoadResult[]>> = { now: {}, old: {} };
    for (let round = 0; round < options.rounds; round++) {
      for (const connections of options.connections) {
        const order = round % 2 === 0 ? contenders : [...contenders].reverse();
        for (const contender of order) {
          const result = await runOnce(contender, write, connections, options.durationSeconds);
          await settle(contender.server);
          const byConnections = runs[contender.label] as Record<number, LoadResult[]>;
          byConnections[connections] = [...(byConnections[connections] ?? []), result];
          options.log(
            `  ${database} ${write} round ${round + 1} ${contender.label} c=${connections}: ${Math.round(result.requestsPerSecond)} req/s, p99 ${result.p99Ms} ms, failures ${result.failures}`,
          );
        }
      }
    }
    for (const connections of options.connections) {
      const now = medianOf(runs.now?.[connections] ?? []);
      const old = medianOf(runs.old?.[connections] ?? []);
      rows.push({
        database,
        write,
        connections,
        now,
        old,
        ratio: now.requestsPerSecond / old.requestsPerSecond,
      });
    }
  }
  return rows;
}

export function runAuditWriteBench(options: AuditWriteOptions): Promise<AuditWriteRow[]> {
  return sideBySideWith(auditBaseCommit, options, async (database, now, old) =>
    compare(database, [await prepare('now', now), await prepare('old', old)], options),
  );
}

/**
 * The audit trail's cost on writes: `POST /api/checkouts` and a payment change (`POST /api/checkouts/:id/payment`)
 * at 10 and 100 connections, on SQLite and PostgreSQL, against the commit before the audit trail (bd47aa9, issue
 * 19), side by side in one run. The old server is built from a git worktree of that commit (its server bundle
 * only, with this checkout's node_modules), started like the new one, and removed afterwards. Runs interleave,
 * alternating who goes first, so a neighbour's burst of CPU hurts both alike; the medians are compared.
 */
import type { ServerProcess } from '../tests/support/server-process';
import { load } from './http-load';
import { sideBySideWith } from './old-commit';
import { adminCookie, checkoutBodyOf, prepareGuest } from './servers';
import {
  type BenchDatabase,
  type InterleaveOptions,
  interleaveRuns,
  type Median,
  ratioAt,
  type SideBySideOptions,
} from './side-by-side';

export const auditBaseCommit = 'bd47aa9';
/** The audited write keeps at least this share of the old throughput (issue 19). */
export const auditWriteRatio = 0.8;

export type AuditWriteOptions = SideBySideOptions & InterleaveOptions;

export interface AuditWriteRow {
  database: BenchDatabase;
  write: 'POST /api/checkouts' | 'payment change';
  connections: number;
  now: Median;
  old: Median;
  /** The median of the rounds' ratios (ratioAt). */
  ratio: number;
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
  const checkoutBody = await checkoutBodyOf(server.baseURL);
  const { items } = JSON.parse(checkoutBody) as { items: unknown[] };
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
  return {
    label,
    server,
    checkoutBody,
    cookie: await adminCookie(server.baseURL, server.adminPassword),
    paymentIds,
    paid: new Map(),
    turn: 0,
  };
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

async function compare(
  database: BenchDatabase,
  contenders: [Contender, Contender],
  options: AuditWriteOptions,
): Promise<AuditWriteRow[]> {
  const rows: AuditWriteRow[] = [];
  for (const write of ['POST /api/checkouts', 'payment change'] as const) {
    const contestant = (contender: Contender) => ({
      label: contender.label,
      server: contender.server,
      run: (connections: number, seconds: number) => runOnce(contender, write, connections, seconds),
    });
    const medians = await interleaveRuns(
      `${database} ${write}`,
      [contestant(contenders[0]), contestant(contenders[1])],
      options,
    );
    for (const connections of options.connections) {
      const { first: now, second: old, ratio } = ratioAt(medians, ['now', 'old'], connections);
      rows.push({ database, write, connections, now, old, ratio });
    }
  }
  return rows;
}

export function runAuditWriteBench(options: AuditWriteOptions): Promise<AuditWriteRow[]> {
  return sideBySideWith(auditBaseCommit, options, async (database, now, old) =>
    compare(database, [await prepare('now', now), await prepare('old', old)], options),
  );
}

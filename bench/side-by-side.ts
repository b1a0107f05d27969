/**
 * Two servers side by side, on SQLite and on PostgreSQL (a scratch database each), loaded in turns: what the
 * write benches (audit, webhooks, stock, tax) share. Each bench says how its two servers start and what one
 * run of load is; this module starts and stops them, interleaves the runs and takes the medians.
 */
import {
  checkoutLimitsOff,
  type ServerProcess,
  type StartServerOptions,
  startServer,
} from '../tests/support/server-process';
import { type LoadResult, load, median, medianOf } from './http-load';
import { createScratchPostgres, processCpuUs, type ScratchPostgres } from './servers';

export type BenchDatabase = 'SQLite' | 'PostgreSQL';

export interface SideBySideOptions {
  /** PostgreSQL server URL, or undefined to skip PostgreSQL. */
  postgresUrl: string | undefined;
  /** False skips SQLite (BENCH_SKIP=sqlite), to time PostgreSQL alone. */
  sqlite: boolean;
  log: (line: string) => void;
}

/**
 * Starts the two servers `starts` describes (with the checkout limits off and a quiet log, each on a database of
 * its own) on each database the options ask for, runs `compare` with them, stops them, and gathers its rows.
 */
export async function sideBySide<Row>(
  options: SideBySideOptions,
  starts: [StartServerOptions, StartServerOptions],
  compare: (database: BenchDatabase, first: ServerProcess, second: ServerProcess) => Promise<Row[]>,
): Promise<Row[]> {
  const quiet = { LOG_LEVEL: 'warn', ...checkoutLimitsOff };
  const run = async (database: BenchDatabase, databaseUrls: [string, string] | undefined) => {
    const servers: ServerProcess[] = [];
    try {
      for (const [index, start] of starts.entries()) {
        const url = databaseUrls?.[index];
        servers.push(
          await startServer({
            ...start,
            env: { ...quiet, ...start.env, ...(url ? { DATABASE_URL: url } : {}) },
          }),
        );
      }
      const [first, second] = servers as [ServerProcess, ServerProcess];
      return await compare(database, first, second);
    } finally {
      await Promise.all(servers.map((server) => server.stop()));
    }
  };
  const rows: Row[] = [];
  if (options.sqlite) rows.push(...(await run('SQLite', undefined)));
  if (options.postgresUrl) {
    const scratch: ScratchPostgres[] = [];
    try {
      for (let i = 0; i < 2; i++) scratch.push(await createScratchPostgres(options.postgresUrl));
      const urls = scratch.map((s) => s.url) as [string, string];
      rows.push(...(await run('PostgreSQL', urls)));
    } finally {
      await Promise.all(scratch.map((s) => s.drop()));
    }
  }
  return rows;
}

/** One side of a comparison: how to load it once, and what to wait for after each run. */
export interface Contestant<Label extends string> {
  label: Label;
  server: ServerProcess;
  run(connections: number, seconds: number): Promise<LoadResult>;
  /** After each counted run, once its requests in flight are served (the webhook sender's catch-up). */
  afterRun?(): Promise<void>;
}

/**
 * A contestant that sends `POST /api/checkouts`: the same body every time, or the next of `body()` (a checkout
 * of the next bungalow in turn).
 */
export function checkoutContestant<Label extends string>(
  label: Label,
  server: ServerProcess,
  body: string | (() => string),
): Contestant<Label> {
  return {
    label,
    server,
    run: (connections, seconds) =>
      load(`${server.baseURL}/api/checkouts`, {
        connections,
        durationSeconds: seconds,
        method: 'POST',
        ...(typeof body === 'string' ? { body } : { next: () => ({ path: '/api/checkouts', body: body() }) }),
      }),
  };
}

export interface InterleaveOptions {
  rounds: number;
  durationSeconds: number;
  connections: number[];
  log: (line: string) => void;
}

/**
 * Warms both contestants up (JIT, caches), then runs each at every connection count, round after round,
 * alternating who goes first so that a neighbour's burst of CPU hurts both alike; answers the medians by label
 * and connection count. `what` starts each run's log line.
 *
 * The warm-up is a run of each at every connection count, as long as a counted one: after one second a
 * server still answered at 60% of its later pace (section 13's first round read 530 against 904 req/s, the
 * next ones about 1,100 against 1,200), and the first round, whose first contestant is always the same, read
 * that as a difference between them.
 */
export async function interleaveRuns<Label extends string>(
  what: string,
  contestants: [Contestant<Label>, Contestant<Label>],
  options: InterleaveOptions,
): Promise<Record<Label, Record<number, Median>>> {
  const runOnce = async (contestant: Contestant<Label>, connections: number): Promise<ServerRun> => {
    const cpuBefore = processCpuUs(contestant.server.child.pid);
    const result = await contestant.run(connections, options.durationSeconds);
    // autocannon stops sending when its time is up, but the requests it left in flight are still served:
    // a health check queues behind them, so they do not count against the next run. The CPU is read before it:
    // a health check is not a checkout.
    const cpuAfter = processCpuUs(contestant.server.child.pid);
    await fetch(`${contestant.server.baseURL}/api/health`).catch(() => undefined);
    const served = result.requestsPerSecond * options.durationSeconds;
    const serverCpuUs = (cpuAfter - cpuBefore) / served;
    await contestant.afterRun?.();
    return { ...result, serverCpuUs };
  };
  // A warm-up, not counted: each contestant once at every connection count.
  for (const connections of options.connections) {
    for (const contestant of contestants) await runOnce(contestant, connections);
  }
  const runs = new Map<Label, Map<number, ServerRun[]>>(contestants.map((c) => [c.label, new Map()]));
  for (let round = 0; round < options.rounds; round++) {
    for (const connections of options.connections) {
      const order = round % 2 === 0 ? contestants : [...contestants].reverse();
      for (const contestant of order) {
        const result = await runOnce(contestant, connections);
        const byConnections = runs.get(contestant.label) as Map<number, ServerRun[]>;
        byConnections.set(connections, [...(byConnections.get(connections) ?? []), result]);
        options.log(
          `  ${what} round ${round + 1} ${contestant.label} c=${connections}: ${Math.round(result.requestsPerSecond)} req/s, app server ${Math.round(result.serverCpuUs)} µs CPU a request, p99 ${result.p99Ms} ms, failures ${result.failures}`,
        );
      }
    }
  }
  const medians = {} as Record<Label, Record<number, Median>>;
  for (const [label, byConnections] of runs) {
    medians[label] = Object.fromEntries(
      [...byConnections].map(([connections, results]) => [
        connections,
        {
          ...medianOf(results),
          serverCpuUs: median(results.map((result) => result.serverCpuUs)),
          perRound: results.map((result) => result.requestsPerSecond),
        },
      ]),
    );
  }
  return medians;
}

/**
 * One run, with the CPU its app server used a request served (user and system, from /proc): where both
 * servers are busy all through a run, the cost of a request in itself, which the load generator's share of the
 * machine does not move as it moves req/s.
 */
type ServerRun = LoadResult & { serverCpuUs: number };

/** The medians of one contestant at one connection count, and its req/s in each round (in round order). */
export type Median = ServerRun & { runs: number; perRound: number[] };

/**
 * The figure a write bench reports: the median, over the rounds, of each round's first-over-second ratio. The
 * two runs of a round are back to back, so a slow spell of this shared machine longer than a run hurts both
 * alike and cancels out of their ratio; the two medians may come from rounds minutes apart (one build's figure
 * moved 0.77x-1.04x between runs: docs/benchmarks.md). Their ratio is shown beside it.
 */
export function ratioAt<Label extends string>(
  medians: Record<Label, Record<number, Median>>,
  [first, second]: [Label, Label],
  connections: number,
): { first: Median; second: Median; ratio: number; ratioOfMedians: number } {
  const a = medians[first][connections] as Median;
  const b = medians[second][connections] as Median;
  const paired = a.perRound.map((value, round) => value / (b.perRound[round] ?? Number.NaN));
  return {
    first: a,
    second: b,
    ratio: median(paired),
    ratioOfMedians: a.requestsPerSecond / b.requestsPerSecond,
  };
}

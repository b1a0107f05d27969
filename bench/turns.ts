/**
 * Two servers loaded in quarter-second turns over one long stretch, for a comparison whose figure sits within a
 * few per cent of its line (section 13, tax documents on against off).
 *
 * Why not the rounds of `interleaveRuns` (side-by-side.ts): this machine's own speed swings by up to half within
 * seconds with nothing else running (a bare SHA-256 loop ran 438 to 1,008 blocks a second, minute to minute), so
 * two back-to-back runs of 5 s meet different machines. Rounds of tax off against tax off (the same server twice)
 * read anything from 0.82x to 1.25x, and their median over 12 rounds 0.96x. Turns of 250 ms meet the same
 * machine pair by pair: the same servers read 0.99x, and tax on against off 0.912x-0.916x in four runs
 * (docs/decisions/110, stop 50).
 *
 * Each side keeps its connections open from turn to turn (keep-alive), and a turn ends once every request it
 * sent is answered, so the next side's turn starts on an idle machine and nothing it sends is counted in the
 * other's time.
 */
import http from 'node:http';
import type { ServerProcess } from '../tests/support/server-process';
import { percentile } from './http-load';
import { processCpuUs } from './servers';
import type { Median } from './side-by-side';

/** One side: the server, and the JSON it is POSTed again and again at `path`. */
export interface TurnTaker<Label extends string> {
  label: Label;
  server: ServerProcess;
  path: string;
  body: string;
}

export interface TurnsOptions {
  connections: number[];
  /** Seconds of load each side gets at each connection count, in turns. */
  secondsEach: number;
  /** How long one turn lasts (the last requests it sent are still answered after it); `turnMs` by default. */
  turnMs?: number;
  log: (line: string) => void;
}

/** A turn's length (decision 110, stop 50): short enough for both sides of a pair to meet one machine speed. */
const turnMs = 250;

/** Uncounted turns at each connection count before the counted ones: the JIT, the caches, the first pages. */
const warmSecondsEach = 3;

interface Tally {
  failures: number;
  activeMs: number;
  cpuUs: number;
  /** One for each request served. */
  latenciesMs: number[];
  /** req/s in each turn, in order. */
  perTurn: number[];
}

const emptyTally = (): Tally => ({
  failures: 0,
  activeMs: 0,
  cpuUs: 0,
  latenciesMs: [],
  perTurn: [],
});

interface Side<Label extends string> {
  taker: TurnTaker<Label>;
  agent: http.Agent;
  url: URL;
}

/** One request; true when answered 2xx. A refused connection or a timeout is a failure, not an exception. */
function send<Label extends string>({ taker, agent, url }: Side<Label>): Promise<boolean> {
  return new Promise((resolve) => {
    const request = http.request(
      url,
      {
        method: 'POST',
        agent,
        timeout: 10_000,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(taker.body) },
      },
      (response) => {
        response.resume();
        response.on('end', () => {
          const status = response.statusCode ?? 0;
          resolve(status >= 200 && status < 300);
        });
        response.on('error', () => resolve(false));
      },
    );
    request.on('timeout', () => request.destroy(new Error('timed out')));
    request.on('error', () => resolve(false));
    request.end(taker.body);
  });
}

/** `connections` requests at a time for `turnMs`, then until the last is answered; adds to `tally`. */
async function takeTurn<Label extends string>(
  side: Side<Label>,
  connections: number,
  turnMs: number,
  tally: Tally,
): Promise<void> {
  const pid = side.taker.server.child.pid;
  const cpuBefore = processCpuUs(pid);
  const start = performance.now();
  const end = start + turnMs;
  let served = 0;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < end) {
        const sent = performance.now();
        if (await send(side)) {
          served += 1;
          tally.latenciesMs.push(performance.now() - sent);
        } else {
          tally.failures += 1;
        }
      }
    }),
  );
  const elapsedMs = performance.now() - start;
  tally.cpuUs += processCpuUs(pid) - cpuBefore;
  tally.activeMs += elapsedMs;
  tally.perTurn.push((served * 1000) / elapsedMs);
}

function medianFrom(tally: Tally): Median {
  const served = tally.latenciesMs.length;
  return {
    requestsPerSecond: (served * 1000) / tally.activeMs,
    p50Ms: Math.round(percentile(tally.latenciesMs, 50)),
    p99Ms: Math.round(percentile(tally.latenciesMs, 99)),
    failures: tally.failures,
    serverCpuUs: tally.cpuUs / served,
    runs: tally.perTurn.length,
    perRound: tally.perTurn,
  };
}

/**
 * Loads the two sides in turns at every connection count, alternating who goes first in each pair, and answers
 * by label and connection count what `interleaveRuns` answers: req/s over the whole stretch (`requestsPerSecond`),
 * and each turn's req/s (`perRound`) for `ratioAt`, whose median of the pairs' ratios is the figure. `what`
 * starts the log lines.
 */
export async function loadInTurns<Label extends string>(
  what: string,
  takers: [TurnTaker<Label>, TurnTaker<Label>],
  options: TurnsOptions,
): Promise<Record<Label, Record<number, Median>>> {
  const sides = takers.map((taker) => ({
    taker,
    agent: new http.Agent({ keepAlive: true }),
    url: new URL(taker.path, taker.server.baseURL),
  }));
  const turn = options.turnMs ?? turnMs;
  const medians = {} as Record<Label, Record<number, Median>>;
  try {
    for (const connections of options.connections) {
      const pairs = Math.max(1, Math.round((options.secondsEach * 1000) / turn));
      const warmPairs = Math.round((warmSecondsEach * 1000) / turn);
      const tallies = sides.map(emptyTally);
      for (let pair = -warmPairs; pair < pairs; pair++) {
        const order = pair % 2 === 0 ? [0, 1] : [1, 0];
        for (const index of order) {
          const counted = pair >= 0;
          const tally = counted ? (tallies[index] as Tally) : emptyTally();
          await takeTurn(sides[index] as Side<Label>, connections, turn, tally);
        }
      }
      for (const [index, side] of sides.entries()) {
        const result = medianFrom(tallies[index] as Tally);
        medians[side.taker.label] ??= {};
        medians[side.taker.label][connections] = result;
        options.log(
          `  ${what} ${side.taker.label} c=${connections}: ${Math.round(result.requestsPerSecond)} req/s over ${pairs} turns of ${turn} ms, app server ${Math.round(result.serverCpuUs)} µs CPU a request, p99 ${result.p99Ms} ms, failures ${result.failures}`,
        );
      }
    }
  } finally {
    for (const side of sides) side.agent.destroy();
  }
  return medians;
}

/**
 * Tax documents' cost on checkouts (issue 33): `POST /api/checkouts` throughput of a server with `tax` set (every
 * checkout numbers an abbreviated tax invoice on the month's counter row, in its own transaction) against a
 * server with tax off, side by side in one run, on SQLite and PostgreSQL, at 10 and 100 connections. The two
 * are loaded in quarter-second turns (turns.ts), alternating who goes first; the figure is the median of the
 * pairs of turns' ratios.
 */
import type { ServerProcess } from '../tests/support/server-process';
import { seller } from '../tests/support/tax-parties';
import { adminCookie, checkoutBodyOf, prepareGuest } from './servers';
import { type BenchDatabase, type Median, ratioAt, type SideBySideOptions, sideBySide } from './side-by-side';
import { loadInTurns, type TurnTaker } from './turns';

/** With tax documents on, checkouts keep at least this share of the throughput with them off (issue 33). */
export const taxWriteRatio = 0.9;

/**
 * Seconds of load each server gets at each connection count, at least (more when BENCH_ROUNDS × BENCH_DURATION
 * asks for more): 120 pairs of turns, whose median ratio moved by 0.004 between runs (docs/decisions/110).
 */
export const taxSecondsEachAtLeast = 30;

export type TaxWriteOptions = SideBySideOptions & {
  connections: number[];
  secondsEach: number;
  /**
   * Tax off on the "on" server too (BENCH_TAX_BOTH_OFF=1): what the method reads for two servers alike, its own
   * error, to hold its figure against.
   */
  bothOff?: boolean;
};

export interface TaxWriteRow {
  database: BenchDatabase;
  connections: number;
  on: Median;
  off: Median;
  /** The median of the pairs of turns' ratios (ratioAt). */
  ratio: number;
}

/**
 * Saves the tax settings: the seller's, or none. Both servers save theirs, so both hold the same stored
 * settings but for `tax` (a server never saved runs on defaults, and its checkouts read no settings row).
 */
export async function saveTax(server: ServerProcess, tax: typeof seller | null): Promise<void> {
  const cookie = await adminCookie(server.baseURL, server.adminPassword);
  const response = await fetch(`${server.baseURL}/api/settings`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', cookie, origin: server.baseURL },
    body: JSON.stringify({ tax }),
  });
  if (!response.ok)
    throw new Error(`PUT /api/settings answered ${response.status}: ${await response.text()}`);
}

export function runTaxWriteBench(options: TaxWriteOptions): Promise<TaxWriteRow[]> {
  return sideBySide(options, [{}, {}], async (database, on, off) => {
    for (const server of [on, off]) await prepareGuest(server.baseURL, server.adminPassword);
    await saveTax(on, options.bothOff ? null : seller);
    await saveTax(off, null);
    const taker = async (label: 'on' | 'off', server: ServerProcess): Promise<TurnTaker<'on' | 'off'>> => ({
      label,
      server,
      path: '/api/checkouts',
      body: await checkoutBodyOf(server.baseURL),
    });
    const medians = await loadInTurns(`tax ${database}`, [await taker('on', on), await taker('off', off)], {
      connections: options.connections,
      secondsEach: options.secondsEach,
      log: options.log,
    });
    return options.connections.map((connections) => {
      const { first: on, second: off, ratio } = ratioAt(medians, ['on', 'off'], connections);
      return { database, connections, on, off, ratio };
    });
  });
}

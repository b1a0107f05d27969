/**
 * Tax documents' cost on checkouts (issue 33): `POST /api/checkouts` throughput of a server with `tax` set (every
 * checkout numbers an abbreviated tax invoice on the month's counter row, in its own transaction) against a
 * server with tax off, side by side in one run, on SQLite and PostgreSQL, at 10 and 100 connections. Runs
 * interleave, alternating who goes first; the medians are compared.
 */
import type { ServerProcess } from '../tests/support/server-process';
import { seller } from '../tests/support/tax-parties';
import { adminCookie, checkoutBodyOf, prepareGuest } from './servers';
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

/** With tax documents on, checkouts keep at least this share of the throughput with them off (issue 33). */
export const taxWriteRatio = 0.9;

/**
 * Section 13 runs at least this many rounds whatever BENCH_ROUNDS says: its figure sits within a few per cent
 * of its target, and on a shared two-core machine single rounds spread by 0.03-0.10, so the median of the
 * default 3 read either side of the line from one run to the next (docs/decisions/110).
 */
export const taxRoundsAtLeast = 6;

export type TaxWriteOptions = SideBySideOptions & InterleaveOptions;

export interface TaxWriteRow {
  database: BenchDatabase;
  connections: number;
  on: Median;
  off: Median;
  /** The median of the rounds' ratios (ratioAt). */
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
    await saveTax(on, seller);
    await saveTax(off, null);
    const medians = await interleaveRuns(
      `tax ${database}`,
      [
        checkoutContestant('on', on, await checkoutBodyOf(on.baseURL)),
        checkoutContestant('off', off, await checkoutBodyOf(off.baseURL)),
      ],
      options,
    );
    return options.connections.map((connections) => {
      const { first: on, second: off, ratio } = ratioAt(medians, ['on', 'off'], connections);
      return { database, connections, on, off, ratio };
    });
  });
}

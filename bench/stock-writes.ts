/**
 * Stock's cost on the checkout (issue 25): `POST /api/checkouts` with stock on against the commit before stock
 * (53d83ef), at 10 and 100 connections, on SQLite and PostgreSQL, side by side in one run. The old server is
 * built from a git worktree of that commit (its server bundle only, with this checkout's node_modules) and
 * removed afterwards. Runs interleave, alternating who goes first; the medians are compared.
 *
 * Both servers list bungalows 1-2000 and every checkout goes to the next bungalow in turn (the same for both),
 * as guests' checks do: two checks of one fridge at the same moment are rare at a resort. The new server has
 * stock started with pars of 999 for the three drinks checked, so no fridge runs dry during the run (every
 * checkout takes a bottle of each from its fridge: the bench measures a sale, not a refusal).
 */
import type { ServerProcess } from '../tests/support/server-process';
import { sideBySideWith } from './old-commit';
import { adminCookie, prepareGuest } from './servers';
import {
  type BenchDatabase,
  type Contestant,
  checkoutContestant,
  type InterleaveOptions,
  interleaveRuns,
  type Median,
  ratioAt,
  type SideBySideOptions,
} from './side-by-side';

export const stockBaseCommit = '53d83ef';
/** A checkout with stock on keeps at least this share of the old throughput (issue 25). */
export const stockWriteRatio = 0.8;
const bungalows = 2000;

export type StockWriteOptions = SideBySideOptions & InterleaveOptions;

export interface StockWriteRow {
  database: BenchDatabase;
  connections: number;
  now: Median;
  old: Median;
  /** The median of the rounds' ratios (ratioAt). */
  ratio: number;
}

async function adminFetch(
  server: ServerProcess,
  cookie: string,
  method: string,
  urlPath: string,
  body: unknown,
) {
  const response = await fetch(`${server.baseURL}${urlPath}`, {
    method,
    headers: { 'content-type': 'application/json', cookie, origin: server.baseURL },
    body: JSON.stringify(body),
  });
  if (!response.ok)
    throw new Error(`${method} ${urlPath} answered ${response.status}: ${await response.text()}`);
  return response;
}

async function prepare(label: 'now' | 'old', server: ServerProcess): Promise<Contestant<'now' | 'old'>> {
  await prepareGuest(server.baseURL, server.adminPassword);
  const cookie = await adminCookie(server.baseURL, server.adminPassword);
  await adminFetch(server, cookie, 'PUT', '/api/settings', { bungalows: `1-${bungalows}` });
  const drinks = (await (await fetch(`${server.baseURL}/api/drinks`)).json()) as { id: number }[];
  const items = drinks.slice(0, 3).map((drink) => ({ drinkId: drink.id, missing: 1 }));
  if (label === 'now') {
    for (let first = 1; first <= bungalows; first += 1000) {
      const list = Array.from({ length: Math.min(1000, bungalows - first + 1) }, (_, i) => first + i);
      await adminFetch(server, cookie, 'PUT', '/api/pars', {
        bungalows: list,
        items: items.map((item) => ({ drinkId: item.drinkId, par: 999 })),
      });
    }
    await adminFetch(server, cookie, 'POST', '/api/stock/start', {
      storeroom: items.map((item) => ({ drinkId: item.drinkId, quantity: 10_000 })),
    });
  }
  let turn = 0;
  return checkoutContestant(label, server, () => {
    const bungalow = (turn++ % bungalows) + 1;
    return JSON.stringify({ bungalow, items });
  });
}

async function compare(
  database: BenchDatabase,
  contestants: [Contestant<'now' | 'old'>, Contestant<'now' | 'old'>],
  options: StockWriteOptions,
): Promise<StockWriteRow[]> {
  const medians = await interleaveRuns(`${database} POST /api/checkouts (stock)`, contestants, options);
  return options.connections.map((connections) => {
    const { first: now, second: old, ratio } = ratioAt(medians, ['now', 'old'], connections);
    return { database, connections, now, old, ratio };
  });
}

export function runStockWriteBench(options: StockWriteOptions): Promise<StockWriteRow[]> {
  return sideBySideWith(stockBaseCommit, options, async (database, now, old) =>
    compare(database, [await prepare('now', now), await prepare('old', old)], options),
  );
}

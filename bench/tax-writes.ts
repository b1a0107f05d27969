/**
 * Tax documents' cost on checkouts (issue 33): `POST /api/checkouts` throughput of a server with `tax` set (every
 * checkout numbers an abbreviated tax invoice on the month's counter row, in its own transaction) against a
 * server with tax off, side by side in one run, on SQLite and PostgreSQL, at 10 and 100 connections. Runs
 * interleave, alternating who goes first; the medians are compared.
 */
import { checkoutLimitsOff, type ServerProcess, startServer } from '../tests/support/server-process';
import { type LoadResult, load, medianOf } from './http-load';
import { createScratchPostgres, prepareGuest, type ScratchPostgres } from './servers';

/** With tax documents on, checkouts keep at least this share of the throughput with them off (issue 33). */
export const taxWriteRatio = 0.9;

export interface TaxWriteOptions {
  rounds: number;
  durationSeconds: number;
  connections: number[];
  postgresUrl: string | undefined;
  sqlite: boolean;
  log: (line: string) => void;
}

export interface TaxWriteRow {
  database: 'SQLite' | 'PostgreSQL';
  connections: number;
  on: LoadResult & { runs: number };
  off: LoadResult & { runs: number };
  ratio: number;
}

const seller = {
  sellerName: 'Koh Samet Bungalows Co., Ltd.',
  taxId: '0105535000123',
  branch: '00000',
  address: '1 Moo 4, Phe, Mueang Rayong, Rayong 21160',
};

async function turnTaxOn(server: ServerProcess): Promise<void> {
  const login = await fetch(`${server.baseURL}/api/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ password: server.adminPassword }),
  });
  const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  const response = await fetch(`${server.baseURL}/api/settings`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', cookie, origin: server.baseURL },
    body: JSON.stringify({ tax: seller }),
  });
  if (!response.ok)
    throw new Error(`PUT /api/settings answered ${response.status}: ${await response.text()}`);
}

async function checkoutBodyOf(server: ServerProcess): Promise<string> {
  const drinks = (await (await fetch(`${server.baseURL}/api/drinks`)).json()) as { id: number }[];
  return JSON.stringify({
    bungalow: 7,
    items: drinks.slice(0, 3).map((d) => ({ drinkId: d.id, missing: 1 })),
  });
}

async function compare(
  database: TaxWriteRow['database'],
  envs: { on: Record<string, string>; off: Record<string, string> },
  options: TaxWriteOptions,
): Promise<TaxWriteRow[]> {
  const on = await startServer({ env: envs.on });
  const off = await startServer({ env: envs.off });
  try {
    for (const server of [on, off]) await prepareGuest(server.baseURL, server.adminPassword);
    await turnTaxOn(on);
    const contenders = [
      { label: 'on' as const, server: on, body: await checkoutBodyOf(on) },
      { label: 'off' as const, server: off, body: await checkoutBodyOf(off) },
    ];
    const run = (c: (typeof contenders)[number], connections: number, seconds: number) =>
      load(`${c.server.baseURL}/api/checkouts`, {
        connections,
        durationSeconds: seconds,
        method: 'POST',
        body: c.body,
      });
    for (const c of contenders) await run(c, 10, 1);
    const results: Record<'on' | 'off', Record<number, LoadResult[]>> = { on: {}, off: {} };
    for (let round = 0; round < options.rounds; round++) {
      for (const connections of options.connections) {
        const order = round % 2 === 0 ? contenders : [...contenders].reverse();
        for (const c of order) {
          const result = await run(c, connections, options.durationSeconds);
          await fetch(`${c.server.baseURL}/api/health`).catch(() => undefined);
          results[c.label][connections] = [...(results[c.label][connections] ?? []), result];
          options.log(
            `  tax ${database} ${c.label} round ${round + 1} c=${connections}: ${Math.round(result.requestsPerSecond)} req/s, p99 ${result.p99Ms} ms, failures ${result.failures}`,
          );
        }
      }
    }
    return options.connections.map((connections) => {
      const withTax = medianOf(results.on[connections] ?? []);
      const without = medianOf(results.off[connections] ?? []);
      return {
        database,
        connections,
        on: withTax,
        off: without,
        ratio: withTax.requestsPerSecond / without.requestsPerSecond,
      };
    });
  } finally {
    await Promise.all([on.stop(), off.stop()]);
  }
}

export async function runTaxWriteBench(options: TaxWriteOptions): Promise<TaxWriteRow[]> {
  const env = { LOG_LEVEL: 'warn', ...checkoutLimitsOff };
  const rows: TaxWriteRow[] = [];
  if (options.sqlite) rows.push(...(await compare('SQLite', { on: env, off: env }, options)));
  if (options.postgresUrl) {
    const scratch: ScratchPostgres[] = [];
    try {
      for (let i = 0; i < 2; i++) scratch.push(await createScratchPostgres(options.postgresUrl));
      const envs = {
        on: { ...env, DATABASE_URL: scratch[0]?.url ?? '' },
        off: { ...env, DATABASE_URL: scratch[1]?.url ?? '' },
      };
      rows.push(...(await compare('PostgreSQL', envs, options)));
    } finally {
      await Promise.all(scratch.map((s) => s.drop()));
    }
  }
  return rows;
}

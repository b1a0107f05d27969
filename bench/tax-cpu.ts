/**
 * What tax documents cost a checkout in CPU, without HTTP: the checkout repository's `record()` in one
 * process, on two databases made by the built server (the same saved settings but for `tax`), in alternating
 * blocks so that the machine's slow spells hurt both alike. Section 13 of `npm run bench` moves by several per
 * cent from run to run on a shared machine; this moves by a few µs, so a change to the checkout's tax path can
 * be weighed before the HTTP bench is run (docs/benchmarks.md). On PostgreSQL (TAX_CPU_POSTGRES, a server
 * URL: a scratch database each side) it also reads the database server's CPU, every `postgres` process of
 * this machine summed (from /proc: run it with nothing else using that server).
 *
 *   npm run build && npx tsx bench/tax-cpu.ts
 *   TAX_CPU_SQL="drop index tax_documents_month_idx" npx tsx bench/tax-cpu.ts   (a change to try, on both)
 *   TAX_CPU_POSTGRES=postgres://postgres@127.0.0.1:5432/test npx tsx bench/tax-cpu.ts
 *
 * Environment: TAX_CPU_BLOCKS (1500) blocks of TAX_CPU_BLOCK (40) checkouts each side, TAX_CPU_CONCURRENCY (10)
 * at a time (the group commit groups fewer at 5, as the HTTP bench at 10 connections does). Short blocks: this
 * machine's own speed swings by up to half within seconds (a bare SHA-256 loop), so a pair of blocks a few
 * milliseconds long meets one speed, and the median of the pairs' ratios repeats to within about 0.01 where
 * the µs figures, which scale with the machine's speed, move by a tenth (docs/decisions/110, stop 50).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { openGate } from '../src/server/checkouts/checkout-limits';
import { createCheckoutsRepo } from '../src/server/checkouts/checkouts.repo';
import { type Db, openDatabase } from '../src/server/db/database';
import type { CheckoutInput } from '../src/shared/schemas';
import { guestActor } from '../src/shared/team';
import { checkoutLimitsOff, startServer } from '../tests/support/server-process';
import { seller } from '../tests/support/tax-parties';
import { median } from './http-load';
import {
  checkoutBodyOf,
  createScratchPostgres,
  prepareGuest,
  processCpuUs,
  type ScratchPostgres,
} from './servers';
import { saveTax } from './tax-writes';

const { env } = process;
const blocks = Number(env.TAX_CPU_BLOCKS ?? 1500);
const block = Number(env.TAX_CPU_BLOCK ?? 40);
const concurrency = Number(env.TAX_CPU_CONCURRENCY ?? 10);
const trySql = (env.TAX_CPU_SQL ?? '').split(';').filter((statement) => statement.trim() !== '');
const postgresUrl = env.TAX_CPU_POSTGRES;
const scratch: ScratchPostgres[] = [];

type Side = 'on' | 'off';

/** A database the built server migrated, with a guest and its settings saved; answers a run of checkouts. */
async function checkoutsOn(tax: typeof seller | null): Promise<(count: number) => Promise<void>> {
  const database = postgresUrl ? await createScratchPostgres(postgresUrl) : undefined;
  if (database) scratch.push(database);
  const server = await startServer({
    env: { LOG_LEVEL: 'warn', ...checkoutLimitsOff, ...(database ? { DATABASE_URL: database.url } : {}) },
  });
  let body: string;
  try {
    await prepareGuest(server.baseURL, server.adminPassword);
    await saveTax(server, tax);
    body = await checkoutBodyOf(server.baseURL);
  } finally {
    await server.stop();
  }
  let db: Db;
  if (database) {
    db = openDatabase(database.url);
    // As the server does once its migrations have run: statements prepared once per connection.
    db.startPreparing?.();
  } else {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'tax-cpu-')), 'fridge.sqlite');
    fs.copyFileSync(path.join(server.dataDir, 'fridge.sqlite'), file);
    db = openDatabase(`sqlite:${file}`);
  }
  for (const statement of trySql) await sql.raw(statement).execute(db.kysely);
  const repo = createCheckoutsRepo(db);
  const input = JSON.parse(body) as CheckoutInput;
  return async (count) => {
    let started = 0;
    const worker = async () => {
      while (started < count) {
        started++;
        await repo.record(input, { actor: guestActor, at: new Date().toISOString() }, openGate);
      }
    };
    await Promise.all(Array.from({ length: concurrency }, worker));
  };
}

const sides: Record<Side, (count: number) => Promise<void>> = {
  on: await checkoutsOn(seller),
  off: await checkoutsOn(null),
};
// Warm: the JIT, the statement cache, the pages the checkouts touch.
for (const run of Object.values(sides)) await run(2000);
// Each block's µs a checkout, by side: a slow spell of the machine that lasts one pair of blocks moves the sum,
// not the median of the pairs' differences.
const perBlock: Record<Side, number[]> = { on: [], off: [] };
const serverPerBlock: Record<Side, number[]> = { on: [], off: [] };
for (let i = 0; i < blocks; i++) {
  for (const side of (i % 2 === 0 ? ['on', 'off'] : ['off', 'on']) as Side[]) {
    const before = process.cpuUsage();
    const serverBefore = postgresUrl ? postgresCpu() : 0;
    await sides[side](block);
    const used = process.cpuUsage(before);
    perBlock[side].push((used.user + used.system) / block);
    if (postgresUrl) serverPerBlock[side].push((postgresCpu() - serverBefore) / block);
  }
}
const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
const perCheckout = (of: Record<Side, number[]>, side: Side) => mean(of[side]);
const figures = (of: Record<Side, number[]>) =>
  `tax on ${perCheckout(of, 'on').toFixed(1)} µs, off ${perCheckout(of, 'off').toFixed(1)} µs, ` +
  `tax costs ${(perCheckout(of, 'on') - perCheckout(of, 'off')).toFixed(1)} µs`;
const where = postgresUrl ? 'PostgreSQL' : 'SQLite';
console.log(
  `${where}: record() CPU a checkout, ${blocks * block} each, ${concurrency} at a time: ${figures(perBlock)}`,
);
const differences = perBlock.on.map((on, i) => on - (perBlock.off[i] ?? Number.NaN));
console.log(
  `  the median of the ${blocks} pairs of blocks: off ${median(perBlock.off).toFixed(1)} µs, tax costs ${median(differences).toFixed(1)} µs`,
);
// The figure that does not scale with the machine's speed: what section 13's req/s would read if the checkout's
// work were all of a request.
const ratios = perBlock.on.map((on, i) => (perBlock.off[i] ?? Number.NaN) / on);
console.log(`  the median of the pairs' ratios, off's CPU over on's: ${median(ratios).toFixed(3)}`);
if (postgresUrl) console.log(`PostgreSQL's processes' CPU a checkout: ${figures(serverPerBlock)}`);
await Promise.all(scratch.map((database) => database.drop()));
process.exit(0);

/** The CPU every `postgres` process of this machine has used, in µs. */
function postgresCpu(): number {
  let used = 0;
  for (const pid of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    let command: string;
    try {
      command = fs.readFileSync(`/proc/${pid}/comm`, 'utf8').trim();
    } catch {
      continue; // gone since the listing
    }
    if (command !== 'postgres') continue;
    const cpu = processCpuUs(Number(pid));
    if (!Number.isNaN(cpu)) used += cpu;
  }
  return used;
}

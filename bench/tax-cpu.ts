/**
 * What tax documents cost a checkout on SQLite, in CPU, without HTTP: the checkout repository's `record()` in
 * one process, on two databases made by the built server (the same saved settings but for `tax`), in
 * alternating blocks so that the machine's slow spells hurt both alike. Section 13 of `npm run bench` moves
 * by several per cent from run to run on a shared machine; this moves by about 2 µs, so a change to the
 * checkout's tax path can be weighed before the HTTP bench is run (docs/benchmarks.md).
 *
 *   npm run build && npx tsx bench/tax-cpu.ts
 *   TAX_CPU_SQL="drop index tax_documents_month_idx" npx tsx bench/tax-cpu.ts   (a change to try, on both)
 *
 * Environment: TAX_CPU_BLOCKS (40) blocks of TAX_CPU_BLOCK (300) checkouts each side, TAX_CPU_CONCURRENCY (10)
 * at a time (the group commit groups fewer at 5, as the HTTP bench at 10 connections does).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { openDatabase } from '../src/server/db/database';
import { openGate } from '../src/server/routes/checkouts/checkout-limits';
import { createCheckoutsRepo } from '../src/server/routes/checkouts/checkouts.repo';
import type { CheckoutInput } from '../src/shared/schemas';
import { guestActor } from '../src/shared/team';
import { checkoutLimitsOff, startServer } from '../tests/support/server-process';
import { seller } from '../tests/support/tax-parties';
import { checkoutBodyOf, prepareGuest } from './servers';
import { saveTax } from './tax-writes';

const { env } = process;
const blocks = Number(env.TAX_CPU_BLOCKS ?? 40);
const block = Number(env.TAX_CPU_BLOCK ?? 300);
const concurrency = Number(env.TAX_CPU_CONCURRENCY ?? 10);
const trySql = (env.TAX_CPU_SQL ?? '').split(';').filter((statement) => statement.trim() !== '');

type Side = 'on' | 'off';

/** A database the built server migrated, with a guest and its settings saved; answers a run of checkouts. */
async function checkoutsOn(tax: typeof seller | null): Promise<(count: number) => Promise<void>> {
  const server = await startServer({ env: { LOG_LEVEL: 'warn', ...checkoutLimitsOff } });
  let body: string;
  try {
    await prepareGuest(server.baseURL, server.adminPassword);
    await saveTax(server, tax);
    body = await checkoutBodyOf(server.baseURL);
  } finally {
    await server.stop();
  }
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'tax-cpu-')), 'fridge.sqlite');
  fs.copyFileSync(path.join(server.dataDir, 'fridge.sqlite'), file);
  const db = openDatabase(`sqlite:${file}`);
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
const cpu: Record<Side, number> = { on: 0, off: 0 };
for (let i = 0; i < blocks; i++) {
  for (const side of (i % 2 === 0 ? ['on', 'off'] : ['off', 'on']) as Side[]) {
    const before = process.cpuUsage();
    await sides[side](block);
    const used = process.cpuUsage(before);
    cpu[side] += used.user + used.system;
  }
}
const perCheckout = (side: Side) => cpu[side] / (blocks * block);
console.log(
  `record() CPU a checkout, ${blocks * block} each, ${concurrency} at a time: tax on ${perCheckout('on').toFixed(1)} µs, ` +
    `off ${perCheckout('off').toFixed(1)} µs, tax costs ${(perCheckout('on') - perCheckout('off')).toFixed(1)} µs`,
);
process.exit(0);

/**
 * GET /api/drinks's CPU a request in the server, against bare node:http answering the same bytes (DESIGN.md,
 * "The page ready as it is drawn": at least 0.75x at LOG_LEVEL=info). Requests per second on this shared
 * 2-core machine move by a third from round to round (the load generator, the other sessions); the server's
 * own CPU a request (from /proc, utime + stime) does not depend on who else runs. Alternating blocks, as
 * bench/tax-cpu.ts does: a slow spell of the machine meets both sides of a pair.
 *
 *   npm run build && npx tsx bench/drinks-cpu.ts
 *
 * Environment: DRINKS_CPU_BLOCKS (40) pairs of blocks of DRINKS_CPU_BLOCK (3000) requests, DRINKS_CPU_CONNECTIONS
 * (10) keep-alive connections at once, DRINKS_CPU_ENCODING (none: as bench section 2's autocannon asks).
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { startServer } from '../tests/support/server-process';
import { median } from './http-load';
import { processCpuUs, startBareServer } from './servers';

const { env } = process;
const blocks = Number(env.DRINKS_CPU_BLOCKS ?? 40);
const block = Number(env.DRINKS_CPU_BLOCK ?? 3000);
const connections = Number(env.DRINKS_CPU_CONNECTIONS ?? 10);
const encoding = env.DRINKS_CPU_ENCODING;

/** `count` GETs of `url`, `connections` at a time on keep-alive sockets. */
async function requests(url: string, count: number): Promise<void> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  let started = 0;
  const one = () =>
    new Promise<void>((resolve, reject) => {
      const request = http.get(
        url,
        { agent, headers: encoding ? { 'accept-encoding': encoding } : {} },
        (response) => {
          if (response.statusCode !== 200) reject(new Error(`${url} answered ${response.statusCode}`));
          response.resume();
          response.on('end', resolve);
        },
      );
      request.on('error', reject);
    });
  const worker = async () => {
    while (started < count) {
      started++;
      await one();
    }
  };
  await Promise.all(Array.from({ length: connections }, worker));
  agent.destroy();
}

const logFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'drinks-cpu-')), 'server.log');
const server = await startServer({
  env: { LOG_LEVEL: env.DRINKS_CPU_LOG_LEVEL ?? 'info' },
  logFile,
  ...(env.DRINKS_CPU_ENTRY ? { entry: env.DRINKS_CPU_ENTRY } : {}),
});
const drinksUrl = `${server.baseURL}/api/drinks`;
const bare = await startBareServer(await (await fetch(drinksUrl)).text());
const sides = {
  app: { url: drinksUrl, pid: server.child.pid },
  bare: { url: bare.url, pid: bare.child.pid },
};
type Side = keyof typeof sides;
try {
  // Warm: the JIT of both servers and of this client.
  for (const side of Object.values(sides)) await requests(side.url, block * 2);
  const perRequest: Record<Side, number[]> = { app: [], bare: [] };
  for (let i = 0; i < blocks; i++) {
    for (const side of (i % 2 === 0 ? ['app', 'bare'] : ['bare', 'app']) as Side[]) {
      const before = processCpuUs(sides[side].pid);
      await requests(sides[side].url, block);
      perRequest[side].push((processCpuUs(sides[side].pid) - before) / block);
    }
  }
  const ratios = perRequest.app.map((app, i) => (perRequest.bare[i] ?? Number.NaN) / app);
  console.log(
    `GET /api/drinks at LOG_LEVEL=info, server CPU a request (median of ${blocks} blocks of ${block}, ` +
      `${connections} connections${encoding ? `, Accept-Encoding: ${encoding}` : ''}): ` +
      `app ${median(perRequest.app).toFixed(1)} µs, bare node:http ${median(perRequest.bare).toFixed(1)} µs`,
  );
  console.log(`  the median of the pairs' ratios, bare's CPU over the app's: ${median(ratios).toFixed(3)}x`);
} finally {
  await bare.stop();
  await server.stop();
  fs.rmSync(path.dirname(logFile), { recursive: true, force: true });
}
process.exit(0);

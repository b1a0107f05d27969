import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkoutLimitsOff, type ServerProcess, startServer } from '../support/server-process';
import { type PrivatePostgres, startPrivatePostgres } from './private-postgres';
import { auditCheckouts, checkoutBody, json, prepareForCheckouts, sleep } from './support';

interface Outcome {
  at: number;
  status: number;
  body: string;
}

/** Checkouts and catalogue reads from several clients until stopped; every answer is kept. */
function load(server: ServerProcess, acknowledged: Set<number>) {
  const outcomes: Outcome[] = [];
  const failures: string[] = [];
  let running = true;
  const loops = Array.from({ length: 8 }, async (_, n) => {
    while (running) {
      const write = n % 2 === 0;
      try {
        const response = await fetch(
          `${server.baseURL}${write ? '/api/checkouts' : '/api/drinks'}`,
          write ? { method: 'POST', headers: json, body: checkoutBody(200 + n) } : {},
        );
        const body = await response.text();
        outcomes.push({ at: performance.now(), status: response.status, body });
        if (write && response.status === 201) acknowledged.add(JSON.parse(body).id);
        if (response.status >= 500) await sleep(50);
      } catch (error) {
        // The app server itself must keep answering while its database is away.
        failures.push(String(error));
        await sleep(50);
      }
    }
  });
  return {
    outcomes,
    failures,
    async stop() {
      running = false;
      await Promise.all(loops);
    },
  };
}

describe('a private PostgreSQL stopped and restarted under load', () => {
  let pg: PrivatePostgres;
  const servers: ServerProcess[] = [];
  beforeAll(async () => {
    pg = await startPrivatePostgres();
  });
  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop('SIGKILL')));
    await pg?.destroy();
  });

  it('generic 503 JSON while it is down, the process stays up, 0 half-written checkouts, back within 5 s', async () => {
    const server = await startServer({ env: { ...checkoutLimitsOff, DATABASE_URL: pg.url } });
    servers.push(server);
    await prepareForCheckouts(server);
    const acknowledged = new Set<number>();
    const traffic = load(server, acknowledged);
    const figures: string[] = [];
    try {
      for (const mode of ['fast', 'immediate'] as const) {
        await sleep(1500);
        const stopping = performance.now();
        await pg.stop(mode);
        const down = performance.now();
        await sleep(3000);
        const whileDown = traffic.outcomes.filter((o) => o.at > down + 200);
        expect(whileDown.length, 'requests answered while the database was down').toBeGreaterThan(10);
        for (const outcome of whileDown) {
          expect(outcome.status, outcome.body).toBe(503);
          expect(JSON.parse(outcome.body)).toEqual({
            error: {
              code: 'service_unavailable',
              message: 'The database is not reachable. Please try again shortly.',
            },
          });
        }
        const during = traffic.outcomes.filter((o) => o.at >= stopping);
        expect(
          during.every((o) => o.status < 500 || o.status === 503),
          'only 503 while stopping',
        ).toBe(true);
        expect(server.child.exitCode).toBeNull();

        await pg.start();
        const up = performance.now();
        while (
          !traffic.outcomes.some((o) => o.at > up && o.status === 201) &&
          performance.now() - up < 10_000
        ) {
          await sleep(20);
        }
        const firstWrite = traffic.outcomes.find((o) => o.at > up && o.status === 201);
        const recovery = firstWrite ? (firstWrite.at - up) / 1000 : Number.POSITIVE_INFINITY;
        figures.push(
          `stop -m ${mode}: ${whileDown.length} requests answered 503 while down, first 201 ${recovery.toFixed(2)} s after PostgreSQL was back`,
        );
        expect(recovery).toBeLessThanOrEqual(5);
      }
      await sleep(1000);
    } finally {
      await traffic.stop();
      // Whatever happened above, the next test needs its database.
      if (!(await pg.psql('select 1').catch(() => ''))) await pg.start();
    }
    expect(traffic.failures, 'connection errors from the app server').toEqual([]);
    const audit = await auditCheckouts(pg.url);
    expect(audit.halfWritten).toBe(0);
    expect(audit.orphanLines).toBe(0);
    expect([...acknowledged].filter((id) => !audit.ids.has(id))).toEqual([]);
    const statuses = traffic.outcomes.map((o) => o.status);
    expect(statuses.every((s) => s === 200 || s === 201 || s === 503)).toBe(true);
    console.log(
      `[figure] PostgreSQL outage: ${figures.join('; ')}; ${statuses.length} requests, 5xx other than 503: ` +
        `${statuses.filter((s) => s >= 500 && s !== 503).length}, connection errors ${traffic.failures.length}, ` +
        `${acknowledged.size} acknowledged checkouts all stored, half-written 0`,
    );
  });

  it('kill -9 of the app server on PostgreSQL: 0 acknowledged checkouts lost, the first write after restart succeeds', async () => {
    const server = await startServer({ env: { ...checkoutLimitsOff, DATABASE_URL: pg.url } });
    servers.push(server);
    await prepareForCheckouts(server);
    const acknowledged = new Set<number>();
    const traffic = load(server, acknowledged);
    await sleep(1500);
    server.child.kill('SIGKILL');
    await server.stop('SIGKILL');
    await traffic.stop();
    expect(acknowledged.size).toBeGreaterThan(0);

    const restarted = await startServer({ env: { ...checkoutLimitsOff, DATABASE_URL: pg.url } });
    servers.push(restarted);
    const first = await fetch(`${restarted.baseURL}/api/checkouts`, {
      method: 'POST',
      headers: json,
      body: checkoutBody(9),
    });
    expect(first.status).toBe(201);
    const audit = await auditCheckouts(pg.url);
    const lost = [...acknowledged].filter((id) => !audit.ids.has(id));
    console.log(
      `[figure] kill -9 PostgreSQL: ${acknowledged.size} acknowledged, lost ${lost.length}, half-written ${audit.halfWritten}, first write after restart ${first.status}`,
    );
    expect(lost).toEqual([]);
    expect(audit.halfWritten).toBe(0);
    expect(audit.orphanLines).toBe(0);
  });
});

import { afterAll, expect, it } from 'vitest';
import { runFault } from './run-fault';
import { startPostgresSystem } from './systems';

/** PostgreSQL restarted under the load (pg_ctl restart: a clean, fast shutdown), on the suite's own cluster. */
let system: Awaited<ReturnType<typeof startPostgresSystem>> | undefined;
afterAll(() => system?.dispose());

it('PostgreSQL restarted: nothing acknowledged lost, numbers 1..N, 503 with Retry-After while it is down', async () => {
  system = await startPostgresSystem();
  const pg = system.pg;
  const row = await runFault(system, 'PostgreSQL restarted', async () => {
    await pg.stop('fast');
    await pg.start();
  });
  expect(row.lost).toBe(0);
});

import { afterAll, expect, it } from 'vitest';
import { runFault } from './run-fault';
import { startPostgresSystem } from './systems';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * PostgreSQL's postmaster killed with SIGKILL under the load, on the suite's own cluster: its backends notice
 * and exit, and the next start recovers from the write-ahead log (crash recovery), as after a power cut.
 */
let system: Awaited<ReturnType<typeof startPostgresSystem>> | undefined;
afterAll(() => system?.dispose());

it('PostgreSQL postmaster killed -9, then started: nothing acknowledged lost, numbers 1..N, no 500', async () => {
  system = await startPostgresSystem();
  const pg = system.pg;
  const row = await runFault(system, 'PostgreSQL postmaster killed -9', async () => {
    process.kill(pg.postmasterPid(), 'SIGKILL');
    // Its backends end when they see the postmaster gone; a start before then finds the old shared memory.
    for (let tries = 0; ; tries++) {
      try {
        await pg.start();
        return;
      } catch (error) {
        if (tries > 30) throw error;
        await sleep(500);
      }
    }
  });
  expect(row.lost).toBe(0);
});

import { afterEach, describe, expect, it } from 'vitest';
import { runFault } from './run-fault';
import { type System, startPostgresSystem, startSqliteSystem } from './systems';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** How long the host keeps the app server stopped (SIGSTOP), as a VM paused or a process swapped out. */
const frozenMs = 10_000;

/**
 * One app server frozen with SIGSTOP for 10 s, then resumed with SIGCONT: its requests wait, its open
 * transaction (if any) holds its locks, and the other app server must not stay stuck behind it.
 */
describe('an app server frozen for 10 s', () => {
  let system: System | undefined;
  afterEach(async () => {
    await system?.dispose();
    system = undefined;
  });

  for (const start of [startSqliteSystem, startPostgresSystem]) {
    it(`${start === startSqliteSystem ? 'SQLite' : 'PostgreSQL, one of two'}: resumed, nothing acknowledged lost, numbers 1..N`, async () => {
      system = await start();
      const frozen = system.servers[0];
      const row = await runFault(system, 'an app server frozen 10 s (SIGSTOP)', async () => {
        frozen?.child.kill('SIGSTOP');
        await sleep(frozenMs);
        frozen?.child.kill('SIGCONT');
      });
      expect(row.lost).toBe(0);
    });
  }
});

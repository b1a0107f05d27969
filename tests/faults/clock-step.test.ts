import { afterEach, describe, expect, it } from 'vitest';
import { runFault } from './run-fault';
import { bangkokNextMonth, fakeClock, type System, startPostgresSystem, startSqliteSystem } from './systems';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const hourMs = 60 * 60 * 1000;
/** How long the clock stays an hour back under the load. */
const backMs = 5_000;

/**
 * The clock stepped an hour back, then an hour forward again (an NTP correction, a host's clock set by hand),
 * with libfaketime: the app servers read their wall clock from an offset in a file, read again at every call
 * (FAKETIME_NO_CACHE), so a running process steps when the file changes; their monotonic clock (timers) is
 * left alone, as a real step leaves it. The servers start half an hour into a month in the resort's zone
 * (Asia/Bangkok), so the step back crosses into the month before: the tax documents must not follow it.
 */
describe('the clock stepped an hour back and forward', () => {
  let system: System | undefined;
  const clock = fakeClock();
  afterEach(async () => {
    await system?.dispose();
    system = undefined;
  });

  for (const start of [startSqliteSystem, startPostgresSystem]) {
    it(`${start === startSqliteSystem ? 'SQLite' : 'PostgreSQL'}: the months and the chain keep their order, numbers 1..N`, async () => {
      // Half an hour past the start of next month in Bangkok.
      const offset = clock.setTo(bangkokNextMonth().start + hourMs / 2);
      system = await start({ env: clock.env });
      const row = await runFault(system, 'the clock stepped 1 h back, then 1 h forward', async () => {
        clock.setOffset(offset - 3600);
        await sleep(backMs);
        clock.setOffset(offset);
      });
      expect(row.lost).toBe(0);
    });
  }
});

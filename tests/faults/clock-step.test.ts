import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runFault } from './run-fault';
import { type System, startPostgresSystem, startSqliteSystem } from './systems';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const libfaketime = '/usr/lib/x86_64-linux-gnu/faketime/libfaketime.so.1';
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
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'fridge-faults-clock-'));
  const offsetFile = path.join(folder, 'offset');
  afterEach(async () => {
    await system?.dispose();
    system = undefined;
  });

  /** Half an hour past the start of next month in Bangkok (UTC+7), as an offset in seconds from now. */
  const monthStartOffset = () => {
    const now = new Date(Date.now() + 7 * hourMs);
    const next = Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1) - 7 * hourMs + hourMs / 2;
    return Math.round((next - Date.now()) / 1000);
  };
  const setOffset = (seconds: number) =>
    fs.writeFileSync(offsetFile, `${seconds >= 0 ? '+' : ''}${seconds}\n`);

  for (const start of [startSqliteSystem, startPostgresSystem]) {
    it(`${start === startSqliteSystem ? 'SQLite' : 'PostgreSQL'}: the months and the chain keep their order, numbers 1..N`, async () => {
      const offset = monthStartOffset();
      setOffset(offset);
      system = await start({
        env: {
          LD_PRELOAD: libfaketime,
          FAKETIME_TIMESTAMP_FILE: offsetFile,
          FAKETIME_NO_CACHE: '1',
          FAKETIME_DONT_FAKE_MONOTONIC: '1',
        },
      });
      const row = await runFault(system, 'the clock stepped 1 h back, then 1 h forward', async () => {
        setOffset(offset - 3600);
        await sleep(backMs);
        setOffset(offset);
      });
      expect(row.lost).toBe(0);
    });
  }
});

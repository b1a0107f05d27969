import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { runFault } from './run-fault';
import { type System, startSqliteSystem } from './systems';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The disk under the SQLite file: a tmpfs of its own, small enough to fill in a moment. */
const diskSize = '24m';
/** How long the disk stays full under the load. */
const fullMs = 5_000;

const mountPoint = fs.mkdtempSync(path.join(os.tmpdir(), 'fridge-faults-disk-'));
let system: System | undefined;
afterAll(async () => {
  await system?.dispose();
  execFileSync('umount', [mountPoint]);
  fs.rmdirSync(mountPoint);
});

/** Writes `file` in chunks of `chunkBytes` until the disk says it is full. */
function writeUntilFull(file: string, chunkBytes: number) {
  const chunk = Buffer.alloc(chunkBytes, 1);
  const fd = fs.openSync(file, 'w');
  try {
    for (;;) fs.writeSync(fd, chunk);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error;
  } finally {
    fs.closeSync(fd);
  }
}

/** Writes a file until the disk says it is full. */
function fill(file: string) {
  writeUntilFull(file, 256 * 1024);
  // The last bytes a partial write may have left.
  writeUntilFull(`${file}.tail`, 4096);
}

it('the disk under the SQLite file filled, then freed: 503 while full, nothing acknowledged lost, numbers 1..N', async () => {
  execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${diskSize}`, 'tmpfs', mountPoint]);
  system = await startSqliteSystem({ dataDir: mountPoint });
  const filler = path.join(mountPoint, 'filler');
  const row = await runFault(system, 'the SQLite disk filled, then freed', async () => {
    fill(filler);
    await sleep(fullMs);
    fs.rmSync(filler);
    fs.rmSync(`${filler}.tail`);
  });
  expect(row.lost).toBe(0);
});

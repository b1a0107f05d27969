import { defineConfig } from 'vitest/config';

/**
 * `npm run test:faults` (DESIGN.md, "Faults survived"): a writer load on SQLite and on two app servers over
 * PostgreSQL, one fault at a time (tests/faults, one file a fault). One file at a time: the faults are the
 * machine's (a cluster restarted, a disk filled, a process frozen), and the times to recover are figures.
 * The table of every fault is printed at the end (tests/faults/table.ts).
 */
export default defineConfig({
  test: {
    include: ['tests/faults/**/*.test.ts'],
    environment: 'node',
    testTimeout: 300_000,
    hookTimeout: 120_000,
    fileParallelism: false,
    globalSetup: ['tests/faults/table.ts'],
  },
});

import { defineConfig } from 'vitest/config';

/**
 * `npm run test:stress`: the long runs (fuzzing at 10,000 runs per route, kill -9 cycles, a private
 * PostgreSQL stopped under load, 30-second load runs). One file at a time: they measure the machine.
 */
export default defineConfig({
  test: {
    include: ['tests/stress/**/*.test.ts'],
    environment: 'node',
    testTimeout: 600_000,
    hookTimeout: 120_000,
    fileParallelism: false,
  },
});

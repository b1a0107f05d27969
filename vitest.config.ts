import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: [
      'src/**/*.test.ts',
      'src/**/*.test.tsx',
      'tests/process/**/*.test.ts',
      'tests/security/**/*.test.ts',
      'tests/support/**/*.test.ts',
    ],
    environment: 'node',
    // Migrated SQLite files each test's fresh database is copied from (docs/testing.md).
    globalSetup: ['tests/support/database-templates.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // The database suites share one PostgreSQL server; each file uses its own schema.
    fileParallelism: true,
    // Two files at a time even on 2 cores (Vitest's default is one fewer than the cores): a file spends much
    // of its time waiting on PostgreSQL, a server it started or a password hash (the suite: 14 to 10 min).
    maxWorkers: 2,
  },
});

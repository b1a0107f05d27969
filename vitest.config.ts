import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: [
      'src/**/*.test.ts',
      'src/**/*.test.tsx',
      'tests/process/**/*.test.ts',
      'tests/security/**/*.test.ts',
    ],
    environment: 'node',
    // Migrated SQLite files each test's fresh database is copied from (docs/testing.md).
    globalSetup: ['tests/support/sqlite-templates.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // The database suites share one PostgreSQL server; each file uses its own schema.
    fileParallelism: true,
  },
});

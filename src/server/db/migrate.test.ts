import { describe, expect, it } from 'vitest';
import { createScratchDatabase, testDialects } from '../../../tests/support/test-app';
import { migrateToLatest } from './migrate';
import { seedDrinks, seedOnce } from './seed';

describe.each(testDialects)('migrations and seed [%s]', (dialect) => {
  it('run twice leave one schema and one seeded catalogue', async () => {
    const scratch = await createScratchDatabase(dialect, { seed: false });
    try {
      await migrateToLatest(scratch.db);
      await migrateToLatest(scratch.db);
      expect(await seedOnce(scratch.db)).toBe(true);
      expect(await seedOnce(scratch.db)).toBe(false);
      const drinks = await scratch.db.kysely.selectFrom('Drinks').select('drinkName').orderBy('id').execute();
      expect(drinks.map((d) => d.drinkName)).toEqual(seedDrinks.map((d) => d.drinkName));
    } finally {
      await scratch.drop();
    }
  });
});

// Two SQLite connections in one process would block each other's event loop, so for SQLite the same
// promise is shown with two real server processes in tests/process/server-process.test.ts.
const postgresOnly = testDialects.filter((dialect) => dialect === 'postgres');
describe.each(postgresOnly)('migrations from two servers at once [%s]', (dialect) => {
  it('migrate without conflict and seed exactly once', async () => {
    const scratch = await createScratchDatabase(dialect, { seed: false });
    const other = scratch.openAnother();
    try {
      await Promise.all([migrateToLatest(scratch.db), migrateToLatest(other)]);
      const seeded = await Promise.all([seedOnce(scratch.db), seedOnce(other)]);
      expect(seeded.filter(Boolean)).toHaveLength(1);
      const drinks = await scratch.db.kysely.selectFrom('Drinks').select('drinkName').execute();
      expect(drinks).toHaveLength(seedDrinks.length);
    } finally {
      await other.close();
      await scratch.drop();
    }
  });
});

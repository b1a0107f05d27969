import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { createScratchDatabase, postgresUrl, testDialects } from '../../../tests/support/test-app';
import { openDatabase } from './database';
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

describe.each(postgresOnly)('migrations on a PostgreSQL shared with another app [%s]', () => {
  it("find their own tables in their schema alone: another schema's Kysely tables are not theirs", async () => {
    const suffix = randomBytes(5).toString('hex');
    const [mine, theirs] = [`fc_mine_${suffix}`, `fc_theirs_${suffix}`];
    const admin = new pg.Client({ connectionString: postgresUrl });
    await admin.connect();
    try {
      await admin.query(`create schema ${mine}; create schema ${theirs}`);
      // Another app migrated with Kysely too, in its own schema of the same database.
      await admin.query(
        `create table ${theirs}.kysely_migration (name varchar(255) primary key, timestamp varchar(255))`,
      );
      await admin.query(
        `create table ${theirs}.kysely_migration_lock (id varchar(255) primary key, is_locked integer)`,
      );
      // As a resort configures it: the schema in the URL's search_path, not in the app's options.
      const url = new URL(postgresUrl ?? '');
      url.searchParams.set('options', `-c search_path=${mine}`);
      const db = openDatabase(url.toString());
      try {
        await migrateToLatest(db);
        await migrateToLatest(db);
        const { rows } = await admin.query(
          `select table_schema, table_name from information_schema.tables
           where table_name in ('Drinks', 'kysely_migration') order by 1, 2`,
        );
        expect(rows.filter((row) => [mine, theirs].includes(row.table_schema))).toEqual([
          { table_schema: mine, table_name: 'Drinks' },
          { table_schema: mine, table_name: 'kysely_migration' },
          { table_schema: theirs, table_name: 'kysely_migration' },
        ]);
      } finally {
        await db.close();
      }
    } finally {
      await admin.query(`drop schema if exists ${mine} cascade; drop schema if exists ${theirs} cascade`);
      await admin.end();
    }
  });
});

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { sql } from 'kysely';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { createScratchDatabase, type ScratchDatabase, testDialects } from '../../../tests/support/test-app';
import { openDatabase, withStatementCache } from './database';

describe('the SQLite statement cache', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  });
  const scratchFile = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fridge-statements-'));
    dirs.push(dir);
    return path.join(dir, 'test.sqlite');
  };

  it('hands out a kept statement again, but a fresh one while the kept one is still being read', () => {
    const database = new SqliteDatabase(':memory:');
    database.exec('create table t (id integer primary key); insert into t values (1), (2), (3)');
    const cache = withStatementCache(database);
    const text = 'select id from t order by id';
    const kept = cache.prepare(text);
    expect(cache.prepare(text)).toBe(kept);

    const seen: number[][] = [];
    for (const row of kept.iterate() as Iterable<{ id: number }>) {
      // The kept statement is mid-read: the same text now must not reset it.
      const again = cache.prepare(text);
      expect(again).not.toBe(kept);
      seen.push([row.id, (again.all() as { id: number }[]).length]);
    }
    expect(seen).toEqual([
      [1, 3],
      [2, 3],
      [3, 3],
    ]);
    expect(cache.prepare(text)).toBe(kept);
    database.close();
  });

  it('answers with the schema as it is now after a kept query met a change of it', async () => {
    const db = openDatabase(`sqlite:${scratchFile()}`);
    try {
      await sql`create table t (id integer primary key, a text)`.execute(db.kysely);
      await sql`insert into t (a) values ('one')`.execute(db.kysely);
      const read = () => sql<Record<string, unknown>>`select * from t`.execute(db.kysely);
      expect((await read()).rows).toEqual([{ id: 1, a: 'one' }]);
      await sql`alter table t add column b text default 'two'`.execute(db.kysely);
      expect((await read()).rows).toEqual([{ id: 1, a: 'one', b: 'two' }]);
    } finally {
      await db.close();
    }
  });
});

// PostgreSQL runs where TEST_DATABASE_URL is set (as in `npm test`), like every other test on both databases.
if (testDialects.includes('postgres')) {
  describe('PostgreSQL prepared statements', () => {
    const made: ScratchDatabase[] = [];
    afterAll(async () => {
      await Promise.all(made.map((scratch) => scratch.drop()));
    });

    it('prepares a query text once per connection after the migrations, but never a select *', async () => {
      const scratch = await createScratchDatabase('postgres');
      made.push(scratch);
      const prepared = await scratch.db.kysely.transaction().execute(async (trx) => {
        // One transaction is one connection: what it prepared is in that session's pg_prepared_statements.
        for (let i = 0; i < 3; i++) {
          const drinks = await trx.selectFrom('Drinks').select(['id', 'price']).where('id', '>', i).execute();
          expect(drinks.length).toBeGreaterThan(0);
          await trx.selectFrom('Drinks').selectAll().where('id', '>', i).execute();
        }
        const rows = await sql<{ statement: string }>`select statement from pg_prepared_statements`.execute(
          trx,
        );
        return rows.rows.map((row) => row.statement);
      });
      expect(prepared).toContain('select "id", "price" from "Drinks" where "id" > $1');
      expect(prepared.filter((text) => text.includes('*'))).toEqual([]);
    });
  });
}

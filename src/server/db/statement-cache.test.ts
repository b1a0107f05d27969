import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  createScratchDatabase,
  postgresUrl,
  type ScratchDatabase,
  testDialects,
} from '../../../tests/support/test-app';
import { type Db, openDatabase, withStatementCache } from './database';
import { executeThenCommit } from './postgres-statements';

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

  describe('PostgreSQL: a last statement committed with its transaction (executeThenCommit)', () => {
    let scratch: ScratchDatabase;
    /** One connection, so the second run of a text finds it prepared. */
    let db: Db;
    const count = async () =>
      Number((await sql<{ n: string }>`select count(*) as n from then_commit`.execute(db.kysely)).rows[0]?.n);
    const insert = (id: number, v: unknown) => sql<{ v: string }>`insert into then_commit (id, v)
      values (${id}, ${v}) returning v`;

    beforeAll(async () => {
      scratch = await createScratchDatabase('postgres', { seed: false });
      db = openDatabase(postgresUrl as string, { schema: scratch.schema, poolSize: 1 });
      db.startPreparing?.();
      await sql`create table then_commit (id integer primary key, v text)`.execute(db.kysely);
    });
    afterAll(async () => {
      await db.close();
      await scratch.drop();
    });

    it('commits the statement, the first time on a connection and once prepared, values kept as sent', async () => {
      const values = ["it's", 'back\\slash', 'ไทย 🍺', null, 42, true];
      for (const [index, value] of values.entries()) {
        const rows = await db.kysely
          .transaction()
          .execute(async (trx) => (await executeThenCommit(trx, insert(index, value).compile(trx))).rows);
        expect(rows).toEqual([{ v: value === null ? null : String(value) }]);
      }
      expect(await count()).toBe(values.length);
    });

    it('releases its locks without waiting for this process: the COMMIT goes in the same message', async () => {
      const hold = (v: string) => sql`update then_commit set v = ${v} where id = ${100}`;
      await insert(100, 'to be held').execute(db.kysely);
      // Its first run on the connection prepares it; the next goes as one message.
      await db.kysely.transaction().execute(async (trx) => {
        await executeThenCommit(trx, hold('prepared').compile(trx));
      });
      const other = new pg.Client({
        connectionString: postgresUrl,
        options: `-c search_path=${scratch.schema}`,
      });
      await other.connect();
      try {
        let freed = 0;
        let waited: Promise<pg.QueryResult<{ at: Date }>[]> | undefined;
        await db.kysely.transaction().execute(async (trx) => {
          // Holds id 100 from the update until its transaction's COMMIT.
          const ran = executeThenCommit(trx, hold('held').compile(trx));
          await new Promise<void>((resolve) =>
            // The update went out before this turn (its query ran in the promises before it); its answer
            // cannot have been read yet. The other session waits a moment, then for the update's lock.
            setImmediate(() => {
              waited = other.query(
                "select pg_sleep(0.2); update then_commit set v = 'after' where id = 100 returning clock_timestamp() as at",
              ) as unknown as Promise<pg.QueryResult<{ at: Date }>[]>;
              // This process is busy for a second: a COMMIT it still had to send would go only after it.
              const until = Date.now() + 1000;
              while (Date.now() < until) {
                // busy
              }
              freed = Date.now();
              resolve();
            }),
          );
          await ran;
        });
        const results = await (waited as Promise<pg.QueryResult<{ at: Date }>[]>);
        const rows = results[1]?.rows ?? [];
        expect(rows).toHaveLength(1);
        expect(rows[0]?.at.getTime()).toBeLessThan(freed);
      } finally {
        await other.end();
      }
    });

    it('a failing statement rolls its whole transaction back, and the connection goes on', async () => {
      const before = await count();
      await expect(
        db.kysely.transaction().execute(async (trx) => {
          await insert(200, 'rolled back').execute(trx);
          await executeThenCommit(trx, insert(0, 'a repeat of id 0').compile(trx));
        }),
      ).rejects.toThrow(/duplicate key/);
      expect(await count()).toBe(before);
      await db.kysely.transaction().execute(async (trx) => {
        await executeThenCommit(trx, insert(201, 'after the failure').compile(trx));
      });
      expect(await count()).toBe(before + 1);
    });

    it('a COMMIT that fails (a deferred check) stores nothing, and the connection goes on', async () => {
      await sql`create table then_commit_parent (id integer primary key)`.execute(db.kysely);
      await sql`create table then_commit_child (id integer primary key,
        parent integer references then_commit_parent deferrable initially deferred)`.execute(db.kysely);
      const child = (id: number, parent: number) =>
        sql`insert into then_commit_child (id, parent) values (${id}, ${parent})`;
      await sql`insert into then_commit_parent (id) values (1)`.execute(db.kysely);
      // Prepared by a first run, so the failing one goes as one message with its COMMIT.
      await db.kysely.transaction().execute(async (trx) => {
        await executeThenCommit(trx, child(1, 1).compile(trx));
      });
      await expect(
        db.kysely.transaction().execute(async (trx) => {
          await insert(400, 'with the child').execute(trx);
          // No parent 2: the foreign key is checked at the COMMIT.
          await executeThenCommit(trx, child(2, 2).compile(trx));
        }),
      ).rejects.toThrow(/foreign key/);
      const children = await sql<{ id: number }>`select id from then_commit_child order by id`.execute(
        db.kysely,
      );
      expect(children.rows).toEqual([{ id: 1 }]);
      expect(await sql`select id from then_commit where id = 400`.execute(db.kysely)).toMatchObject({
        rows: [],
      });
      await db.kysely.transaction().execute(async (trx) => {
        await executeThenCommit(trx, child(3, 1).compile(trx));
      });
      const after = await sql<{ id: number }>`select id from then_commit_child order by id`.execute(
        db.kysely,
      );
      expect(after.rows).toEqual([{ id: 1 }, { id: 3 }]);
    });

    it('refuses a statement after it (it would run outside the transaction)', async () => {
      const before = await count();
      await expect(
        db.kysely.transaction().execute(async (trx) => {
          await executeThenCommit(trx, insert(300, 'committed').compile(trx));
          await insert(301, 'too late').execute(trx);
        }),
      ).rejects.toThrow(/after its transaction was committed/);
      // The first was committed with its statement; the second never ran.
      expect(await count()).toBe(before + 1);
      await db.kysely.transaction().execute(async (trx) => {
        await executeThenCommit(trx, insert(302, 'and the connection goes on').compile(trx));
      });
      expect(await count()).toBe(before + 2);
    });
  });
}

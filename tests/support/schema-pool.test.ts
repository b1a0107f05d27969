import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { SchemaPool } from './schema-pool';
import { postgresUrl } from './test-app';

const templates = postgresUrl ? inject('postgresTemplates') : null;

/** Every row of the schema's tables and every sequence's next value, as one comparable object. */
async function contents(client: pg.Client, schema: string) {
  const tables = await client.query<{ name: string }>(
    `select relname as name from pg_class where relnamespace = $1::regnamespace and relkind = 'r'
      and relname not in ('kysely_migration', 'kysely_migration_lock') order by relname`,
    [schema],
  );
  const rows: Record<string, unknown[]> = {};
  for (const { name } of tables.rows) {
    const result = await client.query(`select * from ${schema}."${name}"`);
    rows[name] = result.rows.map((row) => JSON.stringify(row)).sort();
  }
  const sequences = await client.query<{ name: string; last: string; called: boolean }>(
    `select sequencename as name, last_value::text as last, last_value is not null as called
       from pg_sequences where schemaname = $1 order by sequencename`,
    [schema],
  );
  return { rows, sequences: sequences.rows };
}

describe.runIf(templates && postgresUrl)('the test schemas handed from test to test [postgres]', () => {
  const url = postgresUrl ?? '';
  const pool = new SchemaPool(url, templates as NonNullable<typeof templates>);
  const client = new pg.Client({ connectionString: url });
  afterAll(async () => {
    await pool.drain();
    await client.end();
  });

  it('a schema a test wrote to comes back with exactly the template rows and sequences of a new one', async () => {
    await client.connect();
    const first = await pool.take(true);
    const asNew = await contents(client, first);
    expect(asNew.rows.Drinks?.length).toBeGreaterThan(0);

    // What a test does: rows added, changed and removed, sequences moved on.
    await client.query(`insert into ${first}."Drinks" ("drinkName", "startingQuantity", price)
      select "drinkName" || ' again', "startingQuantity", price from ${first}."Drinks"`);
    await client.query(`delete from ${first}."Drinks" where id = 1`);
    await client.query(`update ${first}.settings set value = 'changed'`);
    expect(await contents(client, first)).not.toEqual(asNew);
    await pool.give(first);

    const again = await pool.take(true);
    expect(again).toBe(first);
    expect(await contents(client, again)).toEqual(asNew);
    await pool.give(again);

    // The bare template's rows when a test asks for no seed.
    const bare = await pool.take(false);
    expect(bare).toBe(first);
    expect((await contents(client, bare)).rows.Drinks).toEqual([]);
    await pool.give(bare);
  });

  it('a schema whose tables, triggers or grants a test changed is dropped, not handed on', async () => {
    const changed = await pool.take(true);
    await client.query(`create function ${changed}.noop() returns trigger language plpgsql as
      'begin return new; end'`);
    await client.query(
      `create trigger rewrite before insert on ${changed}."Drinks" for each row execute function ${changed}.noop()`,
    );
    await pool.give(changed);

    const next = await pool.take(true);
    expect(next).not.toBe(changed);
    const left = await client.query('select 1 from pg_namespace where nspname = $1', [changed]);
    expect(left.rowCount).toBe(0);
    await pool.give(next);
  });
});

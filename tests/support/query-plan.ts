import { CompiledQuery, type Kysely, sql } from 'kysely';
import type { DialectName } from '../../src/server/db/database';
import type { Database } from '../../src/server/db/tables';

/**
 * The plan a database makes for `query`, as text: SQLite's `explain query plan` details, PostgreSQL's `explain`
 * lines. A test database holds a few rows, which PostgreSQL would read all of whatever the indexes: told not
 * to, it shows what it can use. `generic`: PostgreSQL's plan made without the values, as a prepared statement
 * gets after its first runs (database.ts names them), where a value proves nothing about a partial index.
 */
export async function queryPlan(
  db: Kysely<Database>,
  dialect: DialectName,
  query: CompiledQuery,
  { generic = false } = {},
): Promise<string> {
  if (dialect === 'sqlite') {
    const plan = await db.executeQuery<{ detail: string }>(
      CompiledQuery.raw(`explain query plan ${query.sql}`, [...query.parameters]),
    );
    return plan.rows.map((row) => row.detail).join('\n');
  }
  const literal = (value: unknown) =>
    typeof value === 'number' ? String(value) : `'${String(value).replaceAll("'", "''")}'`;
  const plan = await db.transaction().execute(async (trx) => {
    await sql`set local enable_seqscan = off`.execute(trx);
    if (!generic)
      return trx.executeQuery<{ 'QUERY PLAN': string }>(
        CompiledQuery.raw(`explain ${query.sql}`, [...query.parameters]),
      );
    await sql`set local plan_cache_mode = force_generic_plan`.execute(trx);
    await sql.raw(`prepare query_plan_test as ${query.sql}`).execute(trx);
    const made = await sql<{ 'QUERY PLAN': string }>`${sql.raw(
      `explain execute query_plan_test(${query.parameters.map(literal).join(', ')})`,
    )}`.execute(trx);
    await sql`deallocate query_plan_test`.execute(trx);
    return made;
  });
  return plan.rows.map((row) => row['QUERY PLAN']).join('\n');
}

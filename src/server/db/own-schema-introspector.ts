import { type DatabaseIntrospector, type Kysely, sql, type TableMetadata } from 'kysely';

/**
 * Kysely's migrator asks whether its own tables exist by listing every table of every schema of the database,
 * through functions that look each one up by name: on a PostgreSQL shared with another app (or with other
 * test files, each in a schema of its own), a schema dropped while that list was read fails the migration
 * ("schema ... does not exist"), and a `kysely_migration` table in another schema counted as ours. This one
 * reads the connection's own schema only (its search_path's first: the app's, or a test's), by the catalogue's
 * rows alone.
 */
export function ownSchemaIntrospector(db: Kysely<unknown>): DatabaseIntrospector {
  const getTables = async (): Promise<TableMetadata[]> => {
    const { rows } = await sql<{ schema: string; name: string; isView: boolean }>`
      select n.nspname as schema, c.relname as name, c.relkind = 'v' as "isView"
      from pg_catalog.pg_class c join pg_catalog.pg_namespace n on n.oid = c.relnamespace
      where n.nspname = current_schema() and c.relkind in ('r', 'p', 'v')`.execute(db);
    // The migrator asks only whether a table is there: its columns are not read.
    return rows.map((row) => ({ ...row, columns: [] }));
  };
  return {
    async getSchemas() {
      const { rows } = await sql<{ name: string }>`select current_schema() as name`.execute(db);
      return rows.filter((row) => row.name !== null);
    },
    getTables,
    async getMetadata() {
      return { tables: await getTables() };
    },
  };
}

/**
 * The same Kysely with `introspection` answered by `ownSchemaIntrospector`, for Kysely's migrator. Its methods
 * run on the real instance (they read its private fields).
 */
export function withOwnSchemaIntrospection<DB>(db: Kysely<DB>): Kysely<DB> {
  const introspection = ownSchemaIntrospector(db as Kysely<unknown>);
  return new Proxy(db, {
    get(target, property) {
      if (property === 'introspection') return introspection;
      const value = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

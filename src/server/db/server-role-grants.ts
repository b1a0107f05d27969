import { type Kysely, sql } from 'kysely';

/**
 * The rights the server's PostgreSQL login needs and no more (docs/decisions/231): rows of the app's tables
 * read and written, its sequences used, and Kysely's migration list read (the server checks at start that the
 * schema is current). No CREATE on the schema, no TRIGGER, TRUNCATE or REFERENCES, nothing owned. `npm run
 * migrate` runs these after every migration as the owner, so a table a migration adds is granted too; the
 * default privileges do the same for a table the owner makes some other way.
 */
export function serverRoleGrants(schema: string, role: string): string[] {
  return [...serverRoleSchemaGrants(schema, role), ...serverRoleTableGrants(schema, role)];
}

/**
 * The schema's part: USAGE and no CREATE, and the default privileges that give the server's login its rights on
 * every table and sequence the current login makes in the schema from then on (set before the tables are made,
 * they cost nothing per table: the tests' schemas are made that way).
 */
export function serverRoleSchemaGrants(schema: string, role: string): string[] {
  const s = quoteIdentifier(schema);
  const r = quoteIdentifier(role);
  return [
    `grant usage on schema ${s} to ${r}`,
    `revoke create on schema ${s} from ${r}`,
    // PostgreSQL before 15 gave every role CREATE on the schema public; the app's schema grants it to no one.
    `revoke create on schema ${s} from public`,
    `alter default privileges in schema ${s} grant select, insert, update, delete on tables to ${r}`,
    `alter default privileges in schema ${s} grant usage, select on sequences to ${r}`,
  ];
}

/** The tables' and sequences' part, for what is already there: every table, whoever made it. */
export function serverRoleTableGrants(schema: string, role: string): string[] {
  const s = quoteIdentifier(schema);
  const r = quoteIdentifier(role);
  return [
    `grant select, insert, update, delete on all tables in schema ${s} to ${r}`,
    `revoke truncate, references, trigger on all tables in schema ${s} from ${r}`,
    migrationListReadOnly(schema, role),
    `grant usage, select on all sequences in schema ${s} to ${r}`,
  ];
}

/** Kysely's list of what ran: the server reads it at start; only the owner writes it. */
export function migrationListReadOnly(schema: string, role: string): string {
  const s = quoteIdentifier(schema);
  return `revoke insert, update, delete on ${s}.kysely_migration, ${s}.kysely_migration_lock from ${quoteIdentifier(role)}`;
}

/** Runs `serverRoleGrants` in one transaction on the owner's connection; returns the tables granted. */
export async function grantServerRole<DB>(
  db: Kysely<DB>,
  role: string,
): Promise<{ schema: string; tables: number }> {
  return db.transaction().execute(async (trx) => {
    const { rows } = await sql<{ schema: string | null; tables: number }>`
      select current_schema() as schema, (select count(*)::int from pg_catalog.pg_tables
        where schemaname = current_schema()) as tables`.execute(trx);
    const schema = rows[0]?.schema;
    if (!schema) throw new Error('The migration login has no schema to grant: check its search_path');
    for (const statement of serverRoleGrants(schema, role)) await sql.raw(statement).execute(trx);
    return { schema, tables: rows[0]?.tables ?? 0 };
  });
}

export function quoteIdentifier(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

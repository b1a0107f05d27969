import { type Kysely, sql } from 'kysely';

/**
 * What the server's PostgreSQL login may do to the schema it works in (DESIGN.md, "The app cannot change its
 * own schema"; docs/decisions/231). A login that owns a table, or may create in the schema, can add a trigger
 * that rewrites an audit event before it is chained: the server runs as a role that can only read and write
 * rows, and checks so at start.
 */
export interface DatabaseRole {
  /** The login (current_user). */
  role: string;
  /** The schema the connection works in; null when its search_path names none it may use. */
  schema: string | null;
  superuser: boolean;
  /** Owns the schema (or is a member of the role that does). */
  ownsSchema: boolean;
  /** May create tables, functions and triggers' functions in the schema. */
  createsInSchema: boolean;
  /** The schema's tables, views and sequences it owns (or whose owner it is a member of). */
  ownedObjects: string[];
  /** Tables it may add triggers to (a TRIGGER grant; owners may anyway). */
  triggerTables: string[];
}

export async function readDatabaseRole<DB>(db: Kysely<DB>): Promise<DatabaseRole> {
  // One round trip at start. pg_has_role(owner, 'USAGE') is true for the owner itself and for every role that
  // inherits it: a member of the owning role can do what the owner can.
  const { rows } = await sql<{
    role: string;
    schema: string | null;
    superuser: boolean;
    ownsSchema: boolean | null;
    createsInSchema: boolean | null;
    ownedObjects: string[] | null;
    triggerTables: string[] | null;
  }>`
    select current_user as role, current_schema() as schema,
      (select rolsuper from pg_catalog.pg_roles where rolname = current_user) as superuser,
      pg_has_role(n.nspowner, 'USAGE') as "ownsSchema",
      has_schema_privilege(n.oid, 'CREATE') as "createsInSchema",
      (select array_agg(c.relname::text order by c.relname) from pg_catalog.pg_class c
        where c.relnamespace = n.oid and c.relkind in ('r', 'p', 'v', 'm', 'S', 'f')
          and pg_has_role(c.relowner, 'USAGE')) as "ownedObjects",
      (select array_agg(c.relname::text order by c.relname) from pg_catalog.pg_class c
        where c.relnamespace = n.oid and c.relkind in ('r', 'p')
          and has_table_privilege(c.oid, 'TRIGGER')) as "triggerTables"
    from (select 1) as one
      left join pg_catalog.pg_namespace n on n.nspname = current_schema()`.execute(db);
  const row = rows[0];
  if (!row) throw new Error('PostgreSQL did not say which role this connection has');
  return {
    role: row.role,
    schema: row.schema,
    superuser: row.superuser,
    ownsSchema: row.ownsSchema === true,
    createsInSchema: row.createsInSchema === true,
    ownedObjects: row.ownedObjects ?? [],
    triggerTables: row.triggerTables ?? [],
  };
}

/** Why this role may change the schema, one reason a line; empty for a role that only reads and writes rows. */
export function ownerRoleReasons(role: DatabaseRole): string[] {
  const reasons: string[] = [];
  const schema = role.schema ?? 'its schema';
  if (role.superuser) reasons.push(`"${role.role}" is a superuser`);
  if (role.ownsSchema) reasons.push(`"${role.role}" owns the schema ${schema}`);
  if (role.ownedObjects.length > 0)
    reasons.push(`"${role.role}" owns ${listed(role.ownedObjects)} in ${schema}`);
  if (role.createsInSchema && !role.ownsSchema && !role.superuser)
    reasons.push(`"${role.role}" holds CREATE on the schema ${schema}`);
  const grantedTriggers = role.triggerTables.filter((table) => !role.ownedObjects.includes(table));
  if (grantedTriggers.length > 0 && !role.superuser)
    reasons.push(`"${role.role}" holds TRIGGER on ${listed(grantedTriggers)}`);
  return reasons;
}

function listed(names: string[]): string {
  const shown = names.slice(0, 3).join(', ');
  return names.length > 3 ? `${names.length} tables and sequences (${shown}, …)` : shown;
}

/** The server's start refused: the message says why and what to do; the process prints it and exits 1. */
export class DatabaseRoleError extends Error {}

/** The refusal printed when the server's login could change the schema and ALLOW_OWNER_ROLE is not 1. */
export function ownerRoleRefusal(role: DatabaseRole, reasons: string[]): string {
  return [
    `Fridge Check will not run as the PostgreSQL login "${role.role}": ${reasons.join('; ')}.`,
    'A login that owns or may create in the schema can add a trigger that rewrites an audit event before it is',
    'chained, and verify would agree with it (docs/decisions/231).',
    'What to do: run the migrations as the owner (npm run migrate, with MIGRATION_DATABASE_URL set to the',
    "owner's login), and the server as a role that only reads and writes rows (DATABASE_URL): see",
    'docs/operations.md, "PostgreSQL: the owner migrates, the server only writes rows".',
    'To run as this login anyway (a development machine), set ALLOW_OWNER_ROLE=1.',
  ].join('\n');
}

/** The refusal printed when the schema is behind this version and the server's login cannot migrate it. */
export function schemaBehindRefusal(role: DatabaseRole, pending: string[]): string {
  const what =
    role.schema === null
      ? `The server's login "${role.role}" may not use the schema its search_path names (no USAGE on it): the database has not been migrated and granted for this login.`
      : `The database is behind this version of Fridge Check: ${pending.length} migration${pending.length === 1 ? '' : 's'} to run (${listedMigrations(pending)}), in schema ${role.schema}. The server's login "${role.role}" cannot change the schema, and should not.`;
  return [
    what,
    "What to do: run `npm run migrate` (in the image: node dist/server/migrate.js) with MIGRATION_DATABASE_URL set to the owner's login and DATABASE_URL to this one; it migrates and grants this login its rights. Then start the server again.",
  ].join('\n');
}

function listedMigrations(names: string[]): string {
  return names.length > 3 ? `${names.slice(0, 2).join(', ')}, … ${names.at(-1)}` : names.join(', ');
}

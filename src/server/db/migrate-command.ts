import { sql } from 'kysely';
import { setAuditKey } from '../audit/audit-key';
import { ConfigError, parseConfig } from '../config';
import { openDatabase } from './database';
import { migrateToLatest, pendingMigrations } from './migrate';
import { grantServerRole } from './server-role-grants';

/**
 * `npm run migrate` (in the image: node dist/server/migrate.js), docs/decisions/231. Migrates the database of
 * MIGRATION_DATABASE_URL (the schema owner's login; DATABASE_URL when unset) to this version, then grants the
 * login of DATABASE_URL, the server's, the rights its queries need and nothing more: after every run, so a
 * table a new migration adds is granted too. On SQLite it only migrates the file (the server does so itself
 * at start as well). Returns the exit code: 0 done, 1 not (the lines printed say why and what to do).
 */
export async function runMigrateCommand(
  env: Record<string, string | undefined>,
  out: (line: string) => void,
): Promise<number> {
  let config: ReturnType<typeof parseConfig>;
  try {
    config = parseConfig(env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    out(`${error.message}\nFix the environment variables above and run npm run migrate again.`);
    return 1;
  }
  // Migrations that carry rows into the audit chain hash with the key, as the server would.
  setAuditKey(config.auditKey);
  const url = config.migrationDatabaseUrl ?? config.databaseUrl;
  const serverUrl = config.databaseUrl.startsWith('postgres') ? config.databaseUrl : undefined;
  if (config.migrationDatabaseUrl && serverUrl && !sameDatabase(config.migrationDatabaseUrl, serverUrl)) {
    out(
      "MIGRATION_DATABASE_URL and DATABASE_URL name different databases: both must be the same host, port and database, the first with the owner's login, the second with the server's.",
    );
    return 1;
  }
  const db = openDatabase(url);
  try {
    if (db.dialect === 'sqlite') {
      await migrateToLatest(db);
      out(`Migrated ${redact(url)} (SQLite: the server migrates its file itself at start too).`);
      return 0;
    }
    const pending = await pendingMigrations(db);
    await migrateToLatest(db);
    const { rows } = await sql<{ owner: string }>`select current_user as owner`.execute(db.kysely);
    const owner = rows[0]?.owner ?? '';
    out(
      pending.length > 0
        ? `Migrated ${redact(url)} as "${owner}": ${pending.length} migration${pending.length === 1 ? '' : 's'} run (${pending.join(', ')}).`
        : `${redact(url)} is up to date: no migration to run.`,
    );
    const serverRole = serverUrl ? loginOf(serverUrl) : undefined;
    if (!serverRole || serverRole === owner) {
      out(
        `No grants made: DATABASE_URL ${serverRole ? `logs in as the owner "${owner}" too` : 'is not a PostgreSQL address'}. The server refuses an owner's login unless ALLOW_OWNER_ROLE=1: set DATABASE_URL to the server's own login (docs/operations.md) and run npm run migrate again.`,
      );
      // A development database run by one login on purpose is fine; anything else is a set-up to mend.
      return serverRole && !config.allowOwnerRole ? 1 : 0;
    }
    const { rows: found } = await sql<{ superuser: boolean }>`
      select rolsuper as superuser from pg_catalog.pg_roles where rolname = ${serverRole}`.execute(db.kysely);
    if (!found[0]) {
      out(
        `The server's login "${serverRole}" (DATABASE_URL) does not exist. Create it as the owner, then run npm run migrate again:\n  CREATE ROLE ${serverRole} LOGIN PASSWORD '…';`,
      );
      return 1;
    }
    const granted = await grantServerRole(db.kysely, serverRole);
    out(
      `Granted "${serverRole}" SELECT, INSERT, UPDATE and DELETE on the ${granted.tables} tables of schema ${granted.schema} (Kysely's migration list: SELECT only), USAGE on its sequences; no CREATE, no TRIGGER.`,
    );
    if (found[0].superuser) {
      out(
        `"${serverRole}" is a superuser: the server refuses it unless ALLOW_OWNER_ROLE=1 (ALTER ROLE ${serverRole} NOSUPERUSER).`,
      );
      return 1;
    }
    return 0;
  } catch (error) {
    out(`Could not migrate ${redact(url)}: ${(error as Error).message}`);
    return 1;
  } finally {
    await db.close().catch(() => {});
  }
}

/** The login of a postgres:// address; libpq's default (the system user) when it names none. */
function loginOf(url: string): string {
  const user = decodeURIComponent(new URL(url).username);
  return user || (process.env.PGUSER ?? process.env.USER ?? '');
}

function sameDatabase(a: string, b: string): boolean {
  const [x, y] = [new URL(a), new URL(b)];
  return x.hostname === y.hostname && (x.port || '5432') === (y.port || '5432') && x.pathname === y.pathname;
}

function redact(url: string): string {
  return url.replace(/\/\/([^:@/]+):[^@/]*@/, '//$1:***@');
}

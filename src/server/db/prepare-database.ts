import type { Db } from './database';
import {
  DatabaseRoleError,
  ownerRoleReasons,
  ownerRoleRefusal,
  readDatabaseRole,
  schemaBehindRefusal,
} from './database-role';
import { migrateToLatest, pendingMigrations } from './migrate';

export interface PreparedDatabase {
  /** PostgreSQL: why the login could change the schema, when ALLOW_OWNER_ROLE let it run anyway. */
  ownerReasons: string[];
  /** Whether this start ran the migrations itself (SQLite, or an owner allowed by ALLOW_OWNER_ROLE). */
  migrated: boolean;
}

/**
 * The database made ready at the server's start. SQLite: one file, the server migrates it. PostgreSQL: the
 * server's login is checked first (docs/decisions/231). A login that could change the schema is refused
 * unless `allowOwnerRole`, and then migrates as before; a restricted one only checks that `npm run migrate`
 * has brought the schema up to this version. Throws DatabaseRoleError with what to do.
 */
export async function prepareDatabase(
  db: Db,
  { allowOwnerRole }: { allowOwnerRole: boolean },
): Promise<PreparedDatabase> {
  if (db.dialect === 'sqlite') {
    await migrateToLatest(db);
    return { ownerReasons: [], migrated: true };
  }
  const role = await readDatabaseRole(db.kysely);
  const ownerReasons = ownerRoleReasons(role);
  if (ownerReasons.length > 0) {
    if (!allowOwnerRole) throw new DatabaseRoleError(ownerRoleRefusal(role, ownerReasons));
    await migrateToLatest(db);
    return { ownerReasons, migrated: true };
  }
  const pending = await pendingMigrations(db);
  if (pending.length > 0) throw new DatabaseRoleError(schemaBehindRefusal(role, pending));
  // As at the end of a migration: from now on queries are prepared once per connection.
  db.startPreparing?.();
  return { ownerReasons, migrated: false };
}

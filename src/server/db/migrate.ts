import { type Migration, type MigrationProvider, Migrator, sql } from 'kysely';
import type { Db } from './database';
import { initialMigration } from './migrations/001-initial';
import { staffToolsMigration } from './migrations/002-staff-tools';
import { catalogueVersionMigration } from './migrations/003-catalogue-version';
import { drinkSectionsMigration } from './migrations/004-drink-sections';
import { staysAndChecksMigration } from './migrations/005-stays-and-checks';
import { paymentsMigration } from './migrations/006-payments';
import { auditMigration } from './migrations/007-audit';
import { teamMigration } from './migrations/008-team';
import { daysMigration } from './migrations/009-days';
import { checkRequestsMigration } from './migrations/010-check-requests';
import { auditAtCommitMigration } from './migrations/011-audit-at-commit';
import { stockMigration } from './migrations/012-stock';
import { webhooksMigration } from './migrations/013-webhooks';
import { stockCostsMigration } from './migrations/014-stock-costs';
import { taxDocumentsMigration } from './migrations/015-tax-documents';
// Guests' personal data (fifth stage)
import { guestDataMigration } from './migrations/016-guest-data';
// Abuse resistance (fifth stage)
import { abuseResistanceMigration } from './migrations/017-abuse-resistance';
import { lighterWritesMigration } from './migrations/018-lighter-writes';
import { guestEventsIndexLessMigration } from './migrations/019-guest-events-index-less';
import { documentsMonthByNumberMigration } from './migrations/020-documents-month-by-number';
import { documentsMonthByNumberEverywhereMigration } from './migrations/021-documents-month-by-number-everywhere';
import { auditPairsAtCommitMigration } from './migrations/022-audit-pairs-at-commit';
import { taxDocumentsKeyedByNumberMigration } from './migrations/023-tax-documents-keyed-by-number';
import { auditHeadsSignedInTheAppMigration } from './migrations/024-audit-heads-signed-in-the-app';
// Books no one can rewrite (sixth stage): sticker keys rotated and capped, a guest a person, staff texts
import { keysPeopleAndTextsMigration } from './migrations/025-keys-people-and-texts';
import { taxDocumentsAsIssuedMigration } from './migrations/026-tax-documents-as-issued';
import { pmsMigration } from './migrations/027-pms';
import { taxMonthsMigration } from './migrations/028-tax-months';
import { trailCarriesDrinksMigration } from './migrations/029-trail-carries-drinks';
import { staysFromThePmsMigration } from './migrations/030-stays-from-the-pms';
import { trailCarriesStockMigration } from './migrations/031-trail-carries-stock';
import { withOwnSchemaIntrospection } from './own-schema-introspector';

/** Add new migrations at the end; names sort in the order they run. */
function migrationsFor(db: Db): Record<string, Migration> {
  return {
    '001-initial': initialMigration(db.dialect),
    '002-staff-tools': staffToolsMigration(db.dialect),
    '003-catalogue-version': catalogueVersionMigration(db.dialect),
    '004-drink-sections': drinkSectionsMigration(),
    '005-stays-and-checks': staysAndChecksMigration(db.dialect),
    '006-payments': paymentsMigration(db.dialect),
    '007-audit': auditMigration(db.dialect),
    '008-team': teamMigration(db.dialect),
    '009-days': daysMigration(db.dialect),
    '010-check-requests': checkRequestsMigration(db.dialect),
    '011-audit-at-commit': auditAtCommitMigration(db.dialect),
    '012-stock': stockMigration(db.dialect),
    '013-webhooks': webhooksMigration(db.dialect),
    '014-stock-costs': stockCostsMigration(),
    // Tax documents (fifth stage)
    '015-tax-documents': taxDocumentsMigration(db.dialect),
    // Guests' personal data (fifth stage)
    '016-guest-data': guestDataMigration(db.dialect),
    // Abuse resistance (fifth stage)
    '017-abuse-resistance': abuseResistanceMigration(db.dialect),
    '018-lighter-writes': lighterWritesMigration(),
    '019-guest-events-index-less': guestEventsIndexLessMigration(),
    '020-documents-month-by-number': documentsMonthByNumberMigration(db.dialect),
    '021-documents-month-by-number-everywhere': documentsMonthByNumberEverywhereMigration(db.dialect),
    '022-audit-pairs-at-commit': auditPairsAtCommitMigration(db.dialect),
    '023-tax-documents-keyed-by-number': taxDocumentsKeyedByNumberMigration(db.dialect),
    '024-audit-heads-signed-in-the-app': auditHeadsSignedInTheAppMigration(db.dialect),
    '025-keys-people-and-texts': keysPeopleAndTextsMigration(db.dialect),
    '026-tax-documents-as-issued': taxDocumentsAsIssuedMigration(),
    // The charge reaches the guest's bill (sixth stage)
    '027-pms': pmsMigration(db.dialect),
    // Months that stay filed (seventh stage)
    '028-tax-months': taxMonthsMigration(),
    // The trail is the books (seventh stage)
    '029-trail-carries-drinks': trailCarriesDrinksMigration(db.dialect),
    // The departure round (seventh stage)
    '030-stays-from-the-pms': staysFromThePmsMigration(),
    // The trail is the books (seventh stage): stock balances
    '031-trail-carries-stock': trailCarriesStockMigration(db.dialect),
  };
}

/**
 * Safe to run twice and from two servers at once: PostgreSQL takes Kysely's advisory lock; SQLite has no
 * such lock, so a server that loses the race to another process's migration simply tries again.
 */
export async function migrateToLatest(db: Db): Promise<void> {
  const migrator = migratorFor(db);
  for (let attempt = 1; ; attempt++) {
    const { error, results } = await migrator.migrateToLatest();
    if (!error) {
      db.startPreparing?.();
      return;
    }
    const failed = results?.find((r) => r.status === 'Error')?.migrationName;
    if (attempt >= 5) {
      throw new Error(
        `Database migration ${failed ?? ''} failed: ${String((error as Error).message ?? error)}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 100 * attempt));
  }
}

/**
 * PostgreSQL: the migrations this version has that the database has not run, in order. The server's own login
 * may not migrate (docs/decisions/231), so at start it only reads Kysely's list of what ran.
 */
export async function pendingMigrations(db: Db): Promise<string[]> {
  const known = Object.keys(migrationsFor(db)).sort();
  const { rows: found } = await sql<{ table: string | null }>`
    select to_regclass('kysely_migration')::text as table`.execute(db.kysely);
  if (!found[0]?.table) return known;
  const { rows } = await sql<{ name: string }>`select name from kysely_migration`.execute(db.kysely);
  const ran = new Set(rows.map((row) => row.name));
  return known.filter((name) => !ran.has(name));
}

/** Runs the migrations up to and including `name`: tests and benches build an older database with it. */
export async function migrateUpTo(db: Db, name: string): Promise<void> {
  const { error } = await migratorFor(db).migrateTo(name);
  if (error) throw error;
}

function migratorFor(db: Db): Migrator {
  const provider: MigrationProvider = { getMigrations: async () => migrationsFor(db) };
  return new Migrator({
    // Its own schema's tables only, on PostgreSQL (own-schema-introspector.ts).
    db: db.dialect === 'postgres' ? withOwnSchemaIntrospection(db.kysely) : db.kysely,
    provider,
    // Parallel work landed 005 before 004 (drink sections): a database migrated in between has 005 but not
    // 004. The migrations touch separate tables, so the missing one simply runs next.
    allowUnorderedMigrations: true,
    // Kysely looks for its own tables by schema; without this a second schema would find the first one's.
    ...(db.schema ? { migrationTableSchema: db.schema } : {}),
  });
}

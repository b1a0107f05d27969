import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../src/server/db/database';
import { migrateToLatest } from '../../src/server/db/migrate';
import { seedOnce } from '../../src/server/db/seed';
import { createScratchSchema } from './scratch-schema';
import { ensureTestServerRole, testServerGrantsAround } from './server-role';

/** Migrated SQLite files that a test's fresh database starts as a copy of: seeded, and not. */
export interface SqliteTemplates {
  seeded: string;
  bare: string;
}

/**
 * A migrated PostgreSQL schema as one script (pg_dump's), written for the schema named `placeholder`: a test's
 * schema is made by running it with its own name in place of the placeholder.
 */
export interface PostgresTemplates {
  placeholder: string;
  seeded: string;
  bare: string;
  /** The same schemas' rows alone (their sequences too, not the migrations' own tables): a schema emptied by a test's end is loaded again with them (schema-pool.ts). */
  seededData: string;
  bareData: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    sqliteTemplates: SqliteTemplates;
    postgresTemplates: PostgresTemplates | null;
  }
}

/**
 * Vitest's global setup: the migrations run once a run, not once a test (each run of them is a dozen
 * transactions, each synced to disk; on PostgreSQL a few hundred statements of DDL, each a round trip). A
 * test's database is still its own: a file, or a schema.
 */
export default async function makeDatabaseTemplates(project: TestProject) {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'fridge-test-templates-'));
  const templates: SqliteTemplates = {
    seeded: path.join(folder, 'seeded.sqlite'),
    bare: path.join(folder, 'bare.sqlite'),
  };
  for (const [file, seed] of [
    [templates.seeded, true],
    [templates.bare, false],
  ] as const) {
    const db = openDatabase(`sqlite:${file}`);
    await migrateToLatest(db);
    if (seed) await seedOnce(db);
    await db.close();
  }
  // A closed database keeps everything in its one file: a write-ahead log beside it would not be copied.
  const leftovers = fs.readdirSync(folder).filter((name) => !name.endsWith('.sqlite'));
  if (leftovers.length > 0)
    throw new Error(`The templates' folder holds more than the databases: ${leftovers}`);
  project.provide('sqliteTemplates', templates);
  project.provide('postgresTemplates', await makePostgresTemplates(process.env.TEST_DATABASE_URL));
  return () => fs.rmSync(folder, { recursive: true, force: true });
}

/**
 * The schema migrated once and written out by pg_dump (the server's own client, beside it on every machine that
 * runs PostgreSQL). Without pg_dump each test's schema is migrated as before: slower, the same tables.
 */
async function makePostgresTemplates(url: string | undefined): Promise<PostgresTemplates | null> {
  if (!url) return null;
  await ensureTestServerRole(url);
  try {
    execFileSync('pg_dump', ['--version'], { stdio: 'ignore' });
  } catch {
    return null;
  }
  const dumps: string[] = [];
  const data: string[] = [];
  // psql's own commands (\\restrict) are not SQL.
  const sqlOnly = (dump: string) =>
    dump
      .split('\n')
      .filter((line) => !line.startsWith('\\'))
      .join('\n');
  for (const seed of [true, false]) {
    const scratch = await createScratchSchema(url, 'fc_template');
    try {
      const db = openDatabase(url, { schema: scratch.schema });
      await migrateToLatest(db);
      if (seed) await seedOnce(db);
      await db.close();
      const dump = execFileSync(
        'pg_dump',
        ['--dbname', url, '--schema', scratch.schema, '--no-owner', '--no-privileges', '--inserts'],
        { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
      );
      // The schema itself is made by the test; psql's own commands (\restrict) are not SQL.
      const script = dump
        .split('\n')
        .filter((line) => !line.startsWith('\\') && line !== `CREATE SCHEMA ${scratch.schema};`)
        .join('\n');
      // The server's restricted login gets its rights as each table is made (default privileges first), so every
      // schema made from the template, pooled or not, is granted as npm run migrate grants (decision 231).
      const grants = testServerGrantsAround(placeholder);
      dumps.push(`${grants.before}${script.replaceAll(scratch.schema, placeholder)}${grants.after}`);
      const rows = execFileSync(
        'pg_dump',
        [
          '--dbname',
          url,
          '--schema',
          scratch.schema,
          '--data-only',
          '--inserts',
          '--exclude-table',
          `${scratch.schema}.kysely_migration`,
          '--exclude-table',
          `${scratch.schema}.kysely_migration_lock`,
        ],
        { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
      );
      data.push(sqlOnly(rows).replaceAll(scratch.schema, placeholder));
    } finally {
      await scratch.drop();
    }
  }
  const [seeded, bare] = dumps as [string, string];
  const [seededData, bareData] = data as [string, string];
  return { placeholder, seeded, bare, seededData, bareData };
}

/** Unlike any name a migration writes, so that only the schema's name is replaced. */
const placeholder = 'fc_template_schema_placeholder';

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../src/server/db/database';
import { migrateToLatest } from '../../src/server/db/migrate';
import { seedOnce } from '../../src/server/db/seed';

/** Migrated SQLite files that a test's fresh database starts as a copy of: seeded, and not. */
export interface SqliteTemplates {
  seeded: string;
  bare: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    sqliteTemplates: SqliteTemplates;
  }
}

/**
 * Vitest's global setup: the migrations run once a run, not once a test (each run of them is a dozen
 * transactions, each synced to disk). A test's database is still its own file.
 */
export default async function makeSqliteTemplates(project: TestProject) {
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
  return () => fs.rmSync(folder, { recursive: true, force: true });
}

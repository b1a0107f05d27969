import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Db, type DialectName, openDatabase } from '../../src/server/db/database';
import { migrateUpTo } from '../../src/server/db/migrate';
import { createScratchSchema } from './scratch-schema';
import { postgresUrl } from './test-app';

/**
 * A database at migration 001 only, as an install from before the staff tools. On SQLite, `sqliteFile` puts
 * it where a server will open it (the caller then owns the file); else it lives in a temporary folder.
 */
export async function databaseAt001(
  dialect: DialectName,
  { sqliteFile }: { sqliteFile?: string } = {},
): Promise<{ db: Db; drop: () => Promise<void> }> {
  let db: Db;
  let drop: () => Promise<void>;
  if (dialect === 'sqlite' && sqliteFile) {
    db = openDatabase(`sqlite:${sqliteFile}`);
    drop = () => db.close();
  } else if (dialect === 'sqlite') {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fridge-migration-'));
    db = openDatabase(`sqlite:${path.join(dir, 'old.sqlite')}`);
    drop = async () => {
      await db.close();
      fs.rmSync(dir, { recursive: true, force: true });
    };
  } else {
    const url = postgresUrl ?? '';
    const scratch = await createScratchSchema(url, 'fc_mig');
    db = openDatabase(url, { schema: scratch.schema, poolSize: 2 });
    drop = async () => {
      await db.close();
      await scratch.drop();
    };
  }
  // The app's own migrator: on PostgreSQL it reads its own schema's tables only, so another test file dropping
  // its schema meanwhile cannot fail this one (own-schema-introspector.ts).
  await migrateUpTo(db, '001-initial');
  return { db, drop };
}

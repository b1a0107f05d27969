import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { type Db, type DialectName, openDatabase } from '../../src/server/db/database';
import { migrateUpTo } from '../../src/server/db/migrate';
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
    const schema = `fc_mig_${randomBytes(5).toString('hex')}`;
    const url = postgresUrl ?? '';
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create schema ${schema}`);
    await admin.end();
    db = openDatabase(url, { schema, poolSize: 2 });
    drop = async () => {
      await db.close();
      const cleanup = new pg.Client({ connectionString: url });
      await cleanup.connect();
      await cleanup.query(`drop schema ${schema} cascade`);
      await cleanup.end();
    };
  }
  // The app's own migrator: on PostgreSQL it reads its own schema's tables only, so another test file dropping
  // its schema meanwhile cannot fail this one (own-schema-introspector.ts).
  await migrateUpTo(db, '001-initial');
  return { db, drop };
}

import fs from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { type Dialect, Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import type { Database } from './tables';

export type DialectName = 'sqlite' | 'postgres';

export interface Db {
  kysely: Kysely<Database>;
  dialect: DialectName;
  /** PostgreSQL schema the connection works in, when not the default one. */
  schema?: string;
  /**
   * SQLite only: the connection itself, for the rare hot read where Kysely's per-query work would cost more
   * than the query (the catalogue cache's version check). Everything else goes through `kysely`.
   */
  sqlite?: SqliteDatabase.Database;
  /**
   * SQLite only: calls `listener` after every transaction this handle commits (the live desk's wake-up; see
   * src/server/live/live-hub.ts). Returns the function that stops it. PostgreSQL announces its commits
   * itself (NOTIFY, migration 010), to every app server.
   */
  onCommit?(listener: () => void): () => void;
  /**
   * PostgreSQL only: a new connection of its own, outside the pool, with the pool's settings (schema
   * included), not yet connected. The live desk's LISTEN holds one for as long as streams are open: a
   * listening connection taken from the pool would be one fewer for requests, and lost with any query error.
   */
  dedicatedClient?(applicationName: string): pg.Client;
  close(): Promise<void>;
}

// PostgreSQL's bigint (count(*), Supabase's int8 ids) arrives as a string by default; our numbers fit a double.
pg.types.setTypeParser(20, (value) => Number(value));

export interface OpenDatabaseOptions {
  /** PostgreSQL only: run every query in this schema (tests give each run its own). */
  schema?: string;
  /** PostgreSQL only: pool size per app server. */
  poolSize?: number;
}

export function openDatabase(url: string, options: OpenDatabaseOptions = {}): Db {
  if (url.startsWith('sqlite:')) return openSqlite(url.slice('sqlite:'.length));
  if (/^postgres(ql)?:\/\//.test(url)) return openPostgres(url, options);
  throw new Error(`Unsupported DATABASE_URL "${url}": use sqlite:<path> or postgres://…`);
}

function openSqlite(file: string): Db {
  if (file !== ':memory:') fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const database = new SqliteDatabase(file, { timeout: 5000 });
  database.pragma('journal_mode = WAL');
  // FULL: a checkout that got a 2xx survives a power loss, not only a crash of the process.
  database.pragma('synchronous = FULL');
  database.pragma('foreign_keys = ON');
  const commitListeners = new Set<() => void>();
  const kysely = new Kysely<Database>({
    dialect: afterEachCommit(new SqliteDialect({ database }), () => {
      for (const listener of commitListeners) listener();
    }),
  });
  return {
    kysely,
    dialect: 'sqlite',
    sqlite: database,
    onCommit(listener) {
      commitListeners.add(listener);
      return () => commitListeners.delete(listener);
    },
    close: () => kysely.destroy(),
  };
}

/**
 * The dialect, with `committed` called after each COMMIT it sends. Every write of the app runs in
 * `kysely.transaction()` (appendAudit takes a transaction), and each of those ends in the driver's
 * commitTransaction: the one place that knows a change is durable and visible, whichever repository made
 * it. A rollback calls nothing.
 */
function afterEachCommit(base: Dialect, committed: () => void): Dialect {
  return {
    createAdapter: () => base.createAdapter(),
    createQueryCompiler: () => base.createQueryCompiler(),
    createIntrospector: (db) => base.createIntrospector(db),
    createDriver() {
      const driver = base.createDriver();
      const commit = driver.commitTransaction.bind(driver);
      driver.commitTransaction = async (connection) => {
        await commit(connection);
        committed();
      };
      return driver;
    },
  };
}

function openPostgres(url: string, options: OpenDatabaseOptions): Db {
  const connection = {
    connectionString: url,
    connectionTimeoutMillis: 5000,
    ...(options.schema ? { options: `-c search_path=${quoteIdent(options.schema)}` } : {}),
  };
  const pool = new pg.Pool({ ...connection, max: options.poolSize ?? 10, idleTimeoutMillis: 30_000 });
  // An idle client that loses its server must not crash the process; the next query reports the error.
  pool.on('error', () => {});
  // A checked-out client whose server goes away (a restart, a failover) emits 'error' outside any query,
  // for instance between the statements of a transaction; unheard, that event ends the process. The
  // request it served fails with its own error (answered 503) and the pool drops the broken client.
  pool.on('connect', (client) => client.on('error', () => {}));
  const kysely = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return {
    kysely,
    dialect: 'postgres',
    ...(options.schema ? { schema: options.schema } : {}),
    dedicatedClient: (applicationName) =>
      new pg.Client({ ...connection, application_name: applicationName, keepAlive: true }),
    close: () => kysely.destroy(),
  };
}

function quoteIdent(name: string): string {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`Invalid schema name "${name}"`);
  return name;
}

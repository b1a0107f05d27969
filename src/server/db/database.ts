import fs from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import {
  Kysely,
  PostgresAdapter,
  PostgresDialect,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
} from 'kysely';
import pg from 'pg';
import { GroupCommitDriver } from './group-commit';
import { preparingStatements } from './postgres-statements';
import { type CommitWatch, watchCommits } from './sqlite-commit-watch';
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
   * SQLite in WAL mode only: whether anyone committed since an earlier look, for a read syscall instead of a
   * statement (the catalogue's version check on every GET /api/drinks; sqlite-commit-watch.ts).
   */
  commitWatch?: CommitWatch;
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
  /**
   * PostgreSQL only: from now on, queries are prepared once per connection (see `preparingStatements`).
   * Called when the migrations are done: a statement prepared before a migration could outlive its table's
   * shape.
   */
  startPreparing?(): void;
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

/** Whether a handle or transaction talks to PostgreSQL: for the few statements written once per dialect. */
export const isPostgres = (db: Kysely<Database>): boolean =>
  db.getExecutor().adapter instanceof PostgresAdapter;

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
  // The savepoint each transaction runs in (db/group-commit.ts) keeps its statement journal in memory, not in a
  // temporary file per statement.
  database.pragma('temp_store = MEMORY');
  // Guests' personal data (fifth stage): deleted and overwritten content is zeroed in the file, so an erased
  // guest's name is not left in a free page or cell (docs/decisions/121).
  database.pragma('secure_delete = ON');
  const commitListeners = new Set<() => void>();
  // Every write of the app runs in `kysely.transaction()` (appendAudit takes a transaction), and each ends in
  // a COMMIT the driver sends: the one place that knows a change is durable and visible, whichever repository
  // made it. A rollback calls nothing.
  const committed = () => {
    for (const listener of commitListeners) listener();
  };
  const statements = withStatementCache(database);
  const kysely = new Kysely<Database>({
    dialect: {
      createAdapter: () => new SqliteAdapter(),
      createDriver: () => new GroupCommitDriver(statements, database, committed),
      createIntrospector: (db) => new SqliteIntrospector(db),
      createQueryCompiler: () => new SqliteQueryCompiler(),
    },
  });
  const commitWatch = watchCommits(database) ?? undefined;
  return {
    kysely,
    dialect: 'sqlite',
    sqlite: database,
    ...(commitWatch ? { commitWatch } : {}),
    onCommit(listener) {
      commitListeners.add(listener);
      return () => commitListeners.delete(listener);
    },
    close: () => {
      commitWatch?.close();
      return kysely.destroy();
    },
  };
}

/** Distinct SQL texts kept compiled; the app has a few hundred (values are parameters, never in the text). */
const statementCacheSize = 1000;

/**
 * Kysely prepares every query it runs, and better-sqlite3 compiles the SQL on each prepare: about a tenth of
 * an audited write's time went there. Here each text is compiled once and the statement kept (SQLite
 * recompiles a kept statement by itself after a schema change). A statement still being iterated (a streamed
 * read) is never handed out twice: its text gets a fresh one.
 */
export function withStatementCache(database: SqliteDatabase.Database) {
  const cache = new Map<string, SqliteDatabase.Statement>();
  return {
    close: () => database.close(),
    prepare(text: string): SqliteDatabase.Statement {
      const kept = cache.get(text);
      if (kept && !kept.busy) return kept;
      const statement = database.prepare(text);
      if (!kept) {
        if (cache.size >= statementCacheSize) cache.delete(cache.keys().next().value as string);
        cache.set(text, statement);
      }
      return statement;
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
  pool.on('connect', (client) => {
    client.on('error', () => {});
    // Nothing of AUDIT_KEY goes to the database, not even as a session setting: the app signs the chain's
    // heads itself (docs/decisions/160).
  });
  const preparing = preparingStatements(pool);
  const kysely = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return {
    kysely,
    dialect: 'postgres',
    startPreparing: preparing.start,
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

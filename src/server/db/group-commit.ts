import type SqliteDatabase from 'better-sqlite3';
import {
  type CompiledQuery,
  type DatabaseConnection,
  type Driver,
  type QueryExecutor,
  type QueryResult,
  SelectQueryNode,
} from 'kysely';

/**
 * SQLite's driver, with group commit (docs/decisions/100-sqlite-group-commit.md).
 *
 * With `synchronous=FULL` every COMMIT waits for the disk (an fsync of the WAL): about 0.27 ms here, a third of
 * a checkout's time, and the one part that does not grow cheaper with the code. SQLite has one connection and
 * writes one transaction at a time, so transactions that arrive together queue for it. Here each kysely
 * transaction runs as a savepoint inside one SQLite transaction, and when it ends while others are waiting for
 * the connection it does not COMMIT: it lets the next one write in the same SQLite transaction and waits for
 * the COMMIT that ends them all, one fsync for the whole group. Nobody waits, and it commits at once: a quiet
 * resort sees no change.
 *
 * What stays true:
 * - a transaction is answered (its `execute` resolves) only after the COMMIT that holds it is on disk, so a
 *   checkout that got a 2xx survives a crash and a power loss (DESIGN.md, "Security");
 * - a transaction that fails rolls back to its savepoint: only its own writes go, never the group's;
 * - a COMMIT that fails fails every transaction of its group (none of them was answered yet);
 * - anything that is not a transaction (a read or a single statement) first commits the group, so it never
 *   sees, or becomes part of, writes that are not yet durable;
 * - the order of the writes is the order of the turns, as before: the audit's seq and hash chain follow it.
 */

export interface PreparesStatements {
  prepare(text: string): SqliteDatabase.Statement;
}

/** A group commits once it holds this many transactions, or is this old, even with more waiting. */
export const groupLimits = { transactions: 32, openMs: 20 } as const;

interface Waiting {
  resolve(): void;
  reject(error: unknown): void;
}

/** One use of the connection, from acquire to release: kysely gives it back to release it. */
class Turn implements DatabaseConnection {
  /** A transaction of this turn is open (between its begin and its commit or rollback). */
  inTransaction = false;
  /** The connection was passed on already (a transaction waiting for its group's COMMIT). */
  passedOn = false;

  constructor(private readonly driver: GroupCommitDriver) {}

  executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    return Promise.resolve(this.driver.execute<R>(this, query));
  }

  streamQuery<R>(query: CompiledQuery): AsyncIterableIterator<QueryResult<R>> {
    return this.driver.stream<R>(this, query);
  }

  /** `work` runs the transaction's statements itself, at once (see `inSqliteTransaction`). */
  runInTransaction<T>(work: (statements: PreparesStatements) => T): T {
    if (!this.inTransaction) throw new Error('Statements of a transaction ran outside it');
    return this.driver.runWork(work);
  }
}

/**
 * SQLite: runs `work` at once inside the transaction `trx` (its savepoint, so a rollback takes it back), with
 * the driver's kept statements. For the few writes that every checkout makes several statements of (the audit
 * append, a tax document): each statement through kysely costs its query objects and a turn of the event loop,
 * which on SQLite's one thread was a measurable part of a checkout (bench section 13).
 */
export function inSqliteTransaction<T>(
  trx: { getExecutor(): QueryExecutor },
  work: (statements: PreparesStatements) => T,
): Promise<T> {
  return trx.getExecutor().provideConnection(async (connection) => {
    if (!(connection instanceof Turn)) throw new Error('inSqliteTransaction needs the SQLite driver');
    return connection.runInTransaction(work);
  });
}

export class GroupCommitDriver implements Driver {
  readonly #statements: PreparesStatements;
  readonly #database: SqliteDatabase.Database;
  readonly #committed: () => void;
  readonly #queue: (() => void)[] = [];
  #held = false;
  #commitScheduled = false;
  /** The SQLite transaction the group writes in is open. */
  #open = false;
  #openedAt = 0;
  /** Transactions whose writes are in the open SQLite transaction, waiting for its COMMIT. */
  readonly #waiting: Waiting[] = [];

  /**
   * `statements` prepares (and may keep) statements of `database`; `committed` is called after each COMMIT,
   * when what it held is durable and visible.
   */
  constructor(statements: PreparesStatements, database: SqliteDatabase.Database, committed: () => void) {
    this.#statements = statements;
    this.#database = database;
    this.#committed = committed;
  }

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    if (this.#held) await new Promise<void>((resolve) => this.#queue.push(resolve));
    this.#held = true;
    return new Turn(this);
  }

  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    const turn = connection as Turn;
    if (!this.#open) {
      this.#run('begin');
      this.#open = true;
      this.#openedAt = performance.now();
    }
    this.#run('savepoint fc_transaction');
    turn.inTransaction = true;
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    const turn = connection as Turn;
    this.#run('release fc_transaction');
    turn.inTransaction = false;
    const full =
      this.#waiting.length + 1 >= groupLimits.transactions ||
      performance.now() - this.#openedAt >= groupLimits.openMs;
    if (full) {
      this.#commit();
      return;
    }
    // Others may write in this SQLite transaction before the event loop's turn ends; one COMMIT ends all.
    const committed = new Promise<void>((resolve, reject) => this.#waiting.push({ resolve, reject }));
    turn.passedOn = true;
    this.#passOn();
    return committed;
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    const turn = connection as Turn;
    if (!turn.inTransaction) return;
    turn.inTransaction = false;
    if (!this.#database.inTransaction) {
      // SQLite ended the whole transaction itself (a full disk, an I/O error): the group's writes are gone.
      this.#open = false;
      this.#fail(new Error('SQLite rolled back the transaction these writes shared; try again'));
      return;
    }
    this.#run('rollback to fc_transaction');
    this.#run('release fc_transaction');
    if (this.#waiting.length === 0) {
      this.#run('rollback');
      this.#open = false;
    }
    // Else the group goes on: committed by whoever ends it (at the latest when the connection is free).
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    const turn = connection as Turn;
    if (turn.passedOn) return;
    turn.passedOn = true;
    this.#passOn();
  }

  async destroy(): Promise<void> {
    if (this.#open) this.#commitQuietly();
    this.#database.close();
  }

  runWork<T>(work: (statements: PreparesStatements) => T): T {
    return work(this.#statements);
  }

  execute<R>(turn: Turn, query: CompiledQuery): QueryResult<R> {
    if (!turn.inTransaction) this.#commitBeforeOthers();
    const statement = this.#statements.prepare(query.sql);
    const parameters = query.parameters as unknown[];
    if (statement.reader) return { rows: statement.all(parameters) as R[] };
    const { changes, lastInsertRowid } = statement.run(parameters);
    return {
      numAffectedRows: BigInt(changes),
      insertId: BigInt(lastInsertRowid),
      rows: [],
    };
  }

  async *stream<R>(turn: Turn, query: CompiledQuery): AsyncIterableIterator<QueryResult<R>> {
    if (!SelectQueryNode.is(query.query)) throw new Error('SQLite streams only select queries');
    if (!turn.inTransaction) this.#commitBeforeOthers();
    const statement = this.#statements.prepare(query.sql);
    for (const row of statement.iterate(query.parameters as unknown[])) yield { rows: [row as R] };
  }

  #run(sql: string) {
    this.#statements.prepare(sql).run();
  }

  /** The connection goes to the next in line; free, it first commits a group still open. */
  #passOn() {
    const next = this.#queue.shift();
    if (next) {
      next();
      return;
    }
    this.#held = false;
    if (this.#open && !this.#commitScheduled) {
      this.#commitScheduled = true;
      setImmediate(() => {
        this.#commitScheduled = false;
        // Held: whoever holds it commits the group (a transaction at its end, anything else before it runs).
        if (this.#open && !this.#held) this.#commitQuietly();
      });
    }
  }

  /** Not a transaction of the group: what the group wrote is committed first (it is not durable yet). */
  #commitBeforeOthers() {
    if (this.#open) this.#commit();
  }

  #commitQuietly() {
    try {
      this.#commit();
    } catch {
      // Each transaction of the group has its error already.
    }
  }

  #commit() {
    const waiting = this.#waiting.splice(0);
    try {
      this.#run('commit');
    } catch (error) {
      if (this.#database.inTransaction) {
        try {
          this.#run('rollback');
        } catch {
          // Nothing more to undo.
        }
      }
      this.#open = false;
      for (const transaction of waiting) transaction.reject(error);
      throw error;
    }
    this.#open = false;
    for (const transaction of waiting) transaction.resolve();
    this.#committed();
  }

  #fail(error: Error) {
    for (const transaction of this.#waiting.splice(0)) transaction.reject(error);
  }
}

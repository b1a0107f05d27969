import type { CompiledQuery, QueryResult, Transaction } from 'kysely';
import pg from 'pg';
import type { Database } from './tables';

/**
 * What the app does to node-postgres's clients (PostgreSQL only): names its statements so that each is
 * prepared once per connection, and lets a transaction's last statement carry its COMMIT
 * (`executeThenCommit`, docs/decisions/111).
 */

/** Distinct query texts given a name; beyond it, a text runs unnamed (planned each time) as before. */
const preparedTextLimit = 300;

/** Starts the text of a query whose COMMIT goes with it (`executeThenCommit`): a comment, so never SQL's. */
const thenCommitMark = '/* then commit */ ';

type Query = (...args: unknown[]) => Promise<unknown>;

/** What a transaction's COMMIT answers, for the COMMIT that went with its last statement. */
const committed = { command: 'COMMIT', rowCount: null, rows: [], fields: [] };

/**
 * Kysely sends every query unnamed, and PostgreSQL parses and plans an unnamed statement on every run: for
 * the short statements of a write, that was much of the database's work. Here each query text with
 * parameters gets a name, the same on every connection, and node-postgres prepares it once per connection
 * and then only binds and executes it (as postgres.js does by default).
 *
 * Left unnamed: texts past the limit (each name costs memory on every connection) and any text with a bare
 * `*` (a `select *` prepared before a column is added would fail with "cached plan must not change result
 * type"; `count(*)` is fine).
 */
export function preparingStatements(pool: pg.Pool): { start(): void } {
  const names = new Map<string, string | null>();
  let started = false;
  const nameOf = (text: string): string | null => {
    let name = names.get(text);
    if (name !== undefined) return name;
    if (names.size >= preparedTextLimit) return null;
    name = /(?<!count\()\*/i.test(text) ? null : `fc${names.size}`;
    names.set(text, name);
    return name;
  };
  pool.on('connect', (client) => {
    const query = client.query.bind(client) as Query;
    /** The names this connection has prepared (a run of the statement succeeded on it). */
    const prepared = new Set<string>();
    /** Its transaction was committed with its last statement; the driver's COMMIT is still to come. */
    let committedAlready = false;

    /** A text's name once naming has started; a text without values runs unnamed (nothing to bind). */
    const nameFor = (text: string, values: unknown[]) => (started && values.length > 0 ? nameOf(text) : null);
    const run = async (text: string, values: unknown[], name = nameFor(text, values)): Promise<unknown> => {
      if (name === null) return query(text, values);
      const result = await query({ name, text, values });
      prepared.add(name);
      return result;
    };

    // One message, `execute fcN(…); commit`: the statement's rows stay locked until the COMMIT, and now no
    // round trip to this process and back lies between them. The values go as quoted literals, which
    // PostgreSQL reads as it reads a parameter sent as text: into the type the prepared statement gave it.
    const runThenCommit = async (text: string, values: unknown[]): Promise<unknown> => {
      const name = nameFor(text, values);
      const literals = name !== null && prepared.has(name) ? literalsOf(values) : undefined;
      if (literals === undefined) {
        // Not prepared on this connection yet: as before, the statement and then its COMMIT.
        const result = await run(text, values, name);
        await query('commit');
        committedAlready = true;
        return result;
      }
      const [result] = (await query(`execute ${name}(${literals}); commit`)) as unknown[];
      committedAlready = true;
      return result;
    };

    (client as unknown as { query: Query }).query = (...args: unknown[]) => {
      const [text, values] = args;
      if (typeof text !== 'string') return query(...args);
      if (committedAlready) {
        committedAlready = false;
        // The driver ends the transaction: it is ended already. Anything else would run outside it.
        if (text === 'commit' || text === 'rollback') return Promise.resolve(committed);
        return Promise.reject(new Error(`A statement ran after its transaction was committed: ${text}`));
      }
      const parameters = Array.isArray(values) ? values : [];
      if (text.startsWith(thenCommitMark))
        return runThenCommit(text.slice(thenCommitMark.length), parameters);
      if (parameters.length > 0) return run(text, parameters);
      return query(...args);
    };
  });
  return {
    start() {
      started = true;
    },
  };
}

/**
 * The values as SQL literals, in the text node-postgres would send them as; undefined when one is not a plain
 * value (a date, a buffer, an object: the statement then runs as before).
 */
function literalsOf(values: unknown[]): string | undefined {
  const literals: string[] = [];
  for (const value of values) {
    if (value === null || value === undefined) literals.push('null');
    else if (typeof value === 'string') literals.push(literalOf(value));
    else if (typeof value === 'number' || typeof value === 'bigint' || typeof value === 'boolean')
      literals.push(literalOf(value.toString()));
    else return undefined;
  }
  return literals.join(', ');
}

/**
 * `pg.escapeLiteral`'s answer, found without its walk over every character when the text has no backslash (it
 * then only doubles the quotes): a checkout's last statement carries its events' JSON, a few kB of it. Numbers
 * and booleans go as their text, as node-postgres sends them.
 */
function literalOf(value: string): string {
  return value.includes('\\') ? pg.escapeLiteral(value) : `'${value.replaceAll("'", "''")}'`;
}

/**
 * PostgreSQL: runs `query` as the last statement of `trx` and commits the transaction with it, in one round
 * trip; the transaction's own COMMIT then does nothing. For a statement that locks rows every other writer
 * waits for (the running totals, the month's tax counter): they are held until the COMMIT, and a round trip
 * between the two, with this process busy serving other requests, was most of the time they were held (bench
 * section 13). Nothing may run in `trx` after it.
 */
export async function executeThenCommit<R>(
  trx: Transaction<Database>,
  query: CompiledQuery<R>,
): Promise<QueryResult<R>> {
  return trx.executeQuery<R>({ ...query, sql: `${thenCommitMark}${query.sql}` });
}

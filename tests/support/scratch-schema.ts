import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** A schema of its own on a PostgreSQL server: where one test's tables live, so that they go with it. */
export interface ScratchSchema {
  schema: string;
  /** Drops the schema and everything in it. */
  drop(): Promise<void>;
}

/**
 * One statement (or a script of several, sent as one query) on a connection of its own, closed afterwards
 * whatever it did.
 */
export async function onServer(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/**
 * Makes a schema named `{prefix}_` and a random suffix on the server at `url`. The prefix says which helper
 * made it, for whoever finds one left behind by a run that was killed.
 */
export async function createScratchSchema(url: string, prefix: string): Promise<ScratchSchema> {
  const schema = `${prefix}_${randomBytes(6).toString('hex')}`;
  await onServer(url, `create schema ${schema}`);
  return { schema, drop: () => onServer(url, `drop schema ${schema} cascade`) };
}

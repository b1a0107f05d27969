import pg from 'pg';
import {
  migrationListReadOnly,
  serverRoleGrants,
  serverRoleSchemaGrants,
} from '../../src/server/db/server-role-grants';

/**
 * The login the API suites' apps use on PostgreSQL (docs/decisions/231): only the rights `npm run migrate`
 * grants the server, so every query the suite makes the app run proves those rights suffice. Tables are made
 * by TEST_DATABASE_URL's login (the owner); the role is the cluster's, made once and left for the next run.
 */
export const testServerRole = 'fridge_test_server';

let made: Promise<void> | undefined;

/** Creates the role if no run made it before; safe when two test files (or two runs) race to it. */
export function ensureTestServerRole(ownerUrl: string): Promise<void> {
  made ??= (async () => {
    const client = new pg.Client({ connectionString: ownerUrl });
    await client.connect();
    try {
      await client.query(`do $$ begin
          create role ${testServerRole} login nosuperuser nocreatedb nocreaterole noinherit;
        exception when duplicate_object or unique_violation then null; end $$`);
    } finally {
      await client.end();
    }
  })();
  return made;
}

/** The owner's address with the server's login in its place (no password: the test server trusts 127.0.0.1). */
export function asTestServerRole(ownerUrl: string): string {
  const url = new URL(ownerUrl);
  url.username = testServerRole;
  url.password = '';
  return url.toString();
}

/** The grants `npm run migrate` makes, as one script for `schema` (its tables made already). */
export function testServerGrants(schema: string): string {
  return `${serverRoleGrants(schema, testServerRole).join(';\n')};\n`;
}

/**
 * The same rights for a schema about to be made from the template: the default privileges first, so each table
 * is granted as it is created (granting 60 tables afterwards cost a test's schema about 0.3 s), then Kysely's
 * list made read-only.
 */
export function testServerGrantsAround(schema: string): { before: string; after: string } {
  return {
    before: `${serverRoleSchemaGrants(schema, testServerRole).join(';\n')};\n`,
    after: `;\n${migrationListReadOnly(schema, testServerRole)};\n`,
  };
}

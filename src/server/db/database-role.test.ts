import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createScratchSchema, type ScratchSchema } from '../../../tests/support/scratch-schema';
import { asTestServerRole, ensureTestServerRole, testServerRole } from '../../../tests/support/server-role';
import {
  createScratchDatabase,
  postgresUrl,
  type ScratchDatabase,
  testDialects,
} from '../../../tests/support/test-app';
import { openDatabase } from './database';
import { DatabaseRoleError } from './database-role';
import { migrateUpTo } from './migrate';
import { runMigrateCommand } from './migrate-command';
import { prepareDatabase } from './prepare-database';
import { grantServerRole } from './server-role-grants';

const postgresOnly = testDialects.filter((dialect) => dialect === 'postgres');

/** An address in `schema` (its search_path), as a resort's DATABASE_URL names one. */
function inSchema(url: string, schema: string): string {
  const withPath = new URL(url);
  withPath.searchParams.set('options', `-c search_path=${schema}`);
  return withPath.toString();
}

async function refusal(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(DatabaseRoleError);
  return (error as Error).message;
}

describe.each(postgresOnly)('the server’s PostgreSQL login [%s]', () => {
  let scratch: ScratchDatabase;
  beforeAll(async () => {
    scratch = await createScratchDatabase('postgres', { seed: false });
  });
  afterAll(() => scratch.drop());

  it('the reviewer’s trigger on audit_pending, as the server’s login, fails at CREATE: permission denied', async () => {
    const k = scratch.db.kysely;
    // The function in the app's schema: no CREATE there.
    await expect(
      sql`create function rewrite_cash() returns trigger language plpgsql as $$ begin return new; end $$`.execute(
        k,
      ),
    ).rejects.toThrow(/permission denied for schema/);
    // Any role may make a temporary function; the trigger on the app's table still needs a right it lacks.
    await sql`create function pg_temp.rewrite_cash() returns trigger language plpgsql as $$ begin return new; end $$`.execute(
      k,
    );
    await expect(
      sql`create trigger rewrite_cash before insert on audit_pending for each row execute function pg_temp.rewrite_cash()`.execute(
        k,
      ),
    ).rejects.toThrow(/permission denied for table audit_pending|must be owner/);
    // Nor can it take the guards away, empty a table or change one.
    await expect(sql`drop trigger audit_events_no_change on audit_events`.execute(k)).rejects.toThrow(
      /must be owner/,
    );
    await expect(sql`alter table audit_events disable trigger all`.execute(k)).rejects.toThrow(
      /must be owner/,
    );
    await expect(sql`truncate checkouts cascade`.execute(k)).rejects.toThrow(/permission denied/);
    await expect(sql`create table spy (what text)`.execute(k)).rejects.toThrow(
      /permission denied for schema/,
    );
  });

  it('the schema owner (a superuser here) is refused, saying why and what to do; ALLOW_OWNER_ROLE=1 lets it run', async () => {
    const message = await refusal(prepareDatabase(scratch.owner, { allowOwnerRole: false }));
    expect(message).toContain(
      'Fridge Check will not run as the PostgreSQL login "postgres": "postgres" is a superuser',
    );
    expect(message).toContain('npm run migrate');
    expect(message).toContain('MIGRATION_DATABASE_URL');
    expect(message).toContain('set ALLOW_OWNER_ROLE=1');
    const allowed = await prepareDatabase(scratch.owner, { allowOwnerRole: true });
    expect(allowed.ownerReasons).toContain('"postgres" is a superuser');
    expect(allowed.migrated).toBe(true);
  });

  it('a login granted TRIGGER on a table is refused, naming the table', async () => {
    const owner = scratch.owner.kysely;
    await sql.raw(`grant trigger on audit_pending to ${testServerRole}`).execute(owner);
    try {
      const message = await refusal(prepareDatabase(scratch.db, { allowOwnerRole: false }));
      expect(message).toContain(`"${testServerRole}" holds TRIGGER on audit_pending`);
    } finally {
      await sql.raw(`revoke trigger on audit_pending from ${testServerRole}`).execute(owner);
    }
  });
});

describe.each(postgresOnly)('npm run migrate and a schema behind [%s]', () => {
  let schema: ScratchSchema;
  let ownerUrl: string;
  let serverUrl: string;
  beforeAll(async () => {
    const url = postgresUrl as string;
    [schema] = await Promise.all([createScratchSchema(url, 'fc_roles'), ensureTestServerRole(url)]);
    ownerUrl = inSchema(url, schema.schema);
    serverUrl = inSchema(asTestServerRole(url), schema.schema);
  });
  afterAll(() => schema.drop());

  it('the server’s login on a schema behind says to run npm run migrate; after it, the server starts and writes', async () => {
    // A database as an older release left it.
    const owner = openDatabase(ownerUrl);
    await migrateUpTo(owner, '027-pms');
    await owner.close();
    const server = openDatabase(serverUrl);
    try {
      const ungranted = await refusal(prepareDatabase(server, { allowOwnerRole: false }));
      expect(ungranted).toContain(
        `The server's login "${testServerRole}" may not use the schema its search_path names (no USAGE on it)`,
      );
      expect(ungranted).toContain('run `npm run migrate`');
      // As an earlier release's npm run migrate left it: granted, then a new version is started before migrating.
      const granting = openDatabase(ownerUrl);
      await grantServerRole(granting.kysely, testServerRole);
      await granting.close();
      const behind = await refusal(prepareDatabase(server, { allowOwnerRole: false }));
      expect(behind).toMatch(
        /^The database is behind this version of Fridge Check: \d+ migrations to run \(028-tax-months, /,
      );
      expect(behind).toContain('run `npm run migrate`');

      const printed: string[] = [];
      const code = await runMigrateCommand(
        { MIGRATION_DATABASE_URL: ownerUrl, DATABASE_URL: serverUrl },
        (line) => printed.push(line),
      );
      expect(code, printed.join('\n')).toBe(0);
      expect(printed.join('\n')).toMatch(/migrations? run \(028-tax-months, /);
      expect(printed.join('\n')).toContain(`Granted "${testServerRole}" SELECT, INSERT, UPDATE and DELETE`);

      expect(await prepareDatabase(server, { allowOwnerRole: false })).toEqual({
        ownerReasons: [],
        migrated: false,
      });
      await server.kysely
        .insertInto('Drinks')
        .values({ drinkName: 'Roles test', startingQuantity: 1, price: 10, section: null })
        .execute();
      // Kysely's list of what ran is the owner's to write.
      await expect(sql`delete from kysely_migration`.execute(server.kysely)).rejects.toThrow(
        /permission denied/,
      );
    } finally {
      await server.close();
    }
  });

  it('npm run migrate with the server’s address naming the owner too migrates and says no grants were made', async () => {
    const printed: string[] = [];
    const code = await runMigrateCommand({ DATABASE_URL: ownerUrl }, (line) => printed.push(line));
    expect(code).toBe(1);
    expect(printed.join('\n')).toContain('No grants made: DATABASE_URL logs in as the owner "postgres" too');
    const allowed: string[] = [];
    expect(
      await runMigrateCommand({ DATABASE_URL: ownerUrl, ALLOW_OWNER_ROLE: '1' }, (l) => allowed.push(l)),
    ).toBe(0);
  });

  it('npm run migrate names a server login that does not exist, with the statement to create it', async () => {
    const missing = new URL(serverUrl);
    missing.username = 'fridge_no_such_role';
    const printed: string[] = [];
    const code = await runMigrateCommand(
      { MIGRATION_DATABASE_URL: ownerUrl, DATABASE_URL: missing.toString() },
      (line) => printed.push(line),
    );
    expect(code).toBe(1);
    expect(printed.join('\n')).toContain(
      'The server\'s login "fridge_no_such_role" (DATABASE_URL) does not exist. Create it as the owner',
    );
  });
});

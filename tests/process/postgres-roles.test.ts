import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ServerProcess, startServer } from '../support/server-process';
import { postgresUrl, testDialects } from '../support/test-app';

const run = promisify(execFile);
const postgresOnly = testDialects.filter((dialect) => dialect === 'postgres');
const migrateEntry = path.resolve('dist/server/migrate.js');
const adminPassword = 'correct horse battery staple';

/**
 * The upgrade of an existing install (docs/operations.md, "Upgrading an install whose server owns its
 * tables"): a database the server migrated itself as its own login, the owner; then the documented steps; then
 * the server as the restricted login, working (docs/decisions/231).
 */
describe.each(postgresOnly)(
  'an install whose server owned its tables, upgraded to a restricted login [%s]',
  () => {
    const suffix = randomBytes(5).toString('hex');
    const [schema, oldLogin, serverLogin] = [`fc_upgrade_${suffix}`, `fc_old_${suffix}`, `fc_app_${suffix}`];
    let admin: pg.Client;
    const started: ServerProcess[] = [];
    /** An address on the test's server as `login`, working in the install's schema. */
    const as = (login: string) => {
      const url = new URL(postgresUrl as string);
      url.username = login;
      url.searchParams.set('options', `-c search_path=${schema}`);
      return url.toString();
    };

    beforeAll(async () => {
      admin = new pg.Client({ connectionString: postgresUrl });
      await admin.connect();
      // What the resort had: one login that owns the schema and everything in it, and may create roles.
      await admin.query(
        `create role ${oldLogin} login createrole; create schema ${schema} authorization ${oldLogin}`,
      );
    });
    afterAll(async () => {
      await Promise.all(started.map((server) => server.stop('SIGKILL')));
      await admin.query(`drop schema if exists ${schema} cascade`);
      for (const role of [serverLogin, oldLogin]) {
        await admin.query(`drop owned by ${role}`).catch(() => {});
        await admin.query(`drop role if exists ${role}`);
      }
      await admin.end();
    });

    async function call(server: ServerProcess, method: string, url: string, body?: unknown, cookie?: string) {
      return fetch(`${server.baseURL}${url}`, {
        method,
        headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
    }
    async function login(server: ServerProcess): Promise<string> {
      const response = await call(server, 'POST', '/api/session', { password: adminPassword });
      expect(response.status).toBe(204);
      return (response.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    }
    async function refusedStart(env: Record<string, string>): Promise<string> {
      const error = await startServer({ env: { ALLOW_OWNER_ROLE: '', ...env }, adminPassword }).then(
        (server) => {
          started.push(server);
          return undefined;
        },
        (e: Error) => e,
      );
      expect(error).toBeInstanceOf(Error);
      return (error as Error).message;
    }

    it('refuses the owner, then after the documented steps runs as the restricted login and keeps the data', async () => {
      // Before: as the old server did, it migrates and seeds as the owner (now only with ALLOW_OWNER_ROLE=1).
      const before = await startServer({
        env: { DATABASE_URL: as(oldLogin), ALLOW_OWNER_ROLE: '1' },
        adminPassword,
      });
      started.push(before);
      const added = await call(
        before,
        'POST',
        '/api/drinks',
        { drinkName: 'Singha', startingQuantity: 3, price: 90 },
        await login(before),
      );
      expect(added.status).toBe(201);
      expect(await before.stop()).toBe(0);

      // The new version started as before, without the flag: refused, saying why and what to do.
      const refusal = await refusedStart({ DATABASE_URL: as(oldLogin) });
      expect(refusal).toContain(
        `Fridge Check will not run as the PostgreSQL login "${oldLogin}": "${oldLogin}" owns the schema ${schema}`,
      );
      expect(refusal).toContain('npm run migrate');
      expect(refusal).toContain('set ALLOW_OWNER_ROLE=1');

      // Step 1: the server's own login, made by the owner.
      const owner = new pg.Client({ connectionString: as(oldLogin) });
      await owner.connect();
      await owner.query(`create role ${serverLogin} login password 'its own password'`);
      await owner.end();
      // Before step 2 the new login may not even use the schema: the server says to run npm run migrate.
      expect(await refusedStart({ DATABASE_URL: as(serverLogin) })).toContain('run `npm run migrate`');

      // Step 2: npm run migrate with the owner's address and the server's.
      const migrated = await run(process.execPath, [migrateEntry], {
        env: {
          PATH: process.env.PATH ?? '',
          MIGRATION_DATABASE_URL: as(oldLogin),
          DATABASE_URL: as(serverLogin),
        },
      });
      expect(migrated.stdout).toContain('is up to date: no migration to run.');
      expect(migrated.stdout).toContain(`Granted "${serverLogin}" SELECT, INSERT, UPDATE and DELETE`);

      // Step 3: the server with DATABASE_URL set to its own login, no ALLOW_OWNER_ROLE.
      const after = await startServer({
        env: { DATABASE_URL: as(serverLogin), ALLOW_OWNER_ROLE: '', LOG_LEVEL: 'info' },
        adminPassword,
      });
      started.push(after);
      expect(after.output()).not.toContain('ALLOW_OWNER_ROLE');
      const cookie = await login(after);
      const drinks = (await (await call(after, 'GET', '/api/drinks')).json()) as {
        id: number;
        drinkName: string;
      }[];
      expect(drinks.map((drink) => drink.drinkName)).toContain('Singha');
      expect(
        (await call(after, 'PUT', '/api/guest', { name: 'Ann', email: 'ann@example.com' }, cookie)).status,
      ).toBe(200);
      const checkout = await call(after, 'POST', '/api/checkouts', {
        bungalow: 30,
        items: [{ drinkId: drinks[0]?.id, missing: 1 }],
      });
      expect(checkout.status, await checkout.clone().text()).toBe(201);
      const verify = await (await call(after, 'GET', '/api/audit/verify', undefined, cookie)).json();
      expect(verify).toMatchObject({ ok: true });
      // And the reviewer's trigger, as this login, fails at CREATE.
      const intruder = new pg.Client({ connectionString: as(serverLogin) });
      await intruder.connect();
      try {
        await expect(
          intruder.query(
            `create function pg_temp.f() returns trigger language plpgsql as $$ begin return new; end $$;
           create trigger rewrite before insert on audit_pending for each row execute function pg_temp.f()`,
          ),
        ).rejects.toThrow(/permission denied for table audit_pending/);
      } finally {
        await intruder.end();
      }
      expect(await after.stop()).toBe(0);
    });
  },
);

import { execFile } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import { test as base, expect } from '@playwright/test';
import config from '../../playwright.config';
import { auditVerify } from '../support/audit-verify-process';
import { rawGet } from '../support/raw-get';
import { createScratchSchema, type ScratchSchema } from '../support/scratch-schema';
import { freePort, type ServerProcess, serverEntry, startServer } from '../support/server-process';
import { asTestServerRole, ensureTestServerRole } from '../support/server-role';
import { addMissing, callFromPage, sharedCalls, stubShare } from './checkout-helpers';

/**
 * DESIGN.md, "Faults survived": every configuration the README and docs/operations.md offer works, in the
 * browser, on the real built server. Five settings of two values each make 32 combinations; these six rows
 * hold every pair of values of every two settings (a pairwise covering array: each column has three of its
 * six rows set, the first row none), so PUBLIC_URL × TRUST_PROXY appear in all four of their combinations.
 * Without TEST_DATABASE_URL no PostgreSQL case is made: the PostgreSQL rows run on SQLite (the other pairs
 * stay covered). One page session a row; what staff do is the API, from that page.
 */
const rows = [
  { trustProxy: false, publicUrl: false, postgres: false, auditKey: false, allInterfaces: false },
  { trustProxy: false, publicUrl: false, postgres: true, auditKey: true, allInterfaces: true },
  { trustProxy: false, publicUrl: true, postgres: false, auditKey: true, allInterfaces: false },
  { trustProxy: true, publicUrl: false, postgres: false, auditKey: false, allInterfaces: true },
  { trustProxy: true, publicUrl: true, postgres: true, auditKey: false, allInterfaces: false },
  { trustProxy: true, publicUrl: true, postgres: true, auditKey: true, allInterfaces: true },
];

const postgresUrl = process.env.TEST_DATABASE_URL;
/** With HOST=0.0.0.0 the server is reached at this machine's address on its network, as a tablet reaches it. */
const networkAddress =
  Object.values(os.networkInterfaces())
    .flat()
    .find((address) => address && address.family === 'IPv4' && !address.internal)?.address ?? '127.0.0.1';
/** The resort's own name for the server, mapped by Chromium's resolver: on this machine, and on its network. */
const publicName = { local: 'fridge.resort.test', network: 'fridge-lan.resort.test' };
const auditKey = 'a-key-kept-outside-the-database-0123456789abcdef';

/** `npm run migrate` (dist/server/migrate.js) with the owner's address and the server's. */
function migrateAsOwner(ownerUrl: string, serverUrl: string): Promise<void> {
  const migrate = serverEntry.replace(/main\.js$/, 'migrate.js');
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      [migrate],
      { env: { PATH: process.env.PATH ?? '', MIGRATION_DATABASE_URL: ownerUrl, DATABASE_URL: serverUrl } },
      (error, stdout) => (error ? reject(new Error(`npm run migrate failed: ${stdout}`)) : resolve()),
    );
  });
}

const test = base.extend({});
test.use({
  launchOptions: {
    ...config.use?.launchOptions,
    args: [
      ...(config.use?.launchOptions?.args ?? []),
      `--host-resolver-rules=MAP ${publicName.local} 127.0.0.1, MAP ${publicName.network} ${networkAddress}`,
    ],
  },
});

/**
 * A reverse proxy as TRUST_PROXY=1 expects one: it passes the Host through and sets X-Forwarded-For and
 * X-Forwarded-Proto (plain HTTP here; https-caddy.spec.ts is Caddy with TLS).
 */
async function startProxy(upstream: { host: string; port: number }) {
  const proxy = http.createServer((request, response) => {
    const forwarded = http.request(
      {
        ...upstream,
        method: request.method,
        path: request.url,
        headers: {
          ...request.headers,
          'x-forwarded-for': request.socket.remoteAddress ?? '',
          'x-forwarded-proto': 'http',
        },
      },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      },
    );
    forwarded.on('error', () => response.destroy());
    request.pipe(forwarded);
  });
  proxy.listen(0, '0.0.0.0');
  await new Promise((resolve) => proxy.once('listening', resolve));
  return {
    port: (proxy.address() as AddressInfo).port,
    close: () => {
      proxy.closeAllConnections();
      return new Promise((resolve) => proxy.close(resolve));
    },
  };
}

for (const [index, row] of rows.entries()) {
  const postgres = row.postgres && postgresUrl !== undefined;
  const name = [
    postgres ? 'PostgreSQL' : 'SQLite',
    `TRUST_PROXY=${row.trustProxy ? 1 : 0}`,
    row.publicUrl ? 'PUBLIC_URL' : 'no PUBLIC_URL',
    row.auditKey ? 'AUDIT_KEY' : 'no AUDIT_KEY',
    `HOST=${row.allInterfaces ? '0.0.0.0' : '127.0.0.1'}`,
  ].join(', ');

  test(`${name}: guest page, checkout, receipt, staff sign-in`, async ({ page }) => {
    test.setTimeout(90_000);
    const bungalow = 11 + index;
    const schema: ScratchSchema | undefined =
      postgres && postgresUrl ? await createScratchSchema(postgresUrl, 'fc_config') : undefined;
    let databaseUrl: string | undefined;
    if (schema && postgresUrl) {
      const url = new URL(postgresUrl);
      url.searchParams.set('options', `-c search_path=${schema.schema}`);
      // As docs/operations.md sets PostgreSQL up: npm run migrate as the owner, the server as its own login
      // that only reads and writes rows (decision 231).
      await ensureTestServerRole(postgresUrl);
      databaseUrl = asTestServerRole(url.toString());
      await migrateAsOwner(url.toString(), databaseUrl);
    }
    // The address the app listens on, and the one the browser (or the proxy) reaches it at.
    const appAddress = row.allInterfaces ? networkAddress : '127.0.0.1';
    const appPort = await freePort();
    let proxy: Awaited<ReturnType<typeof startProxy>> | undefined;
    if (row.trustProxy) proxy = await startProxy({ host: appAddress, port: appPort });
    const publicPort = proxy?.port ?? appPort;
    const publicUrl = `http://${row.allInterfaces ? publicName.network : publicName.local}:${publicPort}`;
    let server: ServerProcess | undefined;
    try {
      server = await startServer({
        port: appPort,
        env: {
          HOST: row.allInterfaces ? '0.0.0.0' : '127.0.0.1',
          TRUST_PROXY: row.trustProxy ? '1' : '0',
          ...(databaseUrl ? { DATABASE_URL: databaseUrl, ALLOW_OWNER_ROLE: '' } : {}),
          ...(row.publicUrl ? { PUBLIC_URL: publicUrl } : {}),
          ...(row.auditKey ? { AUDIT_KEY: auditKey } : {}),
        },
      });
      const origin = row.publicUrl ? publicUrl : `http://${appAddress}:${publicPort}`;
      await stubShare(page);

      // The guest's page, and the catalogue as the browser asks for it.
      await page.goto(`${origin}/checkout?bungalow=${bungalow}`);
      await expect(page.getByRole('button', { name: 'Add one Coke' })).toBeVisible();
      const drinks = await callFromPage(page, 'GET', '/api/drinks');
      expect(drinks.status, drinks.text).toBe(200);
      expect(JSON.parse(drinks.text)).toContainEqual(expect.objectContaining({ drinkName: 'Coke' }));

      // Staff sign in and name the guest.
      const signIn = await callFromPage(page, 'POST', '/api/session', { password: server.adminPassword });
      expect(signIn.status, signIn.text).toBe(204);
      const guest = await callFromPage(page, 'PUT', '/api/guest', {
        name: 'Ana Silva',
        email: 'ana@example.com',
      });
      expect(guest.status, guest.text).toBe(200);

      // A checkout in the browser, and its receipt.
      await page.reload();
      await addMissing(page, 'Coke', 2);
      await addMissing(page, 'Chang', 1);
      await page.getByRole('button', { name: 'Share Receipt' }).click();
      await expect.poll(() => sharedCalls(page), { timeout: 20_000 }).toHaveLength(1);
      const [shared] = await sharedCalls(page);
      expect(shared?.files?.[0]?.name).toBe(`bungalow-${bungalow}-checkout.pdf`);
      expect(shared?.files?.[0]?.body).toContain(`(Bungalow #${bungalow} Fridge Checkout`);
      const history = await callFromPage(page, 'GET', '/api/checkouts');
      expect(history.status, history.text).toBe(200);
      expect(JSON.parse(history.text)).toMatchObject([{ bungalow, total: 160, guestName: 'Ana Silva' }]);

      if (row.publicUrl) {
        const misdirected = await rawGet(`http://${appAddress}:${publicPort}/api/drinks`, {
          host: 'rebound.example.net',
        });
        expect(misdirected.status).toBe(421);
      }
      if (row.auditKey) {
        const verified = await auditVerify(databaseUrl ?? server.databaseUrl, { auditKey });
        expect(verified.code, verified.out).toBe(0);
      }
    } finally {
      await server?.stop();
      await proxy?.close();
      await schema?.drop();
    }
  });
}

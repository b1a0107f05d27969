import { afterAll, describe, expect, it } from 'vitest';
import { seedDrinks } from '../../src/server/db/seed';
import { type ServerProcess, startServer } from '../support/server-process';

/** The `npm start` path: the built server as its own process, on a temporary SQLite file. */
describe('the real server process', () => {
  const started: ServerProcess[] = [];
  afterAll(async () => {
    await Promise.all(started.map((server) => server.stop('SIGKILL')));
  });

  it('serves health and the seeded catalogue, keeps data across a restart and stops cleanly on SIGTERM', async () => {
    const first = await startServer({ env: { LOG_LEVEL: 'info' } });
    started.push(first);
    expect(await (await fetch(`${first.baseURL}/api/health`)).json()).toEqual({ status: 'ok' });
    const drinks = await (await fetch(`${first.baseURL}/api/drinks`)).json();
    expect(drinks.map((d: { drinkName: string }) => d.drinkName)).toEqual(seedDrinks.map((d) => d.drinkName));

    const login = await fetch(`${first.baseURL}/api/session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ password: first.adminPassword }),
    });
    expect(login.status).toBe(204);
    const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    const added = await fetch(`${first.baseURL}/api/drinks`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify({ drinkName: 'Singha', startingQuantity: 3, price: 90 }),
    });
    expect(added.status).toBe(201);

    // The app shell is served for client routes, with the security headers.
    const page = await fetch(`${first.baseURL}/admin`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/text\/html/);
    expect(page.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(await page.text()).toContain('<div id="root">');

    expect(await first.stop('SIGTERM')).toBe(0);
    expect(first.output()).toContain('"message":"stopped"');

    const second = await startServer({ dataDir: first.dataDir, port: first.port });
    started.push(second);
    const after = await (await fetch(`${second.baseURL}/api/drinks`)).json();
    expect(after.map((d: { drinkName: string }) => d.drinkName)).toEqual([
      ...seedDrinks.map((d) => d.drinkName),
      'Singha',
    ]);
    expect(await second.stop('SIGTERM')).toBe(0);
  });

  it('prints a generated admin password once and reuses its hash on the next start', async () => {
    const first = await startServer({ env: { ADMIN_PASSWORD: '' } });
    started.push(first);
    const match = first.output().match(/Admin password \(generated, shown only this once\): (\S+)/);
    expect(match).not.toBeNull();
    const password = match?.[1] ?? '';
    expect(password.length).toBeGreaterThanOrEqual(24);
    await first.stop();

    const second = await startServer({ dataDir: first.dataDir, env: { ADMIN_PASSWORD: '' } });
    started.push(second);
    expect(second.output()).not.toContain('Admin password');
    const login = await fetch(`${second.baseURL}/api/session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ password }),
    });
    expect(login.status).toBe(204);
    await second.stop();
  });

  it('finishes a request in flight when told to stop', async () => {
    const server = await startServer();
    started.push(server);
    // A login spends a few hundred milliseconds in scrypt: long enough to be caught mid-request.
    const login = fetch(`${server.baseURL}/api/session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ password: server.adminPassword }),
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    const exit = server.stop('SIGTERM');
    expect((await login).status).toBe(204);
    expect(await exit).toBe(0);
    await expect(fetch(`${server.baseURL}/api/health`)).rejects.toThrow();
  });

  it('two servers starting at once on one new SQLite file migrate and seed it once', async () => {
    const fs = await import('node:fs');
    const os = await import('node:os');
    const path = await import('node:path');
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fridge-two-'));
    const [a, b] = await Promise.all([startServer({ dataDir }), startServer({ dataDir })]);
    started.push(a, b);
    const [fromA, fromB] = await Promise.all([
      fetch(`${a.baseURL}/api/drinks`).then((r) => r.json()),
      fetch(`${b.baseURL}/api/drinks`).then((r) => r.json()),
    ]);
    expect(fromA).toHaveLength(seedDrinks.length);
    expect(fromB).toEqual(fromA);
    await Promise.all([a.stop(), b.stop()]);
  });

  it('refuses to start with a bad DATABASE_URL and says why', async () => {
    await expect(startServer({ env: { DATABASE_URL: 'mysql://nope' } })).rejects.toThrow(
      /DATABASE_URL must be sqlite:<path> or postgres/,
    );
  });
});

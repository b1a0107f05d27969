import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { type ServerProcess, startServer } from '../support/server-process';

const run = promisify(execFile);
/** The npm scripts' own command (`npm run audit:verify` is `tsx scripts/audit-verify.ts`), without npm's start-up. */
const tsx = path.resolve('node_modules/.bin/tsx');
const json = { 'content-type': 'application/json' };

async function signIn(server: ServerProcess): Promise<string> {
  const login = await fetch(`${server.baseURL}/api/session`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ password: server.adminPassword }),
  });
  expect(login.status).toBe(204);
  return (login.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
}

async function checkout(server: ServerProcess, bungalow: number) {
  const response = await fetch(`${server.baseURL}/api/checkouts`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ bungalow, items: [{ drinkId: 1, missing: 1 }] }),
  });
  expect(response.status).toBe(201);
}

/** `npm run audit:verify` on a database: its last hash. */
async function auditHead(databaseUrl: string): Promise<string> {
  const { stdout } = await run(tsx, ['scripts/audit-verify.ts'], {
    env: { ...process.env, DATABASE_URL: databaseUrl },
  });
  expect(stdout).toContain('Audit chain verified');
  return /Last hash: ([0-9a-f]{64})/.exec(stdout)?.[1] ?? '';
}

describe('the server backs itself up at shutdown, and npm run restore brings that back [sqlite]', () => {
  const servers: ServerProcess[] = [];
  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop('SIGKILL')));
  });

  it('SIGTERM leaves a checked backup in BACKUP_DIR; restoring it gives the same audit head', async () => {
    const server = await startServer();
    servers.push(server);
    const backups = path.join(server.dataDir, 'backups');
    const cookie = await signIn(server);
    const before = await fetch(`${server.baseURL}/api/backups/status`, { headers: { cookie } });
    expect(await before.json()).toMatchObject({
      database: 'sqlite',
      directory: backups,
      last: null,
      stale: true,
    });
    await fetch(`${server.baseURL}/api/guest`, {
      method: 'PUT',
      headers: { ...json, cookie },
      body: JSON.stringify({ name: 'Ann', email: 'ann@example.com' }),
    });
    await checkout(server, 12);
    await checkout(server, 14);

    expect(await server.stop('SIGTERM')).toBe(0);
    const [backup, ...others] = fs.readdirSync(backups);
    expect(others).toEqual([]);
    expect(backup).toMatch(/^fridge-\d{4}-\d{2}-\d{2}T[\d-]+Z\.sqlite$/);
    const headAtShutdown = await auditHead(server.databaseUrl);
    expect(await auditHead(`sqlite:${path.join(backups, backup ?? '')}`)).toBe(headAtShutdown);

    // The resort goes on; then the database is lost to a mistake, and the backup is put back.
    const next = await startServer({ dataDir: server.dataDir });
    servers.push(next);
    await checkout(next, 20);
    const status = await (
      await fetch(`${next.baseURL}/api/backups/status`, { headers: { cookie: await signIn(next) } })
    ).json();
    expect(status).toMatchObject({ last: { file: backup }, count: 1, stale: false });
    expect(status.last.bytes).toBe(fs.statSync(path.join(backups, backup ?? '')).size);
    await next.stop('SIGKILL');
    expect(await auditHead(server.databaseUrl)).not.toBe(headAtShutdown);

    const { stdout } = await run(
      'npm',
      ['run', '--silent', 'restore', '--', path.join(backups, backup ?? '')],
      {
        env: { ...process.env, DATABASE_URL: server.databaseUrl },
      },
    );
    expect(stdout).toContain(headAtShutdown);
    expect(await auditHead(server.databaseUrl)).toBe(headAtShutdown);
    const restored = await startServer({ dataDir: server.dataDir });
    servers.push(restored);
    const history = await (
      await fetch(`${restored.baseURL}/api/checkouts`, { headers: { cookie: await signIn(restored) } })
    ).json();
    expect(history.map((c: { bungalow: number }) => c.bungalow).sort()).toEqual([12, 14]);
  }, 90_000);
});

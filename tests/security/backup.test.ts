import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import SqliteDatabase from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { checkoutLimitsOff, type ServerProcess, startServer } from '../support/server-process';

const run = promisify(execFile);
const json = { 'content-type': 'application/json' };

function checkoutsIn(file: string) {
  const db = new SqliteDatabase(file, { readonly: true });
  try {
    expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
    const rows = db
      .prepare(
        `select c.id, c.total, count(l.id) as lines, coalesce(sum(l.line_total), 0) as sum
         from checkouts c left join checkout_lines l on l.checkout_id = c.id group by c.id order by c.id`,
      )
      .all() as { id: number; total: number; lines: number; sum: number }[];
    expect(
      rows.every((row) => row.lines > 0 && row.sum === row.total),
      'a half-written checkout',
    ).toBe(true);
    return rows.map((row) => row.id);
  } finally {
    db.close();
  }
}

describe('npm run backup while the server takes writes, and npm run restore', () => {
  const servers: ServerProcess[] = [];
  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop('SIGKILL')));
  });

  it('the copy is consistent, passes integrity_check and restores with one command', async () => {
    // Four writers flooding from one address would meet the checkout rate limits.
    const server = await startServer({ env: { ...checkoutLimitsOff } });
    servers.push(server);
    const login = await fetch(`${server.baseURL}/api/session`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ password: server.adminPassword }),
    });
    const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    await fetch(`${server.baseURL}/api/guest`, {
      method: 'PUT',
      headers: { ...json, cookie },
      body: JSON.stringify({ name: 'Ann', email: 'ann@example.com' }),
    });

    const acknowledged: number[] = [];
    let writing = true;
    const writers = Array.from({ length: 4 }, async (_, w) => {
      while (writing) {
        const response = await fetch(`${server.baseURL}/api/checkouts`, {
          method: 'POST',
          headers: json,
          body: JSON.stringify({ bungalow: 10 + w, items: [{ drinkId: 1 + w, missing: 1 }] }),
        });
        if (response.status === 201) acknowledged.push((await response.json()).id);
        else throw new Error(`checkout answered ${response.status}`);
      }
    });
    while (acknowledged.length < 50) await new Promise((resolve) => setTimeout(resolve, 20));

    const backups = fs.mkdtempSync(path.join(os.tmpdir(), 'fridge-backups-'));
    const ackedBefore = new Set(acknowledged);
    const env = { ...process.env, DATABASE_URL: server.databaseUrl };
    const { stdout } = await run('npm', ['run', '--silent', 'backup', '--', backups], { env });
    const ackedAfter = acknowledged.length;
    writing = false;
    await Promise.all(writers);

    const [copyName] = fs.readdirSync(backups);
    expect(copyName).toMatch(/^fridge-\d{4}-\d{2}-\d{2}T[\d-]+Z\.sqlite$/);
    const copy = path.join(backups, copyName ?? '');
    expect(stdout).toContain(copy);
    const inCopy = checkoutsIn(copy);
    // Everything acknowledged before the backup began is in it; nothing from after it ended.
    expect([...ackedBefore].every((id) => inCopy.includes(id))).toBe(true);
    expect(inCopy.length).toBeLessThanOrEqual(ackedAfter + 4);
    console.log(
      `[figure] backup under writes: ${ackedBefore.size} acknowledged before, ${inCopy.length} in the copy, ` +
        `${acknowledged.length} by the end; integrity_check ok`,
    );

    // Restore: stop the server, one command, start again; the data is the copy's.
    expect(await server.stop('SIGTERM')).toBe(0);
    await run('npm', ['run', '--silent', 'restore', '--', copy], { env });
    expect(checkoutsIn(path.join(server.dataDir, 'fridge.sqlite'))).toEqual(inCopy);
    const restarted = await startServer({ dataDir: server.dataDir });
    servers.push(restarted);
    const after = await fetch(`${restarted.baseURL}/api/checkouts`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ bungalow: 99, items: [{ drinkId: 1, missing: 1 }] }),
    });
    expect(after.status).toBe(201);
    expect((await after.json()).id).toBeGreaterThan(Math.max(...inCopy));

    // A PostgreSQL URL is refused with the pg_dump hint rather than a confusing error.
    const refused = await run('npm', ['run', '--silent', 'backup'], {
      env: { ...process.env, DATABASE_URL: 'postgres://user@127.0.0.1:5432/fridge' },
    }).catch((error: { stderr: string; code: number }) => error);
    expect('code' in refused && refused.code).toBe(1);
    expect((refused as { stderr: string }).stderr).toContain('pg_dump');
  });
});

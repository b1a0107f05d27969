import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ServerProcess, startServer } from '../support/server-process';
import { expectNoLeak } from './support';

const json = { 'content-type': 'application/json' };

describe('SQLite locked by another connection (real server)', () => {
  let server: ServerProcess;
  let locker: SqliteDatabase.Database;
  beforeAll(async () => {
    server = await startServer();
    const login = await fetch(`${server.baseURL}/api/session`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ password: server.adminPassword }),
    });
    const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    const guest = await fetch(`${server.baseURL}/api/guest`, {
      method: 'PUT',
      headers: { ...json, cookie },
      body: JSON.stringify({ name: 'Ann', email: 'ann@example.com' }),
    });
    expect(guest.status).toBe(200);
    locker = new SqliteDatabase(path.join(server.dataDir, 'fridge.sqlite'));
  });
  afterAll(async () => {
    if (locker?.inTransaction) locker.exec('ROLLBACK');
    locker?.close();
    await server?.stop('SIGKILL');
  });

  const checkout = () =>
    fetch(`${server.baseURL}/api/checkouts`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ bungalow: 4, items: [{ drinkId: 1, missing: 2 }] }),
    });

  it('a write while another connection holds BEGIN EXCLUSIVE: generic 503 JSON, process up, nothing half-written, back after the lock ends', async () => {
    expect((await checkout()).status).toBe(201);
    locker.exec('BEGIN EXCLUSIVE');
    // The other connection writes too, inside its lock: what it does must not mix with ours.
    locker.prepare("insert into settings (key, value) values ('lock-test', 'held')").run();

    const blocked = await checkout();
    const text = await blocked.text();
    expect(blocked.status).toBe(503);
    expect(blocked.headers.get('retry-after')).toBe('5');
    expect(blocked.headers.get('content-type')).toMatch(/^application\/json; charset=utf-8/);
    expect(JSON.parse(text)).toEqual({
      error: {
        code: 'service_unavailable',
        message: 'The database is not reachable. Please try again shortly.',
      },
    });
    expectNoLeak(text, '503 body');
    // Reads still work in WAL mode, and the process is up.
    expect((await fetch(`${server.baseURL}/api/health`)).status).toBe(200);
    expect((await fetch(`${server.baseURL}/api/drinks`)).status).toBe(200);
    expect(server.child.exitCode).toBeNull();

    locker.exec('ROLLBACK');
    const released = performance.now();
    let back: Response;
    for (;;) {
      back = await checkout();
      if (back.status === 201 || performance.now() - released > 5000) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const seconds = (performance.now() - released) / 1000;
    console.log(
      `[figure] SQLite lock: 503 while locked, first 201 ${seconds.toFixed(2)} s after the lock ended`,
    );
    expect(back.status).toBe(201);

    // Every checkout has its lines and its total adds up: no half-written checkout.
    const rows = locker
      .prepare(
        `select c.id, c.total, count(l.id) as lines, coalesce(sum(l.line_total), 0) as sum
         from checkouts c left join checkout_lines l on l.checkout_id = c.id group by c.id`,
      )
      .all() as { id: number; total: number; lines: number; sum: number }[];
    expect(rows).toHaveLength(2);
    expect(rows.every((row) => row.lines > 0 && row.sum === row.total)).toBe(true);
    const orphans = locker
      .prepare('select count(*) as n from checkout_lines where checkout_id not in (select id from checkouts)')
      .get() as { n: number };
    expect(orphans.n).toBe(0);
    expect(server.output()).toContain('database unavailable');
  });
});

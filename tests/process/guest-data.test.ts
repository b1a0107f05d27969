import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { type ServerProcess, startServer } from '../support/server-process';

/**
 * Nothing left behind (DESIGN.md, "Guests' personal data"): once an erase has answered, the guest's name and
 * email are in no byte of the SQLite file or its WAL, while the server runs and after it stopped, and no
 * log line carried them at any level.
 */
const name = 'Zanthia Quorrelby';
const email = 'zanthia.quorrelby@example.org';

async function call(server: ServerProcess, method: string, url: string, cookie: string, body?: unknown) {
  const response = await fetch(`${server.baseURL}${url}`, {
    method,
    headers: { cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return response;
}

function bytesOf(file: string): Buffer {
  return fs.existsSync(file) ? fs.readFileSync(file) : Buffer.alloc(0);
}

function found(buffer: Buffer): string[] {
  const hits: string[] = [];
  for (const value of [name, email, 'Zanthia', 'quorrelby']) {
    for (const encoded of [Buffer.from(value, 'utf8'), Buffer.from(value.toLowerCase(), 'utf8')]) {
      if (buffer.includes(encoded)) hits.push(value);
    }
  }
  return hits;
}

describe('an erased guest leaves nothing behind (the real server)', () => {
  const started: ServerProcess[] = [];
  afterAll(async () => {
    await Promise.all(started.map((server) => server.stop('SIGKILL')));
  });

  it('the whole flow at LOG_LEVEL=debug: neither value in the SQLite file or its WAL after the erase, running and stopped, nor in the log', async () => {
    const server = await startServer({ env: { LOG_LEVEL: 'debug' } });
    started.push(server);
    const login = await fetch(`${server.baseURL}/api/session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ password: server.adminPassword }),
    });
    const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    const [drink] = await (await fetch(`${server.baseURL}/api/drinks`)).json();

    // Everything a guest goes through: a stay, a change, checkouts, a payment, the spec's Guest record, the
    // history filtered by her name, a search, the Activity, the export, a failed save, the end of the stay.
    expect(
      (await call(server, 'PUT', '/api/bungalows/9/stay', cookie, { guestName: name, guestEmail: email }))
        .status,
    ).toBe(201);
    await call(server, 'PUT', '/api/bungalows/9/stay', cookie, {
      guestName: `${name} Jr`,
      guestEmail: email,
    });
    const checkout = await (
      await fetch(`${server.baseURL}/api/checkouts`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ bungalow: 9, items: [{ drinkId: drink.id, missing: 2 }] }),
      })
    ).json();
    await call(server, 'POST', `/api/checkouts/${checkout.id}/payment`, cookie, { method: 'cash' });
    await call(server, 'PUT', '/api/guest', cookie, { name, email });
    await call(server, 'PUT', '/api/guest', cookie, { name, email: 'not an email' });
    await call(server, 'GET', `/api/checkouts?guest=${encodeURIComponent(name)}`, cookie);
    await call(server, 'GET', '/api/audit', cookie);
    await call(server, 'DELETE', '/api/bungalows/9/stay', cookie);
    const guests: { guestRef: string; name: string }[] = await (
      await call(server, 'GET', `/api/privacy/guests?q=${encodeURIComponent(email)}`, cookie)
    ).json();
    // One email, two names: two people (DESIGN.md, "Books no one can rewrite"), each found, exported and erased.
    expect(guests.map((guest) => guest.name).sort()).toEqual([name, `${name} Jr`]);
    for (const guest of guests) {
      expect((await call(server, 'GET', `/api/privacy/guests/${guest.guestRef}/export`, cookie)).status).toBe(
        200,
      );
      const erased = await call(server, 'POST', `/api/privacy/guests/${guest.guestRef}/erase`, cookie, {
        reason: `${name} asked by email`,
      });
      expect(erased.status).toBe(200);
    }
    const history = await (await call(server, 'GET', '/api/checkouts', cookie)).json();
    expect(history[0]).toMatchObject({ id: checkout.id, guestName: 'Erased guest', total: checkout.total });

    const file = server.databaseUrl.slice('sqlite:'.length);
    const running = [...found(bytesOf(file)), ...found(bytesOf(`${file}-wal`))];
    expect(running, 'in the database file or its WAL while the server runs').toEqual([]);

    expect(await server.stop('SIGTERM')).toBe(0);
    const stopped = [...found(bytesOf(file)), ...found(bytesOf(`${file}-wal`))];
    expect(stopped, 'in the database file or its WAL after the server stopped').toEqual([]);
    // Every file the server left in its data folder, the backup it made at shutdown included.
    for (const extra of fs.readdirSync(path.dirname(file), { recursive: true, encoding: 'utf8' })) {
      const where = path.join(path.dirname(file), extra);
      if (fs.statSync(where).isDirectory()) continue;
      expect(found(bytesOf(where)), extra).toEqual([]);
    }

    const log = server.output();
    // Debug lets every line through; the request lines are there.
    expect(log).toContain('"message":"request"');
    expect(found(Buffer.from(log)), 'in the log').toEqual([]);
  });
});

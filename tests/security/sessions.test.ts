import { afterAll, expect, it } from 'vitest';
import { createSessionStore, hashToken, sessionLimits } from '../../src/server/auth/sessions';
import type { Db } from '../../src/server/db/database';
import { createTestApp, describeEachDatabase } from '../support/test-app';

const authenticated = async (
  t: { request: (m: string, p: string, o?: { cookie?: string }) => Promise<Response> },
  cookie: string,
) => (await (await t.request('GET', '/api/session', { cookie })).json()).authenticated as boolean;

const adminRead = (
  t: { request: (m: string, p: string, o?: { cookie?: string }) => Promise<Response> },
  cookie: string,
) => t.request('GET', '/api/checkouts', { cookie }).then((r) => r.status);

describeEachDatabase('session lifecycle', ({ dialect, fresh }) => {
  const others: Db[] = [];
  afterAll(async () => {
    await Promise.all(others.map((db) => db.close()));
  });

  it('plain HTTP: fc_session, HttpOnly, SameSite=Strict, Path=/, no Secure, no Domain', async () => {
    const t = await fresh();
    const response = await t.request('POST', '/api/session', { body: { password: 'test-admin-password' } });
    expect(response.status).toBe(204);
    const cookie = response.headers.get('set-cookie') ?? '';
    const [pair, ...attributes] = cookie.split(';').map((part) => part.trim());
    expect(pair).toMatch(/^fc_session=[A-Za-z0-9_-]{43}$/);
    expect(attributes.sort()).toEqual([
      'HttpOnly',
      `Max-Age=${sessionLimits.absoluteMs / 1000}`,
      'Path=/',
      'SameSite=Strict',
    ]);
    expect(response.headers.get('strict-transport-security')).toBeNull();
  });

  it('behind an HTTPS proxy with TRUST_PROXY=1: __Host-fc_session with Secure; HSTS', async () => {
    const t = await fresh();
    const proxied = await createTestApp(t.scratch, { trustProxy: true });
    const https = { 'x-forwarded-proto': 'https', 'x-forwarded-for': '198.51.100.7' };
    const response = await proxied.request('POST', '/api/session', {
      body: { password: 'test-admin-password' },
      headers: https,
    });
    expect(response.status).toBe(204);
    const [pair, ...attributes] = (response.headers.get('set-cookie') ?? '').split(';').map((p) => p.trim());
    expect(pair).toMatch(/^__Host-fc_session=[A-Za-z0-9_-]{43}$/);
    expect(attributes.sort()).toEqual([
      'HttpOnly',
      `Max-Age=${sessionLimits.absoluteMs / 1000}`,
      'Path=/',
      'SameSite=Strict',
      'Secure',
    ]);
    expect(response.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
    const cookie = pair ?? '';
    const session = await proxied.request('GET', '/api/session', { cookie, headers: https });
    expect(await session.json()).toMatchObject({ authenticated: true });

    // Without TRUST_PROXY the same header is a client's claim: no Secure cookie, no HSTS.
    const direct = await t.request('POST', '/api/session', {
      body: { password: 'test-admin-password' },
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(direct.headers.get('set-cookie')).toMatch(/^fc_session=/);
    expect(direct.headers.get('set-cookie')).not.toMatch(/Secure/);
    expect(direct.headers.get('strict-transport-security')).toBeNull();
  });

  // Tokens come from the CSPRNG whatever the database; one run on SQLite keeps the suite quick.
  const onSqlite: typeof it = ((...args: Parameters<typeof it>) => {
    if (dialect === 'sqlite') it(...args);
  }) as typeof it;
  onSqlite('10,000 tokens: no duplicate, 43 URL-safe characters, only their SHA-256 stored', async () => {
    const t = await fresh();
    const tokens = await t.db.kysely.transaction().execute(async (trx) => {
      const store = createSessionStore({ ...t.db, kysely: trx });
      const made: string[] = [];
      for (let i = 0; i < 10_000; i++) made.push(await store.create(t.clock.now));
      return made;
    });
    expect(new Set(tokens).size).toBe(10_000);
    expect(tokens.every((token) => /^[A-Za-z0-9_-]{43}$/.test(token))).toBe(true);
    const stored = await t.db.kysely.selectFrom('admin_sessions').select('token_hash').execute();
    const hashes = new Set(stored.map((row) => row.token_hash));
    expect(hashes.size).toBe(10_000);
    expect(tokens.every((token) => hashes.has(hashToken(token)) && !hashes.has(token))).toBe(true);
  });

  it('a new token at each login; the previous one ends; a planted cookie is never adopted', async () => {
    const t = await fresh();
    const first = await t.login();
    const second = await t.login({ headers: { cookie: first } });
    expect(second).not.toBe(first);
    expect(await authenticated(t, first)).toBe(false);
    expect(await authenticated(t, second)).toBe(true);

    const planted = `fc_session=${'A'.repeat(43)}`;
    const third = await t.login({ headers: { cookie: planted } });
    expect(third).not.toBe(planted);
    expect(await authenticated(t, planted)).toBe(false);
  });

  it('logged out, idle for 30 minutes or older than 8 hours: 401', async () => {
    const t = await fresh();
    const loggedOut = await t.login();
    expect(await adminRead(t, loggedOut)).toBe(200);
    const logout = await t.request('DELETE', '/api/session', { cookie: loggedOut });
    expect(logout.status).toBe(204);
    expect(logout.headers.get('set-cookie')).toMatch(/^fc_session=;.*Max-Age=0/);
    expect(await adminRead(t, loggedOut)).toBe(401);

    const idle = await t.login();
    t.clock.advance(sessionLimits.idleMs - 60_000);
    expect(await adminRead(t, idle)).toBe(200); // activity restarts the idle timer
    t.clock.advance(sessionLimits.idleMs - 60_000);
    expect(await adminRead(t, idle)).toBe(200);
    t.clock.advance(sessionLimits.idleMs + 1);
    expect(await adminRead(t, idle)).toBe(401);
    expect(await adminRead(t, idle)).toBe(401);

    const busy = await t.login();
    const started = t.clock.now;
    while (t.clock.now - started < sessionLimits.absoluteMs - 20 * 60_000) {
      t.clock.advance(20 * 60_000);
      expect(await adminRead(t, busy)).toBe(200);
    }
    t.clock.advance(20 * 60_000 + 1);
    expect(await adminRead(t, busy)).toBe(401);
  });

  it(`two app servers on one ${dialect} database: a login on one is valid on the other; logout on the second ends it on the first`, async () => {
    const t = await fresh();
    const secondDb = t.scratch.openAnother();
    others.push(secondDb);
    const second = await createTestApp(t.scratch, { db: secondDb });
    const cookie = await t.login();
    expect(await adminRead(second, cookie)).toBe(200);
    expect(await authenticated(second, cookie)).toBe(true);
    expect((await second.request('DELETE', '/api/session', { cookie })).status).toBe(204);
    expect(await adminRead(t, cookie)).toBe(401);
    expect(await authenticated(t, cookie)).toBe(false);
  });
});

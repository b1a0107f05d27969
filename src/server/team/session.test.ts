import { expect, it } from 'vitest';
import { describeEachDatabase, testAdminPassword } from '../../../tests/support/test-app';
import { sessionLimits } from '../auth/sessions';
import { throttleRules } from '../auth/throttle';

describeEachDatabase('session API', ({ fresh }) => {
  it('POST /api/session with the right password sets an HttpOnly, SameSite=Strict cookie', async () => {
    const t = await fresh();
    const response = await t.request('POST', '/api/session', { body: { password: testAdminPassword } });
    expect(response.status).toBe(204);
    const cookie = response.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/^fc_session=[A-Za-z0-9_-]{43};/);
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Strict');
    expect(cookie).toContain('Path=/');
    expect(cookie).not.toContain('Secure');
    const state = await t.request('GET', '/api/session', { cookie: cookie.split(';')[0] });
    expect(await state.json()).toEqual({
      authenticated: true,
      user: { id: null, name: 'Owner', role: 'owner' },
      device: null,
      idleLockMinutes: 30,
    });
  });

  it('POST /api/session with a wrong password answers 401 "Incorrect password"', async () => {
    const t = await fresh();
    const response = await t.request('POST', '/api/session', { body: { password: 'nope-nope' } });
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ error: { code: 'unauthorized', message: 'Incorrect password' } });
    expect(response.headers.get('set-cookie')).toBeNull();
  });

  it('POST /api/session rejects a missing password with 422', async () => {
    const t = await fresh();
    expect((await t.request('POST', '/api/session', { body: {} })).status).toBe(422);
    expect((await t.request('POST', '/api/session', { body: { password: 5 } })).status).toBe(422);
  });

  it('POST /api/session throttles repeated failures with 429 and lets the admin in after the wait', async () => {
    const t = await fresh();
    for (let i = 0; i < throttleRules.freeTries; i++) {
      expect((await t.request('POST', '/api/session', { body: { password: `wrong-${i}` } })).status).toBe(
        401,
      );
    }
    const throttled = await t.request('POST', '/api/session', { body: { password: testAdminPassword } });
    expect(throttled.status).toBe(429);
    const { error } = await throttled.json();
    expect(error.code).toBe('too_many_requests');
    expect(error.retryAfter).toBe(60);
    expect(throttled.headers.get('retry-after')).toBe('60');
    t.clock.advance(throttleRules.firstWaitMs);
    expect((await t.request('POST', '/api/session', { body: { password: testAdminPassword } })).status).toBe(
      204,
    );
    expect(t.logLines.some((line) => line.includes(testAdminPassword))).toBe(false);
    // Six full-cost scrypt checks.
  }, 120_000);

  it('failed logins are counted across two app servers sharing the database', async () => {
    const t = await fresh();
    const { createTestApp } = await import('../../../tests/support/test-app');
    const otherDb = t.scratch.openAnother();
    try {
      const second = await createTestApp(t.scratch, { db: otherDb });
      second.clock.now = t.clock.now;
      for (let i = 0; i < throttleRules.freeTries; i++) {
        const server = i % 2 === 0 ? t : second;
        expect(
          (await server.request('POST', '/api/session', { body: { password: `wrong-${i}` } })).status,
        ).toBe(401);
      }
      expect(
        (await t.request('POST', '/api/session', { body: { password: testAdminPassword } })).status,
      ).toBe(429);
      expect(
        (await second.request('POST', '/api/session', { body: { password: testAdminPassword } })).status,
      ).toBe(429);
    } finally {
      await otherDb.close();
    }
  });

  it('DELETE /api/session ends the session', async () => {
    const t = await fresh();
    const cookie = await t.login();
    const response = await t.request('DELETE', '/api/session', { cookie });
    expect(response.status).toBe(204);
    expect(response.headers.get('set-cookie')).toMatch(/fc_session=;/);
    expect(await (await t.request('GET', '/api/session', { cookie })).json()).toMatchObject({
      authenticated: false,
    });
    expect(
      (
        await t.request('POST', '/api/drinks', {
          cookie,
          body: { drinkName: 'X', startingQuantity: 1, price: 1 },
        })
      ).status,
    ).toBe(401);
  });

  it('a session expires after 30 idle minutes and after 8 hours in all', async () => {
    const t = await fresh();
    const idle = await t.login();
    t.clock.advance(sessionLimits.idleMs + 1000);
    expect(await (await t.request('GET', '/api/session', { cookie: idle })).json()).toMatchObject({
      authenticated: false,
    });

    const busy = await t.login();
    for (let elapsed = 0; elapsed < sessionLimits.absoluteMs; elapsed += 20 * 60 * 1000) {
      expect(await (await t.request('GET', '/api/session', { cookie: busy })).json()).toMatchObject({
        authenticated: true,
      });
      t.clock.advance(20 * 60 * 1000);
    }
    expect(await (await t.request('GET', '/api/session', { cookie: busy })).json()).toMatchObject({
      authenticated: false,
    });
  });

  it('each login issues a new token and ends the one it replaces', async () => {
    const t = await fresh();
    const first = await t.login();
    const response = await t.request('POST', '/api/session', {
      cookie: first,
      body: { password: testAdminPassword },
    });
    const second = (response.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    expect(second).not.toBe(first);
    expect(await (await t.request('GET', '/api/session', { cookie: first })).json()).toMatchObject({
      authenticated: false,
    });
    expect(await (await t.request('GET', '/api/session', { cookie: second })).json()).toMatchObject({
      authenticated: true,
    });
  });

  it('behind an HTTPS proxy the cookie is Secure with the __Host- name', async () => {
    const t = await fresh();
    const { createTestApp } = await import('../../../tests/support/test-app');
    const proxied = await createTestApp(t.scratch, { trustProxy: true });
    const response = await proxied.request('POST', '/api/session', {
      body: { password: testAdminPassword },
      headers: { 'x-forwarded-proto': 'https', 'x-forwarded-for': '203.0.113.9' },
    });
    const cookie = response.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/^__Host-fc_session=/);
    expect(cookie).toContain('Secure');
    expect(response.headers.get('strict-transport-security')).toContain('max-age=31536000');
  });
});

import { beforeAll, expect, it } from 'vitest';
import {
  addStaff,
  cookieFrom,
  errorOf,
  joinCookies,
  pins,
  registerDevice,
  signInWithPin,
} from '../../../tests/support/team';
import { createTestApp, describeEachDatabase, type TestApp } from '../../../tests/support/test-app';
import { deviceLimits } from '../auth/devices';
import { pairingCodeMs } from './devices.repo';

const pair = (t: TestApp, body: unknown, cookie?: string) =>
  t.request('POST', '/api/devices', { body, cookie });

describeEachDatabase('devices API', ({ dialect, fresh }) => {
  let t: TestApp;
  let owner: string;
  beforeAll(async () => {
    t = await fresh();
    owner = await t.login();
  });

  it('POST /api/devices registers this browser: 201, a 400-day HttpOnly SameSite=Strict cookie, only its hash kept', async () => {
    const response = await t.request('POST', '/api/devices', {
      cookie: owner,
      body: { name: '  Desk tablet ' },
    });
    expect(response.status).toBe(201);
    const device = await response.json();
    expect(device).toMatchObject({ name: 'Desk tablet', revokedAt: null, current: true });
    const header = response.headers.getSetCookie().find((c) => c.startsWith('fc_device=')) ?? '';
    expect(header).toMatch(/^fc_device=[A-Za-z0-9_-]{43};/);
    expect(header).toContain(`Max-Age=${deviceLimits.cookieMaxAgeSeconds}`);
    expect(header).toContain('HttpOnly');
    expect(header).toContain('SameSite=Strict');
    const token = cookieFrom(response, 'fc_device').split('=')[1] ?? '';
    const stored = await t.db.kysely.selectFrom('devices').select('token_hash').execute();
    expect(stored.map((row) => row.token_hash)).not.toContain(token);
    expect(JSON.stringify(stored)).not.toContain(token);
    // The owner's session goes on, now on this device.
    const device2 = cookieFrom(response, 'fc_device');
    const state = await (
      await t.request('GET', '/api/session', { cookie: joinCookies(owner, device2) })
    ).json();
    expect(state).toMatchObject({
      authenticated: true,
      user: { role: 'owner' },
      device: { name: 'Desk tablet' },
    });
    // Registering it twice is a clear 409.
    const again = await t.request('POST', '/api/devices', {
      cookie: joinCookies(owner, device2),
      body: { name: 'X' },
    });
    expect(again.status).toBe(409);
  });

  it('refuses a nameless device (422), no session (401) and the front desk (403)', async () => {
    expect((await t.request('POST', '/api/devices', { cookie: owner, body: { name: ' ' } })).status).toBe(
      422,
    );
    expect(
      (await t.request('POST', '/api/devices', { cookie: owner, body: { name: 'x'.repeat(41) } })).status,
    ).toBe(422);
    expect((await t.request('POST', '/api/devices', { body: { name: 'Mine' } })).status).toBe(401);
    const tablet = await registerDevice(t, owner, 'Front tablet');
    const desk = await addStaff(t, owner, { name: 'Desk Devi', role: 'desk', pin: pins[0] });
    const session = await signInWithPin(t, tablet, desk.id, pins[0]);
    for (const [method, path, body] of [
      ['GET', '/api/devices', undefined],
      ['POST', '/api/devices/pairing', {}],
      ['DELETE', '/api/devices/1', undefined],
    ] as const) {
      const response = await t.request(method, path, { cookie: session, body });
      expect(response.status, `${method} ${path}`).toBe(403);
      expect(await errorOf(response)).toEqual({
        code: 'forbidden',
        message: 'Front desk cannot manage staff or devices',
      });
    }
  });

  it('a pairing code registers another browser with no session, once, within 15 minutes', async () => {
    const made = await t.request('POST', '/api/devices/pairing', { cookie: owner, body: {} });
    expect(made.status).toBe(201);
    const { code, expiresAt } = await made.json();
    expect(code).toMatch(/^[ABCDEFGHJKMNPQRSTVWXYZ2-9]{8}$/);
    expect(Date.parse(expiresAt) - t.clock.now).toBe(pairingCodeMs);

    // Typed on the phone in lower case with a dash: accepted.
    const typed = `${code.slice(0, 4)}-${code.slice(4)}`.toLowerCase();
    const phone = await pair(t, { name: 'Housekeeping phone 1', pairingCode: typed });
    expect(phone.status).toBe(201);
    expect(await phone.json()).toMatchObject({ name: 'Housekeeping phone 1', current: true });
    const phoneCookie = cookieFrom(phone, 'fc_device');
    expect(await (await t.request('GET', '/api/session', { cookie: phoneCookie })).json()).toMatchObject({
      authenticated: false,
      device: { name: 'Housekeeping phone 1' },
    });
    const event = await t.db.kysely
      .selectFrom('audit_events')
      .selectAll()
      .where('action', '=', 'device.registered')
      .orderBy('seq', 'desc')
      .executeTakeFirstOrThrow();
    expect(event).toMatchObject({
      actor_role: 'owner',
      details: '{"name":"Housekeeping phone 1","pairingCode":true}',
    });

    // Single use.
    const reused = await pair(t, { name: 'Phone 2', pairingCode: code });
    expect(reused.status).toBe(422);
    expect((await reused.json()).error.issues[0]).toMatchObject({ path: 'pairingCode' });

    // Expired after 15 minutes.
    const late = await (await t.request('POST', '/api/devices/pairing', { cookie: owner, body: {} })).json();
    t.clock.advance(pairingCodeMs);
    expect((await pair(t, { name: 'Phone 3', pairingCode: late.code })).status).toBe(422);
    const fresh = await (await t.request('POST', '/api/devices/pairing', { cookie: owner, body: {} })).json();
    t.clock.advance(pairingCodeMs - 1000);
    expect((await pair(t, { name: 'Phone 4', pairingCode: fresh.code })).status).toBe(201);
    // A code of the wrong shape is 422 before anything is looked up.
    expect((await pair(t, { name: 'Phone 5', pairingCode: 'O0I1' })).status).toBe(422);
  });

  it('two browsers racing with one code: exactly one is registered', async () => {
    owner = await t.login();
    const { code } = await (
      await t.request('POST', '/api/devices/pairing', { cookie: owner, body: {} })
    ).json();
    const otherDb = t.scratch.openAnother();
    try {
      const second = await createTestApp(t.scratch, { db: otherDb });
      second.clock.now = t.clock.now;
      // Two SQLite connections in one process would block each other's event loop (better-sqlite3 waits
      // synchronously): on SQLite both go through one app server, whose transactions take turns.
      const other = dialect === 'postgres' ? second : t;
      const answers = await Promise.all([
        pair(t, { name: 'Race A', pairingCode: code }),
        pair(other, { name: 'Race B', pairingCode: code }),
      ]);
      expect(answers.map((r) => r.status).sort()).toEqual([201, 422]);
    } finally {
      await otherDb.close();
    }
  });

  it('GET /api/devices lists each device with its last use (to the minute); revoking ends its sessions at once', async () => {
    // The pairing test moved the clock past the owner's 30 idle minutes.
    owner = await t.login();
    const tablet = await registerDevice(t, owner, 'Bar tablet');
    const noi = await addStaff(t, owner, { name: 'Noi Dev', role: 'manager', pin: pins[1] });
    const session = await signInWithPin(t, tablet, noi.id, pins[1]);
    const list = async () =>
      (await (await t.request('GET', '/api/devices', { cookie: session })).json()) as {
        id: number;
        name: string;
        lastUsedAt: string | null;
        revokedAt: string | null;
        current: boolean;
      }[];
    const bar = (await list()).find((d) => d.name === 'Bar tablet');
    expect(bar).toMatchObject({ current: true, revokedAt: null });
    const firstUse = bar?.lastUsedAt;
    t.clock.advance(30 * 1000);
    expect((await list()).find((d) => d.name === 'Bar tablet')?.lastUsedAt).toBe(firstUse);
    t.clock.advance(45 * 1000);
    expect((await list()).find((d) => d.name === 'Bar tablet')?.lastUsedAt).toBe(
      new Date(t.clock.now).toISOString(),
    );

    // The owner revokes it: Noi's session there ends at once, the cookie is no device any more.
    const revoked = await t.request('DELETE', `/api/devices/${bar?.id}`, { cookie: owner });
    expect(revoked.status).toBe(204);
    expect((await t.request('GET', '/api/devices', { cookie: session })).status).toBe(401);
    expect(await (await t.request('GET', '/api/session', { cookie: tablet })).json()).toMatchObject({
      authenticated: false,
      device: null,
    });
    const pin = await t.request('POST', '/api/session', {
      cookie: tablet,
      body: { staffId: noi.id, pin: pins[1] },
    });
    expect(pin.status).toBe(403);
    // The owner's session registered that browser and lived on it: it ended too.
    expect((await t.request('GET', '/api/devices', { cookie: owner })).status).toBe(401);
    owner = await t.login();
    const after = (await (await t.request('GET', '/api/devices', { cookie: owner })).json()).find(
      (d: { id: number }) => d.id === bar?.id,
    );
    expect(after.revokedAt).toBe(new Date(t.clock.now).toISOString());
    // Again is no change; an unknown one is 404; there is no GET /api/devices/:id.
    expect((await t.request('DELETE', `/api/devices/${bar?.id}`, { cookie: owner })).status).toBe(204);
    expect((await t.request('DELETE', '/api/devices/99999', { cookie: owner })).status).toBe(404);
    expect((await t.request('GET', `/api/devices/${bar?.id}`, { cookie: owner })).status).toBe(405);
    const events = await t.db.kysely
      .selectFrom('audit_events')
      .select('details')
      .where('action', '=', 'device.revoked')
      .execute();
    expect(events.map((e) => JSON.parse(e.details))).toEqual([{ name: 'Bar tablet', sessionsEnded: 2 }]);
  });

  it('a manager may register, pair and revoke devices', async () => {
    owner = await t.login();
    const tablet = await registerDevice(t, owner, 'Office tablet');
    const boss = await addStaff(t, owner, { name: 'Boss Dev', role: 'manager', pin: pins[2] });
    const manager = await signInWithPin(t, tablet, boss.id, pins[2]);
    const code = await t.request('POST', '/api/devices/pairing', { cookie: manager, body: {} });
    expect(code.status).toBe(201);
    const phone = await pair(t, { name: 'Phone M', pairingCode: (await code.json()).code });
    expect(phone.status).toBe(201);
    const { id } = await phone.json();
    expect((await t.request('DELETE', `/api/devices/${id}`, { cookie: manager })).status).toBe(204);
  });
});

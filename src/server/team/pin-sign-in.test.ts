import { expect, it } from 'vitest';
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
import { teamTexts } from '../../shared/team-schemas';
import { pinRules, pinWaitAfterFailures } from '../auth/pin-check';
import { staffSessionLimits } from '../auth/sessions';

const wrongPin = '902817';
/** Ten scrypt checks and a second app server: well past the default 30 s on a busy machine. */
const slow = 180_000;

async function team(t: TestApp) {
  const owner = await t.login();
  const desk = await registerDevice(t, owner, 'Desk tablet');
  const noi = await addStaff(t, owner, { name: 'Noi', role: 'desk', pin: pins[0] });
  return { owner, desk, noi };
}

const tryPin = (t: TestApp, device: string | undefined, staffId: number, pin: string) =>
  t.request('POST', '/api/session', { cookie: device, body: { staffId, pin } });

const events = async (t: TestApp, action: string) =>
  t.db.kysely.selectFrom('audit_events').selectAll().where('action', '=', action).orderBy('seq').execute();

describeEachDatabase('PIN sign-in', ({ fresh }) => {
  it('works only on a registered device: 403 with the exact message elsewhere, and the roster too', async () => {
    const t = await fresh();
    const { desk, noi } = await team(t);
    const off = await tryPin(t, undefined, noi.id, pins[0]);
    expect(off.status).toBe(403);
    expect(await errorOf(off)).toEqual({ code: 'forbidden', message: teamTexts.pinNeedsDevice });
    // A made-up device cookie is no device.
    const forged = await tryPin(t, 'fc_device=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA', noi.id, pins[0]);
    expect(forged.status).toBe(403);
    const roster = await t.request('GET', '/api/staff/roster');
    expect(roster.status).toBe(403);
    expect(await errorOf(roster)).toEqual({ code: 'forbidden', message: teamTexts.rosterNeedsDevice });

    expect(await (await t.request('GET', '/api/staff/roster', { cookie: desk })).json()).toEqual([
      { id: noi.id, name: 'Noi', approvesVoids: false },
    ]);
    const before = await t.request('GET', '/api/session', { cookie: desk });
    expect(await before.json()).toMatchObject({
      authenticated: false,
      user: null,
      device: { name: 'Desk tablet' },
    });
    const session = await signInWithPin(t, desk, noi.id, pins[0]);
    expect(await (await t.request('GET', '/api/session', { cookie: session })).json()).toEqual({
      authenticated: true,
      user: { id: noi.id, name: 'Noi', role: 'desk' },
      device: { id: 1, name: 'Desk tablet' },
      idleLockMinutes: 5,
    });
    // The session cookie alone, carried to another browser, is nobody: it needs its device's cookie.
    const sessionOnly = session.split('; ').find((pair) => pair.startsWith('fc_session=')) ?? '';
    expect(await (await t.request('GET', '/api/session', { cookie: sessionOnly })).json()).toMatchObject({
      authenticated: false,
    });
    const signedIn = await events(t, 'session.signed_in');
    expect(signedIn.at(-1)).toMatchObject({
      actor_id: noi.id,
      actor_name: 'Noi',
      device_name: 'Desk tablet',
    });
  });

  it(
    'a wrong PIN is 401 "Incorrect PIN"; 5 free tries, then waits of 1, 2, 4, 8, 16 s; 10 on one device block it there only, until a new PIN',
    async () => {
      const t = await fresh();
      const { owner, desk, noi } = await team(t);
      const phone = await registerDevice(t, await t.login(), 'Phone 1');
      const started = performance.now();
      const waits: number[] = [];
      let tries = 0;
      let simulatedMs = 0;
      for (let failure = 1; failure < pinRules.blockAfter; failure++) {
        const response = await tryPin(t, desk, noi.id, wrongPin);
        tries++;
        expect(response.status, `try ${failure}`).toBe(401);
        expect(await errorOf(response)).toEqual({ code: 'unauthorized', message: teamTexts.incorrectPin });
        const wait = pinWaitAfterFailures(failure);
        if (wait > 0) {
          // Too early: 429 with Retry-After, and the right PIN is not even checked.
          const early = await tryPin(t, desk, noi.id, pins[0]);
          expect(early.status, `early after ${failure}`).toBe(429);
          expect(early.headers.get('retry-after')).toBe(String(wait / 1000));
          expect((await errorOf(early)).code).toBe('too_many_requests');
          waits.push(wait / 1000);
          t.clock.advance(wait);
          simulatedMs += wait;
        }
      }
      expect(waits).toEqual([1, 2, 4, 8, 16]);
      // The 10th wrong PIN in a row blocks it.
      const tenth = await tryPin(t, desk, noi.id, wrongPin);
      tries++;
      expect(tenth.status).toBe(403);
      expect(await errorOf(tenth)).toEqual({ code: 'pin_blocked', message: teamTexts.pinBlocked });
      const ms = performance.now() - started;
      console.log(
        `[figure] PIN throttle: ${tries} wrong tries to block (5 free), waits ${waits.join(' s, ')} s on one device ` +
          `(the 10th wrong one blocks instead of waiting); earliest block ${simulatedMs / 1000} s after the first try; ` +
          `${Math.round(ms)} ms of test time`,
      );

      // Blocked on this device, the right PIN included; another device is not held by this one's tries
      // (abuse resistance: one device in the wrong hands cannot lock a person out everywhere).
      const blocked = await tryPin(t, desk, noi.id, pins[0]);
      expect(blocked.status).toBe(403);
      expect((await errorOf(blocked)).code).toBe('pin_blocked');
      expect((await (await t.request('GET', '/api/staff', { cookie: owner })).json())[0]).toMatchObject({
        pinBlocked: false,
      });
      expect(await events(t, 'pin.blocked')).toHaveLength(1);
      expect(await events(t, 'session.sign_in_failed')).toHaveLength(pinRules.blockAfter);
      await signInWithPin(t, phone, noi.id, pins[0]);
      expect((await tryPin(t, desk, noi.id, pins[0])).status).toBe(403);

      // A new PIN unblocks, and the tries start afresh.
      const reset = await t.request('PUT', `/api/staff/${noi.id}`, { cookie: owner, body: { pin: pins[1] } });
      expect(await reset.json()).toMatchObject({ pinBlocked: false });
      expect((await tryPin(t, desk, noi.id, pins[0])).status).toBe(401);
      await signInWithPin(t, desk, noi.id, pins[1]);
    },
    slow,
  );

  it(
    'wrong PINs on two devices adding up to 10 block the PIN everywhere',
    async () => {
      const t = await fresh();
      const { owner, desk, noi } = await team(t);
      const phone = await registerDevice(t, await t.login(), 'Phone 1');
      // 5 free tries on each device: no wait comes in the way.
      for (let i = 0; i < pinRules.freeTries; i++) {
        expect((await tryPin(t, desk, noi.id, wrongPin)).status, `desk try ${i + 1}`).toBe(401);
      }
      for (let i = 0; i < pinRules.freeTries - 1; i++) {
        expect((await tryPin(t, phone, noi.id, wrongPin)).status, `phone try ${i + 1}`).toBe(401);
      }
      const tenth = await tryPin(t, phone, noi.id, wrongPin);
      expect(tenth.status).toBe(403);
      expect(await errorOf(tenth)).toEqual({ code: 'pin_blocked', message: teamTexts.pinBlocked });
      t.clock.advance(60_000);
      for (const device of [desk, phone]) {
        const blocked = await tryPin(t, device, noi.id, pins[0]);
        expect((await errorOf(blocked)).code).toBe('pin_blocked');
      }
      expect((await (await t.request('GET', '/api/staff', { cookie: owner })).json())[0]).toMatchObject({
        pinBlocked: true,
      });
      const blockedEvents = await events(t, 'pin.blocked');
      expect(blockedEvents).toHaveLength(1);
      expect(JSON.parse(blockedEvents[0]?.details ?? '{}')).toEqual({ failuresInARow: 10 });
    },
    slow,
  );

  it(
    'a right PIN clears the wrong ones: ten wrong in a row are needed to block',
    async () => {
      const t = await fresh();
      const { desk, noi } = await team(t);
      for (let i = 0; i < 4; i++) expect((await tryPin(t, desk, noi.id, wrongPin)).status).toBe(401);
      await signInWithPin(t, desk, noi.id, pins[0]);
      for (let i = 0; i < 4; i++) expect((await tryPin(t, desk, noi.id, wrongPin)).status).toBe(401);
      await signInWithPin(t, desk, noi.id, pins[0]);
    },
    slow,
  );

  it(
    'the block holds across two app servers sharing the database',
    async () => {
      const t = await fresh();
      const { owner, noi } = await team(t);
      const otherDb = t.scratch.openAnother();
      try {
        const second = await createTestApp(t.scratch, { db: otherDb });
        second.clock.now = t.clock.now;
        // Two devices, one per server: 5 free tries each, so no wait comes in the way of the block.
        const a = await registerDevice(t, owner, 'Tablet A');
        const b = await registerDevice(second, await second.login(), 'Tablet B');
        for (let i = 0; i < pinRules.blockAfter - 1; i++) {
          const [server, device] = i % 2 === 0 ? [t, a] : [second, b];
          expect((await tryPin(server, device, noi.id, wrongPin)).status, `try ${i + 1}`).toBe(401);
        }
        const last = await tryPin(second, b, noi.id, wrongPin);
        expect(last.status).toBe(403);
        expect((await errorOf(last)).code).toBe('pin_blocked');
        for (const [server, device] of [
          [t, a],
          [second, b],
        ] as const) {
          const blocked = await tryPin(server, device, noi.id, pins[0]);
          expect((await errorOf(blocked)).code).toBe('pin_blocked');
        }
        // The per-device wait also holds across servers: one device's tries on both.
        const carol = await addStaff(t, owner, { name: 'Carol', role: 'housekeeping', pin: pins[2] });
        for (let i = 0; i < pinRules.freeTries; i++) {
          expect((await tryPin(i % 2 ? t : second, a, carol.id, wrongPin)).status).toBe(401);
        }
        expect((await tryPin(t, a, carol.id, pins[2])).status).toBe(429);
        expect((await tryPin(second, a, carol.id, pins[2])).status).toBe(429);
      } finally {
        await otherDb.close();
      }
    },
    slow,
  );

  it(
    'a staff session locks after staffLockMinutes idle and after 12 hours in all; Lock keeps the device',
    async () => {
      const t = await fresh();
      const { owner, desk, noi } = await team(t);
      const lockAfter = async (cookie: string, minutes: number) => {
        const put = await t.request('PUT', '/api/settings', { cookie, body: { staffLockMinutes: minutes } });
        expect(put.status).toBe(200);
      };
      // 12 hours at most, however busy: with the longest lock (2 hours), a request every 100 minutes.
      await lockAfter(owner, 120);
      const busy = await signInWithPin(t, desk, noi.id, pins[0]);
      const step = 100 * 60 * 1000;
      for (let elapsed = step; elapsed < staffSessionLimits.absoluteMs + step; elapsed += step) {
        t.clock.advance(step);
        const state = await (await t.request('GET', '/api/session', { cookie: busy })).json();
        expect(state.authenticated, `after ${elapsed / 60000} minutes`).toBe(
          elapsed < staffSessionLimits.absoluteMs,
        );
      }

      // The lock applies as soon as it is changed: 2 minutes.
      await lockAfter(await t.login(), 2);
      const idle = await signInWithPin(t, desk, noi.id, pins[0]);
      t.clock.advance(2 * 60 * 1000 - 1000);
      expect(await (await t.request('GET', '/api/session', { cookie: idle })).json()).toMatchObject({
        authenticated: true,
        idleLockMinutes: 2,
      });
      t.clock.advance(2 * 60 * 1000);
      expect(await (await t.request('GET', '/api/session', { cookie: idle })).json()).toMatchObject({
        authenticated: false,
        device: { name: 'Desk tablet' },
      });

      const locked = await signInWithPin(t, desk, noi.id, pins[0]);
      const lock = await t.request('DELETE', '/api/session', { cookie: locked });
      expect(lock.status).toBe(204);
      expect(await (await t.request('GET', '/api/session', { cookie: locked })).json()).toMatchObject({
        authenticated: false,
        device: { name: 'Desk tablet' },
      });
      expect((await events(t, 'session.locked')).at(-1)).toMatchObject({ actor_name: 'Noi' });
    },
    slow,
  );

  it('refuses a malformed PIN sign-in with 422 and an unknown or inactive person with 404', async () => {
    const t = await fresh();
    const { owner, desk, noi } = await team(t);
    for (const body of [
      { staffId: noi.id, pin: '12345' },
      { staffId: noi.id, pin: 274019 },
      { staffId: 'one', pin: pins[0] },
      { staffId: noi.id },
      { staffId: noi.id, pin: pins[0], extra: 1 },
    ]) {
      const response = await t.request('POST', '/api/session', { cookie: desk, body });
      expect(response.status, JSON.stringify(body)).toBe(422);
    }
    expect((await tryPin(t, desk, 99999, pins[0])).status).toBe(404);
    await t.request('PUT', `/api/staff/${noi.id}`, { cookie: owner, body: { active: false } });
    expect((await tryPin(t, desk, noi.id, pins[0])).status).toBe(404);
    expect(cookieFrom).toBeTypeOf('function');
    expect(joinCookies('a', undefined, 'b')).toBe('a; b');
  });
});

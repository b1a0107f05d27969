import { expect, it } from 'vitest';
import { createHashSlots, hashSlotRules, passwordHashSlots } from '../../src/server/auth/hash-slots';
import { ownerPasswordRules } from '../../src/server/auth/owner-password-limit';
import { registerDevice } from '../support/team';
import { createTestApp, describeEachDatabase, type TestApp, testAdminPassword } from '../support/test-app';

const signIn = (t: TestApp, password: string, address: string, cookie?: string) =>
  t.request('POST', '/api/session', {
    body: { password },
    headers: { 'x-forwarded-for': address },
    ...(cookie ? { cookie } : {}),
  });

const failedEvents = async (t: TestApp) =>
  (
    await t.db.kysely
      .selectFrom('audit_events')
      .select('details')
      .where('action', '=', 'session.sign_in_failed')
      .orderBy('seq')
      .execute()
  ).map((row) => JSON.parse(row.details) as { method: string; count?: number });

/**
 * The owner password's limits (DESIGN.md, "Abuse resistance"): one of its own whatever the address, a cap on
 * the hashes computed at once, and the failed sign-ins folded in the audit.
 */
describeEachDatabase('the owner password under attack', ({ dialect, fresh }) => {
  it('25 addresses (a new X-Forwarded-For per try): after 20 wrong, every sign-in waits 1 s, doubling; a registered device does not', async () => {
    const base = await fresh();
    const t = await createTestApp(base.scratch, { trustProxy: true });
    const device = await registerDevice(t, await t.login({ headers: { 'x-forwarded-for': '192.0.2.1' } }));

    const statuses: number[] = [];
    for (let i = 0; i < 20; i++) statuses.push((await signIn(t, `wrong-${i}`, `198.51.100.${i + 1}`)).status);
    expect(statuses.every((status) => status === 401)).toBe(true);

    // The 21st, from a fresh address: waits a second, even with the right password.
    const waiting = await signIn(t, 'wrong-20', '198.51.100.21');
    expect(waiting.status).toBe(429);
    expect(waiting.headers.get('retry-after')).toBe('1');
    expect((await waiting.json()).error.code).toBe('too_many_requests');
    expect((await signIn(t, testAdminPassword, '198.51.100.22')).status).toBe(429);

    t.clock.advance(1000);
    expect((await signIn(t, 'wrong-21', '198.51.100.23')).status).toBe(401);
    const doubled = await signIn(t, 'wrong-22', '198.51.100.24');
    expect(doubled.status).toBe(429);
    expect(doubled.headers.get('retry-after')).toBe('2');

    // A registered device skips the wait with the right password only: its wrong ones wait and count as
    // anyone's (issue 49).
    const failures = async () =>
      Number(
        (
          await t.db.kysely
            .selectFrom('password_failures')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await failures();
    const deviceWrong = await signIn(t, 'wrong-on-the-tablet', '198.51.100.26', device);
    expect(deviceWrong.status).toBe(429);
    expect(deviceWrong.headers.get('retry-after')).toBe('2');
    expect(await failures()).toBe(before + 1);
    // Counted: the wait after it doubles for everyone.
    const longer = await signIn(t, testAdminPassword, '198.51.100.27');
    expect(longer.status).toBe(429);
    expect(longer.headers.get('retry-after')).toBe('4');
    expect((await signIn(t, testAdminPassword, '198.51.100.25', device)).status).toBe(204);

    // Never a lockout: at most 15 minutes, and the window forgets.
    t.clock.advance(ownerPasswordRules.windowMs + 1000);
    expect((await signIn(t, testAdminPassword, '198.51.100.22')).status).toBe(204);
  }, 120_000);

  it('with TRUST_PROXY off a forged X-Forwarded-For is the same address: the 5 free tries of that address hold too', async () => {
    const t = await fresh();
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) statuses.push((await signIn(t, `wrong-${i}`, `203.0.113.${i}`)).status);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429, 429]);
  }, 120_000);

  it('failed sign-ins without a session: one audit event per address and window, with their count', async () => {
    const base = await fresh();
    const t = await createTestApp(base.scratch, { trustProxy: true });
    for (let i = 0; i < 4; i++) expect((await signIn(t, `wrong-${i}`, '198.51.100.9')).status).toBe(401);
    expect((await signIn(t, 'wrong-x', '198.51.100.10')).status).toBe(401);
    expect(await failedEvents(t)).toEqual([
      { method: 'password', count: 1 },
      { method: 'password', count: 1 },
    ]);
    // The next window: one event carries the three folded ones and this one.
    t.clock.advance(ownerPasswordRules.windowMs + 1000);
    expect((await signIn(t, 'wrong-4', '198.51.100.9')).status).toBe(401);
    expect((await failedEvents(t)).at(-1)).toEqual({ method: 'password', count: 4 });
    // Folded failures are never lost: the sign-in that ends them says how many.
    // (past the address's own waits: 1 minute after its fifth wrong one, 2 after its sixth)
    t.clock.advance(61_000);
    expect((await signIn(t, 'wrong-5', '198.51.100.9')).status).toBe(401);
    expect(await failedEvents(t)).toHaveLength(3);
    t.clock.advance(121_000);
    expect((await signIn(t, testAdminPassword, '198.51.100.9')).status).toBe(204);
    const signedIn = await t.db.kysely
      .selectFrom('audit_events')
      .select('details')
      .where('action', '=', 'session.signed_in')
      .orderBy('seq', 'desc')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(signedIn.details)).toEqual({ method: 'password', failedBefore: 1 });
  }, 120_000);

  it('at most 2 password hashes at once: a burst of 21 sign-ins queues, and past the queue gets 503 with Retry-After', async () => {
    const base = await fresh();
    const t = await createTestApp(base.scratch, { trustProxy: true });
    passwordHashSlots.resetPeak();
    const burst = hashSlotRules.running + hashSlotRules.waitingMax + 3;
    const started = performance.now();
    const answers = await Promise.all(
      Array.from({ length: burst }, (_, i) => signIn(t, testAdminPassword, `198.51.100.${i + 1}`)),
    );
    const seconds = (performance.now() - started) / 1000;
    const statuses = answers.map((answer) => answer.status);
    const signedIn = statuses.filter((status) => status === 204).length;
    console.log(
      `[figure] owner sign-ins under the hash cap (${dialect}): ${burst} at once, ${signedIn} signed in, ` +
        `${statuses.filter((status) => status === 503).length} refused 503, ` +
        `${statuses.filter((status) => status === 429).length} refused 429, ${seconds.toFixed(1)} s, ${(signedIn / seconds).toFixed(1)} sign-ins/s, ` +
        `at most ${passwordHashSlots.stats().peak} hashes at once`,
    );
    // Each sign-in holds a try of the owner's 20 until its hash answers: past 20 at once, 429 before any hash.
    expect(statuses.every((status) => status === 204 || status === 503 || status === 429)).toBe(true);
    expect(statuses.filter((status) => status === 204).length).toBeGreaterThanOrEqual(hashSlotRules.running);
    for (const answer of answers.filter((a) => a.status === 503)) {
      expect(answer.headers.get('retry-after')).toBe(String(hashSlotRules.retryAfterSeconds));
      expect((await answer.json()).error.code).toBe('service_unavailable');
    }
    expect(passwordHashSlots.stats().peak).toBe(hashSlotRules.running);
    expect(passwordHashSlots.stats().running).toBe(0);
  }, 180_000);
});

it('hash slots: 2 run, 16 wait their turn in order, the 19th is refused at once', async () => {
  const slots = createHashSlots();
  const releases: (() => void)[] = [];
  const started: number[] = [];
  const runs = Array.from({ length: hashSlotRules.running + hashSlotRules.waitingMax }, (_, i) =>
    slots.run(
      () =>
        new Promise<number>((resolve) => {
          started.push(i);
          releases.push(() => resolve(i));
        }),
    ),
  );
  await new Promise((resolve) => setImmediate(resolve));
  expect(started).toEqual([0, 1]);
  expect(slots.stats()).toEqual({ running: 2, peak: 2, waiting: hashSlotRules.waitingMax });
  await expect(slots.run(async () => 0)).rejects.toMatchObject({ status: 503, retryAfter: 1 });
  while (releases.length > 0) {
    releases.shift()?.();
    await new Promise((resolve) => setImmediate(resolve));
  }
  expect(await Promise.all(runs)).toEqual(runs.map((_, i) => i));
  expect(started).toEqual(runs.map((_, i) => i));
  expect(slots.stats()).toEqual({ running: 0, peak: 2, waiting: 0 });
});

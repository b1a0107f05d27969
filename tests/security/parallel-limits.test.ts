import { expect, it } from 'vitest';
import { hashSlotRules } from '../../src/server/auth/hash-slots';
import { ownerPasswordRules } from '../../src/server/auth/owner-password-limit';
import { drinksByName, setGuest } from '../support/checkout-factory';
import { createTestApp, describeEachDatabase, type TestApp } from '../support/test-app';

/** Requests sent at once, as an attacker with a botnet sends them (DESIGN.md, "Faults survived"). */
const burst = 50;
/** The limit, and the two hashes that may be running when it is reached (the hash slots). */
const ownerMost = ownerPasswordRules.freeFailures + hashSlotRules.running;

const tally = (statuses: number[]) => {
  const counts = new Map<number, number>();
  for (const status of statuses) counts.set(status, (counts.get(status) ?? 0) + 1);
  return counts;
};

/** Every answer is one of `allowed`; a 429 or 503 says when to come back. */
function expectOnly(answers: Response[], allowed: number[]) {
  for (const answer of answers) {
    expect(allowed).toContain(answer.status);
    if (answer.status === 429 || answer.status === 503)
      expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(0);
  }
}

async function sender(t: TestApp) {
  const cookie = await t.login({ headers: { 'x-forwarded-for': '192.0.2.200' } });
  await setGuest(t, cookie);
  const coke = (await drinksByName(t)).Coke?.id;
  return (bungalow: number, address: string) =>
    t.request('POST', '/api/checkouts', {
      headers: { 'x-forwarded-for': address },
      body: { bungalow, items: [{ drinkId: coke, missing: 1 }] },
    });
}

describeEachDatabase('the limits under parallel requests', ({ dialect, fresh }) => {
  it(`${burst} wrong owner passwords at once from ${burst} addresses: at most ${ownerMost} answered 401, the others 429`, async () => {
    const base = await fresh();
    const t = await createTestApp(base.scratch, { trustProxy: true });
    const answers = await Promise.all(
      Array.from({ length: burst }, (_, i) =>
        t.request('POST', '/api/session', {
          body: { password: `wrong-${i}` },
          headers: { 'x-forwarded-for': `198.51.100.${i + 1}` },
        }),
      ),
    );
    const counts = tally(answers.map((answer) => answer.status));
    console.log(
      `[figure] ${burst} wrong owner passwords at once (${dialect}): ${JSON.stringify([...counts])}`,
    );
    // A try the limit let through may still find the hash queue full (503): never more than the limit's.
    expectOnly(answers, [401, 429, 503]);
    expect(counts.get(401) ?? 0).toBeLessThanOrEqual(ownerMost);
    expect(counts.get(429) ?? 0).toBeGreaterThanOrEqual(burst - ownerMost);
    // Every wrong password is on record, and nothing else: a try the hash queue refused was given back.
    const recorded = await t.db.kysely
      .selectFrom('password_failures')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(recorded.n)).toBe(counts.get(401) ?? 0);
  }, 180_000);

  it(`${burst} checkouts at once from one address: at most its limit stored, the others 429`, async () => {
    const perAddress = 20;
    const t = await fresh({ config: { trustProxy: true, checkoutLimits: { perAddress, perBungalow: 0 } } });
    const send = await sender(t);
    // Spread over the bungalows, so that only the address's limit can refuse.
    const answers = await Promise.all(
      Array.from({ length: burst }, (_, i) => send((i % 24) + 1, '203.0.113.9')),
    );
    const counts = tally(answers.map((answer) => answer.status));
    console.log(
      `[figure] ${burst} checkouts at once from one address (${dialect}): ${JSON.stringify([...counts])}`,
    );
    expectOnly(answers, [201, 429]);
    expect(counts.get(201)).toBe(perAddress);
  }, 180_000);

  it(`${burst} checkouts at once for one bungalow from ${burst} addresses: at most its limit stored, the others 429`, async () => {
    const perBungalow = 20;
    const t = await fresh({ config: { trustProxy: true, checkoutLimits: { perAddress: 0, perBungalow } } });
    const send = await sender(t);
    const answers = await Promise.all(
      Array.from({ length: burst }, (_, i) => send(7, `198.51.100.${i + 1}`)),
    );
    const counts = tally(answers.map((answer) => answer.status));
    console.log(
      `[figure] ${burst} checkouts at once for one bungalow (${dialect}): ${JSON.stringify([...counts])}`,
    );
    expectOnly(answers, [201, 429]);
    expect(counts.get(201)).toBe(perBungalow);
  }, 180_000);
});

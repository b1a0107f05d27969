import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import { drinksByName, setGuest } from '../../../tests/support/checkout-factory';
import { createTestApp, describeEachDatabase, type TestApp } from '../../../tests/support/test-app';
import { checkoutLimitDefaults } from '../config';

async function checkoutsStored(t: TestApp) {
  const row = await t.db.kysely
    .selectFrom('checkouts')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

async function setUp(t: TestApp) {
  const cookie = await t.login();
  await setGuest(t, cookie);
  const drinks = await drinksByName(t);
  const send = (
    bungalow: number,
    cart: Record<string, number>,
    options: { checkId?: string; address?: string; cookie?: string } = {},
  ) =>
    t.request('POST', '/api/checkouts', {
      ...(options.cookie ? { cookie: options.cookie } : {}),
      headers: options.address ? { 'x-forwarded-for': options.address } : {},
      body: {
        bungalow,
        items: Object.entries(cart).map(([name, missing]) => ({ drinkId: drinks[name]?.id, missing })),
        ...(options.checkId ? { checkId: options.checkId } : {}),
      },
    });
  return { cookie, send };
}

const tally = (statuses: number[]) =>
  Object.entries(
    statuses.reduce<Record<number, number>>((sum, status) => {
      sum[status] = (sum[status] ?? 0) + 1;
      return sum;
    }, {}),
  )
    .map(([status, n]) => `${n} x ${status}`)
    .join(', ');

describeEachDatabase('checkout rate limits', ({ fresh }) => {
  it('a flood from one address gets 429 with Retry-After after the limit and writes nothing more', async () => {
    const t = await fresh();
    const { send, cookie } = await setUp(t);
    const limit = checkoutLimitDefaults.perAddress;
    const statuses: number[] = [];
    // Spread over all 24 bungalows so that only the per-address limit can refuse.
    for (let i = 0; i < limit + 40; i++) statuses.push((await send((i % 24) + 1, { Coke: 1 })).status);
    expect(statuses.slice(0, limit).every((s) => s === 201)).toBe(true);
    expect(statuses.slice(limit).every((s) => s === 429)).toBe(true);
    expect(await checkoutsStored(t)).toBe(limit);

    const refused = await send(1, { Coke: 1 });
    expect(refused.status).toBe(429);
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(600);
    const { error } = await refused.json();
    expect(error).toMatchObject({ code: 'too_many_requests', retryAfter });
    expect(error.message).toMatch(/Try again in \d+ minutes?\./);
    // A checkId changes nothing for a new check: still refused, still nothing written.
    expect((await send(2, { Coke: 1 }, { checkId: randomUUID() })).status).toBe(429);
    expect(await checkoutsStored(t)).toBe(limit);

    // Staff are not limited.
    expect((await send(1, { Coke: 1 }, { cookie })).status).toBe(201);
    // Another address is not this one.
    const other = await createTestApp(t.scratch, { trustProxy: true });
    expect(
      (
        await other.request('POST', '/api/checkouts', {
          headers: { 'x-forwarded-for': '203.0.113.9' },
          body: { bungalow: 1, items: [{ drinkId: (await drinksByName(t)).Coke?.id, missing: 1 }] },
        })
      ).status,
    ).toBe(201);
    // Ten minutes after the first write the window has room again.
    t.clock.advance(retryAfter * 1000);
    expect((await send(3, { Coke: 1 })).status).toBe(201);
    console.log(
      `[figure] flood of ${limit + 40} sends from one address (${t.db.dialect}): ${tally(statuses)}; stored ${limit}`,
    );
  });

  it('a repeat of a recorded check is answered even when the address is at its limit', async () => {
    const t = await fresh({ config: { checkoutLimits: { perAddress: 3, perBungalow: 0 } } });
    const { send } = await setUp(t);
    const checkId = randomUUID();
    expect((await send(1, { Coke: 1 }, { checkId })).status).toBe(201);
    expect((await send(2, { Coke: 1 })).status).toBe(201);
    expect((await send(3, { Coke: 1 })).status).toBe(201);
    expect((await send(4, { Coke: 1 })).status).toBe(429);
    // The same counts again: no write, so no refusal.
    for (let i = 0; i < 5; i++) expect((await send(1, { Coke: 1 }, { checkId })).status).toBe(200);
    // Changed counts would write: refused like any other write, the record unchanged.
    expect((await send(1, { Coke: 2 }, { checkId })).status).toBe(429);
    expect((await send(1, { Coke: 1 }, { checkId })).status).toBe(200);
    expect(await checkoutsStored(t)).toBe(3);
  });

  it('per bungalow, counted in the database: the limit holds across app servers and addresses', async () => {
    const t = await fresh();
    const { send } = await setUp(t);
    const limit = checkoutLimitDefaults.perBungalow;
    const first = await createTestApp(t.scratch, { trustProxy: true });
    const second = await createTestApp(t.scratch, { trustProxy: true, db: t.scratch.openAnother() });
    const coke = (await drinksByName(t)).Coke?.id;
    const statuses: number[] = [];
    for (let i = 0; i < limit + 5; i++) {
      const server = i % 2 === 0 ? first : second;
      const response = await server.request('POST', '/api/checkouts', {
        headers: { 'x-forwarded-for': `198.51.100.${i + 1}` },
        body: { bungalow: 7, items: [{ drinkId: coke, missing: 1 }] },
      });
      statuses.push(response.status);
      if (response.status === 429) {
        expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
        expect((await response.json()).error.message).toMatch(/bungalow 7/);
      }
    }
    expect(statuses.slice(0, limit).every((s) => s === 201)).toBe(true);
    expect(statuses.slice(limit).every((s) => s === 429)).toBe(true);
    // Other bungalows are not held up.
    expect((await send(8, { Coke: 1 })).status).toBe(201);
    await second.db.close();
    console.log(
      `[figure] ${limit + 5} sends for one bungalow from ${limit + 5} addresses over 2 app servers (${t.db.dialect}): ${tally(statuses)}`,
    );
  });

  it('a morning round: one tablet checks 60 bungalows, shares each up to three times and corrects some: no 429', async () => {
    const t = await fresh();
    const { send } = await setUp(t);
    const statuses: number[] = [];
    // All within the same ten minutes, harder than a real round of a few hours.
    for (let bungalow = 1; bungalow <= 60; bungalow++) {
      const checkId = randomUUID();
      const cart = { Coke: (bungalow % 3) + 1, Chang: bungalow % 2 };
      for (let share = 0; share < 3; share++) statuses.push((await send(bungalow, cart, { checkId })).status);
      if (bungalow % 4 === 0) statuses.push((await send(bungalow, { ...cart, Wine: 1 }, { checkId })).status);
      t.clock.advance(5_000);
    }
    expect(statuses.filter((s) => s === 429)).toEqual([]);
    expect(await checkoutsStored(t)).toBe(60);
    console.log(`[figure] morning round, 60 bungalows from one tablet (${t.db.dialect}): ${tally(statuses)}`);
  });

  it('50 guests behind one NAT address check out in the same ten minutes: no 429', async () => {
    const t = await fresh();
    const { send } = await setUp(t);
    const guests = Array.from({ length: 50 }, (_, i) => ({ bungalow: 101 + i, checkId: randomUUID() }));
    const statuses: number[] = [];
    // Each guest: a share, the same share again (the sheet was dismissed), a correction, a last share.
    for (const step of [{ Coke: 1 }, { Coke: 1 }, { Coke: 2 }, { Coke: 2 }]) {
      const round = await Promise.all(
        guests.map((guest) => send(guest.bungalow, step, { checkId: guest.checkId })),
      );
      statuses.push(...round.map((r) => r.status));
      t.clock.advance(30_000);
    }
    expect(statuses.filter((s) => s === 429)).toEqual([]);
    expect(await checkoutsStored(t)).toBe(50);
    console.log(`[figure] 50 guests behind one address (${t.db.dialect}): ${tally(statuses)}`);
  });

  it('0 turns a limit off', async () => {
    const t = await fresh({ config: { checkoutLimits: { perAddress: 0, perBungalow: 0 } } });
    const { send } = await setUp(t);
    for (let i = 0; i < checkoutLimitDefaults.perBungalow + 5; i++) {
      expect((await send(7, { Coke: 1 })).status).toBe(201);
    }
  });
});

import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import type { StickerKey } from '../../src/shared/api-types';
import { drinksByName, setGuest } from '../support/checkout-factory';
import { addStaff, errorOf, pins, registerDevice, signInWithPin } from '../support/team';
import { createTestApp, describeEachDatabase } from '../support/test-app';

/**
 * A sticker key can be replaced and cannot flood (DESIGN.md, "Books no one can rewrite"; issue 49; decision
 * 165): owner and manager rotate the keys, an old key then counts as no key, and a key lifts the public limits
 * for at most 60 checks an hour a bungalow.
 */
describeEachDatabase('sticker keys rotated and capped', ({ fresh }) => {
  async function setUp() {
    const base = await fresh();
    const t = await createTestApp(base.scratch, {
      trustProxy: true,
      config: { checkoutLimits: { perAddress: 500, perBungalow: 500 } },
    });
    const owner = await t.login();
    await setGuest(t, owner);
    const coke = (await drinksByName(t)).Coke?.id;
    const send = async (bungalow: number, k?: string) => {
      const response = await t.request('POST', '/api/checkouts', {
        headers: { 'x-forwarded-for': '198.51.100.7' },
        body: {
          bungalow,
          items: [{ drinkId: coke, missing: 1 }],
          checkId: randomUUID(),
          ...(k ? { k } : {}),
        },
      });
      expect(response.status, await response.clone().text()).toBe(201);
      const { id } = (await response.json()) as { id: number };
      const row = await t.db.kysely
        .selectFrom('checkouts')
        .select(['unverified', 'keyed'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      return Number(row.unverified) === 1 ? 'unverified' : Number(row.keyed) === 1 ? 'keyed' : 'neither';
    };
    const keys = async () => {
      const response = await t.request('GET', '/api/stickers', { cookie: owner });
      const list = (await response.json()) as StickerKey[];
      return new Map(list.map((key) => [key.bungalow, key.k]));
    };
    const rotate = (body: Record<string, unknown>, cookie = owner) =>
      t.request('POST', '/api/stickers/rotate', { cookie, body });
    return { t, owner, send, keys, rotate };
  }

  it('POST /api/stickers/rotate: an old key then counts as no key, one bungalow or all, and is audited', async () => {
    const { t, owner, send, keys, rotate } = await setUp();
    const before = await keys();
    const [k5, k6] = [before.get(5), before.get(6)];
    expect(await send(5, k5)).toBe('keyed');

    const one = await rotate({ bungalow: 5 });
    expect(one.status).toBe(200);
    const rotated = new Map(((await one.json()) as StickerKey[]).map((key) => [key.bungalow, key.k]));
    expect(rotated.get(5)).not.toBe(k5);
    expect(rotated.get(6)).toBe(k6);
    expect(await send(5, k5)).toBe('unverified');
    expect(await send(5, rotated.get(5))).toBe('keyed');
    expect(await send(6, k6)).toBe('keyed');
    // Rotated again: the second key goes too, and the first does not come back.
    await rotate({ bungalow: 5 });
    expect(await send(5, rotated.get(5))).toBe('unverified');
    expect(await send(5, k5)).toBe('unverified');

    const all = await rotate({});
    expect(all.status).toBe(200);
    const fresh = await keys();
    expect(await send(6, k6)).toBe('unverified');
    expect(await send(5, rotated.get(5))).toBe('unverified');
    expect(await send(6, fresh.get(6))).toBe('keyed');
    expect(await send(5, fresh.get(5))).toBe('keyed');

    const activity = await (
      await t.request('GET', '/api/audit?action=stickers.rotated', { cookie: owner })
    ).json();
    expect(activity.events.map((event: { details: unknown }) => event.details)).toEqual([
      { all: true },
      { bungalow: 5 },
      { bungalow: 5 },
    ]);
  });

  it('the 61st keyed check of a bungalow in an hour is an unknown sender’s (unverified, counted)', async () => {
    const { t, send, keys } = await setUp();
    const k = (await keys()).get(8);
    const kept: string[] = [];
    for (let i = 0; i < 60; i++) {
      kept.push(await send(8, k));
      t.clock.advance(1_000);
    }
    expect(kept.every((kind) => kind === 'keyed')).toBe(true);
    expect(await send(8, k)).toBe('unverified');
    expect(await send(8, k)).toBe('unverified');
    // Another bungalow's key is not held by bungalow 8's checks.
    expect(await send(9, (await keys()).get(9))).toBe('keyed');
    // An hour after the first keyed checks, the key lifts the limits again.
    t.clock.advance(60 * 60 * 1000 - 59_000);
    expect(await send(8, k)).toBe('keyed');
  });

  it('a keyed check revised past the cap becomes an unknown sender’s, and its revisions count in the public limit', async () => {
    const { t, keys } = await setUp();
    const k = (await keys()).get(7);
    const coke = (await drinksByName(t)).Coke?.id;
    const sendCheck = (checkId: string, missing: number) =>
      t.request('POST', '/api/checkouts', {
        headers: { 'x-forwarded-for': '198.51.100.7' },
        body: { bungalow: 7, items: [{ drinkId: coke, missing }], checkId, k },
      });
    const kept = randomUUID();
    expect((await sendCheck(kept, 1)).status).toBe(201);
    for (let i = 1; i < 60; i++) expect((await sendCheck(randomUUID(), 1)).status).toBe(201);
    // The 61st keyed write is a revision of the first check: past the cap.
    const revised = await sendCheck(kept, 2);
    expect(revised.status).toBe(200);
    const row = await t.db.kysely
      .selectFrom('checkouts')
      .select(['unverified', 'keyed'])
      .where('check_id', '=', kept)
      .executeTakeFirstOrThrow();
    expect([Number(row.unverified), Number(row.keyed)]).toEqual([1, 0]);
  });

  it('a keyed check revised with a rotated key, or with none, becomes an unknown sender’s', async () => {
    const { t, keys, rotate } = await setUp();
    const coke = (await drinksByName(t)).Coke?.id;
    const sendCheck = (checkId: string, missing: number, k?: string) =>
      t.request('POST', '/api/checkouts', {
        headers: { 'x-forwarded-for': '198.51.100.7' },
        body: { bungalow: 7, items: [{ drinkId: coke, missing }], checkId, ...(k ? { k } : {}) },
      });
    const flags = async (checkId: string) => {
      const row = await t.db.kysely
        .selectFrom('checkouts')
        .select(['unverified', 'keyed'])
        .where('check_id', '=', checkId)
        .executeTakeFirstOrThrow();
      return [Number(row.unverified), Number(row.keyed)];
    };
    const old = (await keys()).get(7);
    const [rotatedAway, keyless] = [randomUUID(), randomUUID()];
    expect((await sendCheck(rotatedAway, 1, old)).status).toBe(201);
    expect((await sendCheck(keyless, 1, old)).status).toBe(201);
    expect(await flags(rotatedAway)).toEqual([0, 1]);
    expect((await rotate({ bungalow: 7 })).status).toBe(200);
    expect((await sendCheck(rotatedAway, 2, old)).status).toBe(200);
    expect((await sendCheck(keyless, 2)).status).toBe(200);
    expect(await flags(rotatedAway)).toEqual([1, 0]);
    expect(await flags(keyless)).toEqual([1, 0]);
  });

  it('past the cap the public limits hold: the bungalow’s unknown checks are counted with the keyed ones over it', async () => {
    const base = await fresh();
    const t = await createTestApp(base.scratch, {
      trustProxy: true,
      config: { checkoutLimits: { perAddress: 500, perBungalow: 3 } },
    });
    const owner = await t.login();
    await setGuest(t, owner);
    const coke = (await drinksByName(t)).Coke?.id;
    const k = (
      (await (await t.request('GET', '/api/stickers', { cookie: owner })).json()) as StickerKey[]
    ).find((key) => key.bungalow === 4)?.k;
    const statuses: number[] = [];
    for (let i = 0; i < 64; i++) {
      const response = await t.request('POST', '/api/checkouts', {
        headers: { 'x-forwarded-for': '198.51.100.7' },
        body: { bungalow: 4, items: [{ drinkId: coke, missing: 1 }], checkId: randomUUID(), k },
      });
      statuses.push(response.status);
    }
    expect(statuses.slice(0, 63).every((status) => status === 201)).toBe(true);
    expect(statuses[63]).toBe(429);
  });

  it('POST /api/stickers/rotate is the owner’s and a manager’s: 401, 403 for desk and housekeeping, 422 for a bad body', async () => {
    const { t, owner, rotate } = await setUp();
    expect((await t.request('POST', '/api/stickers/rotate', { body: {} })).status).toBe(401);
    const device = await registerDevice(t, owner);
    const manager = await addStaff(t, owner, { name: 'Mana', role: 'manager', pin: pins[0] });
    const desk = await addStaff(t, owner, { name: 'Dao', role: 'desk', pin: pins[1] });
    const keeper = await addStaff(t, owner, { name: 'Hom', role: 'housekeeping', pin: pins[2] });
    for (const [person, pin] of [
      [desk, pins[1]],
      [keeper, pins[2]],
    ] as const) {
      const cookie = await signInWithPin(t, device, person.id, pin);
      const refused = await rotate({ bungalow: 3 }, cookie);
      expect(refused.status, person.name).toBe(403);
      expect((await errorOf(refused)).code).toBe('forbidden');
    }
    const managerCookie = await signInWithPin(t, device, manager.id, pins[0]);
    expect((await rotate({ bungalow: 3 }, managerCookie)).status).toBe(200);
    for (const body of [{ bungalow: 'three' }, { bungalow: 0 }, { bungalow: 3, more: 1 }, { all: true }]) {
      const bad = await rotate(body);
      expect(bad.status, JSON.stringify(body)).toBe(422);
      expect((await errorOf(bad)).code).toBe('validation_failed');
    }
  });
});

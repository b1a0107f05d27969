import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import { stickerKeyOf } from '../../src/server/auth/sticker-keys';
import { liveEventOf } from '../../src/server/live/live-events';
import type { StickerKey } from '../../src/shared/api-types';
import type { HistoryCheckout } from '../../src/shared/staff-types';
import { drinksByName, setGuest } from '../support/checkout-factory';
import { addStaff, errorOf, pins, registerDevice, signInWithPin } from '../support/team';
import { createTestApp, describeEachDatabase, type TestApp } from '../support/test-app';

/**
 * A flood never blocks a real check (DESIGN.md, "Abuse resistance"): 30 anonymous checkouts for bungalow 5
 * from one address use up the bungalow's public limit, yet the check of a page opened through the sticker, of
 * a registered device and of a staff session each go through, are not counted, and answer the desk's request.
 */
describeEachDatabase('a flood of anonymous checkouts', ({ fresh }) => {
  async function setUp() {
    const base = await fresh({ config: { checkoutLimits: { perAddress: 200, perBungalow: 30 } } });
    const t = await createTestApp(base.scratch, { trustProxy: true });
    const owner = await t.login();
    await setGuest(t, owner);
    const drinks = await drinksByName(t);
    const coke = drinks.Coke?.id;
    const send = (
      bungalow: number,
      options: { address?: string; cookie?: string; k?: string; checkId?: string } = {},
    ) =>
      t.request('POST', '/api/checkouts', {
        ...(options.cookie ? { cookie: options.cookie } : {}),
        headers: { 'x-forwarded-for': options.address ?? '198.51.100.7' },
        body: {
          bungalow,
          items: [{ drinkId: coke, missing: 1 }],
          checkId: options.checkId ?? randomUUID(),
          ...(options.k !== undefined ? { k: options.k } : {}),
        },
      });
    return { t, owner, send };
  }

  const history = async (t: TestApp, cookie: string, query = 'bungalow=5&pageSize=100') =>
    (await (await t.request('GET', `/api/checkouts?${query}`, { cookie })).json()) as HistoryCheckout[];
  const openRequests = async (t: TestApp, cookie: string) =>
    (
      (await (await t.request('GET', '/api/check-requests', { cookie })).json()) as { bungalow: number }[]
    ).map((request) => request.bungalow);

  it('30 fakes from one address: the sticker, a registered device and staff still record, uncounted', async () => {
    const { t, owner, send } = await setUp();
    const asked = await t.request('POST', '/api/check-requests', { cookie: owner, body: { bungalow: 5 } });
    expect(asked.status).toBe(201);

    const statuses: number[] = [];
    for (let i = 0; i < 30; i++) statuses.push((await send(5)).status);
    expect(statuses.every((status) => status === 201)).toBe(true);
    // The desk's request is still open: an unknown sender's check answers none.
    expect(await openRequests(t, owner)).toEqual([5]);

    // The bungalow's public limit is used up: a guest from another address without the key waits an hour.
    const stranger = await send(5, { address: '203.0.113.9' });
    expect(stranger.status).toBe(429);
    expect(Number(stranger.headers.get('retry-after'))).toBeGreaterThan(0);

    // The real guest, from the sticker's page: the key of bungalow 5 (the sticker API gives the same).
    const keys = (await (await t.request('GET', '/api/stickers', { cookie: owner })).json()) as StickerKey[];
    const k = keys.find((key) => key.bungalow === 5)?.k;
    expect(k).toBe(await stickerKeyOf(t.db, 5));
    expect((await send(5, { address: '203.0.113.9', k: `${k}x` })).status).toBe(429);
    expect((await send(5, { address: '203.0.113.9', k: await stickerKeyOf(t.db, 6) })).status).toBe(429);
    const sticker = await send(5, { address: '203.0.113.9', k });
    expect(sticker.status).toBe(201);
    // It answered the desk's request.
    expect(await openRequests(t, owner)).toEqual([]);

    // A registered device with nobody signed in, and a person signed in on it.
    const device = await registerDevice(t, owner, 'Housekeeping phone');
    expect((await send(5, { address: '203.0.113.9', cookie: device })).status).toBe(201);
    const noi = await addStaff(t, owner, { name: 'Noi', role: 'housekeeping', pin: pins[0] });
    const signedIn = await signInWithPin(t, device, noi.id, pins[0]);
    expect((await send(5, { address: '203.0.113.9', cookie: signedIn })).status).toBe(201);
    expect((await send(5, { address: '198.51.100.7', cookie: owner })).status).toBe(201);

    console.log(
      `[figure] flood of bungalow 5: 30 anonymous checks from one address all 201; then a stranger 429 ` +
        `(Retry-After ${stranger.headers.get('retry-after')} s); the sticker's page, a registered device, a PIN ` +
        'session and the owner: 201 each, none counted',
    );
    // Marked in the history: 30 unverified, the four real ones not.
    const all = await history(t, owner);
    expect(all).toHaveLength(34);
    expect(all.filter((checkout) => checkout.unverified === true)).toHaveLength(30);
    expect(all.slice(0, 4).every((checkout) => checkout.unverified === undefined)).toBe(true);
    expect(await history(t, owner, 'bungalow=5&unverified=true&pageSize=100')).toHaveLength(30);

    // And on the live desk.
    const events = await t.db.kysely
      .selectFrom('audit_events')
      .select(['seq', 'at', 'action', 'subject_id', 'details'])
      .where('action', '=', 'checkout.recorded')
      .orderBy('seq')
      .execute();
    const live = events.map((row) => liveEventOf(row));
    expect(live.filter((event) => event?.unverified === true)).toHaveLength(30);
    expect(live.at(-1)?.unverified).toBeUndefined();

    // Voided together: desk and up as the void rights are; the real checks stay.
    const housekeeping = await t.request('POST', '/api/checkouts/void-unverified', {
      cookie: signedIn,
      body: { reason: 'Flood' },
    });
    expect(housekeeping.status).toBe(403);
    const bad = await t.request('POST', '/api/checkouts/void-unverified', { cookie: owner, body: {} });
    expect(bad.status).toBe(422);
    const voided = await t.request('POST', '/api/checkouts/void-unverified', {
      cookie: owner,
      body: { reason: 'Flood from 198.51.100.7' },
    });
    expect(voided.status).toBe(200);
    expect(await voided.json()).toEqual({ voided: 30 });
    const after = await history(t, owner);
    expect(after.filter((checkout) => checkout.voidedAt !== null)).toHaveLength(30);
    expect(after.filter((checkout) => checkout.voidedAt === null && checkout.unverified)).toHaveLength(0);
    const again = await t.request('POST', '/api/checkouts/void-unverified', {
      cookie: owner,
      body: { reason: 'Flood' },
    });
    expect(await again.json()).toEqual({ voided: 0 });
  });

  it('a desk voids them with a manager approval, and a desk without one is refused', async () => {
    const { t, owner, send } = await setUp();
    for (let i = 0; i < 3; i++) expect((await send(7)).status).toBe(201);
    const device = await registerDevice(t, owner);
    const desk = await addStaff(t, owner, { name: 'Ploy', role: 'desk', pin: pins[1] });
    const manager = await addStaff(t, owner, { name: 'Somchai', role: 'manager', pin: pins[2] });
    const deskCookie = await signInWithPin(t, device, desk.id, pins[1]);
    const refused = await t.request('POST', '/api/checkouts/void-unverified', {
      cookie: deskCookie,
      body: { reason: 'Flood' },
    });
    expect(refused.status).toBe(403);
    expect((await errorOf(refused)).code).toBe('approval_required');
    const approved = await t.request('POST', '/api/checkouts/void-unverified', {
      cookie: deskCookie,
      body: { reason: 'Flood', approval: { staffId: manager.id, pin: pins[2] } },
    });
    expect(approved.status).toBe(200);
    expect(await approved.json()).toEqual({ voided: 3 });
  });

  it('real checks are not counted in the limits: the bungalow still takes its 30 unknown ones after 40 real', async () => {
    const { t, owner, send } = await setUp();
    const k = await stickerKeyOf(t.db, 9);
    for (let i = 0; i < 40; i++) expect((await send(9, { k })).status).toBe(201);
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) statuses.push((await send(9)).status);
    expect(statuses.slice(0, 30).every((status) => status === 201)).toBe(true);
    expect(statuses[30]).toBe(429);
    expect((await history(t, owner, 'bungalow=9&unverified=true&pageSize=100')).length).toBe(30);
  });
});

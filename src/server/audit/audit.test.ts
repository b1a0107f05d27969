import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { checkoutAt, drinksByName, loginAt, setGuest } from '../../../tests/support/checkout-factory';
import { parseCsv } from '../../../tests/support/csv-parse';
import { lastAuditEvent } from '../../../tests/support/last-audit-event';
import { describeEachDatabase, type TestApp } from '../../../tests/support/test-app';
import type { AuditEvent } from '../../shared/audit-types';
import { type Actor, ownerActor } from '../../shared/team';
import { recordAudit, subject } from './audit-log';

interface AuditPage {
  events: AuditEvent[];
  hasMore: boolean;
}

async function audit(t: TestApp, cookie: string, query = ''): Promise<AuditPage> {
  const response = await t.request('GET', `/api/audit${query}`, { cookie });
  expect(response.status, await response.clone().text()).toBe(200);
  return response.json();
}

const noi: Actor = {
  kind: 'staff',
  id: 7,
  name: 'Noi',
  role: 'desk',
  device: { id: 3, name: 'Desk tablet' },
};

describeEachDatabase('audit API', ({ dialect, fresh }) => {
  describe('one evening at the resort', () => {
    let t: TestApp;
    let cookie: string;
    let events: AuditEvent[];
    let checkoutId: number;
    const checkId = '3f1c2b9e-5d7a-4c1e-9a0b-2d4e6f8a0c11';

    beforeAll(async () => {
      t = await fresh();
      cookie = await loginAt(t, '2026-04-10T10:00:00.000Z');
      await setGuest(t, cookie, 'Mia Guest');
      const drinks = await drinksByName(t);
      const chang = drinks.Chang;
      const coke = drinks.Coke;
      if (!chang || !coke) throw new Error('seed drinks missing');
      const put = (path: string, body: unknown) => t.request('PUT', path, { cookie, body });
      const post = (path: string, body: unknown) => t.request('POST', path, { cookie, body });
      expect(
        (await put(`/api/drinks/${chang.id}`, { drinkName: 'Chang', startingQuantity: 4, price: 90 })).status,
      ).toBe(200);
      // Saved again as it is: a save that changes nothing records nothing (below: one event of each).
      expect(
        (await put(`/api/drinks/${chang.id}`, { drinkName: 'Chang', startingQuantity: 4, price: 90 })).status,
      ).toBe(200);
      const added = await (
        await post('/api/drinks', { drinkName: 'Singha', startingQuantity: 3, price: 70 })
      ).json();
      expect((await t.request('DELETE', `/api/drinks/${added.id}`, { cookie })).status).toBe(204);
      expect((await put('/api/settings', { resortName: 'Palm Bay' })).status).toBe(200);
      expect((await put('/api/settings', { resortName: 'Palm Bay' })).status).toBe(200);
      await setGuest(t, cookie, 'Mia Guest');
      expect((await put('/api/bungalows/12/stay', { guestName: 'Tom Stay' })).status).toBe(201);
      expect((await put('/api/bungalows/12/stay', { guestName: 'Tom Stayer' })).status).toBe(200);
      expect((await put('/api/bungalows/12/stay', { guestName: 'Tom Stayer' })).status).toBe(200);
      // A guest's tablet: no session.
      const first = await t.request('POST', '/api/checkouts', {
        body: { bungalow: 12, checkId, items: [{ drinkId: coke.id, missing: 2 }] },
      });
      expect(first.status).toBe(201);
      checkoutId = (await first.json()).id;
      const revised = await t.request('POST', '/api/checkouts', {
        body: { bungalow: 12, checkId, items: [{ drinkId: coke.id, missing: 3 }] },
      });
      expect(revised.status).toBe(200);
      expect((await post(`/api/checkouts/${checkoutId}/payment`, { method: 'cash' })).status).toBe(200);
      expect((await post(`/api/checkouts/${checkoutId}/payment`, { method: null })).status).toBe(200);
      expect((await post(`/api/checkouts/${checkoutId}/void`, { reason: 'Entered twice' })).status).toBe(200);
      expect((await post('/api/restock/12', {})).status).toBe(201);
      expect((await t.request('DELETE', '/api/bungalows/12/stay', { cookie })).status).toBe(204);
      events = (await audit(t, cookie)).events;
    });

    const find = (action: string) => {
      const found = events.filter((event) => event.action === action);
      expect(found, action).toHaveLength(1);
      return found[0] as AuditEvent;
    };
    const owner = { id: null, name: 'Owner', role: 'owner', device: null };

    it('GET /api/audit answers every change newest first, with seq, hash and who', () => {
      expect(events.map((event) => event.action)).toEqual([
        'stay.closed',
        'restock.done',
        'checkout.voided',
        'payment.undone',
        'payment.recorded',
        'checkout.revised',
        'checkout.recorded',
        'stay.changed',
        'stay.opened',
        'settings.changed',
        'drink.deleted',
        'drink.added',
        'drink.changed',
        'guest.saved',
        // The owner's password sign-in, first of all.
        'session.signed_in',
      ]);
      const seqs = events.map((event) => event.seq);
      expect(seqs).toEqual([...seqs].sort((a, b) => b - a));
      expect(seqs.at(-1)).toBe(1);
      expect(new Set(seqs).size).toBe(seqs.length);
      for (const event of events) expect(event.hash).toMatch(/^[0-9a-f]{64}$/);
      expect(Object.keys(events[0] as object).sort()).toEqual(
        ['action', 'actor', 'at', 'details', 'hash', 'seq', 'subject'].sort(),
      );
    });

    it('a price change names the drink, before and after', () => {
      const changed = find('drink.changed');
      expect(changed.actor).toEqual(owner);
      expect(changed.subject.type).toBe('drink');
      expect(changed.details).toEqual({ drinkName: 'Chang', before: { price: 80 }, after: { price: 90 } });
      expect(changed.at).toBe('2026-04-10T10:00:00.000Z');
      expect(find('drink.added').details).toMatchObject({ after: { drinkName: 'Singha', price: 70 } });
      expect(find('drink.deleted').details).toMatchObject({ before: { drinkName: 'Singha' } });
    });

    it('the guest, the settings and stays keep before and after', () => {
      expect(find('guest.saved')).toMatchObject({
        actor: owner,
        subject: { type: 'guest' },
        details: { after: { name: 'Mia Guest', email: 'guest@example.com' } },
      });
      expect(find('settings.changed').details).toMatchObject({
        before: { resortName: expect.any(String) },
        after: { resortName: 'Palm Bay' },
      });
      expect(find('stay.opened').details).toMatchObject({ bungalow: 12, after: { guestName: 'Tom Stay' } });
      expect(find('stay.changed').details).toEqual({
        bungalow: 12,
        before: { guestName: 'Tom Stay' },
        after: { guestName: 'Tom Stayer' },
      });
      expect(find('stay.closed').details).toEqual({ bungalow: 12, guestName: 'Tom Stayer' });
    });

    it("a guest's checkout is the guest's; revision, payment, undo and void say what changed", () => {
      const recorded = find('checkout.recorded');
      expect(recorded.actor).toEqual({ id: null, name: 'guest', role: 'guest', device: null });
      expect(recorded.subject).toEqual({ type: 'checkout', id: String(checkoutId) });
      expect(recorded.details).toMatchObject({ bungalow: 12, total: 80 });
      // The checkId is the device's secret (fifth stage): in no event, so in no webhook or live event.
      expect(JSON.stringify(events)).not.toContain(checkId);
      const revised = find('checkout.revised');
      expect(revised.actor.role).toBe('guest');
      expect(revised.details).toMatchObject({ before: { total: 80 }, after: { total: 120 } });
      expect(find('payment.recorded')).toMatchObject({
        actor: owner,
        subject: { type: 'checkout', id: String(checkoutId) },
        details: { bungalow: 12, total: 120, before: { method: null }, after: { method: 'cash' } },
      });
      expect(find('payment.undone').details).toMatchObject({
        before: { method: 'cash' },
        after: { method: null },
      });
      expect(find('checkout.voided').details).toEqual({ bungalow: 12, total: 120, reason: 'Entered twice' });
      expect(find('restock.done')).toMatchObject({ subject: { type: 'bungalow', id: '12' } });
    });

    it("a checkout event's subject opens its history entry (GET /api/checkouts?checkout=)", async () => {
      const response = await t.request('GET', `/api/checkouts?checkout=${checkoutId}`, { cookie });
      expect(response.status).toBe(200);
      expect((await response.json()).map((c: { id: number }) => c.id)).toEqual([checkoutId]);
    });

    it('GET /api/audit/verify: the chain holds', async () => {
      const response = await t.request('GET', '/api/audit/verify', { cookie });
      expect(response.status).toBe(200);
      // Seventh stage: the answer says when its last full pass ran, and what the trail's replay found.
      expect(await response.json()).toEqual({
        ok: true,
        events: events.length,
        lastHash: events[0]?.hash,
        lastFullPass: expect.any(String),
        trail: expect.objectContaining({ differences: [], moreDifferences: 0 }),
      });
    });

    it('filters by actor (owner, guest) and action', async () => {
      const guest = await audit(t, cookie, '?actor=guest');
      expect(guest.events.map((event) => event.action)).toEqual(['checkout.revised', 'checkout.recorded']);
      const ownerOnly = await audit(t, cookie, '?actor=owner');
      expect(ownerOnly.events).toHaveLength(events.length - 2);
      expect(ownerOnly.events.every((event) => event.actor.role === 'owner')).toBe(true);
      const payments = await audit(t, cookie, `?action=payment.recorded`);
      expect(payments.events.map((event) => event.seq)).toEqual([find('payment.recorded').seq]);
      expect((await audit(t, cookie, '?actor=owner&action=checkout.recorded')).events).toEqual([]);
    });

    it('UPDATE and DELETE on audit_events are refused by the database', async () => {
      await expect(
        sql`update audit_events set actor_name = 'Someone else' where seq = 1`.execute(t.db.kysely),
      ).rejects.toThrow(/append-only/);
      await expect(sql`delete from audit_events where seq = 1`.execute(t.db.kysely)).rejects.toThrow(
        /append-only/,
      );
      if (dialect === 'postgres') {
        // The server's login may not truncate at all (docs/decisions/231); the owner is stopped by the trigger.
        await expect(sql`truncate audit_events`.execute(t.db.kysely)).rejects.toThrow(/permission denied/);
        await expect(sql`truncate audit_events`.execute(t.scratch.owner.kysely)).rejects.toThrow(
          /append-only/,
        );
      }
      expect((await audit(t, cookie, '?action=guest.saved')).events[0]?.actor.name).toBe('Owner');
    });
  });

  it('filters by person, resort days and pages of 50', async () => {
    const t = await fresh({ seed: false });
    const cookie = await loginAt(t, '2026-04-12T12:00:00.000Z');
    // Bangkok (the default zone) is UTC+7: 2026-04-10T18:30Z is already the 11th there.
    const at = (i: number) =>
      new Date(Date.parse('2026-04-09T18:30:00.000Z') + i * 3_600_000 * 6).toISOString();
    for (let i = 0; i < 12; i++) {
      await recordAudit(t.db.kysely, {
        actor: i % 3 === 0 ? noi : ownerActor(),
        at: at(i),
        action: 'restock.done',
        subject: subject('bungalow', i),
        details: { refilled: [] },
      });
    }
    const byNoi = await audit(t, cookie, '?actor=7');
    expect(byNoi.events.map((event) => event.subject.id)).toEqual(['9', '6', '3', '0']);
    expect(byNoi.events[0]?.actor).toEqual({
      id: 7,
      name: 'Noi',
      role: 'desk',
      device: { id: 3, name: 'Desk tablet' },
    });
    expect((await audit(t, cookie, '?actor=8')).events).toEqual([]);

    // Days 10 and 11 in Bangkok: from 2026-04-09T17:00Z to 2026-04-11T17:00Z.
    const days = await audit(t, cookie, '?from=2026-04-10&to=2026-04-11');
    const inside = Array.from({ length: 12 }, (_, i) => i).filter((i) => {
      const ms = Date.parse(at(i));
      return ms >= Date.parse('2026-04-09T17:00:00.000Z') && ms < Date.parse('2026-04-11T17:00:00.000Z');
    });
    expect(days.events.map((event) => Number(event.subject.id))).toEqual(inside.reverse());
    // 2026-04-12 in Bangkok starts at 2026-04-11T17:00Z: events 8 (18:30Z) to 11 (the sign-in left aside).
    const twelfth = await audit(t, cookie, '?from=2026-04-12&action=restock.done');
    expect(twelfth.events.map((e) => e.subject.id)).toEqual(['11', '10', '9', '8']);

    for (let i = 0; i < 100; i++) {
      await recordAudit(t.db.kysely, {
        actor: ownerActor(),
        at: '2026-04-12T10:00:00.000Z',
        action: 'drink.changed',
        subject: subject('drink', i),
      });
    }
    const first = await audit(t, cookie, '?action=drink.changed');
    expect(first.events).toHaveLength(50);
    expect(first.hasMore).toBe(true);
    expect(first.events[0]?.subject.id).toBe('99');
    const second = await audit(t, cookie, '?action=drink.changed&page=2');
    expect(second.events.map((e) => e.subject.id)).toEqual(
      Array.from({ length: 50 }, (_, i) => String(49 - i)),
    );
    expect(second.hasMore).toBe(false);
    // 12 restocks, 100 drink changes and the owner's sign-in: 13 on the third page.
    const all = await audit(t, cookie, '?page=3');
    expect(all.events).toHaveLength(13);
    expect(all.hasMore).toBe(false);
  });

  it('bad filters are 422 with the reason; no session is 401', async () => {
    const t = await fresh({ seed: false });
    const cookie = await t.login();
    for (const [query, message] of [
      ['?actor=manager', /Actor must be a staff id, owner or guest/],
      ['?action=drink.renamed', /Action must be one of/],
      ['?from=2026-02-30', /Not a real calendar date/],
      ['?from=2026-04-10&to=2026-04-01', /start date must not be after/],
      ['?page=0', /Page must be at least 1/],
      ['?seq=1', /Unrecognized key/i],
    ] as const) {
      const response = await t.request('GET', `/api/audit${query}`, { cookie });
      expect(response.status, query).toBe(422);
      expect((await response.json()).error.message, query).toMatch(message);
    }
    for (const path of ['/api/audit', '/api/audit/verify', '/api/audit/export.csv']) {
      const response = await t.request('GET', path);
      expect(response.status, path).toBe(401);
    }
    expect((await t.request('POST', '/api/audit', { cookie, body: {} })).status).toBe(405);
  });

  it('GET /api/audit/export.csv gives the filtered events, newest first, every one', async () => {
    const t = await fresh();
    await setGuest(t, await loginAt(t, '2026-04-10T10:00:00.000Z'));
    for (let i = 0; i < 3; i++) await checkoutAt(t, `2026-04-10T1${i}:00:00.000Z`, 20 + i, { Coke: 1 });
    const cookie = await t.login();
    const response = await t.request('GET', '/api/audit/export.csv?actor=guest', { cookie });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="fridge-activity.csv"');
    const [header, ...rows] = parseCsv((await response.text()).replace(/^\uFEFF/, ''));
    expect(header).toEqual([
      'seq',
      'at_utc',
      'actor_name',
      'actor_role',
      'actor_id',
      'device',
      'action',
      'subject_type',
      'subject_id',
      'details_json',
      'hash',
    ]);
    expect(rows.map((row) => [row[2], row[6]])).toEqual([
      ['guest', 'checkout.recorded'],
      ['guest', 'checkout.recorded'],
      ['guest', 'checkout.recorded'],
    ]);
    expect(JSON.parse(rows[0]?.[9] ?? '{}')).toMatchObject({ bungalow: 22, total: 40 });
  });

  it('a row changed behind the app (triggers dropped) breaks the chain at that row; a removed one too', async () => {
    const t = await fresh({ seed: false });
    const cookie = await t.login();
    // Events of no row the trail rebuilds (seventh stage: a payment needs its checkout, or verify names it).
    for (let i = 1; i <= 5; i++) {
      await recordAudit(t.db.kysely, {
        actor: ownerActor(),
        at: `2026-04-10T10:0${i}:00.000Z`,
        action: 'settings.changed',
        subject: subject('settings', i),
        details: { before: { method: null }, after: { method: 'cash' }, total: 2000 },
      });
    }
    const before = await (await t.request('GET', '/api/audit/verify', { cookie })).json();
    // The owner's sign-in (seq 1) and the five payments.
    expect(before).toMatchObject({ ok: true, events: 6 });
    // Read again after one more event: a full pass again, through the new event.
    await recordAudit(t.db.kysely, {
      actor: ownerActor(),
      at: '2026-04-10T10:06:00.000Z',
      action: 'settings.changed',
      subject: subject('settings', 5),
    });
    expect(await (await t.request('GET', '/api/audit/verify', { cookie })).json()).toEqual({
      ok: true,
      events: 7,
      lastHash: (await lastAuditEvent(t.db.kysely)).hash,
      lastFullPass: new Date(t.clock.now).toISOString(),
      trail: expect.objectContaining({ differences: [] }),
    });
    await dropTriggers(t, dialect);
    await sql`update audit_events set details = ${'{"after":{"method":"cash"},"before":{"method":null},"total":200}'} where seq = 3`.execute(
      t.db.kysely,
    );
    // The page's check is a full pass every time (seventh stage): the very next one finds the old event edited.
    const verdict = await (await t.request('GET', '/api/audit/verify', { cookie })).json();
    expect(verdict).toEqual({ ok: false, brokenAt: 3, reason: expect.stringMatching(/hash does not match/) });

    await sql`delete from audit_events where seq >= 3`.execute(t.db.kysely);
    expect(await (await t.request('GET', '/api/audit/verify', { cookie })).json()).toEqual({
      ok: false,
      brokenAt: 3,
      reason: expect.stringMatching(/the last ones were removed/),
    });
  });
});

/** What an intruder with the owner's database login does first (the server's own login cannot). */
async function dropTriggers(t: TestApp, dialect: string) {
  if (dialect === 'sqlite') {
    await sql`drop trigger audit_events_no_update`.execute(t.db.kysely);
    await sql`drop trigger audit_events_no_delete`.execute(t.db.kysely);
  } else {
    await sql`drop trigger audit_events_no_change on audit_events`.execute(t.scratch.owner.kysely);
  }
}

// Who may read the activity (right oversight): tests/security/rights.test.ts runs each role, signed in with
// a real PIN on a registered device, against these routes.

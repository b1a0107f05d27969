import { expect, it } from 'vitest';
import { drinksByName } from '../../../tests/support/checkout-factory';
import { containsValue, everyTableText } from '../../../tests/support/guest-data';
import { buyer, seller } from '../../../tests/support/tax-parties';
import { addStaff, pins, registerDevice, signInWithPin } from '../../../tests/support/team';
import { describeEachDatabase, type TestApp } from '../../../tests/support/test-app';
import { erasedGuestName, type PrivacyGuest } from '../../shared/privacy';

const mia = { guestName: 'Mia Chen-Li', guestEmail: 'Mia.Chen@Example.com' };

async function checkIn(t: TestApp, cookie: string, bungalow: number, body: Record<string, unknown>) {
  const response = await t.request('PUT', `/api/bungalows/${bungalow}/stay`, { cookie, body });
  expect(response.status, await response.clone().text()).toBeLessThan(300);
}

async function checkOut(t: TestApp, cookie: string, bungalow: number) {
  const response = await t.request('DELETE', `/api/bungalows/${bungalow}/stay`, { cookie });
  expect(response.status).toBe(204);
}

async function charge(t: TestApp, bungalow: number, missing = 2): Promise<{ id: number; total: number }> {
  const drinks = await drinksByName(t);
  const response = await t.request('POST', '/api/checkouts', {
    body: { bungalow, items: [{ drinkId: drinks.Coke?.id, missing }] },
  });
  expect(response.status, await response.clone().text()).toBe(201);
  return response.json();
}

async function search(t: TestApp, cookie: string, q: string): Promise<PrivacyGuest[]> {
  const response = await t.request('GET', `/api/privacy/guests?q=${encodeURIComponent(q)}`, { cookie });
  expect(response.status, await response.clone().text()).toBe(200);
  return response.json();
}

/** A guest with two stays (one closed, one open), checkouts on both, one paid. */
async function miaWithHistory(t: TestApp, cookie: string) {
  t.clock.now = Date.parse('2026-06-01T07:00:00.000Z');
  await checkIn(t, cookie, 12, mia);
  const first = await charge(t, 12, 2);
  await t.request('POST', `/api/checkouts/${first.id}/payment`, { cookie, body: { method: 'cash' } });
  t.clock.advance(60_000);
  await checkOut(t, cookie, 12);
  t.clock.advance(86_400_000 * 3);
  await checkIn(t, cookie, 14, { guestName: 'Mia Chen-Li', guestEmail: 'mia.chen@example.com' });
  const second = await charge(t, 14, 3);
  // Another guest, who must be left as they are.
  await checkIn(t, cookie, 15, { guestName: 'Tom Berg', guestEmail: 'tom@example.com' });
  const tom = await charge(t, 15, 1);
  return { first, second, tom };
}

describeEachDatabase('guests’ personal data API', ({ fresh }) => {
  it('two people sharing an email are two guests: found, exported and erased apart (issue 49)', async () => {
    const t = await fresh();
    const owner = await t.login();
    t.clock.now = Date.parse('2026-06-01T07:00:00.000Z');
    const family = 'family@example.com';
    await checkIn(t, owner, 12, { guestName: 'Ann Berg', guestEmail: family });
    const ann = await charge(t, 12, 2);
    await checkOut(t, owner, 12);
    t.clock.advance(86_400_000);
    await checkIn(t, owner, 14, { guestName: 'Bo Berg', guestEmail: 'Family@Example.com' });
    const bo = await charge(t, 14, 1);
    // A returning guest is still one guest: Ann again, her name in another case.
    t.clock.advance(86_400_000);
    await checkIn(t, owner, 15, { guestName: 'ann  BERG', guestEmail: family });

    const found = await search(t, owner, family);
    expect(
      found.map((guest) => [guest.name, guest.stays.map((stay) => stay.bungalow), guest.checkouts]),
    ).toEqual([
      ['Bo Berg', [14], 1],
      ['ann  BERG', [12, 15], 1],
    ]);
    const refOf = (name: string) => found.find((guest) => guest.name === name)?.guestRef ?? 'guest:0';
    const exportOf = async (ref: string) =>
      (await (await t.request('GET', `/api/privacy/guests/${ref}/export`, { cookie: owner })).json()) as {
        stays: { bungalow: number }[];
        checkouts: { id: number }[];
      };
    const annData = await exportOf(refOf('ann  BERG'));
    expect(annData.stays.map((stay) => stay.bungalow)).toEqual([12, 15]);
    expect(annData.checkouts.map((checkout) => checkout.id)).toEqual([ann.id]);
    expect(containsValue(JSON.stringify(annData), 'Bo Berg')).toBe(false);
    const boData = await exportOf(refOf('Bo Berg'));
    expect(boData.stays.map((stay) => stay.bungalow)).toEqual([14]);
    expect(boData.checkouts.map((checkout) => checkout.id)).toEqual([bo.id]);
    expect(containsValue(JSON.stringify(boData), 'Ann Berg')).toBe(false);

    const erased = await t.request('POST', `/api/privacy/guests/${refOf('Bo Berg')}/erase`, {
      cookie: owner,
      body: { reason: 'asked at the desk' },
    });
    expect(await erased.json()).toMatchObject({ erased: { stays: 1, checkouts: 1 } });
    const left = await search(t, owner, family);
    expect(left.map((guest) => [guest.name, guest.stays.length])).toEqual([['ann  BERG', 2]]);
    const history = (await (await t.request('GET', '/api/checkouts', { cookie: owner })).json()) as {
      id: number;
      guestName: string;
    }[];
    expect(history.find((checkout) => checkout.id === bo.id)?.guestName).toBe(erasedGuestName);
    expect(history.find((checkout) => checkout.id === ann.id)?.guestName).toBe('Ann Berg');
    const everything = await everyTableText(t.db);
    expect(containsValue(everything, 'Bo Berg')).toBe(false);
    expect(containsValue(everything, 'Ann Berg')).toBe(true);
  });

  it('GET /api/privacy/guests finds a guest by part of the email or name, ignoring case, with stays and checkouts', async () => {
    const t = await fresh();
    const owner = await t.login();
    await miaWithHistory(t, owner);
    const found = await search(t, owner, 'MIA.chen@');
    expect(found).toHaveLength(1);
    expect(found[0]).toEqual({
      guestRef: expect.stringMatching(/^guest:\d+$/),
      name: 'Mia Chen-Li',
      email: 'mia.chen@example.com',
      stays: [
        { bungalow: 12, openedAt: '2026-06-01T07:00:00.000Z', closedAt: '2026-06-01T07:01:00.000Z' },
        { bungalow: 14, openedAt: expect.any(String), closedAt: null },
      ],
      checkouts: 2,
      legalHoldUntil: null,
    });
    expect((await search(t, owner, 'chen-l')).map((g) => g.guestRef)).toEqual([found[0]?.guestRef]);
    expect(await search(t, owner, 'nobody-here')).toEqual([]);
  });

  it('GET /api/privacy/guests refuses a search shorter than 2 characters (422) and a missing q', async () => {
    const t = await fresh();
    const owner = await t.login();
    for (const path of ['/api/privacy/guests?q=m', '/api/privacy/guests?q=%20', '/api/privacy/guests']) {
      const response = await t.request('GET', path, { cookie: owner });
      expect(response.status, path).toBe(422);
      expect((await response.json()).error.code).toBe('validation_failed');
    }
  });

  it('the privacy routes are for the owner and managers: 401 without a session, 403 for desk and housekeeping', async () => {
    const t = await fresh();
    const owner = await t.login();
    const device = await registerDevice(t, owner);
    const manager = await addStaff(t, owner, { name: 'Mana', role: 'manager', pin: pins[0] });
    const desk = await addStaff(t, owner, { name: 'Dao', role: 'desk', pin: pins[1] });
    const keeper = await addStaff(t, owner, { name: 'Hom', role: 'housekeeping', pin: pins[2] });
    await checkIn(t, owner, 3, mia);
    const [guest] = await search(t, owner, 'mia');
    const ref = guest?.guestRef ?? '';
    const calls = [
      ['GET', '/api/privacy/guests?q=mia', undefined],
      ['GET', `/api/privacy/guests/${ref}/export`, undefined],
      ['POST', `/api/privacy/guests/${ref}/erase`, { reason: 'asked' }],
    ] as const;
    for (const [method, path, body] of calls) {
      expect((await t.request(method, path, body ? { body } : {})).status, `${method} ${path}`).toBe(401);
      for (const person of [desk, keeper]) {
        const cookie = await signInWithPin(t, device, person.id, pins[person === desk ? 1 : 2]);
        const response = await t.request(method, path, body ? { cookie, body } : { cookie });
        expect(response.status, `${person.name} ${method} ${path}`).toBe(403);
        expect((await response.json()).error.code).toBe('forbidden');
      }
    }
    const managerCookie = await signInWithPin(t, device, manager.id, pins[0]);
    expect((await t.request('GET', '/api/privacy/guests?q=mia', { cookie: managerCookie })).status).toBe(200);
  });

  it('GET /api/privacy/guests/:guestRef/export downloads everything held about the guest', async () => {
    const t = await fresh();
    const owner = await t.login();
    const { first, second } = await miaWithHistory(t, owner);
    const [guest] = await search(t, owner, 'mia.chen');
    const response = await t.request('GET', `/api/privacy/guests/${guest?.guestRef}/export`, {
      cookie: owner,
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="guest-\d+\.json"$/);
    const data = await response.json();
    expect(data.guest).toMatchObject({ name: 'Mia Chen-Li', email: 'mia.chen@example.com' });
    expect(data.stays.map((s: { bungalow: number; guestName: string }) => [s.bungalow, s.guestName])).toEqual(
      [
        [12, 'Mia Chen-Li'],
        [14, 'Mia Chen-Li'],
      ],
    );
    expect(data.checkouts.map((c: { id: number; total: number }) => [c.id, c.total])).toEqual([
      [first.id, first.total],
      [second.id, second.total],
    ]);
    expect(data.checkouts[0].lines[0]).toMatchObject({ drinkName: 'Coke', quantity: 2 });
    expect(data.checkouts[0].payments).toEqual([expect.objectContaining({ method: 'cash' })]);
    const opened = data.auditEvents.find((e: { action: string }) => e.action === 'stay.opened');
    expect(opened.details.after).toMatchObject({
      guestName: 'Mia Chen-Li',
      guestEmail: 'Mia.Chen@Example.com',
    });
    expect(data.auditEvents.map((e: { action: string }) => e.action)).toEqual([
      'stay.opened',
      'stay.closed',
      'stay.opened',
    ]);
    const unknown = await t.request('GET', '/api/privacy/guests/guest:99999/export', { cookie: owner });
    expect(unknown.status).toBe(404);
    expect((await t.request('GET', '/api/privacy/guests/nobody/export', { cookie: owner })).status).toBe(404);
    // A malformed reference (a lone `%` once decoded) is the client's mistake, not the server's (issue 49).
    for (const path of ['/api/privacy/guests/%25/export', '/api/privacy/guests/%25E0%25A4%25A/export']) {
      const malformed = await t.request('GET', path, { cookie: owner });
      expect(malformed.status, path).toBe(400);
      expect((await malformed.json()).error.code).toBe('bad_request');
    }
    const malformedErase = await t.request('POST', '/api/privacy/guests/%25/erase', {
      cookie: owner,
      body: { reason: 'x' },
    });
    expect(malformedErase.status).toBe(400);
  });

  it('an export is on record (guest.exported: who and when, no personal data) and reads as a page in the guest’s language', async () => {
    const t = await fresh();
    const owner = await t.login();
    await miaWithHistory(t, owner);
    const [guest] = await search(t, owner, 'mia.chen');
    const ref = guest?.guestRef ?? '';
    expect((await t.request('GET', `/api/privacy/guests/${ref}/export`, { cookie: owner })).status).toBe(200);
    const page = await t.request('GET', `/api/privacy/guests/${ref}/export?format=html&lang=th`, {
      cookie: owner,
    });
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    const html = await page.text();
    expect(html).toContain('<html lang="th">');
    expect(html).toContain('ข้อมูลของคุณ');
    expect(html).toContain('การเข้าพัก');
    expect(html).toContain('Mia Chen');
    expect(html).toContain('2 × Coke');
    expect(
      (await t.request('GET', `/api/privacy/guests/${ref}/export?lang=xx`, { cookie: owner })).status,
    ).toBe(422);

    const events = (
      await (await t.request('GET', '/api/audit?action=guest.exported', { cookie: owner })).json()
    ).events as { actor: { role: string }; at: string; subject: unknown; details: unknown }[];
    expect(events.map((event) => [event.actor.role, event.subject, event.details])).toEqual([
      ['owner', { type: 'guest', id: ref }, { format: 'html' }],
      ['owner', { type: 'guest', id: ref }, { format: 'json' }],
    ]);
    const recorded = JSON.stringify(events);
    for (const value of ['Mia', 'mia.chen', 'Example.com']) expect(recorded).not.toContain(value);
  });

  it('POST /api/privacy/guests/:guestRef/erase: the name reads Erased guest everywhere, every amount stays, the chain verifies, no value is left in any table', async () => {
    const t = await fresh();
    const owner = await t.login();
    const { first, second, tom } = await miaWithHistory(t, owner);
    const historyBefore = await (await t.request('GET', '/api/checkouts', { cookie: owner })).json();
    const [guest] = await search(t, owner, 'mia.chen');
    const ref = guest?.guestRef ?? '';

    const bad = await t.request('POST', `/api/privacy/guests/${ref}/erase`, {
      cookie: owner,
      body: { reason: '' },
    });
    expect(bad.status).toBe(422);
    const extra = await t.request('POST', `/api/privacy/guests/${ref}/erase`, {
      cookie: owner,
      body: { reason: 'x', more: 1 },
    });
    expect(extra.status).toBe(422);
    expect(
      (
        await t.request('POST', '/api/privacy/guests/guest:99999/erase', {
          cookie: owner,
          body: { reason: 'x' },
        })
      ).status,
    ).toBe(404);

    const response = await t.request('POST', `/api/privacy/guests/${ref}/erase`, {
      cookie: owner,
      body: { reason: 'Mia Chen-Li asked by email (mia.chen@example.com)' },
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      guestRef: ref,
      erased: { stays: 2, checkouts: 2 },
      legalHoldUntil: null,
    });

    // History: the same checkouts, amounts and lines, the name erased; the other guest untouched.
    const history = await (await t.request('GET', '/api/checkouts', { cookie: owner })).json();
    const byId = new Map(history.map((c: { id: number }) => [c.id, c]));
    for (const before of historyBefore) {
      const after = byId.get(before.id) as typeof before;
      expect({ ...after, guestName: null }).toEqual({ ...before, guestName: null });
      expect(after.guestName).toBe(before.id === tom.id ? 'Tom Berg' : erasedGuestName);
    }
    expect([first.id, second.id].every((id) => byId.has(id))).toBe(true);

    const csvText = await (
      await t.request('GET', '/api/checkouts/export.csv?from=2026-01-01&to=2026-12-31', { cookie: owner })
    ).text();
    expect(csvText).toContain(erasedGuestName);
    expect(containsValue(csvText, 'Mia')).toBe(false);

    const stays = await (await t.request('GET', '/api/bungalows/12/stays', { cookie: owner })).json();
    expect(stays[0]).toMatchObject({ guestName: erasedGuestName, guestEmail: null });

    const activity = await (await t.request('GET', '/api/audit', { cookie: owner })).json();
    const opened = activity.events.filter((e: { action: string }) => e.action === 'stay.opened');
    expect(
      opened.map((e: { details: { after: { guestName: string } } }) => e.details.after.guestName),
    ).toEqual(['Tom Berg', erasedGuestName, erasedGuestName]);
    const erasedEvent = activity.events.find((e: { action: string }) => e.action === 'guest.erased');
    expect(erasedEvent).toMatchObject({
      subject: { type: 'guest', id: ref },
      details: { stays: 2, checkouts: 2, legalHoldUntil: null },
    });
    expect(JSON.stringify(erasedEvent)).not.toMatch(/mia/i);

    const verdict = await (await t.request('GET', '/api/audit/verify', { cookie: owner })).json();
    expect(verdict).toMatchObject({ ok: true });

    const everything = await everyTableText(t.db);
    for (const value of ['Mia Chen', 'mia.chen@example.com', 'Chen-Li']) {
      expect(containsValue(everything, value), value).toBe(false);
    }
    expect(containsValue(everything, 'Tom Berg')).toBe(true);
    expect(await search(t, owner, 'mia')).toEqual([]);
  });

  it('erasing the spec’s Guest record’s guest removes the record and names its checkouts Erased guest', async () => {
    const t = await fresh();
    const owner = await t.login();
    await t.request('PUT', '/api/guest', {
      cookie: owner,
      body: { name: 'Ann Walker', email: 'ann@example.com' },
    });
    const charged = await charge(t, 7, 1);
    const [guest] = await search(t, owner, 'ann@');
    expect(guest).toMatchObject({ name: 'Ann Walker', stays: [], checkouts: 1 });
    const response = await t.request('POST', `/api/privacy/guests/${guest?.guestRef}/erase`, {
      cookie: owner,
      body: { reason: 'guest request' },
    });
    expect(await response.json()).toMatchObject({ erased: { stays: 0, checkouts: 1 } });
    expect(await (await t.request('GET', '/api/guest', { cookie: owner })).json()).toBeNull();
    const history = await (await t.request('GET', '/api/checkouts', { cookie: owner })).json();
    expect(history.find((c: { id: number }) => c.id === charged.id)).toMatchObject({
      guestName: erasedGuestName,
      total: charged.total,
    });
    expect(containsValue(await everyTableText(t.db), 'Ann Walker')).toBe(false);
    expect(containsValue(await everyTableText(t.db), 'ann@example.com')).toBe(false);
  });

  it('retention erases a guest whose stays ended more than guestDataDays ago, and keeps the others', async () => {
    const t = await fresh();
    const owner = await t.login();
    await miaWithHistory(t, owner);
    await checkOut(t, owner, 14);
    const { createPrivacyRepo } = await import('./privacy.repo');
    const repo = createPrivacyRepo(t.db);
    expect(await repo.eraseExpired(365, t.clock.now + 364 * 86_400_000)).toBe(0);
    expect(await repo.eraseExpired(365, t.clock.now + 366 * 86_400_000)).toBe(1);
    expect(await search(t, owner, 'mia')).toEqual([]);
    expect((await search(t, owner, 'tom')).map((g) => g.name)).toEqual(['Tom Berg']);
    const activity = await (
      await t.request('GET', '/api/audit?action=guest.erased', { cookie: owner })
    ).json();
    expect(activity.events[0]).toMatchObject({ actor: { role: 'system' }, details: { reason: 'retention' } });
    expect(await (await t.request('GET', '/api/audit/verify', { cookie: owner })).json()).toMatchObject({
      ok: true,
    });
  });

  it('a full tax invoice keeps its buyer block for 5 years after an erase: search and erase name the day, the export lists the documents, retention clears it after', async () => {
    const t = await fresh();
    const owner = await t.login();
    const saved = await t.request('PUT', '/api/settings', { cookie: owner, body: { tax: seller } });
    expect(saved.status, await saved.clone().text()).toBe(200);
    t.clock.now = Date.parse('2026-06-01T07:00:00.000Z');
    await checkIn(t, owner, 12, mia);
    const charged = await charge(t, 12, 2);
    await charge(t, 12, 1);
    t.clock.advance(60_000);
    const invoiced = await t.request('POST', `/api/checkouts/${charged.id}/tax-invoice`, {
      cookie: owner,
      body: buyer,
    });
    expect(invoiced.status, await invoiced.clone().text()).toBe(201);
    const { document } = await invoiced.json();
    await checkOut(t, owner, 12);

    const [guest] = await search(t, owner, 'mia.chen');
    expect(guest?.legalHoldUntil).toBe('2031-07-23');
    const ref = guest?.guestRef ?? '';

    const exported = await (
      await t.request('GET', `/api/privacy/guests/${ref}/export`, { cookie: owner })
    ).json();
    const invoicedCheckout = exported.checkouts.find((c: { id: number }) => c.id === charged.id);
    expect(invoicedCheckout.documents).toEqual([
      {
        number: document.replaces,
        type: 'abb',
        status: 'replaced',
        issuedAt: '2026-06-01T07:00:00.000Z',
        vat: document.vat,
        net: document.net,
        replaces: null,
        replacedBy: document.number,
        reason: null,
        buyer: null,
      },
      {
        number: document.number,
        type: 'full',
        status: 'issued',
        issuedAt: '2026-06-01T07:01:00.000Z',
        vat: document.vat,
        net: document.net,
        replaces: document.replaces,
        replacedBy: null,
        reason: null,
        buyer: {
          name: buyer.buyerName,
          address: buyer.buyerAddress,
          taxId: buyer.buyerTaxId,
          branch: '00001',
        },
      },
    ]);
    expect(exported.checkouts.every((c: { documents: unknown[] }) => c.documents.length > 0)).toBe(true);

    const response = await t.request('POST', `/api/privacy/guests/${ref}/erase`, {
      cookie: owner,
      body: { reason: 'guest request' },
    });
    expect(await response.json()).toEqual({
      guestRef: ref,
      erased: { stays: 1, checkouts: 2 },
      legalHoldUntil: '2031-07-23',
    });
    const erasedEvent = (
      await (await t.request('GET', '/api/audit?action=guest.erased', { cookie: owner })).json()
    ).events[0];
    expect(erasedEvent.details).toMatchObject({ legalHoldUntil: '2031-07-23' });
    const kept = await (await t.request('GET', `/api/checkouts/${charged.id}`, { cookie: owner })).json();
    expect(kept).toMatchObject({ guestName: erasedGuestName, document: { number: document.number } });
    expect(kept.document.buyer).toEqual(document.buyer);
    expect(containsValue(await everyTableText(t.db), 'Mia Chen')).toBe(false);

    // Retention: the block is held 5 years from the June return's deadline (23 July 2026), through
    // 23 July 2031 in Bangkok; the day after clears it; nothing else changes.
    const { createLogger } = await import('../logger');
    const { startGuestRetention } = await import('./retention');
    const lines: string[] = [];
    const logger = createLogger('debug', (line) => lines.push(line));
    const before = startGuestRetention({
      db: t.db,
      logger,
      now: () => Date.parse('2031-07-23T07:00:00.000Z'),
    });
    await before.first;
    before.stop();
    expect(containsValue(await everyTableText(t.db), buyer.buyerName)).toBe(true);
    const after = startGuestRetention({
      db: t.db,
      logger,
      now: () => Date.parse('2031-07-24T07:00:00.000Z'),
    });
    await after.first;
    after.stop();
    const everything = await everyTableText(t.db);
    for (const value of [buyer.buyerName, buyer.buyerAddress, buyer.buyerTaxId]) {
      expect(containsValue(everything, value), value).toBe(false);
    }
    expect(lines.join('\n')).not.toContain(buyer.buyerName);
    const cleared = await (await t.request('GET', `/api/checkouts/${charged.id}`, { cookie: owner })).json();
    expect(cleared.document).toMatchObject({ number: document.number, vat: document.vat, net: document.net });
    expect(cleared.document.buyer).toBeNull();
    expect(await (await t.request('GET', '/api/audit/verify', { cookie: owner })).json()).toMatchObject({
      ok: true,
    });
  });

  it('a guest’s export shows no other guest’s values, even in an event about both (a stay handed over)', async () => {
    const t = await fresh();
    const owner = await t.login();
    await checkIn(t, owner, 12, mia);
    await checkIn(t, owner, 12, { guestName: 'Tom Berg', guestEmail: 'tom@example.com' });
    const [guest] = await search(t, owner, 'mia.chen');
    const exported = await (
      await t.request('GET', `/api/privacy/guests/${guest?.guestRef}/export`, { cookie: owner })
    ).text();
    expect(exported).toContain('Mia Chen-Li');
    expect(containsValue(exported, 'Tom Berg')).toBe(false);
    expect(containsValue(exported, 'tom@example.com')).toBe(false);
  });
});

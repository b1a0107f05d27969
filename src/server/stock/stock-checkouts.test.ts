import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import { lastAuditEvent } from '../../../tests/support/last-audit-event';
import { expectLedgerHolds, stockSetUp } from '../../../tests/support/stock';
import { describeEachDatabase, type TestApp } from '../../../tests/support/test-app';
import type { HistoryCheckout } from '../../shared/staff-types';

async function history(t: TestApp, cookie: string, id: number): Promise<HistoryCheckout> {
  const response = await t.request('GET', `/api/checkouts/${id}`, { cookie });
  expect(response.status).toBe(200);
  return response.json();
}

describeEachDatabase('stock: revisions, voids and whose fridge', ({ fresh }) => {
  it('a revision moves the difference either way, bounded by what the fridge held plus what the check had', async () => {
    const t = await fresh();
    const s = await stockSetUp(t);
    await s.start({});
    const checkId = randomUUID();
    expect((await s.checkout(7, { Coke: 2, Chang: 1 }, checkId)).status).toBe(201);
    expect(await s.fridge(7)).toMatchObject({ Coke: 2, Chang: 3 });
    t.clock.advance(10_000);
    // Recounted: 4 Coke (the fridge held 2 more), no Chang after all.
    const revised = await s.checkout(7, { Coke: 4 }, checkId);
    expect(revised.status, await revised.clone().text()).toBe(200);
    expect(await s.fridge(7, true)).toMatchObject({ Coke: 0, Chang: 4 });
    const over = await s.checkout(7, { Coke: 5 }, checkId);
    expect(over.status).toBe(422);
    expect((await over.json()).error).toMatchObject({
      code: 'exceeds_fridge',
      message: "Bungalow 7's fridge holds only 4 Coke",
    });
    const moves = await t.db.kysely
      .selectFrom('stock_moves')
      .select(['from_place', 'to_place', 'quantity', 'document_type'])
      .where('document_type', 'in', ['checkout', 'revision'])
      .orderBy('id')
      .execute();
    expect(moves).toEqual([
      { from_place: 'fridge:7', to_place: 'guest', quantity: 2, document_type: 'checkout' },
      { from_place: 'fridge:7', to_place: 'guest', quantity: 1, document_type: 'checkout' },
      { from_place: 'fridge:7', to_place: 'guest', quantity: 2, document_type: 'revision' },
      { from_place: 'guest', to_place: 'fridge:7', quantity: 1, document_type: 'revision' },
    ]);
    await expectLedgerHolds(t);
  });

  it('a void puts the bottles back in the fridge by default, or writes them off as complimentary', async () => {
    const t = await fresh();
    const s = await stockSetUp(t);
    await s.start({});
    const first = await (await s.checkout(7, { Coke: 3 })).json();
    const voided = await t.request('POST', `/api/checkouts/${first.id}/void`, {
      cookie: s.owner,
      body: { reason: 'Counted the wrong fridge' },
    });
    expect(voided.status, await voided.clone().text()).toBe(200);
    expect(await s.fridge(7)).toMatchObject({ Coke: 4 });
    expect(await lastAuditEvent(t.db.kysely)).toMatchObject({
      action: 'checkout.voided',
      details: { bottles: 'in-fridge' },
    });

    const second = await (await s.checkout(7, { Coke: 2, Wine: 1 })).json();
    const comp = await t.request('POST', `/api/checkouts/${second.id}/void`, {
      cookie: s.owner,
      body: { reason: 'On the house', bottles: 'written-off' },
    });
    expect(comp.status).toBe(200);
    // The guest is not charged and the bottles are gone: a complimentary write-off of the fridge's bottles.
    expect(await s.fridge(7, true)).toMatchObject({ Coke: 2, Wine: 0 });
    const writeOff = await t.db.kysely.selectFrom('stock_write_offs').selectAll().executeTakeFirstOrThrow();
    expect(writeOff).toMatchObject({ place: 'fridge:7', reason: 'complimentary', checkout_id: second.id });
    const moves = await t.db.kysely
      .selectFrom('stock_moves')
      .select(['from_place', 'to_place', 'quantity'])
      .where('document_type', '=', 'write-off')
      .where('document_id', '=', writeOff.id)
      .execute();
    expect(moves).toEqual([
      { from_place: 'guest', to_place: 'write-off', quantity: 2 },
      { from_place: 'guest', to_place: 'write-off', quantity: 1 },
    ]);
    expect(await lastAuditEvent(t.db.kysely)).toMatchObject({
      action: 'checkout.voided',
      details: { bottles: 'written-off', writeOffId: writeOff.id },
    });
    const bad = await t.request('POST', `/api/checkouts/${first.id}/void`, {
      cookie: s.owner,
      body: { reason: 'x', bottles: 'in-the-bin' },
    });
    expect(bad.status).toBe(422);
    await expectLedgerHolds(t);
  });

  for (const stock of [false, true]) {
    it(`a check within 24 hours after the stay was closed belongs to that stay: a late charge (stock ${stock ? 'on' : 'off'})`, async () => {
      const t = await fresh();
      const s = await stockSetUp(t);
      if (stock) await s.start({});
      t.clock.now = Date.parse('2026-06-01T08:00:00.000Z');
      const opened = await t.request('PUT', '/api/bungalows/7/stay', {
        cookie: s.owner,
        body: { guestName: 'Somchai Jaidee' },
      });
      expect(opened.status).toBe(201);
      t.clock.now = Date.parse('2026-06-03T04:00:00.000Z');
      expect((await t.request('DELETE', '/api/bungalows/7/stay', { cookie: s.owner })).status).toBe(204);

      // Housekeeping checks the fridge two hours after the guest left.
      t.clock.now = Date.parse('2026-06-03T06:00:00.000Z');
      const late = await (await s.checkout(7, { Chang: 1 })).json();
      // The public answer never names a stay's guest.
      expect(late.guestName).toBeUndefined();
      const cookie = await t.login();
      const record = await history(t, cookie, late.id);
      expect(record).toMatchObject({ guestName: 'Somchai Jaidee', lateCharge: true });
      expect(record.stayId).not.toBeNull();

      // After 24 hours it is the spec's Guest again, and so once a new stay was opened and closed since.
      t.clock.now = Date.parse('2026-06-04T04:00:01.000Z');
      const after = await (await s.checkout(7, { Chang: 1 })).json();
      expect(after.guestName).toBe('Ann Guest');
      const afterRecord = await history(t, await t.login(), after.id);
      expect(afterRecord.lateCharge).toBeUndefined();
      expect(afterRecord.stayId).toBeNull();

      // An open stay is charged as always, never as a late charge.
      await t.request('PUT', '/api/bungalows/7/stay', {
        cookie: await t.login(),
        body: { guestName: 'Next Guest' },
      });
      const during = await (await s.checkout(7, { Coke: 1 })).json();
      const duringRecord = await history(t, await t.login(), during.id);
      expect(duringRecord).toMatchObject({ guestName: 'Next Guest' });
      expect(duringRecord.lateCharge).toBeUndefined();
    });
  }
});

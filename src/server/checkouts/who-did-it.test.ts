import { beforeAll, expect, it } from 'vitest';
import { setGuest } from '../../../tests/security/support';
import { addStaff, errorOf, pins, registerDevice, signInWithPin } from '../../../tests/support/team';
import { describeEachDatabase, type TestApp } from '../../../tests/support/test-app';
import type { HistoryCheckout } from '../../shared/staff-types';

/** DESIGN.md "Who did it" and the desk void: the person and the device are kept with each write. */
describeEachDatabase('who did it', ({ fresh }) => {
  let t: TestApp;
  let desk: string;
  let ids: { noi: number; ploy: number; boss: number; maid: number };
  let drinkId: number;
  const checkout = async (cookie?: string) => {
    const response = await t.request('POST', '/api/checkouts', {
      cookie,
      body: { bungalow: 12, items: [{ drinkId, missing: 1 }] },
    });
    expect(response.status).toBe(201);
    return (await response.json()).id as number;
  };
  const voidIt = (cookie: string, id: number, approval?: unknown) =>
    t.request('POST', `/api/checkouts/${id}/void`, {
      cookie,
      body: { reason: 'Counted twice', ...(approval ? { approval } : {}) },
    });

  beforeAll(async () => {
    t = await fresh();
    const owner = await t.login();
    await setGuest(t, owner);
    const tablet = await registerDevice(t, owner, 'Desk tablet');
    ids = {
      noi: (await addStaff(t, owner, { name: 'Noi', role: 'manager', pin: pins[0] })).id,
      ploy: (await addStaff(t, owner, { name: 'Ploy', role: 'desk', pin: pins[1] })).id,
      boss: (await addStaff(t, owner, { name: 'Other Desk', role: 'desk', pin: pins[2] })).id,
      maid: (await addStaff(t, owner, { name: 'Mai', role: 'housekeeping', pin: pins[3] })).id,
    };
    desk = await signInWithPin(t, tablet, ids.ploy, pins[1]);
    drinkId = (await (await t.request('GET', '/api/drinks')).json())[0].id;
  });

  it('a payment names the person and the device; a checkout shared with a staff session is theirs', async () => {
    const mine = await checkout(desk);
    const guests = await checkout();
    const paid = await t.request('POST', `/api/checkouts/${mine}/payment`, {
      cookie: desk,
      body: { method: 'cash' },
    });
    expect(paid.status).toBe(200);
    const body: HistoryCheckout = await paid.json();
    const ploy = { id: ids.ploy, name: 'Ploy', role: 'desk', device: { id: 1, name: 'Desk tablet' } };
    expect(body.payment).toMatchObject({ method: 'cash', paidBy: 'Ploy on Desk tablet' });
    expect(body.paymentEvents).toEqual([
      { method: 'cash', recordedAt: body.payment?.paidAt, recordedBy: 'Ploy on Desk tablet', by: ploy },
    ]);
    expect(body.recordedBy).toEqual(ploy);
    const theirs: HistoryCheckout = await (
      await t.request('GET', `/api/checkouts/${guests}`, { cookie: desk })
    ).json();
    expect(theirs.recordedBy).toEqual({ id: null, name: 'guest', role: 'guest', device: null });
    const events = await t.db.kysely
      .selectFrom('audit_events')
      .select(['actor_name', 'device_name'])
      .where('action', '=', 'payment.recorded')
      .execute();
    expect(events).toEqual([{ actor_name: 'Ploy', device_name: 'Desk tablet' }]);
  });

  it('a desk void without a manager’s approval is 403 approval_required and voids nothing', async () => {
    const id = await checkout(desk);
    const refused = await voidIt(desk, id);
    expect(refused.status).toBe(403);
    expect(await errorOf(refused)).toEqual({
      code: 'approval_required',
      message: 'Front desk cannot void a checkout without a manager’s approval',
    });
    // Another desk person is no manager; a wrong PIN approves nothing (and is no 401: the desk's session stands).
    const notManager = await voidIt(desk, id, { staffId: ids.boss, pin: pins[2] });
    expect(await errorOf(notManager)).toMatchObject({ code: 'approval_required' });
    const wrong = await voidIt(desk, id, { staffId: ids.noi, pin: '902817' });
    expect(wrong.status).toBe(403);
    expect(await errorOf(wrong)).toEqual({
      code: 'approval_required',
      message: 'Incorrect PIN: the void was not approved',
    });
    const malformed = await voidIt(desk, id, { staffId: ids.noi, pin: '12' });
    expect(malformed.status).toBe(422);
    const still: HistoryCheckout = await (
      await t.request('GET', `/api/checkouts/${id}`, { cookie: desk })
    ).json();
    expect(still.voidedAt).toBeNull();
  });

  it('with the manager’s name and PIN on the same device it is voided, and both names are kept', async () => {
    const id = await checkout(desk);
    const response = await voidIt(desk, id, { staffId: ids.noi, pin: pins[0] });
    expect(response.status).toBe(200);
    const body: HistoryCheckout = await response.json();
    expect(body.voidedBy).toEqual({
      id: ids.ploy,
      name: 'Ploy',
      role: 'desk',
      device: { id: 1, name: 'Desk tablet' },
    });
    expect(body.voidApprovedBy).toEqual({ id: ids.noi, name: 'Noi' });
    const event = await t.db.kysely
      .selectFrom('audit_events')
      .select(['actor_name', 'device_name', 'details'])
      .where('action', '=', 'checkout.voided')
      .where('subject_id', '=', String(id))
      .executeTakeFirstOrThrow();
    expect(event).toMatchObject({ actor_name: 'Ploy', device_name: 'Desk tablet' });
    expect(JSON.parse(event.details).approvedBy).toEqual({ id: ids.noi, name: 'Noi' });
  });

  it('a manager voids without approval; housekeeping cannot void at all', async () => {
    const tablet = desk.split('; ').find((c) => c.startsWith('fc_device=')) ?? '';
    const manager = await signInWithPin(t, tablet, ids.noi, pins[0]);
    const id = await checkout(desk);
    const done = await voidIt(manager, id);
    expect(done.status).toBe(200);
    expect(await done.json()).toMatchObject({ voidApprovedBy: null, voidedBy: { name: 'Noi' } });
    const maid = await signInWithPin(t, tablet, ids.maid, pins[3]);
    const refused = await voidIt(maid, await checkout(desk), { staffId: ids.noi, pin: pins[0] });
    expect(await errorOf(refused)).toEqual({
      code: 'forbidden',
      message: 'Housekeeping cannot void a checkout',
    });
  });
});

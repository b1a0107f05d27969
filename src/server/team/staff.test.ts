import { beforeAll, expect, it } from 'vitest';
import { addStaff, errorOf, pins, registerDevice, signInWithPin } from '../../../tests/support/team';
import { describeEachDatabase, type TestApp } from '../../../tests/support/test-app';

describeEachDatabase('staff API', ({ fresh }) => {
  // One app for the rules that need no fresh database (each test names its people apart).
  let t: TestApp;
  let owner: string;
  let device: string;
  beforeAll(async () => {
    t = await fresh();
    owner = await t.login();
    device = await registerDevice(t, owner);
  });

  it('POST /api/staff adds a person (201) and GET /api/staff lists them without any PIN', async () => {
    const response = await t.request('POST', '/api/staff', {
      cookie: owner,
      body: { name: '  Noi  ', role: 'desk', pin: pins[0] },
    });
    expect(response.status).toBe(201);
    const noi = await response.json();
    expect(noi).toEqual({ id: noi.id, name: 'Noi', role: 'desk', active: true, pinBlocked: false });
    const list = await (await t.request('GET', '/api/staff', { cookie: owner })).text();
    expect(JSON.parse(list)).toContainEqual(noi);
    expect(list).not.toContain(pins[0]);
    expect(list).not.toMatch(/pin_?hash|scrypt/i);
    const audit = await t.db.kysely
      .selectFrom('audit_events')
      .select(['action', 'details'])
      .where('subject_type', '=', 'staff')
      .where('subject_id', '=', String(noi.id))
      .execute();
    expect(audit).toEqual([{ action: 'staff.created', details: '{"name":"Noi","role":"desk"}' }]);
  });

  it.each([
    [{ name: '', role: 'desk', pin: pins[1] }, 'name', 'Name is required'],
    [{ name: 'x'.repeat(41), role: 'desk', pin: pins[1] }, 'name', 'Name must be at most 40 characters'],
    [{ name: 'Ann', role: 'owner', pin: pins[1] }, 'role', 'Role must be one of manager, desk, housekeeping'],
    [{ name: 'Ann', role: 'desk', pin: '12345' }, 'pin', 'The PIN must be exactly 6 digits'],
    [{ name: 'Ann', role: 'desk', pin: '12345a' }, 'pin', 'The PIN must be exactly 6 digits'],
    [{ name: 'Ann', role: 'desk', pin: 274019 }, 'pin', 'The PIN must be 6 digits'],
    [{ name: 'Ann', role: 'desk', pin: '777777' }, 'pin', 'A PIN of one digit repeated'],
    [{ name: 'Ann', role: 'desk', pin: '123456' }, 'pin', 'A straight run (like 123456 or 654321)'],
    [{ name: 'Ann', role: 'desk', pin: '654321' }, 'pin', 'A straight run'],
    [{ name: 'Ann', role: 'desk', pin: '012345' }, 'pin', 'A straight run'],
    [{ name: 'Ann', role: 'desk', pin: pins[1], colour: 'red' }, '', 'Unrecognized key'],
  ])('POST /api/staff refuses %j with 422 and adds nobody', async (body, path, message) => {
    const before = await (await t.request('GET', '/api/staff', { cookie: owner })).json();
    const response = await t.request('POST', '/api/staff', { cookie: owner, body });
    expect(response.status).toBe(422);
    const { error } = await response.json();
    expect(error.code).toBe('validation_failed');
    expect(error.issues[0].path).toBe(path);
    expect(error.issues[0].message).toContain(message);
    expect(await (await t.request('GET', '/api/staff', { cookie: owner })).json()).toEqual(before);
  });

  it('a name is unique ignoring case and spaces: 409, also for a rename and for someone who left', async () => {
    const ploy = await addStaff(t, owner, { name: 'Ploy', role: 'housekeeping', pin: pins[1] });
    for (const name of ['ploy', ' PLOY ']) {
      const taken = await t.request('POST', '/api/staff', {
        cookie: owner,
        body: { name, role: 'desk', pin: pins[2] },
      });
      expect(taken.status).toBe(409);
      expect((await errorOf(taken)).message).toContain('is already taken');
    }
    const som = await addStaff(t, owner, { name: 'Som', role: 'desk', pin: pins[2] });
    const rename = await t.request('PUT', `/api/staff/${som.id}`, { cookie: owner, body: { name: 'PLOY' } });
    expect(rename.status).toBe(409);
    await t.request('PUT', `/api/staff/${ploy.id}`, { cookie: owner, body: { active: false } });
    const again = await t.request('POST', '/api/staff', {
      cookie: owner,
      body: { name: 'Ploy', role: 'desk', pin: pins[2] },
    });
    expect(again.status).toBe(409);
    // Changing the case of one's own name is no clash.
    const recase = await t.request('PUT', `/api/staff/${som.id}`, { cookie: owner, body: { name: 'SOM' } });
    expect(await recase.json()).toMatchObject({ name: 'SOM' });
  });

  it('DELETE /api/staff/:id is 405: a person is deactivated, never deleted', async () => {
    const gone = await addStaff(t, owner, { name: 'Lek', role: 'desk', pin: pins[3] });
    const response = await t.request('DELETE', `/api/staff/${gone.id}`, { cookie: owner });
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('PUT');
    expect(await (await t.request('GET', '/api/staff', { cookie: owner })).json()).toContainEqual(gone);
  });

  it('PUT /api/staff/:id changes name and role; 404, 422 for an empty change; the audit has before and after', async () => {
    const mali = await addStaff(t, owner, { name: 'Mali', role: 'housekeeping', pin: pins[4] });
    const response = await t.request('PUT', `/api/staff/${mali.id}`, {
      cookie: owner,
      body: { name: 'Mali K.', role: 'desk', pin: pins[5] },
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ...mali, name: 'Mali K.', role: 'desk' });
    const changed = await t.db.kysely
      .selectFrom('audit_events')
      .select('details')
      .where('action', '=', 'staff.changed')
      .where('subject_id', '=', String(mali.id))
      .executeTakeFirstOrThrow();
    expect(JSON.parse(changed.details)).toEqual({
      before: { name: 'Mali', role: 'housekeeping' },
      after: { name: 'Mali K.', role: 'desk' },
      pinChanged: true,
    });
    expect(changed.details).not.toContain(pins[5]);
    expect(
      (await t.request('PUT', '/api/staff/99999', { cookie: owner, body: { role: 'desk' } })).status,
    ).toBe(404);
    expect((await t.request('PUT', `/api/staff/${mali.id}`, { cookie: owner, body: {} })).status).toBe(422);
    const badPin = await t.request('PUT', `/api/staff/${mali.id}`, {
      cookie: owner,
      body: { pin: '111111' },
    });
    expect(badPin.status).toBe(422);
  });

  it('only the owner creates, changes or deactivates a manager: 403 for a manager, who manages the rest', async () => {
    const boss = await addStaff(t, owner, { name: 'Boss', role: 'manager', pin: pins[0] });
    const other = await addStaff(t, owner, { name: 'Other Manager', role: 'manager', pin: pins[1] });
    const manager = await signInWithPin(t, device, boss.id, pins[0]);

    const refusals = [
      await t.request('POST', '/api/staff', {
        cookie: manager,
        body: { name: 'New Boss', role: 'manager', pin: pins[2] },
      }),
      await t.request('PUT', `/api/staff/${other.id}`, { cookie: manager, body: { name: 'Renamed' } }),
      await t.request('PUT', `/api/staff/${other.id}`, { cookie: manager, body: { active: false } }),
      await t.request('PUT', `/api/staff/${other.id}`, { cookie: manager, body: { pin: pins[3] } }),
      await t.request('PUT', `/api/staff/${boss.id}`, { cookie: manager, body: { role: 'desk' } }),
    ];
    const cook = await addStaff(t, manager, { name: 'Cook', role: 'housekeeping', pin: pins[2] });
    refusals.push(
      await t.request('PUT', `/api/staff/${cook.id}`, { cookie: manager, body: { role: 'manager' } }),
    );
    for (const response of refusals) {
      expect(response.status).toBe(403);
      expect(await errorOf(response)).toEqual({
        code: 'forbidden',
        message: 'Manager cannot create, change or deactivate a manager: only the owner can',
      });
    }
    const names = (await (await t.request('GET', '/api/staff', { cookie: owner })).json()).map(
      (p: { name: string }) => p.name,
    );
    expect(names).not.toContain('New Boss');
    expect(names).toContain('Other Manager');

    // The rest is theirs to manage.
    const moved = await t.request('PUT', `/api/staff/${cook.id}`, {
      cookie: manager,
      body: { role: 'desk' },
    });
    expect(await moved.json()).toMatchObject({ role: 'desk' });
    // The owner may do all of it.
    const promoted = await t.request('PUT', `/api/staff/${cook.id}`, {
      cookie: owner,
      body: { role: 'manager' },
    });
    expect(await promoted.json()).toMatchObject({ role: 'manager' });
  });

  it('deactivating a person or setting a new PIN ends their sessions at once; they leave the roster', async () => {
    const noon = await addStaff(t, owner, { name: 'Noon', role: 'desk', pin: pins[3] });
    const session = await signInWithPin(t, device, noon.id, pins[3]);
    expect((await t.request('GET', '/api/checkouts', { cookie: session })).status).toBe(200);
    await t.request('PUT', `/api/staff/${noon.id}`, { cookie: owner, body: { pin: pins[4] } });
    expect((await t.request('GET', '/api/checkouts', { cookie: session })).status).toBe(401);

    const again = await signInWithPin(t, device, noon.id, pins[4]);
    const off = await t.request('PUT', `/api/staff/${noon.id}`, { cookie: owner, body: { active: false } });
    expect(await off.json()).toMatchObject({ active: false });
    expect((await t.request('GET', '/api/checkouts', { cookie: again })).status).toBe(401);
    const roster = await (await t.request('GET', '/api/staff/roster', { cookie: device })).json();
    expect(roster.map((p: { name: string }) => p.name)).not.toContain('Noon');
    // Back again: active, in the roster, and the PIN still theirs.
    await t.request('PUT', `/api/staff/${noon.id}`, { cookie: owner, body: { active: true } });
    await signInWithPin(t, device, noon.id, pins[4]);
  });

  it('GET /api/staff/roster names the active people by name, and says who may approve a void (managers)', async () => {
    const roster = (await (await t.request('GET', '/api/staff/roster', { cookie: device })).json()) as {
      id: number;
      name: string;
      approvesVoids: boolean;
    }[];
    const staff = (await (await t.request('GET', '/api/staff', { cookie: owner })).json()) as {
      id: number;
      name: string;
      role: string;
      active: boolean;
    }[];
    const active = staff.filter((person) => person.active);
    expect(roster.map((person) => person.id).sort()).toEqual(active.map((person) => person.id).sort());
    expect(active.some((person) => person.role === 'manager')).toBe(true);
    expect(active.some((person) => person.role !== 'manager')).toBe(true);
    for (const person of roster) {
      const role = active.find((other) => other.id === person.id)?.role;
      expect(person).toEqual({ id: person.id, name: person.name, approvesVoids: role === 'manager' });
    }
  });

  it('front desk and housekeeping cannot manage staff (403 naming the role); no session is 401', async () => {
    const desk = await addStaff(t, owner, { name: 'Desk Person', role: 'desk', pin: pins[5] });
    const session = await signInWithPin(t, device, desk.id, pins[5]);
    const refused = await t.request('GET', '/api/staff', { cookie: session });
    expect(refused.status).toBe(403);
    expect(await errorOf(refused)).toEqual({
      code: 'forbidden',
      message: 'Front desk cannot manage staff or devices',
    });
    expect((await t.request('GET', '/api/staff')).status).toBe(401);
    expect(
      (await t.request('POST', '/api/staff', { body: { name: 'X', role: 'desk', pin: pins[0] } })).status,
    ).toBe(401);
  });
});

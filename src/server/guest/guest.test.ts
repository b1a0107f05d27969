import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../../tests/support/test-app';

const guest = (overrides: Record<string, unknown> = {}) => ({
  name: 'Anna Schmidt',
  email: 'anna@example.com',
  ...overrides,
});

describeEachDatabase('guest API', ({ fresh }) => {
  it('GET /api/guest answers null on a new install', async () => {
    const t = await fresh();
    const response = await t.request('GET', '/api/guest');
    expect(response.status).toBe(200);
    expect(await response.json()).toBeNull();
  });

  it('PUT /api/guest needs an admin session', async () => {
    const t = await fresh();
    expect((await t.request('PUT', '/api/guest', { body: guest() })).status).toBe(401);
    expect(await (await t.request('GET', '/api/guest')).json()).toBeNull();
  });

  it('PUT /api/guest creates the guest, then updates the same row', async () => {
    const t = await fresh();
    const cookie = await t.login();
    const created = await t.request('PUT', '/api/guest', { cookie, body: guest() });
    expect(created.status).toBe(200);
    const first = await created.json();
    expect(first).toMatchObject({ name: 'Anna Schmidt', email: 'anna@example.com' });

    const updated = await t.request('PUT', '/api/guest', {
      cookie,
      body: guest({ name: ' Ben Okafor ', email: 'ben@example.org' }),
    });
    expect(await updated.json()).toEqual({ id: first.id, name: 'Ben Okafor', email: 'ben@example.org' });
    const rows = await t.db.kysely.selectFrom('Guest').selectAll().execute();
    expect(rows).toHaveLength(1);
  });

  it('GET /api/guest hides the email from the public and shows it to an admin', async () => {
    const t = await fresh();
    const cookie = await t.login();
    await t.request('PUT', '/api/guest', { cookie, body: guest() });
    const publicGuest = await (await t.request('GET', '/api/guest')).json();
    expect(publicGuest).toEqual({ id: expect.any(Number), name: 'Anna Schmidt' });
    expect(JSON.stringify(publicGuest)).not.toContain('email');
    const adminGuest = await (await t.request('GET', '/api/guest', { cookie })).json();
    expect(adminGuest.email).toBe('anna@example.com');
  });

  it('PUT /api/guest rejects a missing name, a bad email and unknown fields with 422', async () => {
    const t = await fresh();
    const cookie = await t.login();
    for (const body of [
      guest({ name: '' }),
      guest({ email: 'not-an-email' }),
      guest({ email: '' }),
      guest({ id: 5 }),
      guest({ name: 'x'.repeat(101) }),
    ]) {
      const response = await t.request('PUT', '/api/guest', { cookie, body });
      expect(response.status, JSON.stringify(body)).toBe(422);
      expect((await response.json()).error.issues.length).toBeGreaterThan(0);
    }
    expect(await (await t.request('GET', '/api/guest')).json()).toBeNull();
  });
});

describeEachDatabase('guest API round trips', ({ fresh }) => {
  it('PUT /api/guest takes back what GET answered: 200, nothing changed', async () => {
    const t = await fresh();
    const cookie = await t.login();
    await t.request('PUT', '/api/guest', { cookie, body: guest() });
    const read = await (await t.request('GET', '/api/guest', { cookie })).json();
    expect(read).toEqual({ id: read.id, name: 'Anna Schmidt', email: 'anna@example.com' });
    const response = await t.request('PUT', '/api/guest', { cookie, body: read });
    expect(response.status, await response.clone().text()).toBe(200);
    expect(await response.json()).toEqual(read);
    expect(await (await t.request('GET', '/api/guest', { cookie })).json()).toEqual(read);
  });

  it('PUT /api/guest with one field of the read changed changes only that field', async () => {
    const t = await fresh();
    const cookie = await t.login();
    await t.request('PUT', '/api/guest', { cookie, body: guest() });
    const read = await (await t.request('GET', '/api/guest', { cookie })).json();
    const response = await t.request('PUT', '/api/guest', { cookie, body: { ...read, name: 'Ben Okafor' } });
    expect(response.status, await response.clone().text()).toBe(200);
    expect(await (await t.request('GET', '/api/guest', { cookie })).json()).toEqual({
      ...read,
      name: 'Ben Okafor',
    });
  });

  it('PUT /api/guest refuses an unknown field and another id with 422', async () => {
    const t = await fresh();
    const cookie = await t.login();
    // No guest yet: no id can match.
    const none = await t.request('PUT', '/api/guest', { cookie, body: guest({ id: 1 }) });
    expect(none.status).toBe(422);
    expect(await (await t.request('GET', '/api/guest', { cookie })).json()).toBeNull();

    await t.request('PUT', '/api/guest', { cookie, body: guest() });
    const read = await (await t.request('GET', '/api/guest', { cookie })).json();
    const unknown = await t.request('PUT', '/api/guest', { cookie, body: { ...read, phone: '+66 1234' } });
    expect(unknown.status).toBe(422);
    expect((await unknown.json()).error.message).toMatch(/phone/);
    const wrong = await t.request('PUT', '/api/guest', {
      cookie,
      body: { ...read, name: 'Ben Okafor', id: read.id + 1 },
    });
    expect(wrong.status).toBe(422);
    expect((await wrong.json()).error.issues).toEqual([
      {
        path: 'id',
        message:
          "id is the guest record's id, set by the server: send it as the server gave it, or leave it out",
      },
    ]);
    expect(await (await t.request('GET', '/api/guest', { cookie })).json()).toEqual(read);
  });
});

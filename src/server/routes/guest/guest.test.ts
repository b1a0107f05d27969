import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../../../tests/support/test-app';

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

import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import { drinksByName, setGuest } from '../support/checkout-factory';
import { addStaff, pins, registerDevice, signInWithPin } from '../support/team';
import { describeEachDatabase } from '../support/test-app';

/**
 * `checkId` never leaves the device (DESIGN.md, "Books no one can rewrite"): with it, a send without a session
 * revises an unsettled check. The review read it from `GET /api/checkouts` at the desk. Only the answer to the
 * device that made the check carries it; every staff answer (every GET route the app has, as the owner and as
 * the desk) is read here and none may hold it.
 */

/** A value for each route parameter: the checkout's id, its day, a bungalow. */
function filled(path: string, values: { id: number; day: string }): string {
  return path
    .replace(/:id\b/, String(values.id))
    .replace(/:day\b/, values.day)
    .replace(/:[a-zA-Z]+/g, '3');
}

describeEachDatabase('checkId in no staff answer', ({ fresh }) => {
  it('only the device that made the check is answered its id; owner and desk answers never carry it', async () => {
    const t = await fresh();
    t.clock.now = Date.parse('2026-11-20T08:00:00.000Z');
    const owner = await t.login();
    await setGuest(t, owner);
    const drinks = await drinksByName(t);
    const checkId = randomUUID();
    const sent = await t.request('POST', '/api/checkouts', {
      body: { bungalow: 3, checkId, items: [{ drinkId: drinks.Chang?.id, missing: 2 }] },
    });
    expect(sent.status, await sent.clone().text()).toBe(201);
    const made = await sent.json();
    // The device that made it: its answer carries the id, for its own later sends.
    expect(made.checkId).toBe(checkId);

    const desk = await addStaff(t, owner, { name: 'Noi', role: 'desk', pin: pins[0] });
    const device = await registerDevice(t, owner);
    const deskCookie = await signInWithPin(t, device, desk.id, pins[0]);

    const paths = [
      ...new Set(
        t.app.routes
          .filter(
            (route) => route.method === 'GET' && route.path.startsWith('/api/') && !route.path.includes('*'),
          )
          // The live desk's event stream never ends: its events come from the audit, which never holds checkId.
          .filter((route) => !route.path.startsWith('/api/events'))
          .map((route) => filled(route.path, { id: made.id, day: '2026-11-20' })),
      ),
      '/api/checkouts?pageSize=100',
      '/api/checkouts/export.csv?from=2026-11-01&to=2026-11-30',
    ];
    expect(paths).toEqual(
      expect.arrayContaining(['/api/checkouts', `/api/checkouts/${made.id}`, '/api/checkouts/export.csv']),
    );
    const answered: string[] = [];
    for (const cookie of [owner, deskCookie]) {
      for (const path of paths) {
        const response = await t.request('GET', path, { cookie });
        const body = await response.text();
        if (response.status === 200) answered.push(path);
        expect(body, `GET ${path}`).not.toContain(checkId);
        expect(body, `GET ${path}`).not.toContain('checkId');
      }
    }
    // The answers that list the checkout were read: the history, the one checkout and the CSV.
    expect(answered).toEqual(
      expect.arrayContaining([
        '/api/checkouts?pageSize=100',
        `/api/checkouts/${made.id}`,
        '/api/checkouts/export.csv?from=2026-11-01&to=2026-11-30',
      ]),
    );
  });
});

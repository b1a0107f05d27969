import { beforeAll, expect, it } from 'vitest';
import { forbiddenMessage, grantOf, type Right, type Role } from '../../src/shared/team';
import { buyer } from '../support/tax-parties';
import { addStaff, cookieFrom, joinCookies, pins, signInWithPin } from '../support/team';
import { describeEachDatabase, type TestApp, testAdminPassword } from '../support/test-app';
import { setGuest } from './support';

/**
 * The rights table of DESIGN.md ("The resort's team"), route by route: every API route of the app has a
 * rule here, and each role (and no session) is run against each. A route added without a row fails the first
 * test; a row whose route is gone fails it too.
 */
type Rule =
  /** Anyone, a guest's tablet included. */
  | { kind: 'public' }
  /** A session whose role has the right (src/shared/team.ts). */
  | { kind: 'right'; right: Right }
  /** A registered device, with or without a session (the roster). */
  | { kind: 'device' }
  /** An owner's or manager's session registers this browser; with a pairing code no session is needed. */
  | { kind: 'team-or-pairing' };

interface Fixture {
  drinkId: number;
  checkoutId: number;
  staffId: number;
  spareDeviceId: () => Promise<number>;
  /** An open check request, asked for by the owner. */
  openRequestId: () => Promise<number>;
  unique: () => string;
  /** A webhook endpoint made by the owner (a new one each call: DELETE takes it). */
  webhookId: () => Promise<number>;
}

interface Row {
  rule: Rule;
  /** The request to send: the path with real ids, and a body a caller with the right would get through with. */
  call: (f: Fixture) => Promise<{ path: string; body?: unknown }> | { path: string; body?: unknown };
}

const right = (r: Right): Rule => ({ kind: 'right', right: r });
const publicRule: Rule = { kind: 'public' };

export const routeRules: Record<string, Row> = {
  'GET /api/health': { rule: publicRule, call: () => ({ path: '/api/health' }) },
  'GET /api/drinks': { rule: publicRule, call: () => ({ path: '/api/drinks' }) },
  'POST /api/drinks': {
    rule: right('catalogue'),
    call: (f) => ({
      path: '/api/drinks',
      body: { drinkName: `Soda ${f.unique()}`, startingQuantity: 4, price: 40 },
    }),
  },
  'PUT /api/drinks/order': {
    rule: right('catalogue'),
    call: (f) => ({ path: '/api/drinks/order', body: { ids: [f.drinkId] } }),
  },
  'PUT /api/drinks/:id': {
    rule: right('catalogue'),
    call: (f) => ({
      path: `/api/drinks/${f.drinkId}`,
      body: { drinkName: 'Coke', startingQuantity: 6, price: 45 },
    }),
  },
  'DELETE /api/drinks/:id': {
    rule: right('catalogue'),
    // 404 for all but the first allowed caller: still not a refusal.
    call: () => ({ path: '/api/drinks/999999' }),
  },
  'GET /api/guest': { rule: publicRule, call: () => ({ path: '/api/guest' }) },
  'PUT /api/guest': {
    rule: right('frontDesk'),
    call: () => ({ path: '/api/guest', body: { name: 'Ann Guest', email: 'ann@example.com' } }),
  },
  'GET /api/settings': { rule: publicRule, call: () => ({ path: '/api/settings' }) },
  'PUT /api/settings': {
    rule: right('catalogue'),
    call: () => ({ path: '/api/settings', body: { resortName: 'Huts' } }),
  },
  'POST /api/checkouts': {
    rule: publicRule,
    call: (f) => ({
      path: '/api/checkouts',
      body: { bungalow: 4, items: [{ drinkId: f.drinkId, missing: 1 }] },
    }),
  },
  'GET /api/checkouts': { rule: right('frontDesk'), call: () => ({ path: '/api/checkouts' }) },
  'GET /api/checkouts/export.csv': {
    rule: right('frontDesk'),
    call: () => ({ path: '/api/checkouts/export.csv?from=2020-01-01&to=2099-12-31' }),
  },
  'GET /api/checkouts/unpaid': { rule: right('frontDesk'), call: () => ({ path: '/api/checkouts/unpaid' }) },
  'GET /api/checkouts/:id': {
    rule: right('frontDesk'),
    call: (f) => ({ path: `/api/checkouts/${f.checkoutId}` }),
  },
  'POST /api/checkouts/:id/payment': {
    rule: right('frontDesk'),
    call: (f) => ({ path: `/api/checkouts/${f.checkoutId}/payment`, body: { method: 'cash' } }),
  },
  'POST /api/checkouts/:id/void': {
    rule: right('void'),
    call: (f) => ({ path: `/api/checkouts/${f.checkoutId}/void`, body: { reason: 'Entered twice' } }),
  },
  'GET /api/restock': { rule: right('fridge'), call: () => ({ path: '/api/restock' }) },
  'POST /api/restock/:bungalow': {
    rule: right('fridge'),
    call: () => ({ path: '/api/restock/4', body: {} }),
  },
  'GET /api/consumption': { rule: right('frontDesk'), call: () => ({ path: '/api/consumption' }) },
  'GET /api/bungalows': { rule: right('frontDesk'), call: () => ({ path: '/api/bungalows' }) },
  'GET /api/bungalows/:bungalow/guest': {
    rule: publicRule,
    call: () => ({ path: '/api/bungalows/4/guest' }),
  },
  'GET /api/bungalows/:bungalow/stays': {
    rule: right('frontDesk'),
    call: () => ({ path: '/api/bungalows/4/stays' }),
  },
  'PUT /api/bungalows/:bungalow/stay': {
    rule: right('frontDesk'),
    call: () => ({ path: '/api/bungalows/5/stay', body: { guestName: 'Mia Stay' } }),
  },
  'DELETE /api/bungalows/:bungalow/stay': {
    rule: right('frontDesk'),
    call: () => ({ path: '/api/bungalows/6/stay' }),
  },
  'GET /api/staff': { rule: right('team'), call: () => ({ path: '/api/staff' }) },
  'POST /api/staff': {
    rule: right('team'),
    call: (f) => ({
      path: '/api/staff',
      body: { name: `Helper ${f.unique()}`, role: 'housekeeping', pin: pins[5] },
    }),
  },
  'PUT /api/staff/:id': {
    rule: right('team'),
    call: (f) => ({ path: `/api/staff/${f.staffId}`, body: { name: `Target ${f.unique()}` } }),
  },
  'GET /api/staff/roster': { rule: { kind: 'device' }, call: () => ({ path: '/api/staff/roster' }) },
  'GET /api/devices': { rule: right('team'), call: () => ({ path: '/api/devices' }) },
  'POST /api/devices': {
    rule: { kind: 'team-or-pairing' },
    // Every caller here is on a registered device: allowed callers get 409 "already registered".
    call: () => ({ path: '/api/devices', body: { name: 'Another tablet' } }),
  },
  'POST /api/devices/pairing': {
    rule: right('team'),
    call: () => ({ path: '/api/devices/pairing', body: {} }),
  },
  'DELETE /api/devices/:id': {
    rule: right('team'),
    call: async (f) => ({ path: `/api/devices/${await f.spareDeviceId()}` }),
  },
  'GET /api/audit': { rule: right('oversight'), call: () => ({ path: '/api/audit' }) },
  'GET /api/audit/verify': { rule: right('oversight'), call: () => ({ path: '/api/audit/verify' }) },
  'GET /api/audit/export.csv': { rule: right('oversight'), call: () => ({ path: '/api/audit/export.csv' }) },
  'GET /api/days/:day': { rule: right('frontDesk'), call: () => ({ path: '/api/days/2026-01-05' }) },
  // Abuse resistance (fifth stage): the chain head the Z report prints, for whoever closes the day.
  'GET /api/days/:day/chain-head': {
    rule: right('frontDesk'),
    call: () => ({ path: '/api/days/2026-01-05/chain-head' }),
  },
  'POST /api/days/:day/close': {
    rule: right('frontDesk'),
    // 409 for all but the first allowed caller: still not a refusal.
    call: () => ({ path: '/api/days/2026-01-05/close', body: { countedCash: 0 } }),
  },
  'POST /api/days/:day/reopen': {
    rule: right('oversight'),
    call: () => ({ path: '/api/days/2026-01-05/reopen', body: { reason: 'Counted again' } }),
  },
  'GET /api/events': { rule: right('live'), call: () => ({ path: '/api/events' }) },
  'GET /api/check-requests': { rule: right('live'), call: () => ({ path: '/api/check-requests' }) },
  'POST /api/check-requests': {
    rule: right('frontDesk'),
    call: (f) => ({ path: '/api/check-requests', body: { bungalow: 100 + Number(f.unique()) } }),
  },
  'POST /api/check-requests/:id/nothing-missing': {
    rule: right('fridge'),
    call: async (f) => ({ path: `/api/check-requests/${await f.openRequestId()}/nothing-missing`, body: {} }),
  },
  'GET /api/webhooks': { rule: right('integrations'), call: () => ({ path: '/api/webhooks' }) },
  'POST /api/webhooks': {
    rule: right('integrations'),
    call: (f) => ({
      path: '/api/webhooks',
      body: { url: `https://pms.example.com/${f.unique()}`, events: ['*'] },
    }),
  },
  'PUT /api/webhooks/:id': {
    rule: right('integrations'),
    call: async (f) => ({ path: `/api/webhooks/${await f.webhookId()}`, body: { description: 'PMS' } }),
  },
  'DELETE /api/webhooks/:id': {
    rule: right('integrations'),
    call: async (f) => ({ path: `/api/webhooks/${await f.webhookId()}` }),
  },
  'POST /api/webhooks/:id/rotate-secret': {
    rule: right('integrations'),
    call: async (f) => ({ path: `/api/webhooks/${await f.webhookId()}/rotate-secret`, body: {} }),
  },
  'GET /api/webhooks/:id/attempts': {
    rule: right('integrations'),
    call: async (f) => ({ path: `/api/webhooks/${await f.webhookId()}/attempts` }),
  },
  'POST /api/webhooks/:id/resend': {
    rule: right('integrations'),
    call: async (f) => ({ path: `/api/webhooks/${await f.webhookId()}/resend`, body: { fromSeq: 1 } }),
  },
  'POST /api/webhooks/:id/test': {
    rule: right('integrations'),
    call: async (f) => ({ path: `/api/webhooks/${await f.webhookId()}/test`, body: {} }),
  },
  'GET /api/receipt-fonts/:face/:weight': {
    rule: publicRule,
    call: () => ({ path: '/api/receipt-fonts/noto-sans/normal' }),
  },
  // Stock (the fourth stage). A document before the start is 409 for an allowed caller: still not a refusal.
  'GET /api/stock': { rule: right('stockRead'), call: () => ({ path: '/api/stock' }) },
  'POST /api/stock/start': {
    rule: right('stock'),
    call: () => ({ path: '/api/stock/start', body: { storeroom: [] } }),
  },
  'GET /api/stock/moves': { rule: right('stock'), call: () => ({ path: '/api/stock/moves' }) },
  'GET /api/stock/deliveries': { rule: right('stock'), call: () => ({ path: '/api/stock/deliveries' }) },
  'POST /api/stock/deliveries': {
    rule: right('stock'),
    call: (f) => ({
      path: '/api/stock/deliveries',
      body: { lines: [{ drinkId: f.drinkId, quantity: 1, unitCost: 100 }] },
    }),
  },
  'POST /api/stock/counts': {
    rule: right('stock'),
    call: (f) => ({
      path: '/api/stock/counts',
      body: { place: 'storeroom', lines: [{ drinkId: f.drinkId, counted: 3 }] },
    }),
  },
  // A broken bottle in a fridge is housekeeping's too (src/server/stock/stock-rights.test.ts).
  'POST /api/stock/write-offs': {
    rule: right('stock'),
    call: (f) => ({
      path: '/api/stock/write-offs',
      body: { place: 'storeroom', reason: 'expired', lines: [{ drinkId: f.drinkId, quantity: 1 }] },
    }),
  },
  'GET /api/stock/margin': { rule: right('stockCosts'), call: () => ({ path: '/api/stock/margin' }) },
  'GET /api/stock/buy-list': { rule: right('stockCosts'), call: () => ({ path: '/api/stock/buy-list' }) },
  'GET /api/pars': { rule: right('stockRead'), call: () => ({ path: '/api/pars' }) },
  'PUT /api/pars': {
    rule: right('stock'),
    call: (f) => ({ path: '/api/pars', body: { bungalows: [30], items: [{ drinkId: f.drinkId, par: 2 }] } }),
  },
  'DELETE /api/pars/:bungalow': { rule: right('stock'), call: () => ({ path: '/api/pars/30' }) },
  'GET /api/fridges/:bungalow': { rule: publicRule, call: () => ({ path: '/api/fridges/4' }) },
  // Backups by themselves (fifth stage): who opens Settings reads the backup status.
  'GET /api/backups/status': { rule: right('catalogue'), call: () => ({ path: '/api/backups/status' }) },
  // Tax documents (fifth stage): with tax off, an allowed caller's full invoice is a 409 tax_off, not a refusal.
  'POST /api/checkouts/:id/tax-invoice': {
    rule: right('frontDesk'),
    call: (f) => ({
      path: `/api/checkouts/${f.checkoutId}/tax-invoice`,
      body: buyer,
    }),
  },
  'GET /api/tax/documents': {
    rule: right('oversight'),
    call: () => ({ path: '/api/tax/documents?month=2026-11' }),
  },
  // Books an accountant files (sixth stage): no full invoice to correct is a 409, no such number a 404.
  'PUT /api/checkouts/:id/tax-invoice': {
    rule: right('frontDesk'),
    call: (f) => ({
      path: `/api/checkouts/${f.checkoutId}/tax-invoice`,
      body: { ...buyer, reason: 'Wrong buyer' },
    }),
  },
  'PUT /api/tax/documents/:number/hold': {
    rule: right('oversight'),
    call: () => ({ path: '/api/tax/documents/INV2611-99999/hold', body: { until: '2040-01-01' } }),
  },
  // Months that stay filed (seventh stage): a month not ended yet is a 409 month_open for an allowed caller, no such
  // document a 404: still not a refusal.
  'GET /api/tax/months/:month': {
    rule: right('oversight'),
    call: () => ({ path: '/api/tax/months/2026-11' }),
  },
  'POST /api/tax/months/:month/filed': {
    rule: right('oversight'),
    call: () => ({ path: '/api/tax/months/2099-01/filed', body: {} }),
  },
  'POST /api/tax/documents/:number/substitute': {
    rule: right('frontDesk'),
    call: () => ({
      path: '/api/tax/documents/INV2611-99999/substitute',
      body: { reason: 'Lost by the guest' },
    }),
  },
  // The departure round (seventh stage): housekeeping's phone and the desk.
  'GET /api/round': { rule: right('fridge'), call: () => ({ path: '/api/round' }) },
  // Guests' personal data (fifth stage). An unknown guest is 404 for an allowed caller: still not a refusal.
  'GET /api/privacy/guests': {
    rule: right('guestData'),
    call: () => ({ path: '/api/privacy/guests?q=ann' }),
  },
  'GET /api/privacy/guests/:guestRef/export': {
    rule: right('guestData'),
    call: () => ({ path: '/api/privacy/guests/guest:999999/export' }),
  },
  'POST /api/privacy/guests/:guestRef/erase': {
    rule: right('guestData'),
    call: () => ({ path: '/api/privacy/guests/guest:999999/erase', body: { reason: 'asked by email' } }),
  },
  // Abuse resistance (fifth stage): the stickers' keys are for who prints them; a flood is voided as one by one.
  'GET /api/stickers': { rule: right('catalogue'), call: () => ({ path: '/api/stickers' }) },
  // Books no one can rewrite (sixth stage): who prints the stickers replaces their keys.
  'POST /api/stickers/rotate': {
    rule: right('catalogue'),
    call: () => ({ path: '/api/stickers/rotate', body: { bungalow: 4 } }),
  },
  'POST /api/checkouts/void-unverified': {
    rule: right('void'),
    call: () => ({ path: '/api/checkouts/void-unverified', body: { reason: 'A flood of fake checks' } }),
  },
  // The charge reaches the guest's bill (sixth stage): the connection and its mappings are the integrations'
  // (no PMS reached here: its default address does not resolve on a test machine); the postings the desk's.
  'GET /api/pms': { rule: right('integrations'), call: () => ({ path: '/api/pms' }) },
  'PUT /api/pms': {
    rule: right('integrations'),
    call: () => ({ path: '/api/pms', body: { kind: 'cloudbeds', apiKey: 'a-test-key' } }),
  },
  'DELETE /api/pms': { rule: right('integrations'), call: () => ({ path: '/api/pms' }) },
  'POST /api/pms/test': { rule: right('integrations'), call: () => ({ path: '/api/pms/test', body: {} }) },
  'GET /api/pms/mappings': { rule: right('integrations'), call: () => ({ path: '/api/pms/mappings' }) },
  'POST /api/pms/mappings/propose': {
    rule: right('integrations'),
    call: () => ({ path: '/api/pms/mappings/propose', body: {} }),
  },
  'PUT /api/pms/mappings': {
    rule: right('integrations'),
    call: () => ({ path: '/api/pms/mappings', body: { rooms: [], items: [] } }),
  },
  'GET /api/pms/postings': { rule: right('frontDesk'), call: () => ({ path: '/api/pms/postings' }) },
  'POST /api/pms/postings/:id/post-again': {
    rule: right('frontDesk'),
    call: () => ({ path: '/api/pms/postings/999999/post-again', body: {} }),
  },
  'POST /api/pms/postings/:id/settle': {
    rule: right('frontDesk'),
    call: () => ({ path: '/api/pms/postings/999999/settle', body: { note: 'Paid at the desk' } }),
  },
  // The session routes end or replace the caller's session: they run last (see below).
  'GET /api/session': { rule: publicRule, call: () => ({ path: '/api/session' }) },
  'POST /api/session': {
    rule: publicRule,
    call: () => ({ path: '/api/session', body: { password: testAdminPassword } }),
  },
  'DELETE /api/session': { rule: publicRule, call: () => ({ path: '/api/session' }) },
};

const endsSession = new Set(['POST /api/session', 'DELETE /api/session']);

/** Every API route the app answers, as "METHOD /api/path/:param", from the Hono app itself. */
function appRoutes(t: TestApp): string[] {
  const keys = t.app.routes
    .filter((route) => route.method !== 'ALL' && route.path.startsWith('/api/'))
    .map((route) => `${route.method} ${route.path}`);
  return [...new Set(keys)].sort();
}

type Caller = Role | 'none';
const callers: Caller[] = ['owner', 'manager', 'desk', 'housekeeping', 'none'];

/** What a caller must get from a route: allowed (anything but 401/403), or the exact refusal. */
function expected(
  rule: Rule,
  caller: Caller,
): { status: 401 | 403; code: string; message?: string } | 'allowed' {
  if (rule.kind === 'public' || rule.kind === 'device') return 'allowed';
  const r: Right = rule.kind === 'right' ? rule.right : 'team';
  if (caller === 'none') return { status: 401, code: 'unauthorized' };
  const grant = grantOf(caller, r);
  if (grant === 'yes') return 'allowed';
  if (grant === 'approval')
    return { status: 403, code: 'approval_required', message: forbiddenMessage(caller, r) };
  return { status: 403, code: 'forbidden', message: forbiddenMessage(caller, r) };
}

describeEachDatabase('rights table', ({ fresh }) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await fresh();
  });

  it('every API route has a rule, and every rule a route', () => {
    const routes = appRoutes(t);
    expect(routes.length).toBeGreaterThan(30);
    const unruled = routes.filter((route) => !(route in routeRules));
    expect(unruled, 'routes with no row in the rights test: add one').toEqual([]);
    const stale = Object.keys(routeRules).filter((key) => !routes.includes(key));
    expect(stale, 'rows for routes the app no longer has').toEqual([]);
  });

  it('each role against each route: allowed where the table says yes, 403 naming the role where not, 401 without a session', async () => {
    const owner = await t.login();
    await setGuest(t, owner);
    // The desk tablet everyone here signs in on: registered through a pairing code, so that the owner's own
    // session (used below) is not tied to it.
    const code = (await (await t.request('POST', '/api/devices/pairing', { cookie: owner, body: {} })).json())
      .code;
    const paired = await t.request('POST', '/api/devices', {
      body: { name: 'Desk tablet', pairingCode: code },
    });
    const device = cookieFrom(paired, 'fc_device');
    const people = {
      manager: await addStaff(t, owner, { name: 'Mana', role: 'manager', pin: pins[0] }),
      desk: await addStaff(t, owner, { name: 'Dao', role: 'desk', pin: pins[1] }),
      housekeeping: await addStaff(t, owner, { name: 'Hom', role: 'housekeeping', pin: pins[2] }),
    };
    const target = await addStaff(t, owner, { name: 'Target', role: 'desk', pin: pins[3] });
    const [drink] = await (await t.request('GET', '/api/drinks')).json();
    const checkout = await t.request('POST', '/api/checkouts', {
      body: { bungalow: 4, items: [{ drinkId: drink.id, missing: 2 }] },
    });
    let counter = 0;
    const fixture: Fixture = {
      drinkId: drink.id,
      checkoutId: (await checkout.json()).id,
      staffId: target.id,
      unique: () => String(++counter),
      async webhookId() {
        const made = await t.request('POST', '/api/webhooks', {
          cookie: owner,
          body: { url: `https://pms.example.com/${++counter}`, events: ['*'] },
        });
        return (await made.json()).id;
      },
      async spareDeviceId() {
        const spare = await (
          await t.request('POST', '/api/devices/pairing', { cookie: owner, body: {} })
        ).json();
        const made = await t.request('POST', '/api/devices', {
          body: { name: `Spare ${++counter}`, pairingCode: spare.code },
        });
        return (await made.json()).id;
      },
      async openRequestId() {
        const asked = await t.request('POST', '/api/check-requests', {
          cookie: owner,
          body: { bungalow: 200 + ++counter },
        });
        return (await asked.json()).id;
      },
    };
    const cookies: Record<Caller, string> = {
      owner: joinCookies(owner, device),
      manager: await signInWithPin(t, device, people.manager.id, pins[0]),
      desk: await signInWithPin(t, device, people.desk.id, pins[1]),
      housekeeping: await signInWithPin(t, device, people.housekeeping.id, pins[2]),
      none: device,
    };

    const order = appRoutes(t).sort((a, b) => Number(endsSession.has(a)) - Number(endsSession.has(b)));
    const checked: string[] = [];
    for (const key of order) {
      const row = routeRules[key];
      if (!row) continue; // reported by the first test
      const method = key.split(' ')[0] ?? 'GET';
      for (const caller of callers) {
        const { path, body } = await row.call(fixture);
        const response = await t.request(method, path, { cookie: cookies[caller], body });
        const label = `${caller} ${key} -> ${response.status}`;
        const want = expected(row.rule, caller);
        if (want === 'allowed') {
          // An event stream stays open: its status is the answer, and the body is let go.
          const detail = response.headers.get('content-type')?.startsWith('text/event-stream')
            ? await response.body?.cancel().then(() => 'an event stream')
            : await response.clone().text();
          expect([401, 403], `${label}: ${detail}`).not.toContain(response.status);
        } else {
          expect(response.status, label).toBe(want.status);
          const { error } = await response.json();
          expect(error.code, label).toBe(want.code);
          if (want.message) expect(error.message, label).toBe(want.message);
        }
        checked.push(label);
      }
    }
    expect(checked).toHaveLength(Object.keys(routeRules).length * callers.length);
    console.log(
      `[figure] rights table: ${checked.length} checks (${order.length} routes x ${callers.length} callers)`,
    );
    // Two hundred requests and a dozen scrypt hashes on a shared machine.
  }, 240_000);
});

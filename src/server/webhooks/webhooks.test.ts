import { Webhook } from 'standardwebhooks';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { drinksByName, setGuest } from '../../../tests/support/checkout-factory';
import { addStaff, errorOf, pins, registerDevice, signInWithPin } from '../../../tests/support/team';
import { describeEachDatabase, type TestApp } from '../../../tests/support/test-app';
import { until } from '../../../tests/support/until';
import { startWebhookReceiver, type WebhookReceiver } from '../../../tests/support/webhook-receiver';
import type { AuditPage } from '../../shared/audit-types';
import type { WebhookAttemptsPage, WebhookEndpoint, WebhookWithSecret } from '../../shared/webhook-types';
import { parseConfig } from '../config';
import { createLogger } from '../logger';
import { createWebhookSender } from './webhook-sender';

/** Short waits, so that retries happen within a test (the real schedule is 5 s, 5 min, … 10 h). */
const fastWebhooks = {
  ...parseConfig({}).webhooks,
  allowedHosts: ['127.0.0.1'],
  retryDelaysMs: [100, 150, 200],
  leaseMs: 5_000,
};

describeEachDatabase('webhooks API', ({ fresh }) => {
  let t: TestApp;
  let owner: string;
  let receiver: WebhookReceiver;
  let bungalow = 100;

  const create = async (body: Record<string, unknown>, cookie = owner): Promise<WebhookWithSecret> => {
    const response = await t.request('POST', '/api/webhooks', { cookie, body });
    expect(response.status, await response.clone().text()).toBe(201);
    return response.json();
  };
  const endpoint = async (id: number): Promise<WebhookEndpoint> => {
    const list: WebhookEndpoint[] = await (await t.request('GET', '/api/webhooks', { cookie: owner })).json();
    const found = list.find((e) => e.id === id);
    if (!found) throw new Error(`no webhook ${id}`);
    return found;
  };
  const attempts = async (id: number, page = 1): Promise<WebhookAttemptsPage> => {
    const response = await t.request('GET', `/api/webhooks/${id}/attempts?page=${page}`, { cookie: owner });
    expect(response.status).toBe(200);
    return response.json();
  };
  const checkout = async () => {
    const drinks = await drinksByName(t);
    const response = await t.request('POST', '/api/checkouts', {
      body: { bungalow: bungalow++, items: [{ drinkId: drinks.Chang?.id, missing: 1 }] },
    });
    expect(response.status, await response.clone().text()).toBe(201);
    return response.json() as Promise<{ id: number }>;
  };
  const verify = (secret: string, r: { body: string; headers: Record<string, string> }) =>
    new Webhook(secret).verify(r.body, r.headers);

  beforeAll(async () => {
    t = await fresh({ config: { webhooks: fastWebhooks } });
    owner = await t.login();
    await setGuest(t, owner, 'Ann Guest');
    receiver = await startWebhookReceiver();
    await t.webhooks.start();
  });
  afterAll(async () => {
    await t.webhooks.stop();
    await receiver.close();
  });
  afterEach(() => {
    receiver.answer = () => ({ status: 200, body: 'ok' });
  });

  it('POST /api/webhooks shows the secret once; no list or change answers it', async () => {
    const made = await create({
      url: receiver.url('/secret'),
      events: ['checkout.recorded'],
      description: 'PMS',
    });
    expect(made.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(made).toMatchObject({
      url: receiver.url('/secret'),
      events: ['checkout.recorded'],
      enabled: true,
    });
    const list = await (await t.request('GET', '/api/webhooks', { cookie: owner })).text();
    const changed = await (
      await t.request('PUT', `/api/webhooks/${made.id}`, {
        cookie: owner,
        body: { description: 'Front office' },
      })
    ).text();
    const audit = await (await t.request('GET', '/api/audit', { cookie: owner })).text();
    for (const text of [list, changed, audit]) {
      expect(text).not.toContain(made.secret.slice(6));
      expect(text).not.toContain('"secret"');
    }
    expect(JSON.parse(changed)).toMatchObject({ description: 'Front office' });
    await t.request('DELETE', `/api/webhooks/${made.id}`, { cookie: owner });
  });

  it('delivers each event signed (verified by standardwebhooks), in audit order, without the guest email', async () => {
    const made = await create({ url: receiver.url('/order'), events: ['checkout.recorded', 'guest.saved'] });
    await setGuest(t, owner, 'Bea Guest');
    const ids = [(await checkout()).id, (await checkout()).id, (await checkout()).id];
    const got = await receiver.waitFor(4, { path: '/order' });
    for (const r of got) expect(verify(made.secret, r)).toBeTruthy();
    expect(got.map((r) => r.json.type)).toEqual([
      'guest.saved',
      'checkout.recorded',
      'checkout.recorded',
      'checkout.recorded',
    ]);
    const seqs = got.map((r) => r.json.data.seq);
    expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
    expect(got.map((r) => r.id)).toEqual(seqs.map((seq) => `evt_${seq}`));
    expect(got.slice(1).map((r) => Number((r.json.data.subject as { id: string }).id))).toEqual(ids);
    expect(got[1]?.json.data).toMatchObject({
      actor: { name: 'guest', role: 'guest' },
      details: { total: expect.any(Number) },
    });
    // Guests' personal data (fifth stage): the event names the guest by reference; neither name nor address travels.
    expect(got[0]?.body).toContain('"guest":"guest:');
    expect(got.map((r) => r.body).join('')).not.toContain('Bea Guest');
    expect(got.map((r) => r.body).join('')).not.toMatch(/example\.com|email/i);
    await t.request('DELETE', `/api/webhooks/${made.id}`, { cookie: owner });
  });

  it('sends only the events an endpoint asked for', async () => {
    const made = await create({ url: receiver.url('/filter'), events: ['drink.changed'] });
    await checkout();
    const drinks = await drinksByName(t);
    const coke = drinks.Coke;
    if (!coke) throw new Error('no Coke');
    const put = await t.request('PUT', `/api/drinks/${coke.id}`, {
      cookie: owner,
      body: { drinkName: 'Coke', startingQuantity: coke.startingQuantity, price: coke.price + 1 },
    });
    expect(put.status).toBe(200);
    await checkout();
    const [got] = await receiver.waitFor(1, { path: '/filter' });
    // Every event up to the last checkout has been passed over: the cursor is at the head.
    await until(
      () => endpoint(made.id),
      (e) => e.health.deliveredUpTo > (got?.json.data.seq ?? 0),
    );
    expect(receiver.received.filter((r) => r.path === '/filter').map((r) => r.json.type)).toEqual([
      'drink.changed',
    ]);
    await t.request('DELETE', `/api/webhooks/${made.id}`, { cookie: owner });
  });

  it('retries a failed event with the same webhook-id, then sends the next in order, and logs each try', async () => {
    let failures = 2;
    receiver.answer = (r) =>
      r.path === '/retry' && failures-- > 0
        ? { status: 500, body: 'PMS is restarting' }
        : { status: 200, body: 'ok' };
    const made = await create({ url: receiver.url('/retry'), events: ['checkout.recorded'] });
    await checkout();
    await checkout();
    const got = await receiver.waitFor(4, { path: '/retry' });
    const [first, second] = [got[0]?.id, got[3]?.id];
    expect(got.map((r) => r.id)).toEqual([first, first, first, second]);
    expect(Number(second?.slice(4))).toBeGreaterThan(Number(first?.slice(4)));
    for (const r of got) expect(verify(made.secret, r)).toBeTruthy();

    const log = await until(
      () => attempts(made.id),
      (page) => page.attempts.length === 4,
    );
    expect(log.attempts.map((a) => [a.webhookId, a.status, a.outcome])).toEqual([
      [second, 200, 'delivered'],
      [first, 200, 'delivered'],
      [first, 500, 'retrying'],
      [first, 500, 'retrying'],
    ]);
    const retried = log.attempts[3];
    expect(retried?.response).toBe('PMS is restarting');
    expect(Date.parse(retried?.nextAttemptAt ?? '') - Date.parse(retried?.at ?? '')).toBeGreaterThanOrEqual(
      80,
    );
    expect((await endpoint(made.id)).health).toMatchObject({ failuresInRow: 0, failingSince: null });
    expect((await endpoint(made.id)).health.lastSuccessAt).not.toBeNull();
    await t.request('DELETE', `/api/webhooks/${made.id}`, { cookie: owner });
  });

  it('honours Retry-After on a 503', async () => {
    let busy = true;
    receiver.answer = (r) => {
      if (r.path !== '/busy' || !busy) return { status: 200 };
      busy = false;
      return { status: 503, headers: { 'retry-after': '1' } };
    };
    const made = await create({ url: receiver.url('/busy'), events: ['checkout.recorded'] });
    await checkout();
    const got = await receiver.waitFor(2, { path: '/busy' });
    expect((got[1]?.startedAt ?? 0) - (got[0]?.answeredAt ?? 0)).toBeGreaterThanOrEqual(900);
    const log = await attempts(made.id);
    const waited = log.attempts.find((a) => a.status === 503);
    const wait = Date.parse(waited?.nextAttemptAt ?? '') - Date.parse(waited?.at ?? '');
    expect(wait).toBeGreaterThanOrEqual(1000);
    expect(wait).toBeLessThan(1500);
    await t.request('DELETE', `/api/webhooks/${made.id}`, { cookie: owner });
  });

  it('a 410 disables the endpoint, and the Activity page says so', async () => {
    receiver.answer = (r) => (r.path === '/gone' ? { status: 410 } : { status: 200 });
    const made = await create({ url: receiver.url('/gone'), events: ['checkout.recorded'] });
    await checkout();
    const disabled = await until(
      () => endpoint(made.id),
      (e) => !e.enabled,
    );
    expect(disabled.disabledReason).toBe('The endpoint answered 410 Gone');
    const audit: AuditPage = await (
      await t.request('GET', '/api/audit?action=webhook.disabled', { cookie: owner })
    ).json();
    expect(audit.events[0]).toMatchObject({
      actor: { name: 'Webhook sender', role: 'system' },
      subject: { type: 'webhook', id: String(made.id) },
      details: { url: receiver.url('/gone'), reason: 'The endpoint answered 410 Gone' },
    });
    // Nothing more is sent to it.
    await checkout();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(receiver.received.filter((r) => r.path === '/gone')).toHaveLength(1);
    expect((await attempts(made.id)).attempts[0]?.outcome).toBe('disabled');
    await t.request('DELETE', `/api/webhooks/${made.id}`, { cookie: owner });
  });

  it('resends from an event: the same ids again, in order', async () => {
    const made = await create({ url: receiver.url('/resend'), events: ['checkout.recorded'] });
    await checkout();
    await checkout();
    const firstTwo = await receiver.waitFor(2, { path: '/resend' });
    const fromSeq = firstTwo[0]?.json.data.seq ?? 0;
    const response = await t.request('POST', `/api/webhooks/${made.id}/resend`, {
      cookie: owner,
      body: { fromSeq },
    });
    expect(response.status).toBe(202);
    const all = await receiver.waitFor(4, { path: '/resend' });
    expect(all.map((r) => r.id)).toEqual([...firstTwo.map((r) => r.id), ...firstTwo.map((r) => r.id)]);

    const beyond = await t.request('POST', `/api/webhooks/${made.id}/resend`, {
      cookie: owner,
      body: { fromSeq: 1_000_000 },
    });
    expect(beyond.status).toBe(422);
    const bad = await t.request('POST', `/api/webhooks/${made.id}/resend`, {
      cookie: owner,
      body: { fromSeq: 0 },
    });
    expect(bad.status).toBe(422);
    await t.request('DELETE', `/api/webhooks/${made.id}`, { cookie: owner });
  });

  it('a test event reaches only the endpoint it tests, whatever its filter, and is logged', async () => {
    const made = await create({ url: receiver.url('/test'), events: ['day.closed'] });
    const other = await create({ url: receiver.url('/other'), events: ['*'] });
    const response = await t.request('POST', `/api/webhooks/${made.id}/test`, { cookie: owner, body: {} });
    expect(response.status).toBe(202);
    const { webhookId } = await response.json();
    const [got] = await receiver.waitFor(1, { path: '/test' });
    expect(got).toMatchObject({ id: webhookId, json: { type: 'webhook.tested' } });
    expect(verify(made.secret, got as never)).toBeTruthy();
    const log = await until(
      () => attempts(made.id),
      (page) => page.attempts.length === 1,
    );
    expect(log.attempts[0]).toMatchObject({
      webhookId,
      outcome: 'delivered',
      status: 200,
      type: 'webhook.tested',
    });
    await checkout();
    await receiver.waitFor(1, { path: '/other' });
    expect(receiver.received.filter((r) => r.path === '/other').map((r) => r.json.type)).not.toContain(
      'webhook.tested',
    );
    await t.request('DELETE', `/api/webhooks/${made.id}`, { cookie: owner });
    await t.request('DELETE', `/api/webhooks/${other.id}`, { cookie: owner });
  });

  it('rotate-secret: both secrets verify during the overlap', async () => {
    const made = await create({ url: receiver.url('/rotate'), events: ['checkout.recorded'] });
    const response = await t.request('POST', `/api/webhooks/${made.id}/rotate-secret`, {
      cookie: owner,
      body: {},
    });
    expect(response.status).toBe(200);
    const rotated: WebhookWithSecret = await response.json();
    expect(rotated.secret).not.toBe(made.secret);
    await checkout();
    const [got] = await receiver.waitFor(1, { path: '/rotate' });
    if (!got) throw new Error('nothing received');
    expect(got.signature.split(' ')).toHaveLength(2);
    expect(verify(rotated.secret, got)).toBeTruthy();
    expect(verify(made.secret, got)).toBeTruthy();
    expect(() => verify(`whsec_${Buffer.alloc(32, 1).toString('base64')}`, got)).toThrow();
    await t.request('DELETE', `/api/webhooks/${made.id}`, { cookie: owner });
  });

  it('the log pages newest first; DELETE removes the endpoint and its log', async () => {
    const made = await create({ url: receiver.url('/log'), events: ['checkout.recorded'] });
    for (let i = 0; i < 52; i++) await checkout();
    await receiver.waitFor(52, { path: '/log', timeoutMs: 30_000 });
    const second = await until(
      () => attempts(made.id, 2),
      (page) => page.attempts.length === 2,
    );
    const first = await attempts(made.id);
    expect(first).toMatchObject({ hasMore: true });
    expect(first.attempts).toHaveLength(50);
    expect(second).toMatchObject({ hasMore: false });
    expect(second.attempts).toHaveLength(2);
    const seqs = [...first.attempts, ...second.attempts].map((a) => a.seq);
    expect(seqs).toEqual([...seqs].sort((a, b) => b - a));
    expect((await t.request('DELETE', `/api/webhooks/${made.id}`, { cookie: owner })).status).toBe(204);
    expect((await t.request('GET', `/api/webhooks/${made.id}/attempts`, { cookie: owner })).status).toBe(404);
    expect((await t.request('DELETE', `/api/webhooks/${made.id}`, { cookie: owner })).status).toBe(404);
    const audit: AuditPage = await (
      await t.request('GET', '/api/audit?action=webhook.deleted', { cookie: owner })
    ).json();
    expect(audit.events[0]).toMatchObject({
      subject: { id: String(made.id) },
      details: { before: { url: receiver.url('/log') } },
    });
  });

  it('refuses URLs to link-local, metadata and private addresses not allowed (422), and bad input', async () => {
    const refused = [
      'http://169.254.169.254/latest/meta-data/',
      'http://[fe80::1]/hooks',
      'http://[fd00:ec2::254]/',
      'http://metadata.google.internal/computeMetadata/v1/',
      'http://10.0.0.5/hooks',
      'http://192.168.1.20/hooks',
      'http://[::1]:8080/hooks',
      'http://[::ffff:10.0.0.5]/hooks',
      // The IPv4 inside NAT64 and 6to4 (issue 49).
      'http://[64:ff9b:1::7f00:1]/',
      'http://[64:ff9b::a9fe:a9fe]/',
      'http://[2002:7f00:1::]/',
    ];
    for (const url of refused) {
      const response = await t.request('POST', '/api/webhooks', {
        cookie: owner,
        body: { url, events: ['*'] },
      });
      expect(response.status, url).toBe(422);
      expect((await errorOf(response)).message, url).toMatch(/cannot receive webhooks/);
    }
    for (const body of [
      { url: 'ftp://files.example.com/', events: ['*'] },
      { url: 'https://user:pw@pms.example.com/', events: ['*'] },
      { url: 'not a url', events: ['*'] },
      { url: receiver.url(), events: ['checkout.exploded'] },
      { url: receiver.url(), events: [] },
      { url: receiver.url(), events: ['*'], secret: 'mine' },
    ]) {
      const response = await t.request('POST', '/api/webhooks', { cookie: owner, body });
      expect(response.status, JSON.stringify(body)).toBe(422);
    }
    const list: WebhookEndpoint[] = await (await t.request('GET', '/api/webhooks', { cookie: owner })).json();
    expect(list.filter((e) => !e.url.startsWith(receiver.url('')))).toEqual([]);
  });

  it('401 without a session, 403 for the desk and housekeeping, a manager may', async () => {
    const device = await registerDevice(t, owner);
    const people = {
      manager: await addStaff(t, owner, { name: 'Mali', role: 'manager', pin: pins[0] }),
      desk: await addStaff(t, owner, { name: 'Noi', role: 'desk', pin: pins[1] }),
      housekeeping: await addStaff(t, owner, { name: 'Som', role: 'housekeeping', pin: pins[2] }),
    };
    const as = {
      manager: await signInWithPin(t, device, people.manager.id, pins[0]),
      desk: await signInWithPin(t, device, people.desk.id, pins[1]),
      housekeeping: await signInWithPin(t, device, people.housekeeping.id, pins[2]),
    };
    const made = await create({ url: receiver.url('/roles'), events: ['*'] }, as.manager);
    const calls: [string, string, unknown?][] = [
      ['GET', '/api/webhooks'],
      ['POST', '/api/webhooks', { url: receiver.url(), events: ['*'] }],
      ['PUT', `/api/webhooks/${made.id}`, { enabled: false }],
      ['DELETE', `/api/webhooks/${made.id}`],
      ['POST', `/api/webhooks/${made.id}/rotate-secret`, {}],
      ['GET', `/api/webhooks/${made.id}/attempts`],
      ['POST', `/api/webhooks/${made.id}/resend`, { fromSeq: 1 }],
      ['POST', `/api/webhooks/${made.id}/test`, {}],
    ];
    for (const [method, path, body] of calls) {
      expect((await t.request(method, path, { body })).status, `${method} ${path}`).toBe(401);
      for (const role of ['desk', 'housekeeping'] as const) {
        const response = await t.request(method, path, { cookie: as[role], body });
        expect(response.status, `${role} ${method} ${path}`).toBe(403);
        expect((await errorOf(response)).message).toMatch(/cannot manage the webhooks/);
      }
    }
    const disabled = await t.request('PUT', `/api/webhooks/${made.id}`, {
      cookie: as.manager,
      body: { enabled: false },
    });
    expect(await disabled.json()).toMatchObject({ enabled: false, disabledReason: 'Disabled by Mali' });
    expect(
      (await t.request('POST', `/api/webhooks/${made.id}/test`, { cookie: as.manager, body: {} })).status,
    ).toBe(409);
    expect(
      (await t.request('PUT', '/api/webhooks/999999', { cookie: owner, body: { enabled: true } })).status,
    ).toBe(404);
    expect((await t.request('PUT', `/api/webhooks/${made.id}`, { cookie: owner, body: {} })).status).toBe(
      422,
    );
    expect((await t.request('DELETE', `/api/webhooks/${made.id}`, { cookie: as.manager })).status).toBe(204);
  });
});

describeEachDatabase('webhooks: addresses after DNS, and days of failure', ({ fresh }) => {
  let receiver: WebhookReceiver;
  beforeAll(async () => {
    receiver = await startWebhookReceiver();
  });
  afterAll(() => receiver.close());

  it('a name resolving to a refused address is refused when saved and when sending', async () => {
    // This resort allows its LAN and names `localhost`; saving to localhost passes, 127.0.0.1 by address does not.
    const t = await fresh({
      config: { webhooks: { ...fastWebhooks, allowedHosts: ['10.0.0.0/8', 'localhost'] } },
    });
    const owner = await t.login();
    const saved = await t.request('POST', '/api/webhooks', {
      cookie: owner,
      body: { url: `http://localhost:${receiver.port}/dns`, events: ['*'] },
    });
    expect(saved.status).toBe(201);
    const byAddress = await t.request('POST', '/api/webhooks', {
      cookie: owner,
      body: { url: receiver.url('/dns'), events: ['*'] },
    });
    expect(byAddress.status).toBe(422);

    // The same database served with a list that no longer names localhost: the name resolves to loopback.
    const strict = await fresh({ config: { webhooks: { ...fastWebhooks, allowedHosts: ['10.0.0.0/8'] } } });
    const strictOwner = await strict.login();
    const refused = await strict.request('POST', '/api/webhooks', {
      cookie: strictOwner,
      body: { url: `http://localhost:${receiver.port}/dns`, events: ['*'] },
    });
    expect(refused.status).toBe(422);
    expect((await errorOf(refused)).message).toMatch(/localhost resolves to .* private address/);

    const { createTestApp } = await import('../../../tests/support/test-app');
    const sender = await createTestApp(t.scratch, {
      config: { webhooks: { ...fastWebhooks, allowedHosts: ['10.0.0.0/8'] } },
    });
    const { id } = await saved.json();
    await sender.webhooks.start();
    try {
      await t.request('POST', `/api/webhooks/${id}/test`, { cookie: owner, body: {} });
      const log = await until(
        async () =>
          (await (
            await t.request('GET', `/api/webhooks/${id}/attempts`, { cookie: owner })
          ).json()) as WebhookAttemptsPage,
        (page) => page.attempts.length > 0,
      );
      expect(log.attempts[0]).toMatchObject({ status: null, outcome: 'retrying' });
      expect(log.attempts[0]?.response).toMatch(/^Refused: localhost resolves to .* private address/);
      expect(receiver.received).toHaveLength(0);
    } finally {
      await sender.webhooks.stop();
    }
  });

  it('a receiver that does not answer in time is a failure, tried again with the same id', async () => {
    const t = await fresh({ config: { webhooks: { ...fastWebhooks, timeoutMs: 300 } } });
    const owner = await t.login();
    let slow = true;
    receiver.answer = (r) => {
      if (r.path !== '/slow' || !slow) return { status: 200 };
      slow = false;
      return { status: 200, delayMs: 1_500 };
    };
    const made: WebhookWithSecret = await (
      await t.request('POST', '/api/webhooks', {
        cookie: owner,
        body: { url: receiver.url('/slow'), events: ['day.closed'] },
      })
    ).json();
    await t.webhooks.start();
    try {
      await t.request('POST', `/api/webhooks/${made.id}/test`, { cookie: owner, body: {} });
      const log = await until(
        async () =>
          (await (
            await t.request('GET', `/api/webhooks/${made.id}/attempts`, { cookie: owner })
          ).json()) as WebhookAttemptsPage,
        (page) => page.attempts.some((a) => a.outcome === 'delivered'),
      );
      expect(log.attempts.map((a) => [a.status, a.outcome, a.response])).toEqual([
        [200, 'delivered', ''],
        [null, 'retrying', 'No answer within 0.3 s'],
      ]);
      expect(new Set(log.attempts.map((a) => a.webhookId)).size).toBe(1);
    } finally {
      await t.webhooks.stop();
      receiver.answer = () => ({ status: 200 });
    }
  });

  it("the log keeps each endpoint's latest attempts", async () => {
    const t = await fresh({ config: { webhooks: fastWebhooks } });
    const owner = await t.login();
    await setGuest(t, owner);
    const made: WebhookWithSecret = await (
      await t.request('POST', '/api/webhooks', {
        cookie: owner,
        body: { url: receiver.url('/trim'), events: ['checkout.recorded'] },
      })
    ).json();
    const sender = createWebhookSender({
      db: t.db,
      config: fastWebhooks,
      logger: createLogger('silent'),
      live: t.live,
      log: { kept: 3, trimEverySaves: 1 },
    });
    await sender.start();
    try {
      const drinks = await drinksByName(t);
      for (let bungalow = 1; bungalow <= 8; bungalow++) {
        const response = await t.request('POST', '/api/checkouts', {
          body: { bungalow, items: [{ drinkId: drinks.Chang?.id, missing: 1 }] },
        });
        expect(response.status).toBe(201);
      }
      const got = await receiver.waitFor(8, { path: '/trim' });
      const lastSeq = got.at(-1)?.json.data.seq;
      const log = await until(
        async () =>
          (await (
            await t.request('GET', `/api/webhooks/${made.id}/attempts`, { cookie: owner })
          ).json()) as WebhookAttemptsPage,
        (page) => page.attempts[0]?.seq === lastSeq && page.attempts.length <= 3,
      );
      expect(log.attempts.map((a) => a.seq)).toEqual(
        got
          .slice(-3)
          .map((r) => r.json.data.seq)
          .reverse(),
      );
    } finally {
      await sender.stop();
    }
  });

  it('an endpoint failing for the give-up period is disabled and the Activity page says so', async () => {
    const t = await fresh({
      config: { webhooks: { ...fastWebhooks, retryDelaysMs: [50], giveUpAfterMs: 400 } },
    });
    const owner = await t.login();
    receiver.answer = () => ({ status: 500 });
    const made: WebhookWithSecret = await (
      await t.request('POST', '/api/webhooks', {
        cookie: owner,
        body: { url: receiver.url('/down'), events: ['*'] },
      })
    ).json();
    await t.webhooks.start();
    try {
      await t.request('POST', `/api/webhooks/${made.id}/test`, { cookie: owner, body: {} });
      const disabled = await until(
        async () =>
          (
            (await (await t.request('GET', '/api/webhooks', { cookie: owner })).json()) as WebhookEndpoint[]
          )[0],
        (e) => e?.enabled === false,
      );
      expect(disabled?.disabledReason).toMatch(/^Every delivery failed for/);
      expect(disabled?.health.failuresInRow).toBeGreaterThan(2);
      const audit: AuditPage = await (
        await t.request('GET', '/api/audit?action=webhook.disabled', { cookie: owner })
      ).json();
      expect(audit.events).toHaveLength(1);
      // Enabled again: a fresh start.
      receiver.answer = () => ({ status: 200 });
      const again = await t.request('PUT', `/api/webhooks/${made.id}`, {
        cookie: owner,
        body: { enabled: true },
      });
      expect(await again.json()).toMatchObject({
        enabled: true,
        disabledReason: null,
        health: { failuresInRow: 0 },
      });
      await receiver.waitFor(1, { path: '/down' });
      await until(
        async () =>
          (
            (await (await t.request('GET', '/api/webhooks', { cookie: owner })).json()) as WebhookEndpoint[]
          )[0],
        (e) => e?.health.lastSuccessAt !== null,
      );
    } finally {
      await t.webhooks.stop();
    }
  });
});

describe('webhook URL rules', () => {
  it('are checked by the shared schema before the server looks at addresses', async () => {
    const { webhookCreateSchema } = await import('../../shared/webhook-schemas');
    expect(
      webhookCreateSchema.safeParse({ url: 'https://pms.example.com/h', events: ['*', 'checkout.recorded'] })
        .data,
    ).toMatchObject({ events: ['*'], description: '' });
  });
});

import { randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase, statusAndJson, type TestApp } from '../../../tests/support/test-app';
import { startWebhookReceiver, type WebhookReceiver } from '../../../tests/support/webhook-receiver';
import type { AuditPage } from '../../shared/audit-types';
import type { WebhookEndpoint, WebhookWithSecret } from '../../shared/webhook-types';
import { parseConfig } from '../config';
import { setSecretsKeys } from '../secrets/secret-box';
import { secretsKeysOf } from '../secrets/secrets-key';

/**
 * A webhook's secret follows its address (seventh stage), as a PMS connection's does: a new URL without the
 * endpoint's current secret is 422 `secret_required` and changes nothing, so a manager cannot point the signed
 * deliveries at an address of their choosing; with it, the secret goes on at the new address, and the previous
 * secret of a rotation, the old receiver's, signs no more.
 */

const fastWebhooks = {
  ...parseConfig({}).webhooks,
  allowedHosts: ['127.0.0.1'],
  retryDelaysMs: [100, 150, 200],
  leaseMs: 5_000,
};

describeEachDatabase('a webhook secret follows its address', ({ fresh }) => {
  let t: TestApp;
  let owner: string;
  let receiver: WebhookReceiver;
  let elsewhere: WebhookReceiver;

  const call = async (method: string, path: string, body?: unknown) =>
    statusAndJson(await t.request(method, path, { cookie: owner, ...(body !== undefined ? { body } : {}) }));
  const endpoint = async (id: number): Promise<WebhookEndpoint> =>
    ((await call('GET', '/api/webhooks')).body as WebhookEndpoint[]).find(
      (e) => e.id === id,
    ) as WebhookEndpoint;
  const changes = async () =>
    ((await call('GET', '/api/audit?action=webhook.changed')).body as AuditPage).events.length;

  beforeAll(async () => {
    // Sealed at rest, as with SECRETS_KEY: the secret sent is compared with the one opened.
    setSecretsKeys(
      secretsKeysOf({ secretsKey: randomBytes(32), secretsKeyPrevious: undefined, auditKey: undefined }),
    );
    t = await fresh({ config: { webhooks: fastWebhooks } });
    owner = await t.login();
    receiver = await startWebhookReceiver();
    elsewhere = await startWebhookReceiver();
    await t.webhooks.start();
  });
  afterAll(async () => {
    setSecretsKeys(
      secretsKeysOf({ secretsKey: undefined, secretsKeyPrevious: undefined, auditKey: undefined }),
    );
    await t.webhooks.stop();
    await receiver.close();
    await elsewhere.close();
  });

  it('a new URL without the secret, or with another, is 422 secret_required and changes nothing; nothing reaches the new URL', async () => {
    const made: WebhookWithSecret = (
      await call('POST', '/api/webhooks', { url: receiver.url('/pms'), events: ['webhook.tested'] })
    ).body;
    const before = await endpoint(made.id);
    const audited = await changes();

    const moved = await call('PUT', `/api/webhooks/${made.id}`, {
      url: elsewhere.url('/collect'),
      description: 'mine now',
    });
    expect(moved.status).toBe(422);
    expect(moved.body.error).toMatchObject({
      code: 'secret_required',
      message:
        "Secret is required again: the webhook's address changed, and a stored secret goes only to the address it was given for. Send the webhook's current secret (shown when it was added or last rotated) with the new URL, or rotate the secret and send the new one",
      issues: [{ path: 'secret' }],
    });
    const guessed = await call('PUT', `/api/webhooks/${made.id}`, {
      url: elsewhere.url('/collect'),
      secret: `whsec_${randomBytes(32).toString('base64')}`,
    });
    expect(guessed.status).toBe(422);
    expect(guessed.body.error.code).toBe('secret_required');
    expect(guessed.body.error.message).toMatch(/^Secret is not the one stored: /);
    // Nothing changed, nothing audited; the next delivery goes where it went, signed as before.
    expect(await endpoint(made.id)).toEqual(before);
    expect(await changes()).toBe(audited);
    expect((await call('POST', `/api/webhooks/${made.id}/test`, {})).status).toBe(202);
    const [got] = await receiver.waitFor(1, { path: '/pms' });
    expect(new Webhook(made.secret).verify(got?.body ?? '', got?.headers ?? {})).toBeTruthy();
    expect(elsewhere.received).toEqual([]);
    // The same URL, or no URL, needs no secret.
    expect(
      (await call('PUT', `/api/webhooks/${made.id}`, { url: receiver.url('/pms'), description: 'PMS' }))
        .status,
    ).toBe(200);
  });

  it('with its current secret, the URL changes and the secret signs there; the previous one of a rotation signs no more', async () => {
    const made: WebhookWithSecret = (
      await call('POST', '/api/webhooks', { url: receiver.url('/old'), events: ['webhook.tested'] })
    ).body;
    const rotated: WebhookWithSecret = (await call('POST', `/api/webhooks/${made.id}/rotate-secret`, {}))
      .body;
    // The old secret is not the current one.
    const old = await call('PUT', `/api/webhooks/${made.id}`, {
      url: elsewhere.url('/new'),
      secret: made.secret,
    });
    expect(old.status).toBe(422);
    const changed = await call('PUT', `/api/webhooks/${made.id}`, {
      url: elsewhere.url('/new'),
      secret: rotated.secret,
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body).toMatchObject({ url: elsewhere.url('/new') });
    expect(JSON.stringify(changed.body)).not.toContain(rotated.secret.slice(6));
    expect((await call('POST', `/api/webhooks/${made.id}/test`, {})).status).toBe(202);
    const [got] = await elsewhere.waitFor(1, { path: '/new' });
    expect(got?.signature.split(' ')).toHaveLength(1);
    expect(new Webhook(rotated.secret).verify(got?.body ?? '', got?.headers ?? {})).toBeTruthy();
    expect(() => new Webhook(made.secret).verify(got?.body ?? '', got?.headers ?? {})).toThrow();
  });
});

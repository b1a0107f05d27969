import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import { Webhook } from 'standardwebhooks';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { type PmsUnderTest, standIns } from '../../../tests/pms/stand-ins';
import { drinksByName, setGuest } from '../../../tests/support/checkout-factory';
import { containsValue, everyTableText } from '../../../tests/support/guest-data';
import { describeEachDatabase, statusAndJson, type TestApp } from '../../../tests/support/test-app';
import { until } from '../../../tests/support/until';
import { startWebhookReceiver, type WebhookReceiver } from '../../../tests/support/webhook-receiver';
import type { PmsPosting } from '../../shared/pms-types';
import type { BungalowState } from '../../shared/staff-types';
import type { WebhookAttemptsPage, WebhookWithSecret } from '../../shared/webhook-types';
import { parseConfig } from '../config';
import { createLogger } from '../logger';
import { createPmsRepo } from '../pms/pms.repo';
import { pmsDayKeptMs } from '../round/pms-day';
import { createWebhookSender } from '../webhooks/webhook-sender';
import { sealStoredSecrets } from './seal-stored-secrets';
import { setSecretsKeys } from './secret-box';
import { keyIdOf, secretsKeysOf } from './secrets-key';

/**
 * PMS and webhook secrets at rest (seventh stage, docs/decisions/234): what the database holds of them (its
 * rows, and on SQLite the file's very bytes, free pages and log included) and that the PMS and a webhook's
 * receiver still get the right secret; a wrong key, a change of key, an address changed in the database.
 */

const fastWebhooks = {
  ...parseConfig({}).webhooks,
  allowedHosts: ['127.0.0.1'],
  retryDelaysMs: [100, 150, 200],
  leaseMs: 5_000,
};
const useKeys = (secretsKey?: Buffer, secretsKeyPrevious?: Buffer) =>
  setSecretsKeys(secretsKeysOf({ secretsKey, secretsKeyPrevious, auditKey: undefined }));

for (const standIn of standIns)
  describeEachDatabase(`secrets at rest: ${standIn.label} and a webhook`, ({ fresh, dialect }) => {
    let t: TestApp;
    let owner: string;
    let pms: PmsUnderTest;
    let receiver: WebhookReceiver;
    let webhook: WebhookWithSecret;
    const keyA = randomBytes(32);
    const keyB = randomBytes(32);

    const call = async (method: string, path: string, body?: unknown) =>
      statusAndJson(
        await t.request(method, path, { cookie: owner, ...(body !== undefined ? { body } : {}) }),
      );
    /** Every secret stored now: the PMS's and the webhook's, as typed or shown. */
    const secrets = () => [...pms.secrets.filter((s) => !s.includes('wrong')), webhook.secret];
    /** What a backup carries: every row, and on SQLite the database file and its log, byte for byte. */
    const rawDatabase = async () => {
      let text = await everyTableText(t.db);
      if (dialect === 'sqlite') {
        const file = t.scratch.url.slice('sqlite:'.length);
        for (const part of [file, `${file}-wal`])
          if (fs.existsSync(part)) text += fs.readFileSync(part).toString('latin1');
      }
      return text;
    };
    const expectNoSecretIn = (text: string) => {
      for (const secret of secrets()) {
        expect(containsValue(text, secret), `${secret} is stored`).toBe(false);
        // The webhook's key bytes without their whsec_ prefix too.
        expect(text.includes(secret.replace(/^whsec_/, '')), `${secret} is stored`).toBe(false);
      }
    };
    const delivered = async (path: string) => {
      const before = receiver.received.filter((r) => r.path === path).length;
      expect((await call('POST', `/api/webhooks/${webhook.id}/test`, {})).status).toBe(202);
      const got = await receiver.waitFor(before + 1, { path });
      return got[got.length - 1];
    };
    const attempts = async (): Promise<WebhookAttemptsPage> =>
      (await call('GET', `/api/webhooks/${webhook.id}/attempts`)).body;

    beforeAll(async () => {
      useKeys(undefined);
      t = await fresh({ config: { webhooks: fastWebhooks } });
      owner = await t.login();
      pms = await standIn.start();
      receiver = await startWebhookReceiver();
      await t.webhooks.start();
    });
    afterAll(async () => {
      useKeys(undefined);
      await t.webhooks.stop();
      await pms.close();
      await receiver.close();
    });

    it('stored without a key (as before this stage): plain, and said so; sealed at the next start with one, the database then holds no secret text', async () => {
      expect((await call('PUT', '/api/pms', pms.connect)).status).toBe(200);
      // Saved twice, as a resort does: the first row's copy is left in the file's free space.
      expect((await call('PUT', '/api/pms', { ...pms.connect, apiUrl: `${pms.url}/` })).status).toBe(200);
      expect((await call('PUT', '/api/pms', pms.connect)).status).toBe(200);
      const made = await t.request('POST', '/api/webhooks', {
        cookie: owner,
        body: { url: receiver.url('/hook'), events: ['webhook.tested'] },
      });
      expect(made.status).toBe(201);
      webhook = await made.json();
      // The honest state without a key: the rows hold the secrets, and the Integrations page is told.
      const plain = await everyTableText(t.db);
      expect(secrets().every((secret) => containsValue(plain, secret))).toBe(true);
      expect((await call('GET', '/api/pms')).body.secretsEncrypted).toBe(false);
      expect(await sealStoredSecrets(t.db)).toEqual({ sealed: 0, plain: secrets().length, unreadable: [] });

      // The next start has SECRETS_KEY.
      useKeys(keyA);
      expect(await sealStoredSecrets(t.db)).toEqual({ sealed: secrets().length, plain: 0, unreadable: [] });
      expectNoSecretIn(await rawDatabase());
      const row = await t.db.kysely
        .selectFrom('webhook_endpoints')
        .select('secret')
        .executeTakeFirstOrThrow();
      expect(row.secret).toMatch(new RegExp(`^fcs1\\.${keyIdOf(keyA)}\\.`));
      // A second start has nothing to do.
      expect(await sealStoredSecrets(t.db)).toEqual({ sealed: 0, plain: 0, unreadable: [] });

      // The PMS and the receiver still get the right secrets.
      expect((await call('GET', '/api/pms')).body).toMatchObject({
        secretsEncrypted: true,
        connection: pms.connected,
      });
      expect((await call('POST', '/api/pms/test', {})).body).toEqual({ ok: true, message: pms.testAnswer });
      const got = await delivered('/hook');
      expect(new Webhook(webhook.secret).verify(got?.body ?? '', got?.headers ?? {})).toBeTruthy();
    });

    it('with a key, a secret saved or rotated is never written in plain text', async () => {
      expect((await call('PUT', '/api/pms', pms.connect)).status).toBe(200);
      const rotated = await call('POST', `/api/webhooks/${webhook.id}/rotate-secret`, {});
      expect(rotated.status).toBe(200);
      const first = webhook;
      webhook = rotated.body;
      expectNoSecretIn(await rawDatabase());
      expect(containsValue(await rawDatabase(), first.secret)).toBe(false);
      expect((await call('POST', '/api/pms/test', {})).body).toEqual({ ok: true, message: pms.testAnswer });
      // Both secrets sign during the overlap, each opened for its address.
      const got = await delivered('/hook');
      expect(got?.signature.split(' ')).toHaveLength(2);
      expect(new Webhook(webhook.secret).verify(got?.body ?? '', got?.headers ?? {})).toBeTruthy();
      expect(new Webhook(first.secret).verify(got?.body ?? '', got?.headers ?? {})).toBeTruthy();
    });

    it('a wrong SECRETS_KEY: named at start; the test connection says why and a delivery is not sent, so nothing garbled reaches either', async () => {
      useKeys(keyB);
      const report = await sealStoredSecrets(t.db);
      expect(report.sealed).toBe(0);
      expect(report.unreadable.join('\n')).toContain("the PMS connection's");
      expect(report.unreadable.join('\n')).toContain(
        `webhook ${webhook.id}'s secret (${receiver.url('/hook')})`,
      );
      expect(report.unreadable[0]).toContain(
        `encrypted under another key (key id ${keyIdOf(keyA)}) than this server's (key id ${keyIdOf(keyB)})`,
      );
      // The settings' `credentials` failure, answered as the PMS's own refusal of the key would be.
      const tested = await call('POST', '/api/pms/test', {});
      expect(tested.status).toBe(200);
      expect(tested.body.ok).toBe(false);
      expect(tested.body.message).toMatch(
        /^The PMS connection's stored (API key|client token) cannot be used: it was encrypted under another key/,
      );
      // The poster holds, and the Integrations page shows why.
      await t.pms.start();
      try {
        t.pms.wake();
        const held = await until(
          async () => (await call('GET', '/api/pms')).body.connection,
          (connection) => /cannot be used/.test(connection?.health.lastError ?? ''),
        );
        expect(held.health.lastError).toMatch(
          /^The PMS connection's stored .* cannot be used: it was encrypted under another key/,
        );
      } finally {
        await t.pms.stop();
      }
      // The round goes on from the app's own stays, and says why.
      const round = await call('GET', '/api/round');
      expect(round.status).toBe(200);
      expect(round.body).toMatchObject({ source: 'stays' });
      expect(round.body.pmsError).toMatch(/cannot be used: it was encrypted under another key/);
      const before = receiver.received.length;
      expect((await call('POST', `/api/webhooks/${webhook.id}/test`, {})).status).toBe(202);
      const log = await until(
        attempts,
        (page) => page.attempts[0]?.type === 'webhook.tested' && page.attempts[0].outcome === 'retrying',
      );
      expect(log.attempts[0]?.response).toMatch(
        /^Not sent: this webhook's stored secret cannot be used: it was encrypted under another key/,
      );
      expect(log.attempts[0]?.status).toBeNull();
      expect(receiver.received.length).toBe(before);
    });

    it('a change of key: SECRETS_KEY_PREVIOUS opens what the old key sealed, and the start seals it under the new one', async () => {
      useKeys(keyB, keyA);
      expect(await sealStoredSecrets(t.db)).toMatchObject({ sealed: secrets().length + 1, unreadable: [] });
      // Without the old key now: everything opens under the new one, and the held delivery goes out signed.
      useKeys(keyB);
      expect(await sealStoredSecrets(t.db)).toEqual({ sealed: 0, plain: 0, unreadable: [] });
      expect((await call('POST', '/api/pms/test', {})).body).toEqual({ ok: true, message: pms.testAnswer });
      const got = await delivered('/hook');
      expect(new Webhook(webhook.secret).verify(got?.body ?? '', got?.headers ?? {})).toBeTruthy();
      expectNoSecretIn(await rawDatabase());
    });

    it('an address changed in the database: the stored secret does not open for it, and nothing reaches that address', async () => {
      const elsewhere = await startWebhookReceiver();
      try {
        await t.db.kysely
          .updateTable('pms_connections')
          .set({ api_url: elsewhere.url('/collect') })
          .execute();
        const tested = await call('POST', '/api/pms/test', {});
        expect(tested.status).toBe(200);
        expect(tested.body.ok).toBe(false);
        expect(tested.body.message).toMatch(
          /cannot be used: it does not open: it was changed in the database, or its address was/,
        );
        // A server started after the change: the row as the database has it now.
        await t.webhooks.stop();
        await t.db.kysely
          .updateTable('webhook_endpoints')
          .set({ url: elsewhere.url('/steal') })
          .execute();
        const sender = createWebhookSender({
          db: t.db,
          config: fastWebhooks,
          logger: createLogger('silent'),
          live: t.live,
        });
        await sender.start();
        try {
          expect((await call('POST', `/api/webhooks/${webhook.id}/test`, {})).status).toBe(202);
          await until(attempts, (page) => (page.attempts[0]?.response ?? '').includes('it does not open'));
        } finally {
          await sender.stop();
        }
        expect(elsewhere.received).toEqual([]);
      } finally {
        await elsewhere.close();
      }
    });
  });

/**
 * A PMS secret sealed under another key than the server's (SECRETS_KEY changed without SECRETS_KEY_PREVIOUS):
 * the settings read answers it as the adapter's `credentials` failure, and every reader of the connection takes
 * that one failure, in the same words, without anything reaching the PMS.
 */
for (const standIn of standIns)
  describeEachDatabase(`a ${standIn.label} secret sealed under another key`, ({ fresh }) => {
    let t: TestApp;
    let owner: string;
    let pms: PmsUnderTest;
    const keyA = randomBytes(32);
    const keyB = randomBytes(32);
    /** The first secret settingsOf opens: Cloudbeds' API key, Mews' client token. */
    const label = standIn.label === 'Cloudbeds' ? 'API key' : 'client token';
    const says = () =>
      `The PMS connection's stored ${label} cannot be used: it was encrypted under another key (key id ${keyIdOf(keyA)}) than this server's (key id ${keyIdOf(keyB)}): start the server with the key it was stored under (or give that one as SECRETS_KEY_PREVIOUS), or enter the secret again`;
    const call = async (method: string, path: string, body?: unknown) =>
      statusAndJson(
        await t.request(method, path, { cookie: owner, ...(body !== undefined ? { body } : {}) }),
      );

    beforeAll(async () => {
      // Connected and mapped under key A; the server then starts with key B alone.
      useKeys(keyA);
      t = await fresh({ config: { webhooks: fastWebhooks } });
      owner = await t.login();
      await setGuest(t, owner, 'Walk-in Guest');
      pms = await standIn.start();
      expect((await call('PUT', '/api/pms', pms.connect)).status).toBe(200);
      const proposed = (await call('POST', '/api/pms/mappings/propose', {})).body;
      expect(
        (await call('PUT', '/api/pms/mappings', { rooms: proposed.rooms, items: proposed.items })).status,
      ).toBe(200);
      useKeys(keyB);
    });
    afterAll(async () => {
      useKeys(undefined);
      await pms.close();
    });
    afterEach(() => expect(pms.problems).toEqual([]));

    it('the settings read answers a `credentials` failure that says what happened and what to do', async () => {
      expect(await createPmsRepo(t.db).settings()).toEqual({
        ok: false,
        failure: 'credentials',
        reason: says(),
      });
    });

    it('Test connection answers it as the PMS refusing the key would be, and asks the PMS nothing', async () => {
      const before = pms.allCalls();
      expect(await call('POST', '/api/pms/test', {})).toEqual({
        status: 200,
        body: { ok: false, message: says() },
      });
      const proposed = await call('POST', '/api/pms/mappings/propose', {});
      expect(proposed.status).toBe(409);
      expect(proposed.body.error.message).toBe(says());
      expect(pms.allCalls()).toBe(before);
    });

    it("the round answers from the app's stays with it as pmsError; neither it nor the poster's tick asks the PMS or imports a stay", async () => {
      const before = pms.allCalls();
      t.clock.advance(pmsDayKeptMs + 1);
      const round = await call('GET', '/api/round');
      expect(round.status).toBe(200);
      expect(round.body).toMatchObject({ source: 'stays', pmsError: says() });
      await t.pms.importStays();
      const rows: BungalowState[] = (await call('GET', '/api/bungalows')).body;
      expect(rows.find((row) => row.bungalow === 12)?.stay).toBeNull();
      expect(pms.allCalls()).toBe(before);
    });

    it("the poster holds the checkout with it as the connection's last error, and posts it once the old key is back", async () => {
      const drinks = await drinksByName(t);
      const checkout = await t.request('POST', '/api/checkouts', {
        body: { bungalow: 12, checkId: randomUUID(), items: [{ drinkId: drinks.Coke?.id, missing: 1 }] },
      });
      expect(checkout.status, await checkout.clone().text()).toBe(201);
      const { id } = (await checkout.json()) as { id: number };
      await t.pms.start();
      try {
        t.pms.wake();
        const held = await until(
          async () => (await call('GET', '/api/pms')).body.connection,
          (connection) => connection?.health.lastError !== null,
        );
        expect(held.health.lastError).toBe(says());
        // Held, not failed: nothing for the desk to post again once the key is right.
        const postings: PmsPosting[] = (await call('GET', '/api/pms/postings')).body.postings;
        expect(postings.find((p) => p.checkoutId === id)).toBeUndefined();
        expect(pms.postCalls()).toBe(0);

        // Started again with the old key as SECRETS_KEY_PREVIOUS: the held checkout goes out.
        setSecretsKeys(secretsKeysOf({ secretsKey: keyB, secretsKeyPrevious: keyA, auditKey: undefined }));
        t.pms.wake();
        const posted = await until(
          async () =>
            ((await call('GET', '/api/pms/postings')).body.postings as PmsPosting[]).find(
              (p) => p.checkoutId === id,
            ),
          (p) => p?.state === 'posted',
        );
        expect(posted?.state).toBe('posted');
        expect(pms.postCalls()).toBe(1);
      } finally {
        await t.pms.stop();
        useKeys(keyB);
      }
    });
  });

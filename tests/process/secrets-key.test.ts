import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { type ServerProcess, startServer } from '../support/server-process';
import { startWebhookReceiver } from '../support/webhook-receiver';

/**
 * SECRETS_KEY at the real server's start (docs/decisions/234): a malformed key stops it with what to do; a
 * plain secret is encrypted by the first start with a key; a start with another key, or none, names the
 * secret it cannot open instead of sending it garbled.
 */

const keyA = randomBytes(32).toString('base64');
const keyB = randomBytes(32).toString('hex');

describe('SECRETS_KEY at the server start', () => {
  const dirs: string[] = [];
  afterAll(() => {
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('refuses a malformed key and says what one looks like, without repeating it', async () => {
    const bad = 'not-a-key-but-a-password';
    const started = startServer({ env: { SECRETS_KEY: bad } });
    await expect(started).rejects.toThrow(
      /SECRETS_KEY must be 32 bytes written as 64 hex digits or as base64 \(make one with: openssl rand -base64 32\)/,
    );
    await expect(started).rejects.not.toThrow(bad);
  });

  it('encrypts a plain secret at the first start with a key; another key, or none, is named at start', async () => {
    const receiver = await startWebhookReceiver();
    let server: ServerProcess | undefined;
    try {
      const env = { WEBHOOK_ALLOWED_HOSTS: '127.0.0.1', LOG_LEVEL: 'info' };
      server = await startServer({ env });
      dirs.push(server.dataDir);
      const session = await fetch(`${server.baseURL}/api/session`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ password: server.adminPassword }),
      });
      const cookie = (session.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
      const made = await fetch(`${server.baseURL}/api/webhooks`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie },
        body: JSON.stringify({ url: receiver.url('/hook'), events: ['*'] }),
      });
      expect(made.status).toBe(201);
      const { dataDir } = server;
      expect(await server.stop()).toBe(0);

      // No key: said at start.
      server = await startServer({ env, dataDir });
      await server.stop();
      expect(server.output()).toContain(
        '1 PMS and webhook secrets are stored unencrypted, and so is every backup of the database: set SECRETS_KEY',
      );
      // A key: encrypted, and said so.
      server = await startServer({ env: { ...env, SECRETS_KEY: keyA }, dataDir });
      await server.stop();
      expect(server.output()).toContain(
        'encrypted 1 stored PMS and webhook secrets with the key from SECRETS_KEY',
      );
      // Another key, then none: the start names the secret, and sends nothing with it.
      server = await startServer({ env: { ...env, SECRETS_KEY: keyB }, dataDir });
      await server.stop();
      expect(server.output()).toContain(
        `Fridge Check: stored secrets that this server's key does not open are not used, and nothing is sent with them: webhook 1's secret (${receiver.url('/hook')}): it was encrypted under another key`,
      );
      server = await startServer({ env, dataDir });
      await server.stop();
      expect(server.output()).toContain('this server has neither SECRETS_KEY nor AUDIT_KEY');
      server = undefined;
    } finally {
      await server?.stop();
      await receiver.close();
    }
  });
});

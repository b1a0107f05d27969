import { createHmac, randomBytes } from 'node:crypto';

/**
 * Standard Webhooks signing (https://www.standardwebhooks.com/): the secret is `whsec_` + base64 of the key;
 * the signature is `v1,` + base64 of HMAC-SHA256 over `<webhook-id>.<webhook-timestamp>.<body>`. Several
 * signatures are space-separated: during a rotation's overlap the new and the old secret both sign, so a
 * receiver still holding the old one keeps accepting.
 */

const prefix = 'whsec_';

export function newWebhookSecret(): string {
  return prefix + randomBytes(32).toString('base64');
}

export function signatureOf(secret: string, id: string, timestamp: number, body: string): string {
  const key = Buffer.from(secret.startsWith(prefix) ? secret.slice(prefix.length) : secret, 'base64');
  return `v1,${createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64')}`;
}

/** The `webhook-signature` header: one signature per secret still signing, newest first. */
export function signatureHeader(
  secrets: readonly string[],
  id: string,
  timestamp: number,
  body: string,
): string {
  return secrets.map((secret) => signatureOf(secret, id, timestamp, body)).join(' ');
}

import type { Readable } from 'node:stream';
import { Agent, request } from 'undici';
import type { AddressRules } from './address-rules';
import { signatureHeader } from './signature';
import { checkedLookup } from './url-check';

/** The answer kept in the log: the first 1 KiB (DESIGN.md). */
export const responseLogBytes = 1024;

export interface DeliveryRequest {
  url: string;
  webhookId: string;
  body: string;
  /** Newest first: the current secret, then the previous one during a rotation's overlap. */
  secrets: readonly string[];
  /** Seconds since the epoch, the `webhook-timestamp` header. */
  timestamp: number;
}

export interface DeliveryResult {
  /** When the request was made (ms since the epoch). */
  startedAt: number;
  /** The HTTP status; null when none came. */
  status: number | null;
  /** The first 1 KiB of the answer, or what went wrong. */
  response: string;
  durationMs: number;
  /** From `Retry-After` on a 429 or 503. */
  retryAfterMs: number | null;
}

export interface Deliverer {
  deliver(request: DeliveryRequest): Promise<DeliveryResult>;
  close(): Promise<void>;
}

/** `Retry-After`: seconds, or an HTTP date. */
export function retryAfterMs(value: string | null, now: number): number | null {
  if (!value) return null;
  if (/^\d+$/.test(value.trim())) return Number(value.trim()) * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? null : Math.max(0, date - now);
}

function describeFailure(error: unknown, timeoutMs: number): string {
  const err = error as Error & { code?: string; cause?: Error & { code?: string } };
  if (err.name === 'TimeoutError') return `No answer within ${timeoutMs / 1000} s`;
  // undici's own errors carry the code; a wrapped one (a connection's) carries it in its cause.
  const failure = err.code ? err : (err.cause ?? err);
  if (failure.code === 'EWEBHOOKREFUSED') return `Refused: ${failure.message}`;
  return `${failure.code ? `${failure.code}: ` : ''}${failure.message}`;
}

/**
 * One POST by Standard Webhooks, with undici's `request` through an agent whose connections look names up
 * through the address rules (`checkedLookup`). Not `fetch`: its WHATWG streams, Headers and Request objects
 * cost about 0.2 ms of CPU a delivery more, measured on this machine, and every delivery shares the event
 * loop with the checkouts. It follows no redirect (a webhook's answer is its status). Never throws: a failure
 * is a result the log keeps.
 */
export function createDeliverer({
  rules,
  timeoutMs,
  now = Date.now,
}: {
  rules: AddressRules;
  timeoutMs: number;
  now?: () => number;
}): Deliverer {
  const dispatcher = new Agent({ connect: { lookup: checkedLookup(rules) }, keepAliveTimeout: 10_000 });
  return {
    async deliver(delivery) {
      const startedAt = now();
      const started = performance.now();
      const took = () => Math.round(performance.now() - started);
      const refused = rules.refuseHost(new URL(delivery.url).hostname);
      if (refused)
        return {
          startedAt,
          status: null,
          response: `Refused: ${refused}`,
          durationMs: 0,
          retryAfterMs: null,
        };
      try {
        const response = await request(delivery.url, {
          method: 'POST',
          dispatcher,
          signal: AbortSignal.timeout(timeoutMs),
          headers: {
            'content-type': 'application/json',
            'user-agent': 'FridgeCheck-Webhooks/1',
            'webhook-id': delivery.webhookId,
            'webhook-timestamp': String(delivery.timestamp),
            'webhook-signature': signatureHeader(
              delivery.secrets,
              delivery.webhookId,
              delivery.timestamp,
              delivery.body,
            ),
          },
          body: delivery.body,
        });
        const text = await readStart(response.body, responseLogBytes);
        const retryAfter = response.headers['retry-after'];
        return {
          startedAt,
          status: response.statusCode,
          response: text,
          durationMs: took(),
          retryAfterMs:
            response.statusCode === 429 || response.statusCode === 503
              ? retryAfterMs(
                  Array.isArray(retryAfter) ? (retryAfter[0] ?? null) : (retryAfter ?? null),
                  now(),
                )
              : null,
        };
      } catch (error) {
        return {
          startedAt,
          status: null,
          response: describeFailure(error, timeoutMs),
          durationMs: took(),
          retryAfterMs: null,
        };
      }
    },
    close: () => dispatcher.close(),
  };
}

/** The first `limit` bytes of a body as text, the rest discarded (a receiver may answer a whole page). */
async function readStart(body: Readable, limit: number): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of body as AsyncIterable<Buffer>) {
      chunks.push(chunk);
      size += chunk.byteLength;
      if (size >= limit) break;
    }
  } finally {
    body.destroy();
  }
  return Buffer.concat(chunks).subarray(0, limit).toString('utf8');
}

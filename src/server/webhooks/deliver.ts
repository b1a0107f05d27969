import { Agent, fetch } from 'undici';
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
  const err = error as Error & { cause?: Error & { code?: string } };
  if (err.name === 'TimeoutError') return `No answer within ${timeoutMs / 1000} s`;
  const cause = err.cause;
  if (cause?.code === 'EWEBHOOKREFUSED') return `Refused: ${cause.message}`;
  if (cause) return `${cause.code ? `${cause.code}: ` : ''}${cause.message}`;
  return err.message;
}

/**
 * One POST by Standard Webhooks, with `fetch` (undici's, so that its connections look names up through the
 * address rules: `checkedLookup`). Never throws: a failure is a result the log keeps.
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
    async deliver(request) {
      const startedAt = now();
      const started = performance.now();
      const took = () => Math.round(performance.now() - started);
      const refused = rules.refuseHost(new URL(request.url).hostname);
      if (refused)
        return {
          startedAt,
          status: null,
          response: `Refused: ${refused}`,
          durationMs: 0,
          retryAfterMs: null,
        };
      try {
        const response = await fetch(request.url, {
          method: 'POST',
          dispatcher,
          redirect: 'manual',
          signal: AbortSignal.timeout(timeoutMs),
          headers: {
            'content-type': 'application/json',
            'user-agent': 'FridgeCheck-Webhooks/1',
            'webhook-id': request.webhookId,
            'webhook-timestamp': String(request.timestamp),
            'webhook-signature': signatureHeader(
              request.secrets,
              request.webhookId,
              request.timestamp,
              request.body,
            ),
          },
          body: request.body,
        });
        const text = await readStart(response.body, responseLogBytes);
        return {
          startedAt,
          status: response.status,
          response: text,
          durationMs: took(),
          retryAfterMs:
            response.status === 429 || response.status === 503
              ? retryAfterMs(response.headers.get('retry-after'), now())
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
async function readStart(body: ReadableStream<Uint8Array> | null, limit: number): Promise<string> {
  if (!body) return '';
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = body.getReader();
  try {
    while (size < limit) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      size += value.byteLength;
    }
  } finally {
    await reader.cancel().catch(() => {});
  }
  return Buffer.concat(chunks).subarray(0, limit).toString('utf8');
}

import type { Readable } from 'node:stream';
import { type Dispatcher, request } from 'undici';
import { retryAfterMs } from '../webhooks/deliver';
import { type PmsAnswer, pmsAnswerBytes, pmsTimeoutMs } from './pms-adapter';

/**
 * The one HTTP exchange every adapter makes: a request with the PMS timeout, and no answer at all turned into an
 * `unreachable` failure in the vendor's name. What the status and body mean stays with each adapter, since the
 * vendors differ there (which statuses are "later", where the message is).
 */

export interface PmsHttpRequest {
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  body?: string;
  /** The connections' address rules (`pmsDispatcher` in pms-poster.ts); none in unit tests. */
  dispatcher?: Dispatcher;
}

export interface PmsHttpResponse {
  status: number;
  /** The body as text: a proxy's page is not JSON, so the adapter parses it and falls back to the status. */
  text: string;
  retryAfter: string | null;
}

export type PmsFailure = Extract<PmsAnswer<unknown>, { ok: false }>;

/** `vendor`: the PMS's name as the desk reads it in a failure ("Mews could not be reached (…)"). */
export async function pmsRequest(
  vendor: string,
  url: string,
  { method, headers, body, dispatcher }: PmsHttpRequest,
): Promise<PmsAnswer<PmsHttpResponse>> {
  try {
    const response = await request(url, {
      method,
      ...(dispatcher ? { dispatcher } : {}),
      signal: AbortSignal.timeout(pmsTimeoutMs),
      headers,
      ...(body !== undefined ? { body } : {}),
    });
    const retryAfter = response.headers['retry-after'];
    const text = await readUpTo(response.body, pmsAnswerBytes);
    if (text === null) {
      return {
        ok: false,
        failure: 'refused',
        reason: `${vendor} answered ${response.statusCode} with more than ${pmsAnswerBytes / (1024 * 1024)} MB: the answer was not read`,
      };
    }
    return {
      ok: true,
      value: {
        status: response.statusCode,
        text,
        retryAfter: Array.isArray(retryAfter) ? (retryAfter[0] ?? null) : (retryAfter ?? null),
      },
    };
  } catch (error) {
    // undici's own errors carry the code; a wrapped one (a connection's) carries it in its cause.
    const err = error as Error & { code?: string; cause?: Error & { code?: string } };
    const failure = err.code ? err : (err.cause ?? err);
    const reason =
      err.name === 'TimeoutError'
        ? `${vendor} did not answer within ${pmsTimeoutMs / 1000} s`
        : `${vendor} could not be reached (${failure.code ?? failure.message})`;
    return { ok: false, failure: 'unreachable', reason };
  }
}

/** An answer saying "later" (which statuses say so is the adapter's call): retried, after `Retry-After` if given. */
export function pmsLater(vendor: string, response: PmsHttpResponse, said: string): PmsFailure {
  return {
    ok: false,
    failure: 'unreachable',
    reason: `${vendor} answered ${response.status}: ${said}`,
    retryAfterMs: retryAfterMs(response.retryAfter, Date.now()),
  };
}

/** The body as text when it is at most `limit` bytes, else null; reading stops there and the rest is dropped. */
async function readUpTo(body: Readable, limit: number): Promise<string | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of body as AsyncIterable<Buffer>) {
      size += chunk.byteLength;
      if (size > limit) return null;
      chunks.push(chunk);
    }
  } finally {
    body.destroy();
  }
  return Buffer.concat(chunks).toString('utf8');
}

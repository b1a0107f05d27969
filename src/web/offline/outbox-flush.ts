/**
 * Sends what waits in the outbox, oldest first. Run by the page (on load, `online`, `visibilitychange`, a tap)
 * and by the service worker (Background Sync); a Web Lock keeps two of them from sending at once. A resend of
 * a check the server already has is harmless: it keeps one record per `checkId`.
 */
import type { RecordedCheckout } from '../../shared/api-types';
import { ApiError, recordCheckout } from '../api';
import {
  countAttempt,
  listChecks,
  markRefused,
  type QueuedCheck,
  type QueuedCheckBody,
  removeSentCheck,
} from './outbox-store';

const lockName = 'fridge-check-outbox';

export type SendOutcome =
  | { kind: 'sent'; recorded: RecordedCheckout }
  /** No answer, or one that says "later" (408, 429, 5xx): the check stays queued. */
  | { kind: 'later'; error: unknown }
  /** The server answered and refused this body: sending it again would get the same answer. */
  | { kind: 'refused'; error: ApiError };

/**
 * The server did not store the check and may well take it later: no answer (status 0), 408, 5xx. A queued
 * check is also kept on 429 (the limit lifts by itself); Share, with the guest there, shows the 429 instead.
 */
export function isWorthRetrying(error: unknown, { tooManyRequests = true } = {}): boolean {
  if (!(error instanceof ApiError)) return true;
  if (error.status === 429) return tooManyRequests;
  return error.status === 0 || error.status === 408 || error.status >= 500;
}

export async function trySend(
  body: QueuedCheckBody,
  { retryTooManyRequests = true } = {},
): Promise<SendOutcome> {
  try {
    return { kind: 'sent', recorded: await recordCheckout(body) };
  } catch (error) {
    if (isWorthRetrying(error, { tooManyRequests: retryTooManyRequests })) return { kind: 'later', error };
    return { kind: 'refused', error: error as ApiError };
  }
}

/** Runs `work` while holding the outbox lock where the browser has Web Locks (all current ones do). */
export function withOutboxLock<T>(work: () => Promise<T>): Promise<T> {
  const locks = (globalThis.navigator as Navigator | undefined)?.locks;
  return locks ? (locks.request(lockName, work) as Promise<T>) : work();
}

export interface FlushResult {
  sent: number;
  /** Checks still queued (waiting or refused). */
  waiting: number;
  /** Whether a send found no usable answer (the flush stopped there). */
  networkFailed: boolean;
}

/** Sends one queued entry and records the outcome in the store. */
export async function sendQueued(entry: QueuedCheck): Promise<SendOutcome> {
  const outcome = await trySend(entry.body);
  if (outcome.kind === 'sent') await removeSentCheck(entry);
  else if (outcome.kind === 'refused') {
    await markRefused(entry, { status: outcome.error.status, message: outcome.error.message });
  } else await countAttempt(entry);
  return outcome;
}

export function flushOutbox(): Promise<FlushResult> {
  return withOutboxLock(async () => {
    let sent = 0;
    let networkFailed = false;
    for (const entry of await listChecks()) {
      if (entry.refused) continue;
      const outcome = await sendQueued(entry);
      if (outcome.kind === 'sent') sent++;
      if (outcome.kind === 'later') {
        // The rest would meet the same network: try them all again at the next chance.
        networkFailed = true;
        break;
      }
    }
    return { sent, waiting: (await listChecks()).length, networkFailed };
  });
}

/**
 * The page's side of the outbox: what the checkout's Share uses (save first, then send), the flush the page
 * runs on load, `online`, `visibilitychange` and a tap, and a small store the outbox panel reads.
 */
import type { RecordedCheckout } from '../../shared/api-types';
import type { ApiError } from '../api';
import { outboxChannelName, outboxSyncTag } from './offline-protocol';
import { type FlushResult, flushOutbox, trySend } from './outbox-flush';
import {
  announceOutboxChange,
  clearRefusal,
  countAttempt,
  discardCheck,
  listChecks,
  type QueuedCheck,
  type QueuedCheckBody,
  removeSentCheck,
  saveCheck,
} from './outbox-store';

export interface OutboxState {
  /** Whether the outbox has been read at least once. */
  loaded: boolean;
  checks: QueuedCheck[];
  sending: boolean;
  /** Set when a flush emptied the outbox; cleared when a check is queued again. */
  allSentAt: number | null;
  /** The outbox cannot be used here (IndexedDB refused, as in some private windows). */
  unavailable: boolean;
}

let state: OutboxState = { loaded: false, checks: [], sending: false, allSentAt: null, unavailable: false };
const listeners = new Set<() => void>();
let channel: BroadcastChannel | undefined;

function setState(next: Partial<OutboxState>) {
  state = { ...state, ...next };
  for (const listener of listeners) listener();
}

async function refresh() {
  try {
    const checks = await listChecks();
    // However they went (this tab's flush, another tab's, the service worker's Background Sync), checks that
    // were waiting and are gone were sent: the page says so.
    const wasWaiting = state.checks.some((check) => !check.refused);
    const allSentAt = checks.length > 0 ? null : wasWaiting ? Date.now() : state.allSentAt;
    setState({ loaded: true, checks, allSentAt });
  } catch (error) {
    console.error('The outbox could not be read', error);
    setState({ loaded: true, unavailable: true });
  }
}

/** For useSyncExternalStore: follows this tab's changes and, through a BroadcastChannel, the others'. */
export function subscribeOutbox(listener: () => void): () => void {
  const first = listeners.size === 0;
  listeners.add(listener);
  if (!channel && typeof BroadcastChannel !== 'undefined') {
    channel = new BroadcastChannel(outboxChannelName);
    channel.onmessage = () => void refresh();
  }
  // Read anew when the panel comes: the state may have been read (the flush on load) before this tab heard
  // of changes. The panel is a lazy chunk, and on the page the server rendered it mounts only after
  // hydration: a guest can tap Share before it is there.
  if (!state.loaded || first) void refresh();
  return () => listeners.delete(listener);
}

export const outboxSnapshot = () => state;

let flushing: Promise<FlushResult | undefined> | undefined;

/** Sends what waits, once at a time in this tab (the lock covers other tabs and the service worker). */
export function flushOutboxSoon(): Promise<FlushResult | undefined> {
  flushing ??= (async () => {
    try {
      const waiting = await listChecks();
      // Nothing to send, perhaps because the service worker or another tab has just sent it: the refresh
      // below reads the outbox and, if a check this page showed is gone, says "All checks sent." (setting the
      // empty list here first would leave the page with neither the check nor that line).
      if (waiting.every((check) => check.refused)) return undefined;
      setState({ sending: true });
      const result = await flushOutbox();
      // Also when this page had not read the outbox yet (its panel loads after the first flush starts).
      if (result.sent > 0 && result.waiting === 0) setState({ allSentAt: Date.now() });
      return result;
    } catch (error) {
      console.error('The outbox could not be sent', error);
      return undefined;
    } finally {
      flushing = undefined;
      setState({ sending: false });
      await refresh();
    }
  })();
  return flushing;
}

/** Where the browser has Background Sync (Chromium), it sends the outbox even after the app is closed. */
async function askForBackgroundSync() {
  try {
    const registration = await navigator.serviceWorker?.getRegistration();
    const sync = (
      registration as
        | (ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } })
        | undefined
    )?.sync;
    await sync?.register(outboxSyncTag);
  } catch {
    // Only an extra: the page sends the outbox itself when it can.
  }
}

export type ShareOutcome = { kind: 'sent'; recorded: RecordedCheckout } | { kind: 'queued' };

/** A check Share Receipt has written to the outbox, to send now or drop (the guest check refused it). */
export interface KeptCheck {
  /**
   * Sent: removed from the outbox. No usable answer (offline, a lost answer, 408 or 5xx): it stays queued and
   * is sent later. Refused by the server (a 4xx, 429 included): removed, and the error is thrown for the
   * page's toast, since the guest is right there to see it.
   */
  send(): Promise<ShareOutcome>;
  drop(): Promise<void>;
}

/**
 * Share Receipt's first step: the check is on disk before anything else happens, so a reload, a closed tab
 * or a crash from here on loses nothing. Where the outbox cannot be used (IndexedDB refused), sending is a
 * plain send that throws on any failure.
 */
export async function keepCheck(body: QueuedCheckBody): Promise<KeptCheck> {
  let entry: QueuedCheck;
  try {
    entry = await saveCheck(body, { announce: false });
  } catch (error) {
    console.error('The outbox could not be written; sending without it', error);
    return {
      send: async () => {
        const outcome = await trySend(body, { retryTooManyRequests: false });
        if (outcome.kind === 'sent') return outcome;
        throw outcome.error;
      },
      drop: async () => {},
    };
  }
  return {
    send: async () => {
      const outcome = await trySend(body, { retryTooManyRequests: false });
      if (outcome.kind === 'sent') {
        await removeSentCheck(entry).catch((error) =>
          console.error('A sent check stayed in the outbox', error),
        );
        return outcome;
      }
      if (outcome.kind === 'refused') {
        await discardCheck(entry).catch(() => {});
        throw outcome.error satisfies ApiError;
      }
      await countAttempt(entry).catch(() => {});
      // This tab's own panel reads it at once, not through the channel (which a tab does not open before its
      // panel subscribes, and which some browsers lack); the other tabs and the service worker hear it there.
      await refresh();
      announceOutboxChange();
      void askForBackgroundSync();
      return { kind: 'queued' };
    },
    drop: async () => {
      await discardCheck(entry).catch(() => {});
    },
  };
}

/** Staff tapped "Try again" on a check the server refused (the guest is on file now, say). */
export async function retryRefused(check: QueuedCheck) {
  await clearRefusal(check);
  await flushOutboxSoon();
}

export async function discardRefused(check: QueuedCheck) {
  await discardCheck(check);
  await refresh();
}

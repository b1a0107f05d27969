import { type LiveEvent, liveControlEvents, liveStreamPath } from '../../../shared/live-types';

/**
 * The workspace's one connection to GET /api/events, shared by every page that follows it (one EventSource
 * per tab, however many hooks subscribe). It opens with the first subscriber and closes a moment after the
 * last one leaves. EventSource reconnects by itself after a drop and sends Last-Event-ID, so the server
 * replays what was missed; when the server refused the stream (an error status, which ends EventSource
 * for good) this module opens a new one after a wait, resuming with `?after=<last id>`.
 */

export type LiveStatus = 'connecting' | 'open' | 'down';

/**
 * What a subscriber hears: an event; `reset` (too much was missed: reload everything); `back` after a drop;
 * `refused` when the server would not (re)open the stream, which after a lock, a revoked device or a
 * deactivated person means the session is gone.
 */
export type LiveSignal =
  | { kind: 'event'; event: LiveEvent }
  /** The departure round moved for this bungalow (`round.changed`, after the event that moved it). */
  | { kind: 'round'; bungalow: number | null }
  | { kind: 'reset' }
  | { kind: 'back' }
  | { kind: 'refused' };

const retryMs = { first: 2_000, max: 30_000 };
/** A page change unmounts one page's hooks just before the next page's mount: keep the stream meanwhile. */
const closeAfterMs = 2_000;

const listeners = new Set<(signal: LiveSignal) => void>();
const statusListeners = new Set<() => void>();
let source: EventSource | null = null;
let status: LiveStatus = 'connecting';
let lastId: string | null = null;
let wasDown = false;
let retryTimer: ReturnType<typeof setTimeout> | undefined;
let retrying = false;
let closeTimer: ReturnType<typeof setTimeout> | undefined;
let retryWait = retryMs.first;

function setStatus(next: LiveStatus) {
  if (status === next) return;
  status = next;
  for (const listener of statusListeners) listener();
}

function emit(signal: LiveSignal) {
  for (const listener of listeners) listener(signal);
}

function open() {
  clearTimeout(retryTimer);
  const url = lastId === null ? liveStreamPath : `${liveStreamPath}?after=${encodeURIComponent(lastId)}`;
  const next = new EventSource(url);
  source = next;
  next.addEventListener(liveControlEvents.ready, (message) => {
    lastId = (message as MessageEvent).lastEventId || lastId;
    retryWait = retryMs.first;
    setStatus('open');
    // Back after a drop: the replay brings what happened, but a page that gave up a read meanwhile (or a
    // server that started afresh) is only sure to be right once it reads again.
    if (wasDown) emit({ kind: 'back' });
    wasDown = false;
  });
  next.addEventListener(liveControlEvents.reset, (message) => {
    lastId = (message as MessageEvent).lastEventId || lastId;
    emit({ kind: 'reset' });
  });
  next.addEventListener(liveControlEvents.roundChanged, (message) => {
    try {
      const { bungalow } = JSON.parse((message as MessageEvent).data) as { bungalow: number | null };
      emit({ kind: 'round', bungalow });
    } catch (error) {
      console.error('A round event could not be read', error);
    }
  });
  next.onmessage = (message) => {
    lastId = message.lastEventId || lastId;
    try {
      emit({ kind: 'event', event: JSON.parse(message.data) as LiveEvent });
    } catch (error) {
      console.error('A live event could not be read', error);
    }
  };
  next.onerror = () => {
    if (source !== next) return;
    wasDown = true;
    setStatus('down');
    // CONNECTING: EventSource retries by itself. CLOSED: it was refused (401 after a lock, 503): try again.
    if (next.readyState === EventSource.CLOSED) {
      next.close();
      source = null;
      emit({ kind: 'refused' });
      retrying = true;
      retryTimer = setTimeout(() => {
        retrying = false;
        if (listeners.size > 0) open();
      }, retryWait);
      retryWait = Math.min(retryWait * 2, retryMs.max);
    }
  };
}

function close() {
  clearTimeout(retryTimer);
  retrying = false;
  source?.close();
  source = null;
  setStatus('connecting');
}

/** Follows the live events; returns the function that stops. */
export function subscribeLive(listener: (signal: LiveSignal) => void): () => void {
  listeners.add(listener);
  clearTimeout(closeTimer);
  // Not while a retry waits for its turn (it opens the stream itself).
  if (!source && !retrying) open();
  return () => {
    listeners.delete(listener);
    if (listeners.size > 0) return;
    clearTimeout(closeTimer);
    closeTimer = setTimeout(() => {
      if (listeners.size === 0) close();
    }, closeAfterMs);
  };
}

export function liveStatus(): LiveStatus {
  return status;
}

export function subscribeLiveStatus(listener: () => void): () => void {
  statusListeners.add(listener);
  return () => statusListeners.delete(listener);
}

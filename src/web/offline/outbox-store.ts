/**
 * The outbox: checks waiting to be sent, kept in IndexedDB so a reload, a closed tab or a crash loses none.
 * One entry per check, keyed by its `checkId`: a later share of the same check replaces the entry. Used by the
 * page and by the service worker (Background Sync), so it touches only what both have (no window, no DOM).
 *
 * The stored shape is read by every later version of the app (an update must not strand a waiting check):
 * add fields, never rename or drop one.
 */
import type { CheckoutInput } from '../../shared/schemas';
import { outboxChannelName } from './offline-protocol';

/** What POST /api/checkouts takes, with the check's id (the server keeps one record per id). */
export type QueuedCheckBody = CheckoutInput & { checkId: string };

export interface QueuedCheck {
  checkId: string;
  body: QueuedCheckBody;
  /** When the check was saved on the device (ms since the epoch). */
  savedAt: number;
  /** Changes at every save: a send removes the entry only if it is still the version it sent. */
  version: string;
  attempts: number;
  /** The server answered and refused it (a 4xx other than 408/429): kept for staff to retry or discard. */
  refused?: { status: number; message: string };
}

const dbName = 'fridge-check';
const dbVersion = 1;
const storeName = 'outbox';

let opening: Promise<IDBDatabase> | undefined;

function openDatabase(): Promise<IDBDatabase> {
  opening ??= new Promise<IDBDatabase>((resolve, reject) => {
    const request = indexedDB.open(dbName, dbVersion);
    request.onupgradeneeded = () => {
      if (!request.result.objectStoreNames.contains(storeName)) {
        request.result.createObjectStore(storeName, { keyPath: 'checkId' });
      }
    };
    request.onsuccess = () => {
      const db = request.result;
      // A newer version of the app in another tab wants to upgrade: let it, and reopen next time.
      db.onversionchange = () => {
        db.close();
        opening = undefined;
      };
      db.onclose = () => {
        opening = undefined;
      };
      resolve(db);
    };
    request.onerror = () => reject(request.error);
    request.onblocked = () => reject(new Error('The outbox database is blocked by another tab'));
  }).catch((error) => {
    opening = undefined;
    throw error;
  });
  return opening;
}

/**
 * One transaction; resolves when it has committed. Writes ask for strict durability (flushed to disk before
 * `complete`), so a check the page said it kept survives a crash or a power cut.
 */
async function transaction<T>(
  mode: IDBTransactionMode,
  work: (store: IDBObjectStore) => IDBRequest<T> | undefined,
): Promise<T> {
  const db = await openDatabase();
  return new Promise<T>((resolve, reject) => {
    const tx = db.transaction(storeName, mode, { durability: mode === 'readwrite' ? 'strict' : 'default' });
    let result: T;
    const request = work(tx.objectStore(storeName));
    if (request) {
      request.onsuccess = () => {
        result = request.result;
      };
    }
    tx.oncomplete = () => resolve(result);
    tx.onerror = () => reject(tx.error);
    tx.onabort = () => reject(tx.error ?? new Error('The outbox transaction was aborted'));
  });
}

const newVersion = () => `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;

export function announceOutboxChange() {
  if (typeof BroadcastChannel === 'undefined') return;
  const channel = new BroadcastChannel(outboxChannelName);
  channel.postMessage('changed');
  channel.close();
}

/**
 * Saves (or replaces) a check; resolves once it is on disk. `announce: false` for Share's first write: other
 * tabs hear of the check only if it stays queued (announceOutboxChange), not while its send is under way.
 */
export async function saveCheck(body: QueuedCheckBody, { announce = true } = {}): Promise<QueuedCheck> {
  const entry: QueuedCheck = {
    checkId: body.checkId,
    body,
    savedAt: Date.now(),
    version: newVersion(),
    attempts: 0,
  };
  await transaction('readwrite', (store) => store.put(entry));
  if (announce) announceOutboxChange();
  return entry;
}

export async function listChecks(): Promise<QueuedCheck[]> {
  const entries = await transaction<QueuedCheck[]>('readonly', (store) => store.getAll());
  return entries.sort((a, b) => a.savedAt - b.savedAt);
}

/** Changes an entry only if nobody saved a newer version of it meanwhile. */
async function updateIfUnchanged(
  checkId: string,
  version: string,
  change: (entry: QueuedCheck) => QueuedCheck | null,
): Promise<boolean> {
  let changed = false;
  await transaction('readwrite', (store) => {
    const read = store.get(checkId);
    read.onsuccess = () => {
      const entry = read.result as QueuedCheck | undefined;
      if (!entry || entry.version !== version) return;
      const next = change(entry);
      if (next) store.put(next);
      else store.delete(checkId);
      changed = true;
    };
    return undefined;
  });
  if (changed) announceOutboxChange();
  return changed;
}

/** After the server stored it. A newer share of the same check, saved meanwhile, stays. */
export const removeSentCheck = (entry: QueuedCheck) =>
  updateIfUnchanged(entry.checkId, entry.version, () => null);

export const countAttempt = (entry: QueuedCheck) =>
  updateIfUnchanged(entry.checkId, entry.version, (current) => ({
    ...current,
    attempts: current.attempts + 1,
  }));

export const markRefused = (entry: QueuedCheck, refused: { status: number; message: string }) =>
  updateIfUnchanged(entry.checkId, entry.version, (current) => ({
    ...current,
    attempts: current.attempts + 1,
    refused,
  }));

/** Staff asked to send a refused check again (after fixing the guest, say). */
export const clearRefusal = (entry: QueuedCheck) =>
  updateIfUnchanged(entry.checkId, entry.version, (current) => {
    const { refused: _refused, ...rest } = current;
    return { ...rest, version: newVersion() };
  });

/** Staff chose to drop a refused check. */
export const discardCheck = (entry: QueuedCheck) =>
  updateIfUnchanged(entry.checkId, entry.version, () => null);

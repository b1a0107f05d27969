import { useSyncExternalStore } from 'react';
import { timings } from '../../shared/constants';

/**
 * Error toasts that could not reach react-hot-toast's store (its chunk never came: the connection dropped
 * first), drawn as the toaster draws its own. The layout mounts them in the toaster's place when the toaster's
 * chunk failed too (layout.tsx says so with `markToasterMissing`).
 */
interface PlainToast {
  id: string;
  message: string;
  /** This showing's own: a toast raised again with the same id is a new showing, which the old timer leaves. */
  token: symbol;
}

let toasts: readonly PlainToast[] = [];
let toasterMissing = false;
const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function setToasts(next: readonly PlainToast[]): void {
  toasts = next;
  for (const listener of listeners) listener();
}

/** The toaster's chunk could not be fetched: the store's toasts would have no reader, so errors come here. */
export function markToasterMissing(): void {
  toasterMissing = true;
}

export function isToasterMissing(): boolean {
  return toasterMissing;
}

export function showPlainToast(message: string, id: string): void {
  const token = Symbol(id);
  // The same id again (a second failed load) replaces the toast, as react-hot-toast does.
  setToasts([...toasts.filter((toast) => toast.id !== id), { id, message, token }]);
  setTimeout(() => setToasts(toasts.filter((toast) => toast.token !== token)), timings.errorToastMs);
}

export function PlainToasts() {
  const shown = useSyncExternalStore(
    subscribe,
    () => toasts,
    () => toasts,
  );
  return (
    <div className="pointer-events-none fixed inset-x-4 top-4 z-50 flex flex-col items-center gap-2">
      {shown.map((toast) => (
        <div
          key={toast.id}
          role="status"
          aria-live="polite"
          className="max-w-md rounded-xl bg-white px-4 py-3 text-base text-slate-900 shadow-lg ring-1 ring-slate-900/10"
        >
          {toast.message}
        </div>
      ))}
    </div>
  );
}

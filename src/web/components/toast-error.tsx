import { useEffect, useState } from 'react';

/**
 * An error toast from the first load's code (the checkout page), with the toast store fetched only then: the
 * store is a lazy chunk, shared with the toaster (also lazy) and the receipt, so its bytes are not in the
 * guest's first load. The import is the same module instance the toaster reads; a toast raised before the
 * toaster is there waits in the store.
 *
 * When the store cannot be fetched (the connection dropped before its chunk came: spec test "says 'Failed to
 * load data' when the server cannot be reached"), the message is still said, by the plain toasts below, which
 * the layout shows in the toaster's place when the toaster's chunk failed too.
 */
export function toastError(message: string, options?: { id?: string }): void {
  if (toasterMissing) {
    showPlainToast(message, options?.id ?? message);
    return;
  }
  import('react-hot-toast/headless')
    .then(({ default: toast }) => toast.error(message, options))
    .catch((error) => {
      console.error('The toast store could not be loaded: the message goes to the plain toasts', error);
      showPlainToast(message, options?.id ?? message);
    });
}

/** As react-hot-toast keeps an error toast. */
const plainToastMs = 4_000;

interface PlainToast {
  id: string;
  message: string;
}

let plainToasts: PlainToast[] = [];
/** The toaster's chunk failed (the plain toasts are mounted in its place): the store's toasts have no reader. */
let toasterMissing = false;
const listeners = new Set<() => void>();
const changed = () => {
  for (const listener of listeners) listener();
};

function showPlainToast(message: string, id: string): void {
  // The same id again (a second failed load) replaces the toast, as react-hot-toast does.
  plainToasts = [...plainToasts.filter((toast) => toast.id !== id), { id, message }];
  changed();
  setTimeout(() => {
    plainToasts = plainToasts.filter((toast) => toast.id !== id || toast.message !== message);
    changed();
  }, plainToastMs);
}

/** The error toasts that could not reach the toast store, drawn as the toaster draws its own. */
export function PlainToasts() {
  const [toasts, setToasts] = useState(plainToasts);
  useEffect(() => {
    toasterMissing = true;
    const listener = () => setToasts(plainToasts);
    listeners.add(listener);
    listener();
    return () => {
      listeners.delete(listener);
    };
  }, []);
  return (
    <div className="pointer-events-none fixed inset-x-4 top-4 z-50 flex flex-col items-center gap-2">
      {toasts.map((toast) => (
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

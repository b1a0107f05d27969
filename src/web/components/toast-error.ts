import { isToasterMissing, showPlainToast } from './plain-toasts';

/**
 * An error toast from the first load's code (the checkout page), with the toast store fetched only then: the
 * store is a lazy chunk, shared with the toaster (also lazy) and the receipt, so its bytes are not in the
 * guest's first load. The import is the same module instance the toaster reads; a toast raised before the
 * toaster is there waits in the store.
 *
 * When the store or the toaster cannot be fetched (the connection dropped before their chunks came: spec test
 * "says 'Failed to load data' when the server cannot be reached"), the message is still said, by the plain
 * toasts (plain-toasts.tsx).
 */
export function toastError(message: string, options?: { id?: string }): void {
  const id = options?.id ?? message;
  if (isToasterMissing()) {
    showPlainToast(message, id);
    return;
  }
  import('react-hot-toast/headless')
    .then(({ default: toast }) => toast.error(message, options))
    .catch((error) => {
      console.error('The toast store could not be loaded: the message goes to the plain toasts', error);
      showPlainToast(message, id);
    });
}

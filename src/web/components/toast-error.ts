/**
 * An error toast from the first load's code (the checkout page), with the toast store fetched only then: the
 * store is a lazy chunk, shared with the toaster (also lazy) and the receipt, so its bytes are not in the
 * guest's first load. The import is the same module instance the toaster reads; a toast raised before the
 * toaster is there waits in the store.
 */
export function toastError(message: string, options?: { id?: string }): void {
  import('react-hot-toast/headless')
    .then(({ default: toast }) => toast.error(message, options))
    .catch((error) => console.error('The toast could not be shown', message, error));
}

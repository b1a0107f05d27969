import type { GuestInput } from '../../../shared/schemas';
import { saveGuest } from '../../api';
import type { PageActionSpec } from '../admin-data';

/** What the Guest Information form submits, and its toasts: for /admin (the spec's panel) and /admin/bungalows. */
export type GuestCommand = { intent: 'save-guest'; guest: GuestInput };

export const guestCommands: PageActionSpec<GuestCommand> = {
  run: (command) => saveGuest(command.guest),
  success: { 'save-guest': ({ t }) => t.toastGuestUpdated },
  failure: { 'save-guest': ({ t }) => t.toastFailedToSaveGuest },
};

import { en, type Messages } from './en';

/**
 * The spec's admin texts that sit in the checkout's message file (the password modal, the drink and guest
 * forms and their toasts): the admin workspace stays English and Thai, so the guests' languages (Chinese,
 * Russian, Korean, German) take these from English and translate everything else.
 */
const staffKeys = [
  'adminAccess',
  'passwordPlaceholder',
  'incorrectPassword',
  'adminPanel',
  'addNewDrink',
  'editDrink',
  'saveDrink',
  'guestInformation',
  'saveGuest',
  'toastFailedToDelete',
  'toastFailedToSaveDrink',
  'toastFailedToSaveGuest',
  'toastDrinkDeleted',
  'toastDrinkUpdated',
  'toastDrinkAdded',
  'toastGuestUpdated',
  'adminOffline',
] as const satisfies readonly (keyof Messages)[];

type StaffKey = (typeof staffKeys)[number];

/** What a guest's language provides: every key of the English file but the staff's. */
export type GuestMessages = Omit<Messages, StaffKey>;

/** A guest language's full message set: its own texts and the staff's in English. */
export function withStaffTexts(guest: GuestMessages): Messages {
  const staff = Object.fromEntries(staffKeys.map((key) => [key, en[key]])) as Pick<Messages, StaffKey>;
  return { ...guest, ...staff };
}

export const isStaffKey = (key: string): boolean => (staffKeys as readonly string[]).includes(key);

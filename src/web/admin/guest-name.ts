import type { AdminMessages } from '../../shared/i18n/admin-en';
import { erasedGuestName } from '../../shared/privacy';

/**
 * A guest's name as the workspace shows it. An erased guest's name is stored as the English constant (the CSV
 * and the API keep it so, DESIGN.md); the workspace says it in its own language.
 */
export const guestNameText = (name: string, a: AdminMessages): string =>
  name === erasedGuestName ? a.erasedGuest : name;

import { teamTexts } from '../../../shared/team-limits';
import type { AdminActionResult } from '../admin-data';
import type { AdminI18n } from '../admin-i18n';

type Failure = Extract<AdminActionResult, { ok: false }>;

/** A failed PIN (sign-in or a manager's approval) in the page's language: wrong, wait, or blocked. */
export function pinErrorText(result: Failure, { a }: AdminI18n): string {
  if (result.code === 'pin_blocked') return a.pinBlocked;
  // A wrong manager's PIN on a void is a 403 whose message starts with the same words.
  if (result.status === 401 || result.message.startsWith(teamTexts.incorrectPin)) return a.incorrectPin;
  if (result.status === 429) return a.pinWait(result.retryAfter ?? 1);
  return result.message;
}

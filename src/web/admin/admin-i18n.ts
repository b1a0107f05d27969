import type { AdminMessages } from '../../shared/i18n/admin-en';
import { adminEn } from '../../shared/i18n/admin-en';
import { type Language, loadAdminMessages } from '../../shared/i18n/languages';
import { currentI18n, type I18n, loadWithLanguage, useI18n } from '../i18n/language';

/**
 * The workspace's own texts in the page's language. English comes with the admin chunk; another language's
 * file is fetched with the page's messages (language.ts awaits both before it switches), and on the first
 * visit of /admin before the workspace renders (its loader awaits `adminMessagesReady`).
 */
const loaded = new Map<Language, AdminMessages>([['en', adminEn]]);

async function ensure(language: Language): Promise<void> {
  if (!loaded.has(language)) loaded.set(language, await loadAdminMessages(language));
}

let registered: Promise<unknown> | undefined;
export function adminMessagesReady(): Promise<unknown> {
  registered ??= loadWithLanguage(ensure);
  return registered.then(() => ensure(currentI18n().language));
}

export interface AdminI18n extends I18n {
  /** The workspace's texts; `t` keeps the spec's (Admin Access, Save Drink, the toasts). */
  a: AdminMessages;
}

const withAdmin = (i18n: I18n): AdminI18n => ({ ...i18n, a: loaded.get(i18n.language) ?? adminEn });

export function useAdminI18n(): AdminI18n {
  return withAdmin(useI18n());
}

/** For code outside React (actions' toasts): the texts of the language the page shows now. */
export function adminI18n(): AdminI18n {
  return withAdmin(currentI18n());
}

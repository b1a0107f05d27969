import { useSyncExternalStore } from 'react';
import { en, type Messages } from '../../shared/i18n/en';
import { languageCookie, languageCookieMaxAgeSeconds } from '../../shared/i18n/language-cookie';
import {
  formatBaht,
  formatDate,
  formatDateTime,
  formatNumber,
  isLanguage,
  type Language,
  loadMessages,
  pickLanguage,
  staffLanguages,
} from '../../shared/i18n/languages';

/** The page's language and everything said or formatted in it. */
export interface I18n {
  language: Language;
  t: Messages;
  baht: (amount: number) => string;
  number: (value: number) => string;
  /** A calendar day; pass the resort's time zone for a day the resort counts (the receipt's Date). */
  date: (date: Date, timeZone?: string) => string;
  /** A moment (date and time) in the viewer's zone; an ISO string from the API as it comes. */
  dateTime: (date: Date | string) => string;
}

const storageKey = 'fridge-check.language';

function i18nFor(language: Language, t: Messages): I18n {
  return {
    language,
    t,
    baht: (amount) => formatBaht(language, amount),
    number: (value) => formatNumber(language, value),
    date: (date, timeZone) => formatDate(language, date, timeZone),
    dateTime: (date) => formatDateTime(language, date),
  };
}

let current = i18nFor('en', en);
/** The language the guest chose (or the browser's); the page shows it except where the staff work. */
let chosen: Language = 'en';
const listeners = new Set<() => void>();

/** The admin pages speak the staff's languages: a guest's language (中文, Deutsch...) shows them in English. */
const forPage = (language: Language, pathname = location.pathname) =>
  pathname.startsWith('/admin') && !staffLanguages.includes(language) ? 'en' : language;

/** The language chosen on this device before, else the first of the browser's languages the app speaks. */
export function initialLanguage(): Language {
  try {
    const stored = localStorage.getItem(storageKey);
    if (isLanguage(stored)) return stored;
  } catch {
    // Storage can be off (private modes, policies): the browser's languages decide then.
  }
  return pickLanguage(navigator.languages?.length ? navigator.languages : [navigator.language]);
}

/**
 * Messages a lazy part of the app keeps for itself (the admin workspace's), loaded together with the page's
 * messages on a switch, so the whole page changes language at once.
 */
const partLoaders = new Set<(language: Language) => Promise<unknown>>();

/** The language being applied (the start, a switch), until its messages are in and the page shows it. */
let applying: Promise<void> | undefined;

/**
 * Registers a lazy part's loader and loads its messages for the page's language now, and for the language
 * being applied if one is on its way: a reload of /admin/... registers the workspace while the start's
 * language file may still be coming.
 */
export function loadWithLanguage(loader: (language: Language) => Promise<unknown>): Promise<unknown> {
  partLoaders.add(loader);
  return Promise.all([loader(current.language), applying?.catch(() => {})]);
}

/** Which call of `apply` is the latest: an earlier one that finishes later must not switch the page back. */
let applyCount = 0;

function apply(language: Language): Promise<void> {
  const applied = applyNow(language, ++applyCount);
  applying = applied;
  return applied;
}

async function applyNow(language: Language, call: number): Promise<void> {
  const partsLoaded = new Set<(language: Language) => Promise<unknown>>();
  const loadParts = () =>
    Promise.all(
      [...partLoaders]
        .filter((load) => !partsLoaded.has(load))
        .map(async (load) => {
          await load(language);
          partsLoaded.add(load);
        }),
    );
  const [messages] = await Promise.all([loadMessages(language), loadParts()]);
  // A part registered while the files above were coming (the workspace's chunk, on a reload of /admin/... under
  // load) loaded its texts for the language shown then: it needs this one's before the page switches, or the
  // page would show the workspace in the old language for good.
  while ([...partLoaders].some((load) => !partsLoaded.has(load))) await loadParts();
  if (call !== applyCount) return;
  current = i18nFor(language, messages);
  document.documentElement.lang = language;
  document.title = messages.appTitle;
  for (const listener of listeners) listener();
}

/**
 * Called once before the first render, so a Thai reader never sees the English page flash first. A page the
 * server rendered (`rendered`, its language) is hydrated in that language, whatever this device chose: the
 * HTML must match. The device's own choice, when it differs, follows at once after hydration (Layout's
 * followPage).
 */
export async function startLanguage(rendered?: Language): Promise<void> {
  try {
    chosen = initialLanguage();
    rememberForServer(chosen);
    await apply(rendered ?? forPage(chosen));
  } catch (error) {
    // The language's file could not be fetched (offline on a first visit): English, which is bundled.
    console.error('The language file could not be loaded', error);
  }
}

/**
 * The server renders /checkout in the language of this cookie (else Accept-Language): kept beside the
 * device's own storage, and written for a choice made before the cookie existed too.
 */
function rememberForServer(language: Language): void {
  try {
    if (localStorage.getItem(storageKey) !== language) return;
    if (document.cookie.split('; ').includes(`${languageCookie}=${language}`)) return;
    // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from Safari and Firefox
    document.cookie = `${languageCookie}=${language}; Path=/; Max-Age=${languageCookieMaxAgeSeconds}; SameSite=Lax`;
  } catch {
    // No storage, no cookie: the server follows Accept-Language, as the browser's own choice does here.
  }
}

/**
 * The server's render of the guest's page (synchronous, so one render's language never leaks into another's):
 * the messages of the request's language while `render` runs.
 */
export function renderInLanguage<T>(language: Language, messages: Messages, render: () => T): T {
  const before = current;
  const chosenBefore = chosen;
  current = i18nFor(language, messages);
  chosen = language;
  try {
    return render();
  } finally {
    current = before;
    chosen = chosenBefore;
  }
}

/** The guest's choice: shown at once and remembered on this device. */
export async function setLanguage(language: Language): Promise<void> {
  chosen = language;
  await apply(forPage(language));
  try {
    // The latest choice: two quick clicks end on the second, whichever language file came last.
    localStorage.setItem(storageKey, chosen);
  } catch {
    // Not remembered, but the page still changes.
  }
  rememberForServer(language);
}

/** After a navigation: the admin pages in a staff language, the checkout back in the chosen one. */
export function followPage(pathname: string): void {
  const language = forPage(chosen, pathname);
  if (language !== current.language) {
    apply(language).catch((error) => console.error('The language file could not be loaded', error));
  }
}

/** For code outside React (toasts of the receipt module): the language the page shows now. */
export function currentI18n(): I18n {
  return current;
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The page's language in a component; it renders again when the guest switches. */
export function useI18n(): I18n {
  return useSyncExternalStore(subscribe, currentI18n, currentI18n);
}

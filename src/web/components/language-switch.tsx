import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { languages, staffLanguages } from '../../shared/i18n/languages';
import { setLanguage, useI18n } from '../i18n/language';
import { ChevronDown } from './guest-icons';
import { useHydrated } from './use-hydrated';

/**
 * The languages in the header, each name written in its own language (and marked so for screen readers), the
 * current one pressed. A tap switches the page at once and is remembered on the device. The checkout offers
 * all six: a row where the header has room, a menu under the current one on a phone (six in a row do not fit
 * its header); the admin workspace, a row of English | ไทย.
 */
export function LanguageSwitch() {
  const { language, t } = useI18n();
  const staff = useLocation().pathname.startsWith('/admin');
  const [switching, setSwitching] = useState(false);
  // On the server's HTML of the guest's page, the buttons wait for the page's code (a tap would be lost).
  const ready = useHydrated();
  const menu = useRef<HTMLDetailsElement>(null);

  // The menu closes on a tap anywhere else, as menus do.
  useEffect(() => {
    const close = (event: PointerEvent) => {
      if (menu.current && !menu.current.contains(event.target as Node)) menu.current.open = false;
    };
    document.addEventListener('pointerdown', close);
    return () => document.removeEventListener('pointerdown', close);
  }, []);

  const buttons = (
    className: string,
    shown = languages.filter((entry) => !staff || staffLanguages.includes(entry.code)),
  ) => (
    // biome-ignore lint/a11y/useSemanticElements: a group of toggle buttons, not a form's fieldset
    <div role="group" aria-label={t.languageLabel} className={className}>
      {shown.map((entry) => (
        <button
          key={entry.code}
          type="button"
          lang={entry.code}
          aria-pressed={entry.code === language}
          disabled={switching || !ready}
          onClick={() => {
            if (menu.current) menu.current.open = false;
            // On the admin pages English may only be shown for a guest's language: a tap there chooses it.
            if (entry.code === language && !staff) return;
            setSwitching(true);
            setLanguage(entry.code)
              .catch((error) => console.error('The language could not be loaded', error))
              .finally(() => setSwitching(false));
          }}
          className={`min-h-12 min-w-12 shrink-0 rounded-full px-3 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white ${
            entry.code === language ? 'bg-white text-brand-800' : 'text-white hover:bg-white/15'
          }`}
        >
          {entry.name}
        </button>
      ))}
    </div>
  );

  if (staff) return buttons('flex rounded-full bg-white/10 p-0.5');
  const current = languages.find((entry) => entry.code === language)?.name;
  return (
    <>
      {buttons('hidden rounded-full bg-white/10 p-0.5 md:flex')}
      <details ref={menu} className="relative md:hidden">
        <summary
          aria-label={`${t.languageLabel}: ${current}`}
          className="flex min-h-12 cursor-pointer list-none items-center gap-1 rounded-full bg-white/10 px-3 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white [&::-webkit-details-marker]:hidden"
        >
          <span lang={language}>{current}</span>
          <ChevronDown aria-hidden="true" className="size-4" />
        </summary>
        {buttons(
          'absolute right-0 z-20 mt-1 flex w-40 flex-col gap-0.5 rounded-2xl bg-brand-800 p-1 shadow-lg ring-1 ring-white/20 [&>button]:text-left',
        )}
      </details>
    </>
  );
}

import { useState } from 'react';
import { languages } from '../../shared/i18n/languages';
import { setLanguage, useI18n } from '../i18n/language';

/**
 * English | ไทย in the header: each name written in its own language (and marked so for screen readers),
 * the current one pressed. A tap switches the page at once and is remembered on the device.
 */
export function LanguageSwitch() {
  const { language, t } = useI18n();
  const [switching, setSwitching] = useState(false);
  return (
    // biome-ignore lint/a11y/useSemanticElements: a group of toggle buttons, not a form's fieldset
    <div role="group" aria-label={t.languageLabel} className="flex rounded-full bg-white/10 p-0.5">
      {languages.map((entry) => (
        <button
          key={entry.code}
          type="button"
          lang={entry.code}
          aria-pressed={entry.code === language}
          disabled={switching}
          onClick={() => {
            if (entry.code === language) return;
            setSwitching(true);
            setLanguage(entry.code)
              .catch((error) => console.error('The language could not be loaded', error))
              .finally(() => setSwitching(false));
          }}
          className={`min-h-12 min-w-12 rounded-full px-3 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white ${
            entry.code === language ? 'bg-white text-brand-800' : 'text-white hover:bg-white/15'
          }`}
        >
          {entry.name}
        </button>
      ))}
    </div>
  );
}

import { defaultPublicSettings, type PublicResortSettings } from '../shared/resort-settings-public';
import { fetchSettings } from './api';

let publicSettings: Promise<PublicResortSettings> | undefined;

/**
 * The resort's public settings (name, time zone, PromptPay payee), fetched once per page load and shared by
 * every screen that shows them. A failed fetch falls back to the defaults, so a guest can always count their
 * fridge; the next page load tries again.
 */
export function loadPublicSettings(): Promise<PublicResortSettings> {
  publicSettings ??= fetchSettings().catch((error: unknown) => {
    console.error('The resort settings could not be loaded; using the defaults', error);
    return defaultPublicSettings;
  });
  return publicSettings;
}

const listeners = new Set<() => void>();

/** Calls `listener` whenever the settings were saved (the header shows the new name); returns the unsubscribe. */
export function onPublicSettingsChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** After staff save the settings, the header and the checkout show the new ones without a reload. */
export function forgetPublicSettings(): void {
  publicSettings = undefined;
  for (const listener of listeners) listener();
}

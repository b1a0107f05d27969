import '../zod-jitless';
import { Suspense } from 'react';
import { Await } from 'react-router';
import type { ResortSettings } from '../../../shared/resort-settings';
import type { ResortSettingsInput } from '../../../shared/resort-settings-schema';
import type { TaxSettings } from '../../../shared/tax';
import { fetchSettings } from '../../api';
import { forgetPublicSettings } from '../../settings';
import { fetchBackupStatus, saveSettings } from '../admin-api';
import { pageAction, pageLoader, reportLoadFailure } from '../admin-data';
import { useAdminI18n } from '../admin-i18n';
import { PageSection } from '../page-section';
import { usePageData } from '../use-page-data';
import { BackupStatusSection } from './backup-status';
import { SettingsForm } from './settings-form';
import { TaxSettingsForm } from './tax-settings-form';

/** /admin/settings: the resort's name, time zone, bungalows, and what payments need. */

export const loader = pageLoader(() => ({
  settings: reportLoadFailure(fetchSettings<ResortSettings>()),
  // Backups by themselves (fifth stage): its own section says when it cannot be read; the form still works.
  backups: fetchBackupStatus(),
}));

export type SettingsCommand =
  | { intent: 'save-settings'; settings: ResortSettingsInput }
  // Tax documents (fifth stage): saved on their own; null turns them off.
  | { intent: 'save-tax'; tax: TaxSettings | null };

export const action = pageAction<SettingsCommand>({
  run: async (command) => {
    await saveSettings(command.intent === 'save-tax' ? { tax: command.tax } : command.settings);
    // The header (every page) and the receipts read the public part: they take the new one now.
    forgetPublicSettings();
  },
  success: {
    'save-settings': ({ a }) => a.settingsSaved,
    'save-tax': ({ a }) => a.taxSettingsSaved,
  },
  failure: {
    'save-settings': ({ a }) => a.failedToSaveSettings,
    'save-tax': ({ a }) => a.failedToSaveTaxSettings,
  },
});

export function Component() {
  const data = usePageData<typeof loader>();
  const { a } = useAdminI18n();
  if (!data) return null;
  return (
    <>
      <PageSection id="settings" title={a.resortSettings}>
        <SettingsForm settings={data.settings} />
        <Suspense fallback={null}>
          <Await resolve={data.settings} errorElement={null}>
            {(settings: ResortSettings) => <TaxSettingsForm settings={settings} />}
          </Await>
        </Suspense>
      </PageSection>
      {/* Backups by themselves (fifth stage) */}
      <BackupStatusSection status={data.backups} />
    </>
  );
}

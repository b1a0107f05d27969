import '../zod-jitless';
import type { ResortSettings } from '../../../shared/resort-settings';
import type { ResortSettingsInput } from '../../../shared/resort-settings-schema';
import { fetchSettings } from '../../api';
import { forgetPublicSettings } from '../../settings';
import { fetchBackupStatus, saveSettings } from '../admin-api';
import { pageAction, pageLoader, reportLoadFailure } from '../admin-data';
import { useAdminI18n } from '../admin-i18n';
import { PageSection } from '../page-section';
import { usePageData } from '../use-page-data';
import { BackupStatusSection } from './backup-status';
import { SettingsForm } from './settings-form';

/** /admin/settings: the resort's name, time zone, bungalows, and what payments need. */

export const loader = pageLoader(() => ({
  settings: reportLoadFailure(fetchSettings<ResortSettings>()),
  // Backups by themselves (fifth stage): its own section says when it cannot be read; the form still works.
  backups: fetchBackupStatus(),
}));

export type SettingsCommand = { intent: 'save-settings'; settings: ResortSettingsInput };

export const action = pageAction<SettingsCommand>({
  run: async (command) => {
    await saveSettings(command.settings);
    // The header (every page) and the receipts read the public part: they take the new one now.
    forgetPublicSettings();
  },
  success: { 'save-settings': ({ a }) => a.settingsSaved },
  failure: { 'save-settings': ({ a }) => a.failedToSaveSettings },
});

export function Component() {
  const data = usePageData<typeof loader>();
  const { a } = useAdminI18n();
  if (!data) return null;
  return (
    <>
      <PageSection id="settings" title={a.resortSettings}>
        <SettingsForm settings={data.settings} />
      </PageSection>
      {/* Backups by themselves (fifth stage) */}
      <BackupStatusSection status={data.backups} />
    </>
  );
}

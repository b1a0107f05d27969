import { adminEn } from '../../src/shared/i18n/admin-en';
import { startServer } from '../support/server-process';
import { loginAsAdmin } from './admin-helpers';
import { expect, test } from './fixtures';

const backups = (page: import('@playwright/test').Page) =>
  page.getByRole('region', { name: adminEn.backupsTitle });

test('the Settings page warns while no backup is a day old, and shows the last one once the server made it', async ({
  page,
  server,
}) => {
  test.slow();
  await loginAsAdmin(page, server.adminPassword, '/admin/settings');
  await expect(backups(page).getByRole('alert')).toHaveText(adminEn.backupStale);
  await expect(backups(page)).toContainText(adminEn.backupNone);
  await expect(backups(page)).toContainText('every day at 03:00 (Asia/Bangkok)');

  // A stop backs the database up; the same data folder started again shows that backup, and no warning.
  const code = await server.stop();
  expect(code, server.output()).toBe(0);
  const restarted = await startServer({ dataDir: server.dataDir, port: server.port });
  try {
    // The session is kept in the database: the same sign-in still holds.
    await page.reload();
    await expect(backups(page)).toContainText(
      /Last backup: .+, fridge-\d{4}-\d{2}-\d{2}T[\d-]+Z\.sqlite \(0\.\d MB\)/,
    );
    await expect(backups(page).getByRole('alert')).toHaveCount(0);
  } finally {
    await restarted.stop();
  }
});

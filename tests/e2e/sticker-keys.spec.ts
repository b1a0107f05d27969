import { loginAsAdmin, openAdminPage } from './admin-helpers';
import { toastWith } from './checkout-helpers';
import { expect, test } from './fixtures';
import { saveSettingsAsStaff } from './payments-helpers';

/**
 * Replacing a sticker key from the QR stickers page (DESIGN.md, "Books no one can rewrite"; issue 49): asked to
 * confirm first, then the sticker shows its new link at once and the other stickers keep theirs.
 */
test('the owner replaces one bungalow’s sticker key after confirming; the other stickers keep theirs', async ({
  page,
  server,
}) => {
  await saveSettingsAsStaff(server, { bungalows: '1-3', publicUrl: 'https://fridge.example.com/' });
  await loginAsAdmin(page, server.adminPassword, '/admin');
  await openAdminPage(page, 'QR stickers');
  const stickers = page.getByRole('list', { name: 'Stickers' }).getByRole('listitem');
  const linkOf = (bungalow: number) =>
    stickers
      .filter({ has: page.getByRole('heading', { name: `Bungalow ${bungalow}`, exact: true }) })
      .getByText(`https://fridge.example.com/checkout?bungalow=${bungalow}&k=`);
  const before = { 1: await linkOf(1).textContent(), 2: await linkOf(2).textContent() };

  await page.getByLabel('Keys to replace').selectOption({ label: 'Bungalow 1' });
  await page.getByRole('button', { name: 'Replace sticker keys' }).click();
  const dialog = page.getByRole('dialog', { name: 'Replace sticker keys' });
  await expect(dialog).toContainText('a sticker printed before then lifts no limit');
  // Cancelled: nothing changes.
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(linkOf(1)).toHaveText(before[1] ?? '');

  await page.getByRole('button', { name: 'Replace sticker keys' }).click();
  await dialog.getByRole('button', { name: 'Replace keys' }).click();
  await expect(toastWith(page, 'Sticker keys replaced')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(linkOf(1)).not.toHaveText(before[1] ?? '');
  await expect(linkOf(2)).toHaveText(before[2] ?? '');
});

import type { Page } from '@playwright/test';
import { texts } from '../../src/shared/constants';
import { adminEn } from '../../src/shared/i18n/admin-en';
import { adminTh } from '../../src/shared/i18n/admin-th';
import { adminNav, fillTheResort, loginAsAdmin, openAdminPage } from './admin-helpers';
import { expectNoSeriousAxeViolations } from './axe';
import { toastWith } from './checkout-helpers';
import { expect, test } from './fixtures';
import {
  ann,
  lek,
  lock,
  noi,
  ownerSignsIn,
  registerDeviceAndTeam,
  signInAs,
  team,
  typePin,
} from './team-helpers';

const sizes = [
  { name: 'phone', viewport: { width: 390, height: 844 } },
  { name: 'desk', viewport: { width: 1280, height: 900 } },
] as const;

const navLink = (page: Page, label: string) =>
  adminNav(page).getByRole('link', { name: label, exact: true, includeHidden: true });

/** The nav shows these pages and none of the others (on a phone some wait under "More": hidden, but there). */
async function expectPages(page: Page, shown: string[]) {
  const all = [
    'Panel',
    'Overview',
    'Round',
    'Drinks',
    'Bungalows',
    'Restock',
    'Stock',
    'Buy list',
    'History',
    'Reports',
    'Settings',
    'QR stickers',
    'Staff',
  ];
  for (const label of all) await expect(navLink(page, label)).toHaveCount(shown.includes(label) ? 1 : 0);
}

const staffRegion = (page: Page) => page.getByRole('region', { name: adminEn.pageStaff });
const personRow = (page: Page, name: string) =>
  staffRegion(page).getByRole('list', { name: adminEn.teamMembers }).getByRole('listitem', { name });

for (const size of sizes) {
  test.describe(`the team on a ${size.name} (${size.viewport.width}x${size.viewport.height})`, () => {
    test.use({ viewport: size.viewport });

    test('the owner registers the desk tablet and adds three people; each signs in by name and PIN and sees only their pages', async ({
      page,
      server,
      adminApi,
    }) => {
      test.setTimeout(240_000);
      await fillTheResort(adminApi, page);

      // The owner: the spec's modal and password, every page.
      await loginAsAdmin(page, server.adminPassword);
      await openAdminPage(page, 'Staff');
      await expect(page).toHaveURL(/\/admin\/staff$/);

      // Register this device.
      const devices = page.getByRole('region', { name: adminEn.devices });
      await devices.getByLabel(adminEn.deviceName).fill('Desk tablet');
      await devices.getByRole('button', { name: adminEn.registerThisDevice }).click();
      await expect(devices.getByText(adminEn.thisDeviceIs('Desk tablet'))).toBeVisible();
      const deskRow = devices.getByRole('list', { name: adminEn.registeredDevices }).getByRole('listitem');
      await expect(deskRow).toHaveCount(1);
      await expect(deskRow.getByText(adminEn.thisDevice, { exact: true })).toBeVisible();

      // Add a person: the form's own checks first (PINs that differ, a straight run).
      const form = page.getByRole('form', { name: adminEn.addPerson });
      await form.getByLabel(adminEn.personName).fill(ann.name);
      await form.getByLabel(adminEn.role).selectOption({ label: ann.roleLabel });
      await form.getByLabel(adminEn.pin, { exact: true }).fill('123456');
      await form.getByLabel(adminEn.pinAgain).fill('123457');
      await form.getByRole('button', { name: adminEn.addPersonButton }).click();
      await expect(form.getByText(adminEn.pinRun)).toBeVisible();
      await expect(form.getByText(adminEn.pinsDiffer)).toBeVisible();
      await expect(staffRegion(page).getByRole('list', { name: adminEn.teamMembers })).toHaveCount(0);

      for (const person of team) {
        await form.getByLabel(adminEn.personName).fill(person.name);
        await form.getByLabel(adminEn.role).selectOption({ label: person.roleLabel });
        await form.getByLabel(adminEn.pin, { exact: true }).fill(person.pin);
        await form.getByLabel(adminEn.pinAgain).fill(person.pin);
        await form.getByRole('button', { name: adminEn.addPersonButton }).click();
        await expect(personRow(page, person.name)).toBeVisible();
        await expect(personRow(page, person.name).getByText(person.roleLabel)).toBeVisible();
        // The form empties for the next person.
        await expect(form.getByLabel(adminEn.personName)).toHaveValue('');
      }
      // A name is one person, whatever its case.
      await form.getByLabel(adminEn.personName).fill('noi');
      await form.getByLabel(adminEn.pin, { exact: true }).fill('318274');
      await form.getByLabel(adminEn.pinAgain).fill('318274');
      await form.getByRole('button', { name: adminEn.addPersonButton }).click();
      await expect(form.getByText(/taken|already/i)).toBeVisible();
      await expect(
        staffRegion(page).getByRole('list', { name: adminEn.teamMembers }).getByRole('listitem'),
      ).toHaveCount(3);
      await expect(page.getByText(texts.loading)).toHaveCount(0);
      await expectNoSeriousAxeViolations(page, 'staff page');

      // Lock: this is a registered device, so "Who is working?" with the three names, not the modal.
      await lock(page);
      await expect(page.getByRole('dialog', { name: texts.adminAccess })).toHaveCount(0);
      const names = page.getByRole('list', { name: adminEn.staffNames });
      await expect(names.getByRole('button')).toHaveText([ann.name, lek.name, noi.name].sort());
      await expectNoSeriousAxeViolations(page, 'who is working');

      // Noi, front desk: a wrong PIN first, said plainly; the pad is buttons, no text field for a keyboard.
      await names.getByRole('button', { name: noi.name }).click();
      const pad = page.getByRole('group', { name: adminEn.pinOf(noi.name) });
      await expect(pad.getByRole('button')).toHaveCount(11);
      await expect(page.locator('input')).toHaveCount(0);
      const key = await pad.getByRole('button', { name: '5', exact: true }).boundingBox();
      expect(key?.height ?? 0).toBeGreaterThanOrEqual(60);
      await expectNoSeriousAxeViolations(page, 'PIN pad');
      await typePin(page, adminEn.pinOf(noi.name), '111119');
      await expect(pad.getByRole('alert')).toHaveText(adminEn.incorrectPin);
      await typePin(page, adminEn.pinOf(noi.name), noi.pin);
      await expect(page.getByRole('button', { name: 'Lock admin panel' })).toBeVisible();
      await expect(page.getByText(`${noi.roleLabel} · Desk tablet`)).toBeVisible();
      await expectPages(page, [
        'Panel',
        'Overview',
        'Round',
        'Bungalows',
        'Restock',
        'Stock',
        'History',
        'Reports',
      ]);
      // A page the desk cannot use opens the desk's first page instead, fetching nothing: the spec's panel,
      // with the guest form but no drink buttons (the catalogue is not the desk's).
      await page.goto('/admin/drinks');
      await expect(page).toHaveURL(/\/admin$/);
      await expect(page.getByRole('form', { name: texts.guestInformation })).toBeVisible();
      await expect(page.getByRole('button', { name: texts.addNewDrink })).toHaveCount(0);
      // The history: the desk marks paid and may void (with a manager: its own test).
      await openAdminPage(page, 'History');
      const entry = page
        .getByRole('list', { name: 'Checkouts, newest first' })
        .locator(':scope > li')
        .first();
      await expect(entry.getByRole('button', { name: /^Mark checkout #\d+ .* paid$/ })).toBeVisible();
      await expect(entry.getByRole('button', { name: /^Void checkout/ })).toBeVisible();

      // Lek, housekeeping: the round and the restock list only.
      await lock(page);
      // Housekeeping's morning starts on the round (issue 59), the restock list one tap away.
      await signInAs(page, lek);
      await expect(page).toHaveURL(/\/admin\/round$/);
      await expectPages(page, ['Round', 'Restock']);
      await openAdminPage(page, 'Restock');
      await expect(page.getByRole('region', { name: 'Restock list' })).toBeVisible();
      await page.goto('/admin/history');
      await expect(page).toHaveURL(/\/admin\/round$/);
      await expectNoSeriousAxeViolations(page, 'housekeeping');

      // Ann, manager: the catalogue and the team, but not another manager.
      await lock(page);
      await signInAs(page, ann);
      await expectPages(page, [
        'Panel',
        'Overview',
        'Round',
        'Drinks',
        'Bungalows',
        'Restock',
        'Stock',
        'Buy list',
        'History',
        'Reports',
        'Settings',
        'QR stickers',
        'Staff',
      ]);
      await openAdminPage(page, 'Staff');
      await expect(personRow(page, ann.name).getByText(adminEn.onlyOwnerManagers)).toBeVisible();
      await expect(personRow(page, ann.name).getByRole('button')).toHaveCount(0);
      await expect(
        personRow(page, noi.name).getByRole('button', { name: adminEn.editPerson(noi.name) }),
      ).toBeVisible();
      await expect(form.getByLabel(adminEn.role).locator('option')).toHaveText([
        noi.roleLabel,
        lek.roleLabel,
      ]);

      // "Use the admin password" brings the spec's modal; the owner is back with every page.
      await lock(page);
      await ownerSignsIn(page, server.adminPassword);
      await expect(page.getByText(`${adminEn.roleOwner} · Desk tablet`)).toBeVisible();

      // In Thai: the names' screen, the pad and the header.
      await lock(page);
      await page.getByRole('group', { name: 'Language' }).getByRole('button', { name: 'ไทย' }).click();
      await expect(page.getByRole('heading', { name: adminTh.whoIsWorking })).toBeVisible();
      await page.getByRole('button', { name: noi.name }).click();
      await typePin(page, adminTh.pinOf(noi.name), noi.pin);
      await expect(page.getByText(`${adminTh.roleDesk} · Desk tablet`)).toBeVisible();
      await expectNoSeriousAxeViolations(page, 'Thai workspace');
    });
  });
}

test.describe('on the desk tablet (1280x900)', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test("a desk void asks for a manager's PIN in the same form; the history names who did what", async ({
    page,
    server,
    adminApi,
  }) => {
    test.setTimeout(180_000);
    await fillTheResort(adminApi, page);
    await registerDeviceAndTeam(page, server.adminPassword);

    await page.goto('/admin/history?bungalow=12');
    await signInAs(page, noi);
    const entry = page.getByRole('list', { name: 'Checkouts, newest first' }).locator(':scope > li');
    await expect(entry).toHaveCount(1);
    // A guest recorded it.
    await expect(entry.getByText(/^Recorded by a guest, \d{2}:\d{2}$/)).toBeVisible();

    // Marked paid by Noi on the desk tablet, then the void (a payment does not stop a void here).
    await entry.getByLabel('Paid by').selectOption({ label: 'Cash' });
    await entry.getByRole('button', { name: /^Mark checkout #\d+ .* paid$/ }).click();
    await expect(entry.getByText(/^Marked paid \(Cash\) by Noi on Desk tablet, \d{2}:\d{2}$/)).toBeVisible();
    await entry.getByRole('button', { name: /^Undo the payment/ }).click();
    await expect(entry.getByText(/^Payment undone by Noi on Desk tablet, \d{2}:\d{2}$/)).toBeVisible();

    await entry.getByRole('button', { name: /^Void checkout/ }).click();
    await entry.getByLabel(/^Reason for voiding/).fill('Guest paid at the bar');
    const approval = entry.getByRole('group', { name: adminEn.managerApproval });
    await expect(approval).toBeVisible();
    // Only the managers are offered (the roster says who approves voids): not the desk itself, not housekeeping.
    const managers = approval.getByRole('list', { name: adminEn.chooseManager });
    await expect(managers.getByRole('button')).toHaveText([ann.name]);
    await managers.getByRole('button', { name: ann.name }).click();
    await expectNoSeriousAxeViolations(page, 'void approval');
    await typePin(page, adminEn.managerPinOf(ann.name), '111119');
    await expect(approval.getByRole('alert')).toHaveText(adminEn.incorrectPin);
    await expect(entry.getByText(adminEn.voided, { exact: true })).toHaveCount(0);
    await typePin(page, adminEn.managerPinOf(ann.name), ann.pin);
    await expect(toastWith(page, adminEn.checkoutVoided)).toBeVisible();
    await expect(
      entry.getByText(/^Voided by Noi on Desk tablet, approved by Ann, \d{2}:\d{2}$/),
    ).toBeVisible();

    // The owner's own void needs nobody: no approval asked.
    await lock(page);
    await ownerSignsIn(page, server.adminPassword);
    await page.goto('/admin/history?bungalow=3');
    const owners = page.getByRole('list', { name: 'Checkouts, newest first' }).locator(':scope > li').first();
    await owners.getByRole('button', { name: /^Void checkout/ }).click();
    await expect(owners.getByRole('group', { name: adminEn.managerApproval })).toHaveCount(0);
    await owners.getByLabel(/^Reason for voiding/).fill('Counted twice');
    await owners.getByRole('button', { name: adminEn.voidCheckout }).click();
    await expect(owners.getByText(/^Voided by Owner on Desk tablet, \d{2}:\d{2}$/)).toBeVisible();
  });

  test('a staff session locks itself after staffLockMinutes idle (set on the settings page)', async ({
    page,
    server,
    adminApi,
  }) => {
    test.setTimeout(120_000);
    await fillTheResort(adminApi, page);
    await registerDeviceAndTeam(page, server.adminPassword);

    // The owner sets the lock to one minute on the settings page.
    await page.clock.install();
    await page.goto('/admin/settings');
    await ownerSignsIn(page, server.adminPassword);
    const settings = page.getByRole('form', { name: 'Resort settings' });
    await expect(settings.getByLabel(adminEn.staffLock)).toHaveValue('5');
    await settings.getByLabel(adminEn.staffLock).fill('0');
    await settings.getByRole('button', { name: 'Save settings' }).click();
    await expect(settings.getByText(/at least 1 minute/)).toBeVisible();
    await settings.getByLabel(adminEn.staffLock).fill('1');
    await settings.getByRole('button', { name: 'Save settings' }).click();
    await expect(toastWith(page, adminEn.settingsSaved)).toBeVisible();

    await lock(page);
    await signInAs(page, noi);
    // The settings are not the desk's: Noi lands on her first page, the spec's panel.
    await expect(page.getByRole('form', { name: texts.guestInformation })).toBeVisible();
    // Used within the minute: still open.
    await page.clock.runFor(50_000);
    await page.getByRole('heading', { name: texts.adminPanel }).click();
    await page.clock.runFor(50_000);
    await expect(page.getByRole('button', { name: 'Lock admin panel' })).toBeVisible();
    // Left alone for the minute: locked, the page gone, and the server's session ended too.
    await page.clock.runFor(61_000);
    await expect(page.getByRole('heading', { name: adminEn.whoIsWorking })).toBeVisible();
    await expect(page.getByRole('form', { name: texts.guestInformation })).toHaveCount(0);
    const session = await (await page.request.get('/api/session')).json();
    expect(session).toMatchObject({ authenticated: false, user: null, device: { name: 'Desk tablet' } });
  });
});

test.describe('a housekeeping phone (390x844)', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('paired by a code shown as text and QR; revoking it ends its session at once', async ({
    page,
    browser,
    server,
    adminApi,
  }) => {
    test.setTimeout(180_000);
    await fillTheResort(adminApi, page);
    await registerDeviceAndTeam(page, server.adminPassword);

    // The owner, on the desk tablet, makes a pairing code.
    await page.goto('/admin/staff');
    await ownerSignsIn(page, server.adminPassword);
    const devices = page.getByRole('region', { name: adminEn.devices });
    await devices.getByRole('button', { name: adminEn.makePairingCode }).click();
    const code = (await devices.getByText(/^[A-Z2-9]{4}-[A-Z2-9]{4}$/).textContent()) ?? '';
    await expect(devices.getByRole('img', { name: adminEn.pairingQr(code) })).toBeVisible();
    const link = `${server.baseURL}/admin?pair=${code.replace('-', '')}`;
    await expect(devices.getByText(link)).toBeVisible();
    await expectNoSeriousAxeViolations(page, 'pairing code');

    // The phone opens the QR code's link: the code is filled in, it names itself and registers.
    const phoneContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const phone = await phoneContext.newPage();
    try {
      await phone.goto(link);
      await expect(phone.getByRole('heading', { name: adminEn.pairThisDevice })).toBeVisible();
      await expect(phone.getByLabel(adminEn.pairingCode)).toHaveValue(code.replace('-', ''));
      await expectNoSeriousAxeViolations(phone, 'pairing landing');
      await phone.getByLabel(adminEn.deviceName).fill('Housekeeping phone');
      await phone.getByRole('button', { name: adminEn.registerThisPhone }).click();
      await expect(phone).toHaveURL(/\/admin$/);
      await signInAs(phone, lek);
      // Housekeeping lands on the round (issue 59).
      await expect(phone).toHaveURL(/\/admin\/round$/);
      await expect(phone.getByText(`${lek.roleLabel} · Housekeeping phone`)).toBeVisible();

      // The desk sees the phone and its last use, and revokes it.
      await page.reload();
      const phoneRow = devices
        .getByRole('list', { name: adminEn.registeredDevices })
        .getByRole('listitem', { name: 'Housekeeping phone' });
      await expect(phoneRow.getByText(/^Last used /)).toBeVisible();
      await phoneRow.getByRole('button', { name: adminEn.revokeNamed('Housekeeping phone') }).click();
      await phoneRow.getByRole('button', { name: adminEn.confirmRevokeNamed('Housekeeping phone') }).click();
      await expect(toastWith(page, adminEn.deviceRevoked)).toBeVisible();
      await expect(phoneRow.getByText(/^Revoked /)).toBeVisible();

      // The phone's very next request finds no session and no device: the spec's modal, no names.
      const answer = await phone.request.get('/api/restock');
      expect(answer.status()).toBe(401);
      await phone.reload();
      await expect(phone.getByRole('dialog', { name: texts.adminAccess })).toBeVisible();
      await expect(phone.getByRole('heading', { name: adminEn.whoIsWorking })).toHaveCount(0);
    } finally {
      await phoneContext.close();
    }
  });
});

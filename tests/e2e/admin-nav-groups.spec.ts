import fs from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import { adminNav } from './admin-helpers';
import { expect, test } from './fixtures';
import { ann, lek, lock, noi, ownerSignsIn, registerDeviceAndTeam, signInAs } from './team-helpers';

/** A nav's groups as a reader meets them: each heading, and the links of the list it names. */
type Groups = [heading: string, pages: string[]][];

/** Every group and page, as the owner and a manager (every right) see them on a desk. */
const everyPage: Groups = [
  ['Today', ['Panel', 'Overview', 'Round', 'Bungalows', 'Check requests', 'Close the day']],
  ['Stock', ['Restock', 'Stock', 'Buy list']],
  ['Sales and books', ['History', 'Reports', 'Output tax']],
  ['Team', ['Staff', 'Activity']],
  ['Settings', ['Drinks', 'Settings', 'QR stickers', 'Integrations', 'Guest data']],
];

/** The phone's bar, as it was before the groups: the same pages in the same order. */
const barPages = ['Panel', 'Overview', 'Restock', 'History'];

/** What each role sees: the pages of its rights (shared/team.ts), and no group left empty. */
const roles: {
  role: string;
  signIn: (page: Page, adminPassword: string) => Promise<void>;
  groups: Groups;
}[] = [
  { role: 'owner', signIn: (page, adminPassword) => ownerSignsIn(page, adminPassword), groups: everyPage },
  { role: 'manager', signIn: (page) => signInAs(page, ann), groups: everyPage },
  {
    role: 'front desk',
    signIn: (page) => signInAs(page, noi),
    groups: [
      ['Today', ['Panel', 'Overview', 'Round', 'Bungalows', 'Check requests', 'Close the day']],
      ['Stock', ['Restock', 'Stock']],
      ['Sales and books', ['History', 'Reports']],
    ],
  },
  {
    role: 'housekeeping',
    signIn: (page) => signInAs(page, lek),
    groups: [
      ['Today', ['Round', 'Check requests']],
      ['Stock', ['Restock']],
    ],
  },
];

async function groupsIn(container: Locator): Promise<Groups> {
  const groups: Groups = [];
  for (const heading of await container.getByRole('heading').allTextContents()) {
    const list = container.getByRole('list', { name: heading, exact: true });
    groups.push([heading, (await list.getByRole('link').allTextContents()).map((text) => text.trim())]);
  }
  return groups;
}

const withoutBar = (groups: Groups): Groups =>
  groups
    .map(([heading, pages]): Groups[number] => [heading, pages.filter((page) => !barPages.includes(page))])
    .filter(([, pages]) => pages.length > 0);

const screenshotDir = 'test-results/screenshots';

test.describe('the nav in groups on a desk (1280x800)', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('each role sees its pages under group headings, the whole nav on the screen', async ({
    page,
    server,
  }) => {
    // Four sign-ins (scrypt, PINs) on a shared 2-core machine.
    test.setTimeout(180_000);
    await registerDeviceAndTeam(page, server.adminPassword);
    await page.goto('/admin');
    for (const { role, signIn, groups } of roles) {
      await signIn(page, server.adminPassword);
      const nav = adminNav(page);
      await expect.poll(() => groupsIn(nav), { message: role }).toEqual(groups);

      // The last page of the last group opens from its group, and is marked there as the current page.
      const [lastHeading, lastPages] = groups.at(-1) ?? ['', []];
      const link = nav
        .getByRole('list', { name: lastHeading, exact: true })
        .getByRole('link', { name: lastPages.at(-1), exact: true });
      await link.click();
      await expect(link).toHaveAttribute('aria-current', 'page');
      await expect(nav.locator('[aria-current="page"]')).toHaveCount(1);

      // The whole nav on a 1280x800 screen: nothing scrolls inside it, nothing below the screen's edge.
      await page.evaluate(() => window.scrollTo(0, 0));
      const overflow = await nav.evaluate((element) => element.scrollHeight - element.clientHeight);
      expect(overflow, `${role}: the nav scrolls by ${overflow} px`).toBeLessThanOrEqual(0);
      const box = await nav.boundingBox();
      expect((box?.y ?? 0) + (box?.height ?? 0), role).toBeLessThanOrEqual(800);
      if (role === 'owner') {
        fs.mkdirSync(screenshotDir, { recursive: true });
        await page.screenshot({ path: `${screenshotDir}/nav-desk.png` });
      }
      await lock(page);
    }
  });
});

test.describe('the nav in groups on a phone (390x844)', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('each role keeps its bar; "More" lists the rest in the same groups', async ({ page, server }) => {
    test.setTimeout(180_000);
    await registerDeviceAndTeam(page, server.adminPassword);
    await page.goto('/admin');
    for (const { role, signIn, groups } of roles) {
      await signIn(page, server.adminPassword);
      const nav = adminNav(page);
      const pages = groups.flatMap(([, groupPages]) => groupPages);
      // The bar: the primary pages the role has, in the order they always had, no group heading.
      await expect(nav.getByRole('link'), role).toHaveText(barPages.filter((label) => pages.includes(label)));
      await expect(nav.getByRole('heading')).toHaveCount(0);

      await nav.getByRole('button', { name: 'More' }).click();
      const sheet = nav.getByRole('list', { name: 'More admin pages' });
      await expect.poll(() => groupsIn(sheet), { message: role }).toEqual(withoutBar(groups));
      if (role === 'owner') {
        fs.mkdirSync(screenshotDir, { recursive: true });
        await page.screenshot({ path: `${screenshotDir}/nav-phone.png` });
      }

      // A page from the sheet: the sheet closes and, opened again, marks the page in its group.
      const [heading, groupPages] = withoutBar(groups).at(-1) ?? ['', []];
      const label = groupPages.at(-1) ?? '';
      await sheet
        .getByRole('list', { name: heading, exact: true })
        .getByRole('link', { name: label })
        .click();
      await expect(sheet).toHaveCount(0);
      await nav.getByRole('button', { name: 'More' }).click();
      await expect(
        sheet
          .getByRole('list', { name: heading, exact: true })
          .getByRole('link', { name: label, exact: true }),
      ).toHaveAttribute('aria-current', 'page');
      await nav.getByRole('button', { name: 'More' }).click();
      await expect(sheet).toHaveCount(0);
      await lock(page);
    }
  });
});

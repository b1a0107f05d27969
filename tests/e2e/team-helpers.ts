import type { Page } from '@playwright/test';
import { adminEn } from '../../src/shared/i18n/admin-en';
import type { StaffRole } from '../../src/shared/team';
import type { StaffMember } from '../../src/shared/team-types';
import { expect } from './fixtures';

/** The resort's three people of the e2e tests: one of each role, with PINs the rules accept. */
export const ann = { name: 'Ann', role: 'manager', roleLabel: 'Manager', pin: '482913' } as const;
export const noi = { name: 'Noi', role: 'desk', roleLabel: 'Front desk', pin: '730215' } as const;
export const lek = { name: 'Lek', role: 'housekeeping', roleLabel: 'Housekeeping', pin: '905184' } as const;
export const team = [ann, noi, lek] as const;

export interface Person {
  name: string;
  role: StaffRole;
  pin: string;
}

/** API calls from the page's own browser context: its cookies (session, device) go with them. */
export async function pageApi(page: Page, method: 'post' | 'put' | 'delete', path: string, data?: unknown) {
  const origin = new URL(page.url()).origin;
  const response = await page.request[method](path, { data, headers: { Origin: origin } });
  expect(response.ok(), `${method} ${path}: ${response.status()} ${await response.text()}`).toBe(true);
  return response;
}

/**
 * The owner, on this browser, registers it as a device and adds the team, through the API: for the tests whose
 * subject is what comes after (the Staff page's own test does it through the page).
 */
export async function registerDeviceAndTeam(page: Page, adminPassword: string, deviceName = 'Desk tablet') {
  await page.goto('/checkout');
  await pageApi(page, 'post', '/api/session', { password: adminPassword });
  await pageApi(page, 'post', '/api/devices', { name: deviceName });
  const people: StaffMember[] = [];
  for (const person of team) {
    const response = await pageApi(page, 'post', '/api/staff', {
      name: person.name,
      role: person.role,
      pin: person.pin,
    });
    people.push(await response.json());
  }
  await pageApi(page, 'delete', '/api/session');
  return people;
}

/** Types a PIN on a pad with its keys, as a thumb does. */
export async function typePin(page: Page, padName: string, pin: string) {
  const pad = page.getByRole('group', { name: padName });
  for (const digit of pin) await pad.getByRole('button', { name: digit, exact: true }).click();
}

/** On "Who is working?": picks the name, types the PIN, and waits for the workspace. */
export async function signInAs(page: Page, person: { name: string; pin: string }) {
  await expect(page.getByRole('heading', { name: adminEn.whoIsWorking })).toBeVisible();
  await page
    .getByRole('list', { name: adminEn.staffNames })
    .getByRole('button', { name: person.name })
    .click();
  await typePin(page, adminEn.pinOf(person.name), person.pin);
  await expect(page.getByRole('button', { name: 'Lock admin panel' })).toBeVisible();
  await expect(page.getByText(person.name, { exact: true }).first()).toBeVisible();
}

export async function lock(page: Page) {
  await page.getByRole('button', { name: 'Lock admin panel' }).click();
  await expect(page.getByRole('heading', { name: adminEn.whoIsWorking })).toBeVisible();
}

/** On "Who is working?": "Use the admin password", then the spec's modal, and waits until the owner is in. */
export async function ownerSignsIn(page: Page, adminPassword: string) {
  await page.getByRole('button', { name: adminEn.useAdminPassword }).click();
  const modal = page.getByRole('dialog', { name: 'Admin Access' });
  await modal.getByPlaceholder('Enter admin password').fill(adminPassword);
  await modal.getByRole('button', { name: 'Login' }).click();
  // scrypt on a busy 2-core machine can take several seconds.
  await expect(modal).toBeHidden({ timeout: 20_000 });
  await expect(page.getByRole('button', { name: 'Lock admin panel' })).toBeVisible();
}

import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { texts } from '../../src/shared/constants';
import { openAdminPage } from './admin-helpers';
import { expectNoSeriousAxeViolations } from './axe';
import { testDrinks, testGuest, toastWith } from './checkout-helpers';
import { expect, test } from './fixtures';

/** The Z report the page saves, read back by poppler as a reader sees it (spaces squeezed). */
async function downloadZReport(page: Page, button: string) {
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: button }).click();
  const download = await downloading;
  const file = await download.path();
  const text = execFileSync('pdftotext', ['-layout', '-enc', 'UTF-8', file, '-'], {
    encoding: 'utf8',
  }).replace(/[ \t]+/g, ' ');
  const pages = /Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', [file], { encoding: 'utf8' }))?.[1];
  return { fileName: download.suggestedFilename(), file, text, pages: Number(pages) };
}

/**
 * loginAsAdmin's steps with a longer wait for the answer: the password check is scrypt at full strength
 * (128 MiB, about a second alone), and on a busy shared machine it can take longer than an assertion's 7 s.
 */
async function signIn(page: Page, password: string) {
  await page.goto('/admin');
  const modal = page.getByRole('dialog', { name: texts.adminAccess });
  await modal.getByPlaceholder(texts.passwordPlaceholder).fill(password);
  await modal.getByRole('button', { name: 'Login' }).click();
  await expect(modal).toBeHidden({ timeout: 30_000 });
  await expect(page.getByRole('heading', { name: texts.adminPanel })).toBeVisible();
}

const region = (page: Page, name: string) => page.getByRole('region', { name });
const figureRow = (page: Page, section: string, label: string) =>
  page
    .getByRole('region', { name: section })
    .locator('dl > div')
    .filter({ has: page.getByText(label, { exact: true }) });

test('the desk closes today with a shortfall, sees it on the page and in the Z report; a manager reopens it; it closes again; the Thai report renders', async ({
  page,
  adminApi,
  server,
}) => {
  // A long walk through the page, two PDFs and poppler: minutes on a busy shared machine.
  test.setTimeout(240_000);
  const [coke, chang, wine] = await adminApi.setDrinks(testDrinks);
  await adminApi.setGuest(testGuest);
  if (!coke || !chang || !wine) throw new Error('the test drinks were not created');
  await signIn(page, server.adminPassword);
  const api = async (method: 'post' | 'put', url: string, data: unknown) => {
    const response = await page.request[method](url, { data, headers: { Origin: server.baseURL } });
    expect(response.status(), await response.text()).toBeLessThan(300);
    return response.json();
  };
  await api('put', '/api/settings', { resortName: 'Koh Lanta Huts', cashFloat: 1000 });
  // The page read the public settings (the resort's name) when it loaded: a reload reads the new ones.
  await page.reload();
  // Today: 80 THB paid cash, 450 paid by PromptPay, 80 left unpaid.
  const cokes = await api('post', '/api/checkouts', {
    bungalow: 3,
    items: [{ drinkId: coke.id, missing: 2 }],
  });
  const wineBottle = await api('post', '/api/checkouts', {
    bungalow: 7,
    items: [{ drinkId: wine.id, missing: 1 }],
  });
  await api('post', '/api/checkouts', { bungalow: 8, items: [{ drinkId: chang.id, missing: 1 }] });
  await api('post', `/api/checkouts/${cokes.id}/payment`, { method: 'cash' });
  await api('post', `/api/checkouts/${wineBottle.id}/payment`, { method: 'promptpay' });

  await openAdminPage(page, 'Close the day');
  await expect(page).toHaveURL(/\/admin\/close$/);
  const closeSection = region(page, 'Close the day');
  await expect(closeSection.getByText('Open: not closed yet')).toBeVisible();
  await expect(figureRow(page, 'Checkouts', 'Checkouts')).toContainText('3 · 610 THB');
  await expect(figureRow(page, 'Checkouts', 'Still unpaid')).toContainText('1 · 80 THB');
  await expect(figureRow(page, 'Money by method', 'Cash')).toContainText('1 · 80 THB');
  await expect(figureRow(page, 'Money by method', 'PromptPay')).toContainText('1 · 450 THB');
  await expect(figureRow(page, 'Cash drawer', 'Expected cash')).toContainText('1080 THB');
  // The unpaid figure links to the history filtered to the day's unpaid checkouts.
  await expect(page.getByRole('link', { name: 'Still unpaid in the history' })).toHaveAttribute(
    'href',
    /\/admin\/history\?from=\d{4}-\d{2}-\d{2}&to=\d{4}-\d{2}-\d{2}&paid=false$/,
  );

  // The count, with the difference as it is typed.
  const form = page.getByRole('form', { name: 'Close the day' });
  const counted = form.getByLabel('Counted cash (THB)');
  await expect(counted).toHaveAttribute('inputmode', 'numeric');
  await counted.fill('1100');
  await expect(form.getByTestId('cash-difference')).toHaveText('Difference: Over by 20 THB');
  await counted.fill('1080');
  await expect(form.getByTestId('cash-difference')).toHaveText('Difference: Exact');
  await counted.fill('1050');
  await expect(form.getByTestId('cash-difference')).toHaveText('Difference: Short by 30 THB');
  await form.getByLabel('Note').fill('One 20 and one 10 missing; told the manager');
  await expectNoSeriousAxeViolations(page);
  await form.getByRole('button', { name: 'Close the day' }).click();
  await expect(toastWith(page, 'Day closed')).toBeVisible();

  await expect(closeSection.getByText('Closed', { exact: true })).toBeVisible();
  await expect(closeSection.getByText(/^Closed by Owner, /)).toBeVisible();
  await expect(figureRow(page, 'Cash drawer', 'Counted cash')).toContainText('1050 THB');
  await expect(figureRow(page, 'Cash drawer', 'Difference')).toContainText('Short by 30 THB');
  await expect(closeSection.getByText('One 20 and one 10 missing; told the manager')).toBeVisible();
  await expect(page.getByRole('form', { name: 'Close the day' })).toHaveCount(0);

  const report = await downloadZReport(page, 'Download the Z report (PDF)');
  expect(report.fileName).toMatch(/^close-\d{4}-\d{2}-\d{2}\.pdf$/);
  expect(report.pages).toBe(1);
  for (const line of [
    'Koh Lanta Huts',
    'Z report: close of the day',
    'Closed by Owner, ',
    'Checkouts 3 610 THB',
    'Still unpaid 1 80 THB',
    'Cash 1 80 THB 0 0 THB',
    'PromptPay 1 450 THB 0 0 THB',
    'Float 1000 THB',
    'Expected cash 1080 THB',
    'Counted cash 1050 THB',
    'Difference Short by 30 THB',
    'One 20 and one 10 missing; told the manager',
  ]) {
    expect(report.text).toContain(line);
  }
  // The chain anchored outside the database (fifth stage): the head the close kept, whole, as audit:verify
  // --head takes it.
  expect(report.text).toContain('Audit chain head at the close (npm run audit:verify -- --head):');
  expect(report.text).toMatch(/^\s*\d+:[0-9a-f]{64}\s*$/m);

  // A manager (the owner, until the team's sign-ins land) reopens it with a reason; it counts live again.
  const reopen = page.getByRole('form', { name: 'Reopen the day' });
  await reopen.getByRole('button', { name: 'Reopen the day' }).click();
  await expect(reopen.getByText('A reason is required to reopen a closed day')).toBeVisible();
  await reopen.getByLabel('Reason for reopening').fill('The 30 THB was in the PromptPay tray');
  await reopen.getByRole('button', { name: 'Reopen the day' }).click();
  await expect(toastWith(page, 'Day reopened: count and close it again')).toBeVisible();
  await expect(closeSection.getByText('Open: not closed yet')).toBeVisible();

  await form.getByLabel('Counted cash (THB)').fill('1080');
  await expect(form.getByTestId('cash-difference')).toHaveText('Difference: Exact');
  await form.getByRole('button', { name: 'Close the day' }).click();
  await expect(figureRow(page, 'Cash drawer', 'Difference')).toContainText('Exact');

  // In Thai: the page and its Z report, with the embedded font, rendered to a picture to look at.
  await page.getByRole('group', { name: 'Language' }).getByRole('button', { name: 'ไทย' }).click();
  await expect(region(page, 'ปิดยอดประจำวัน').getByText('ปิดยอดแล้ว', { exact: true })).toBeVisible();
  const thai = await downloadZReport(page, 'ดาวน์โหลดรายงาน Z (PDF)');
  expect(thai.pages).toBe(1);
  for (const line of [
    'รายงานปิดยอดประจำวัน (Z)',
    'ปิดยอดโดย Owner เมื่อ',
    'เงินสด 1 ฿80 0 ฿0',
    'เงินทอนตั้งต้น ฿1,000',
    'เงินสดที่ควรมี ฿1,080',
    'เงินสดที่นับได้ ฿1,080',
    'ส่วนต่าง ตรงพอดี',
  ]) {
    expect(thai.text).toContain(line);
  }
  const png = test.info().outputPath('close-report-th');
  execFileSync('pdftoppm', ['-png', '-r', '80', '-singlefile', thai.file, png]);
  expect(fs.statSync(`${png}.png`).size).toBeGreaterThan(10_000);
  // Kept beside the run for a person to look at (the report describes it).
  fs.mkdirSync('test-results', { recursive: true });
  fs.copyFileSync(`${png}.png`, path.join('test-results', 'close-report-th.png'));
  fs.copyFileSync(report.file, path.join('test-results', 'close-report-en.pdf'));
});

test('the overview reminds the desk of yesterday when it was not closed', async ({
  page,
  adminApi,
  server,
}) => {
  test.setTimeout(120_000);
  const [coke] = await adminApi.setDrinks(testDrinks);
  await adminApi.setGuest(testGuest);
  if (!coke) throw new Error('the test drinks were not created');
  await signIn(page, server.adminPassword);
  await openAdminPage(page, 'Overview');
  // Nothing happened yesterday: no reminder.
  await expect(page.getByRole('region', { name: 'Today' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Yesterday is not closed' })).toHaveCount(0);
  // A checkout today, then the browser's clock a day on: for the page, today's checkout is yesterday's (the
  // server's clock cannot be moved back from here).
  const response = await page.request.post('/api/checkouts', {
    data: { bungalow: 4, items: [{ drinkId: coke.id, missing: 1 }] },
    headers: { Origin: server.baseURL },
  });
  expect(response.status()).toBe(201);
  // The page's clock runs on from a day later (a frozen clock would stop the page's own timers).
  await page.clock.install({ time: Date.now() + 24 * 3600 * 1000 });
  await page.clock.resume();
  await page.reload();
  const reminder = page.getByRole('region', { name: 'Yesterday is not closed' });
  await expect(reminder).toBeVisible();
  await reminder.getByRole('link', { name: 'Close yesterday' }).click();
  await expect(page).toHaveURL(/\/admin\/close\?day=\d{4}-\d{2}-\d{2}$/);
  await expect(figureRow(page, 'Checkouts', 'Checkouts')).toContainText('1 · 40 THB');
});

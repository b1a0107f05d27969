import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { HistoryCheckout } from '../../src/shared/staff-types';
import { startServer } from '../support/server-process';
import { seller } from '../support/tax-parties';
import { testDrinks, testGuest } from './checkout-helpers';
import { test as base, expect } from './fixtures';
import { ann, pageApi, registerDeviceAndTeam, signInAs } from './team-helpers';

/**
 * A credit note from the history (issue 57, seventh stage). The server runs under libfaketime, as
 * `test:faults` does: its wall clock reads from an offset in a file, read again at every call, so the test
 * records a sale at 23:30 on 30 November 2026 in Bangkok and voids it at 10:00 on 3 December. The browser keeps
 * the real clock. The history then lists CN2612-00001 under the sale, and its button downloads the note's PDF.
 */
const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'fridge-e2e-clock-'));
const offsetFile = path.join(folder, 'offset');
const setClock = (iso: string) => {
  const seconds = Math.round((Date.parse(iso) - Date.now()) / 1000);
  fs.writeFileSync(offsetFile, `${seconds >= 0 ? '+' : ''}${seconds}\n`);
};

const clockTest = base.extend({
  server: async ({}, use) => {
    setClock('2026-11-30T16:30:00.000Z');
    const server = await startServer({
      env: {
        LD_PRELOAD: '/usr/lib/x86_64-linux-gnu/faketime/libfaketime.so.1',
        FAKETIME_TIMESTAMP_FILE: offsetFile,
        FAKETIME_NO_CACHE: '1',
        FAKETIME_DONT_FAKE_MONOTONIC: '1',
      },
    });
    await use(server);
    await server.stop();
  },
});

function pdfText(file: string): string {
  return execFileSync('pdftotext', ['-layout', '-enc', 'UTF-8', file, '-'], { encoding: 'utf8' }).replace(
    /[ \t]+/g,
    ' ',
  );
}

clockTest(
  'a void after the month ended lists a credit note in the history, and its PDF prints the particulars',
  async ({ page, adminApi, server }) => {
    clockTest.slow();
    const [coke] = await adminApi.setDrinks(testDrinks);
    await adminApi.setGuest(testGuest);
    const saved = await adminApi.request().put('/api/settings', { data: { tax: seller } });
    expect(saved.status(), await saved.text()).toBe(200);
    await registerDeviceAndTeam(page, server.adminPassword);
    const recorded = await pageApi(page, 'post', '/api/checkouts', {
      bungalow: 6,
      items: [{ drinkId: coke?.id, missing: 2 }],
    });
    const sale = (await recorded.json()) as HistoryCheckout;
    expect(sale.document?.number).toBe('ABB2611-00001');

    // 10:00 on 3 December: November has ended. The manager voids the sale.
    setClock('2026-12-03T03:00:00.000Z');
    await page.goto('/admin/history');
    await signInAs(page, ann);
    await pageApi(page, 'post', `/api/checkouts/${sale.id}/void`, { reason: 'Guest returned the bottles' });
    await page.reload();
    await expect(page.getByText('Credit note CN2612-00001')).toBeVisible();
    await expect(
      page.getByText(/adjusts ABB2611-00001 by 80\.00 THB: Guest returned the bottles/),
    ).toBeVisible();

    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download the credit note CN2612-00001 as a PDF' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe('credit-note-CN2612-00001.pdf');
    const text = pdfText(await download.path());
    for (const line of [
      'ใบลดหนี้ / Credit note',
      'สำเนา / Copy',
      seller.sellerName,
      'No. CN2612-00001',
      'Date and time: 3 Dec 2026 10:00',
      'ใบกำกับภาษีเดิมเลขที่ / Original tax invoice: ABB2611-00001',
      'ลงวันที่ / Dated: 30 Nov 2026',
      'เหตุผล / Reason: Guest returned the bottles',
      'Value on the original invoice 80.00 THB',
      'Correct value 0.00 THB',
      'ผลต่าง / Difference 80.00 THB',
      'VAT 7% on the difference 5.23 THB',
    ]) {
      expect(text).toContain(line);
    }
  },
);

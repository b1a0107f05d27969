import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Download, Page } from '@playwright/test';
import type { HistoryCheckout } from '../../src/shared/staff-types';
import type { TaxDocument, TaxSettings } from '../../src/shared/tax';
import type { ServerProcess } from '../support/server-process';
import { openAdminPage } from './admin-helpers';
import { addMissing, sharedCalls, stubShare, testDrinks, testGuest, toastWith } from './checkout-helpers';
import { expect, test } from './fixtures';
import { ownerApi } from './owner-api';
import { ann, noi, pageApi, registerDeviceAndTeam, signInAs } from './team-helpers';

/**
 * Tax documents as the resort's guests and staff meet them (DESIGN "Books the law accepts"): the guest's
 * receipt is a numbered abbreviated tax invoice once Share recorded it, and a bill before; the desk issues a
 * company's full invoice and prints it; the manager takes the month's output-tax report as CSV.
 */

const seller: TaxSettings = {
  sellerName: 'บริษัท เกาะลันตา ฮัทส์ จำกัด',
  taxId: '0105558012349',
  branch: '00000',
  address: '123 Moo 2, Koh Lanta Yai, Krabi 81150',
  posId: 'E051234567890',
  vatRate: 700,
  abbPrefix: 'ABB',
  invoicePrefix: 'INV',
};

/** The owner turns tax documents on, through the API (the Settings page's own form is tested below). */
async function turnTaxOn(server: ServerProcess) {
  const api = await ownerApi(server);
  try {
    const response = await api.put('/api/settings', { data: { tax: seller } });
    expect(response.status(), await response.text()).toBe(200);
  } finally {
    await api.dispose();
  }
}

/** A PDF's text as poppler reads it, each line's runs of spaces squeezed to one. */
function pdfText(bytes: Buffer): string {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'tax-e2e-')), 'receipt.pdf');
  fs.writeFileSync(file, bytes);
  return execFileSync('pdftotext', ['-layout', '-enc', 'UTF-8', file, '-'], { encoding: 'utf8' }).replace(
    /[ \t]+/g,
    ' ',
  );
}

const downloadedText = async (download: Download) => pdfText(fs.readFileSync(await download.path()));

async function documentsOf(page: Page): Promise<HistoryCheckout[]> {
  const response = await page.request.get('/api/checkouts');
  expect(response.status()).toBe(200);
  return response.json();
}

test.describe('tax documents', () => {
  test("a guest's receipt is a bill before Share and the numbered tax invoice after it", async ({
    page,
    adminApi,
    server,
  }) => {
    await adminApi.setDrinks(testDrinks);
    await adminApi.setGuest(testGuest);
    await turnTaxOn(server);
    await stubShare(page);
    await page.goto('/checkout?bungalow=8');
    await addMissing(page, 'Coke', 2);
    await addMissing(page, 'Wine', 1);

    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Generate PDF' }).click();
    const bill = await downloadedText(await downloading);
    expect(bill).toContain('ใบแจ้งรายการ (ยังไม่ใช่ใบกำกับภาษี) / Bill (not a tax invoice)');
    expect(bill).toContain('Tax ID 0105558012349 (สำนักงานใหญ่ / Head office)');
    expect(bill).toContain('Total Cost 530 THB');
    expect(bill).not.toContain('ABB');
    expect(bill).not.toContain('VAT');

    await page.getByRole('button', { name: 'Share Receipt' }).click();
    await expect(toastWith(page, 'Ready to share receipt!')).toBeVisible();
    await expect.poll(async () => (await sharedCalls(page)).length).toBe(1);
    const [recorded] = await adminApi.checkouts();
    const document = (recorded as { document?: TaxDocument }).document;
    expect(document).toMatchObject({ type: 'abb', status: 'issued', vat: 3467 });
    const [call] = await sharedCalls(page);
    const shared = pdfText(Buffer.from(call?.files?.[0]?.body ?? '', 'latin1'));
    expect(shared).toContain('ใบกำกับภาษีอย่างย่อ / Abbreviated tax invoice');
    expect(shared).toContain('บริษัท เกาะลันตา ฮัทส์ จำกัด');
    expect(shared).toContain('POS No. E051234567890');
    expect(shared).toContain(`No. ${document?.number}`);
    expect(shared).toContain('VAT included VAT 7% 34.67 THB');
    expect(shared).not.toContain('Bill (not a tax invoice)');

    // The same counts after Share: Generate PDF gives the numbered invoice too.
    const again = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Generate PDF' }).click();
    expect(await downloadedText(await again)).toContain(`No. ${document?.number}`);
  });

  test('a desk issues a full tax invoice for a company and prints it; a manager downloads the month', async ({
    page,
    adminApi,
    server,
  }) => {
    // Three people's sign-ins and four PDFs on a shared 2-core machine.
    test.slow();
    const [coke, , wine] = await adminApi.setDrinks(testDrinks);
    await adminApi.setGuest(testGuest);
    await turnTaxOn(server);
    await registerDeviceAndTeam(page, server.adminPassword);
    await pageApi(page, 'post', '/api/checkouts', {
      bungalow: 12,
      items: [
        { drinkId: coke?.id, missing: 2 },
        { drinkId: wine?.id, missing: 1 },
      ],
    });

    await page.goto('/admin/history');
    await signInAs(page, noi);
    const [checkout] = await documentsOf(page);
    if (!checkout?.document) throw new Error('the checkout has no tax document');
    const abbNumber = checkout.document.number;
    await expect(page.getByText(`Abbreviated tax invoice ${abbNumber}`)).toBeVisible();

    await page
      .getByRole('button', { name: `Issue a full tax invoice for checkout #${checkout.id}, bungalow 12` })
      .click();
    const form = page.getByRole('form', { name: `Full tax invoice for checkout #${checkout.id}` });
    await expect(form.getByLabel("Buyer's branch")).toHaveValue('00000');
    await form.getByLabel("Buyer's name").fill('Acme Trading Co., Ltd.');
    await form.getByLabel("Buyer's address").fill('99 Sukhumvit Road, Bangkok 10110');
    await form.getByLabel("Buyer's tax ID").fill('0105560123455');
    await form.getByRole('button', { name: 'Issue and print' }).click();
    // The shared schema's own words, under the field, and nothing sent.
    await expect(form.getByText('Buyer tax ID has a wrong check digit: check the 13 digits')).toBeVisible();

    await form.getByLabel("Buyer's tax ID").fill('0105560123454');
    await form.getByLabel("Buyer's branch").fill('00001');
    const printing = page.waitForEvent('download');
    await form.getByRole('button', { name: 'Issue and print' }).click();
    const original = await downloadedText(await printing);
    expect(original).toContain('ใบกำกับภาษี / Tax invoice');
    expect(original).not.toContain('Copy');
    expect(original).toContain('Buyer: Acme Trading Co., Ltd.');
    expect(original).toContain('Tax ID 0105560123454 (สาขาที่ 00001 / Branch 00001)');
    expect(original).toContain('Net amount 495.33 THB');
    expect(original).toContain('VAT 7% 34.67 THB');
    await expect(toastWith(page, 'Tax invoice issued')).toBeVisible();
    await expect(form).toHaveCount(0);

    const [invoiced] = await documentsOf(page);
    const invoiceNumber = invoiced?.document?.number ?? '';
    expect(invoiced?.document).toMatchObject({ type: 'full', replaces: abbNumber, status: 'issued' });
    await expect(page.getByText(`Tax invoice ${invoiceNumber} for Acme Trading Co., Ltd.`)).toBeVisible();
    await expect(page.getByRole('button', { name: /Issue a full tax invoice/ })).toHaveCount(0);

    // Printed again from the history: the same invoice, marked a copy.
    const reprinting = page.waitForEvent('download');
    await page.getByRole('button', { name: `Download the receipt of checkout #${checkout.id}` }).click();
    const copy = await downloadedText(await reprinting);
    expect(copy).toContain('สำเนา / Copy');
    expect(copy).toContain(`No. ${invoiceNumber}`);

    // The buyer's name was wrong: "Correct buyer" cancels that invoice and a new one replaces it, the sale kept.
    await page.getByRole('button', { name: 'Correct buyer' }).click();
    const correction = page.getByRole('form', { name: 'Correct buyer' });
    await expect(correction.getByLabel("Buyer's name")).toHaveValue('Acme Trading Co., Ltd.');
    await correction.getByLabel("Buyer's name").fill('Acme Trading (Thailand) Co., Ltd.');
    await correction.getByRole('button', { name: 'Reissue and print' }).click();
    await expect(correction.getByText('Enter the reason')).toBeVisible();
    await correction.getByLabel('Reason for the correction').fill('Buyer name misspelt');
    const reprintingNew = page.waitForEvent('download');
    await correction.getByRole('button', { name: 'Reissue and print' }).click();
    const replacement = await downloadedText(await reprintingNew);
    expect(replacement).toContain('Buyer: Acme Trading (Thailand) Co., Ltd.');
    expect(replacement).toContain(`ยกเลิกและออกใบกำกับภาษีฉบับใหม่แทนฉบับเดิมเลขที่ ${invoiceNumber}`);
    expect(replacement).toContain(`Replaces ${invoiceNumber}`);
    await expect(toastWith(page, 'The invoice was cancelled and a new one issued')).toBeVisible();
    const [corrected] = await documentsOf(page);
    expect(corrected).toMatchObject({ voidedAt: null, document: { type: 'full', replaces: invoiceNumber } });
    const newNumber = corrected?.document?.number ?? '';

    // The manager's month: both numbers, the abbreviated one replaced; the CSV has the same rows.
    await page.getByRole('button', { name: 'Lock admin panel' }).click();
    await signInAs(page, ann);
    await openAdminPage(page, 'Output tax');
    const table = page.getByRole('table', { name: /Output tax report, / });
    await expect(table.getByRole('row', { name: new RegExp(`^${abbNumber}`) })).toContainText(
      `Replaced by ${invoiceNumber}`,
    );
    await expect(table.getByRole('row', { name: new RegExp(`^${invoiceNumber}`) })).toContainText(
      '495.33 THB',
    );
    await expect(table.getByRole('row', { name: new RegExp(`^${invoiceNumber}`) })).toContainText(
      'Cancelled: Buyer name misspelt',
    );
    await expect(table).toContainText('Issued: 1 document');
    // Each series' first and last number apart.
    await expect(page.getByText(`Full tax invoices: ${invoiceNumber} to ${newNumber} (2)`)).toBeVisible();
    // Headed by whose report it is, as the Revenue Department's form is; printed, the month's totals come
    // once, after the last row, not at the foot of every page as that page's.
    await expect(page.getByText(seller.sellerName, { exact: true })).toBeVisible();
    await expect(page.getByText(`Tax ID ${seller.taxId} (Head office)`)).toBeVisible();
    await page.emulateMedia({ media: 'print' });
    expect(await table.locator('tfoot').evaluate((footer) => getComputedStyle(footer).display)).toBe(
      'table-row-group',
    );
    await page.emulateMedia({ media: 'screen' });
    const csvDownload = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Download the month (CSV)' }).click();
    const csv = fs.readFileSync(await (await csvDownload).path(), 'utf8');
    expect(csv).toContain(abbNumber);
    expect(csv).toContain(invoiceNumber);
    expect(csv).toContain('Acme Trading Co., Ltd.');
    // The workbook the accountant files.
    const xlsxDownload = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Download for the accountant (Excel)' }).click();
    expect((await xlsxDownload).suggestedFilename()).toMatch(/^tax-report-\d{4}-\d{2}\.xlsx$/);
  });

  test('a desk reissues a lost original as a substitute, counted and printed as such (seventh stage)', async ({
    page,
    adminApi,
    server,
  }) => {
    const [coke] = await adminApi.setDrinks(testDrinks);
    await adminApi.setGuest(testGuest);
    await turnTaxOn(server);
    await registerDeviceAndTeam(page, server.adminPassword);
    await pageApi(page, 'post', '/api/checkouts', {
      bungalow: 5,
      items: [{ drinkId: coke?.id, missing: 2 }],
    });
    await page.goto('/admin/history');
    await signInAs(page, noi);
    const [checkout] = await documentsOf(page);
    const number = checkout?.document?.number ?? '';

    await page.getByRole('button', { name: `Issue a substitute for the lost original ${number}` }).click();
    await page.getByRole('button', { name: 'Print substitute' }).click();
    await expect(page.getByText('Enter the reason')).toBeVisible();
    await page.getByLabel(`Why ${number} is reissued`).fill('Guest lost the receipt');
    const printing = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Print substitute' }).click();
    const substitute = await downloadedText(await printing);
    expect(substitute).toContain('ใบแทนออกให้ครั้งที่ 1 / Substitute no. 1');
    expect(substitute).toContain('เหตุผล / Reason: Guest lost the receipt');
    expect(substitute).toContain(`No. ${number}`);
    expect(substitute).not.toContain('Copy');

    // Lost again: the second substitute says so.
    await page.getByRole('button', { name: `Issue a substitute for the lost original ${number}` }).click();
    await page.getByLabel(`Why ${number} is reissued`).fill('Lost again');
    const again = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Print substitute' }).click();
    expect(await downloadedText(await again)).toContain('ใบแทนออกให้ครั้งที่ 2 / Substitute no. 2');
  });

  test('the Settings page turns tax documents on with the checked fields, and off again', async ({
    page,
    server,
  }) => {
    await registerDeviceAndTeam(page, server.adminPassword);
    await page.goto('/admin/settings');
    await signInAs(page, ann);
    const form = page.getByRole('form', { name: 'Tax documents (VAT)' });
    await expect(form.getByLabel('Issue tax invoices')).not.toBeChecked();
    await form.getByLabel('Issue tax invoices').check();
    await form.getByLabel('Registered name of the seller').fill(seller.sellerName);
    await form.getByLabel('Registered address').fill(seller.address);
    await form.getByLabel('Tax ID', { exact: true }).fill('0105558012340');
    await form.getByLabel('VAT rate (%)').fill('45');
    await form.getByRole('button', { name: 'Save tax settings' }).click();
    await expect(form.getByText('Tax ID has a wrong check digit: check the 13 digits')).toBeVisible();
    await expect(
      form.getByText('The VAT rate is a percentage from 0 to 30, with at most two decimals'),
    ).toBeVisible();

    await form.getByLabel('Tax ID', { exact: true }).fill(seller.taxId);
    await form.getByLabel('VAT rate (%)').fill('7');
    await form.getByRole('button', { name: 'Save tax settings' }).click();
    await expect(toastWith(page, 'Tax settings saved')).toBeVisible();
    const saved = await (await page.request.get('/api/settings')).json();
    expect(saved.tax).toEqual({ ...seller, posId: null });

    await form.getByLabel('Issue tax invoices').uncheck();
    await form.getByRole('button', { name: 'Save tax settings' }).click();
    await expect(toastWith(page, 'Tax settings saved').last()).toBeVisible();
    await expect.poll(async () => (await (await page.request.get('/api/settings')).json()).tax).toBeNull();
  });
});

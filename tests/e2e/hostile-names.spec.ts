import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { limits, texts, toastTexts } from '../../src/shared/constants';
import { drinkForm, drinkRows, loginAsAdmin, openAdminPage } from './admin-helpers';
import { addMissing, toastWith } from './checkout-helpers';
import { expect, test } from './fixtures';

/** 50 names a hostile or careless admin could type: each must come back byte for byte and show as text. */
const hostileNames = [
  'Robert\'); DROP TABLE "Drinks";--',
  "' OR '1'='1",
  '" OR 1=1 --',
  "1; DELETE FROM checkouts WHERE '1'='1",
  'x\'; UPDATE "Guest" SET email=\'a@evil.example',
  '%27%20OR%201%3D1',
  '\\x27 UNION SELECT password FROM settings',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template placeholder is the payload
  '$1 $2 ${name} {{name}}',
  '<script>window.__pwned=1</script>',
  '"><img src=x onerror="window.__pwned=1">',
  "'><svg onload=window.__pwned=1>",
  '<iframe src="javascript:window.__pwned=1">',
  'javascript:window.__pwned=1',
  '<a href="javascript:alert(1)">Cola</a>',
  '<b>Bold</b> <i>Beer</i>',
  '</textarea><script>alert(1)</script>',
  '</title><script>alert(1)</script>',
  '<style>*{display:none}</style>',
  '<math><mtext><img src=x onerror=alert(1)>',
  '{{constructor.constructor("alert(1)")()}}',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template placeholder is the payload
  '${alert(1)}',
  '&lt;script&gt;alert(1)&lt;/script&gt;',
  '&amp;&quot;&#39;&#x3C;',
  '__proto__',
  'constructor',
  'toString',
  '\u202Eesrever ni txet\u202C',
  'שלום Beer مرحبا',
  'Singha \u200Bzero\u200Dwidth',
  '🍺🍷🥤 Party Pack 🎉',
  '👩‍👩‍👧‍👦 Family Cola',
  'ก๊วยเตี๋ยว ช้าง',
  '日本酒 Sake',
  'Zalgo Z̸̡͔a̶l̷g̵o̴',
  'Tab\there',
  'NUL-free but \u0007 bell',
  'Back\\slash \\n \\u0000',
  'percent %s %d %n %x',
  'C:\\Windows\\system32',
  '../../etc/passwd',
  'a'.repeat(limits.drinkNameMax),
  '界'.repeat(limits.drinkNameMax),
  `${'<'.repeat(limits.drinkNameMax - 1)}>`,
  `"${'x'.repeat(limits.drinkNameMax - 2)}"`,
  'Coke\u001BZero escape',
  'BOM\uFEFF inside Beer',
  'Ünïcödé Ŝódà',
  'Emoji flag 🇹🇭 Chang?',
  'line\u2028separator',
  '-- comment /* block */ #hash',
];

/** Counts what the browser refused or executed: dialogs, CSP violations, the injected canary. */
async function watch(page: Page) {
  const seen = { dialogs: 0, cspViolations: [] as string[] };
  page.on('dialog', async (dialog) => {
    seen.dialogs++;
    await dialog.dismiss();
  });
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) seen.cspViolations.push(message.text());
  });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(
        `Content Security Policy violation: ${event.violatedDirective} ${event.blockedURI} at ${event.sourceFile}:${event.lineNumber}:${event.columnNumber}`,
      );
    });
  });
  return seen;
}

const pwned = (page: Page) => page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned ?? 0);

test('50 hostile names are stored byte for byte through the admin form and shown only as text', async ({
  page,
  server,
  adminApi,
}) => {
  test.setTimeout(240_000);
  expect(new Set(hostileNames).size).toBe(50);
  for (const name of hostileNames) {
    expect(name.length, name).toBeLessThanOrEqual(limits.drinkNameMax);
    expect(name.trim(), name).toBe(name);
  }
  const seen = await watch(page);
  await adminApi.setDrinks([{ drinkName: 'Coke', startingQuantity: 5, price: 40 }]);

  await loginAsAdmin(page, server.adminPassword, '/admin/drinks');
  for (const name of hostileNames) {
    await page.getByRole('button', { name: texts.addNewDrink }).click();
    const form = drinkForm(page);
    await form.getByLabel('Drink Name').fill(name);
    await form.getByRole('button', { name: texts.saveDrink }).click();
    await expect(toastWith(page, toastTexts.drinkAdded).first()).toBeVisible();
    await expect(form).toHaveCount(0);
  }

  // Stored byte for byte.
  const stored = (await adminApi.drinks()).map((drink) => drink.drinkName);
  expect(stored).toEqual(['Coke', ...hostileNames]);

  // Shown as text in /admin after a fresh load: the text content holds the markup characters themselves.
  await page.reload();
  await expect(drinkRows(page)).toHaveCount(51);
  const rowTexts = await drinkRows(page).allTextContents();
  for (const name of hostileNames) {
    expect(
      rowTexts.some((text) => text.includes(name)),
      name,
    ).toBe(true);
  }
  // None of the names became an element (the list's own icons are the only svg, none with a handler).
  await expect(
    page
      .getByRole('list', { name: 'Drinks', exact: true })
      .locator('script, img, iframe, style, math, b, i, a, [onerror], [onload], [onclick]'),
  ).toHaveCount(0);

  // A hostile guest name through the guest form, shown back as the field's value.
  const hostileGuest = '"><img src=x onerror="window.__pwned=1"> Ann';
  await openAdminPage(page, 'Bungalows');
  const guestForm = page.getByRole('form', { name: texts.guestInformation });
  await guestForm.getByLabel('Guest Name').fill(hostileGuest);
  await guestForm.getByLabel('Guest Email').fill('ann@example.com');
  await guestForm.getByRole('button', { name: texts.saveGuest }).click();
  await expect(toastWith(page, toastTexts.guestUpdated)).toBeVisible();
  await page.reload();
  await expect(page.getByRole('form', { name: texts.guestInformation }).getByLabel('Guest Name')).toHaveValue(
    hostileGuest,
  );

  // /checkout: the hostile names match no checkout section, so they are not offered; the page, the PDF
  // and the recorded checkout work as usual beside them.
  await page.goto('/checkout?bungalow=7');
  await expect(page.getByRole('button', { name: 'Add one Coke' })).toBeVisible();
  const bodyText = (await page.locator('body').textContent()) ?? '';
  for (const name of hostileNames) expect(bodyText.includes(name), name).toBe(false);
  await addMissing(page, 'Coke', 2);
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Generate PDF' }).click();
  const pdf = fs.readFileSync(await (await downloading).path()).toString('latin1');
  expect(pdf.startsWith('%PDF-')).toBe(true);
  expect(pdf).toContain('(2 x Coke');
  await page.getByRole('button', { name: 'Share Receipt' }).click();
  await expect(toastWith(page, 'Ready to share receipt!')).toBeVisible();
  const [recorded] = await adminApi.checkouts();
  expect(recorded.guestName).toBe(hostileGuest);

  // The staff history shows the hostile guest name as text (the admin session is still open).
  await page.goto('/admin/history');
  await expect(page.getByRole('heading', { name: texts.adminPanel })).toBeVisible();
  const history = page.getByRole('region', { name: 'Checkout history' });
  await expect(history.getByText(`Guest: ${hostileGuest}`)).toBeVisible();

  expect(await pwned(page)).toBe(0);
  expect(seen.dialogs).toBe(0);
  expect(seen.cspViolations).toEqual([]);
  console.log(
    `[figure] hostile names: ${hostileNames.length} stored byte for byte and shown as text; dialogs ${seen.dialogs}, CSP violations ${seen.cspViolations.length}`,
  );
});

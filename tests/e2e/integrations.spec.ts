import { Webhook } from 'standardwebhooks';
import { adminEn } from '../../src/shared/i18n/admin-en';
import { startServer } from '../support/server-process';
import { startWebhookReceiver } from '../support/webhook-receiver';
import { loginAsAdmin, openAdminPage } from './admin-helpers';
import { expectNoSeriousAxeViolations } from './axe';
import { test as base, expect } from './fixtures';

/** The server lets webhooks reach this machine's receiver: the resort names it in WEBHOOK_ALLOWED_HOSTS. */
const test = base.extend({
  server: async ({}, use) => {
    const server = await startServer({ env: { WEBHOOK_ALLOWED_HOSTS: '127.0.0.1' } });
    await use(server);
    await server.stop();
  },
});

test('the owner adds an endpoint, sends a test event, sees it delivered in the log, rotates, disables and deletes it', async ({
  page,
  server,
}) => {
  // Its own server starts inside the test's time, and the flow is long: 16 s on a quiet machine, over 30 in CI.
  test.slow();
  const receiver = await startWebhookReceiver();
  try {
    await loginAsAdmin(page, server.adminPassword);
    await openAdminPage(page, adminEn.pageIntegrations);
    await expect(page.getByText(adminEn.noWebhooks)).toBeVisible();

    const add = page.getByRole('form', { name: adminEn.addWebhook });
    // An address the resort did not allow is refused under the field, and nothing is added.
    await add.getByLabel(adminEn.webhookUrl).fill('http://169.254.169.254/latest');
    await add.getByRole('button', { name: adminEn.addWebhook }).click();
    await expect(add.getByText(/link-local or cloud metadata address/).first()).toBeVisible();

    await add.getByLabel(adminEn.webhookUrl).fill(receiver.url('/pms'));
    await add.getByLabel(adminEn.webhookEvents).fill('checkout.recorded, payment.recorded');
    await add.getByLabel(adminEn.webhookDescription).fill('Front office PMS');
    await add.getByRole('button', { name: adminEn.addWebhook }).click();
    const secret = await add.getByLabel(adminEn.webhookSecret).inputValue();
    expect(secret).toMatch(/^whsec_/);

    const card = page.getByRole('article', { name: receiver.url('/pms') });
    await expect(card.getByText('Front office PMS')).toBeVisible();
    await expect(card.getByText(adminEn.neverDelivered)).toBeVisible();
    await card.getByRole('button', { name: adminEn.sendTestEvent }).click();
    await card.getByRole('link', { name: adminEn.showLog }).click();

    const log = card.getByRole('table', { name: adminEn.deliveryLog });
    await expect(log.getByRole('row').nth(1)).toContainText(adminEn.attemptDelivered, { timeout: 15_000 });
    await expect(log.getByRole('row').nth(1)).toContainText('200');
    const [received] = await receiver.waitFor(1);
    expect(received?.json.type).toBe('webhook.tested');
    expect(new Webhook(secret).verify(received?.body ?? '', received?.headers ?? {})).toBeTruthy();
    await expect(log.getByRole('row').nth(1)).toContainText(received?.id ?? 'evt_');
    await expect(card.getByText(/Last delivered/)).toBeVisible();
    await expectNoSeriousAxeViolations(page);

    // A new secret, shown once; the old one keeps signing for a day.
    await card.getByRole('button', { name: adminEn.rotateSecret }).click();
    const rotated = await card.getByLabel(adminEn.webhookSecret).inputValue();
    expect(rotated).toMatch(/^whsec_/);
    expect(rotated).not.toBe(secret);
    // Disabled by a person: the card says who; enabled again.
    await card.getByRole('button', { name: adminEn.disableWebhook }).click();
    await expect(card.getByText(adminEn.webhookDisabled('Disabled by Owner'))).toBeVisible();
    await expect(card.getByRole('button', { name: adminEn.sendTestEvent })).toBeDisabled();
    await card.getByRole('button', { name: adminEn.enableWebhook }).click();
    await expect(card.getByText(adminEn.webhookEnabled)).toBeVisible();
    // Deleted with two clicks.
    await card.getByRole('button', { name: adminEn.deleteWebhook }).click();
    await card.getByRole('button', { name: adminEn.confirmDeleteWebhook }).click();
    await expect(page.getByText(adminEn.noWebhooks)).toBeVisible();
  } finally {
    await receiver.close();
  }
});

test('moving an endpoint to a new URL asks for its secret again; without a key the page says the secrets are stored unencrypted', async ({
  page,
  server,
}) => {
  test.slow();
  const receiver = await startWebhookReceiver();
  try {
    await loginAsAdmin(page, server.adminPassword);
    await openAdminPage(page, adminEn.pageIntegrations);
    // The test server has neither SECRETS_KEY nor AUDIT_KEY (decision 234).
    await expect(page.getByRole('status').filter({ hasText: adminEn.secretsNotEncrypted })).toBeVisible();

    const add = page.getByRole('form', { name: adminEn.addWebhook });
    await add.getByLabel(adminEn.webhookUrl).fill(receiver.url('/old'));
    await add.getByRole('button', { name: adminEn.addWebhook }).click();
    const secret = await add.getByLabel(adminEn.webhookSecret).inputValue();
    expect(secret).toMatch(/^whsec_/);

    const card = page.getByRole('article', { name: receiver.url('/old') });
    await card.getByRole('button', { name: adminEn.editWebhook }).click();
    const edit = card.getByRole('form', { name: adminEn.editWebhook });
    // The same address needs no secret: the field shows only once the URL is another.
    await expect(edit.getByLabel(adminEn.webhookSecretAgain)).toHaveCount(0);
    await edit.getByLabel(adminEn.webhookUrl).fill(receiver.url('/new'));
    await edit.getByRole('button', { name: adminEn.saveWebhook }).click();
    await expect(edit.getByText(/^Secret is required again: the webhook's address changed/)).toBeVisible();
    await expect(page.getByRole('article', { name: receiver.url('/old') })).toBeVisible();

    await edit.getByLabel(adminEn.webhookSecretAgain).fill(secret);
    await edit.getByRole('button', { name: adminEn.saveWebhook }).click();
    const moved = page.getByRole('article', { name: receiver.url('/new') });
    await expect(moved).toBeVisible();
    await moved.getByRole('button', { name: adminEn.sendTestEvent }).click();
    const [received] = await receiver.waitFor(1, { path: '/new' });
    expect(new Webhook(secret).verify(received?.body ?? '', received?.headers ?? {})).toBeTruthy();
    await expectNoSeriousAxeViolations(page);
  } finally {
    await receiver.close();
  }
});

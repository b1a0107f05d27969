import type { WebhookCreateInput, WebhookUpdateInput } from '../../../shared/webhook-schemas';
import { pageAction, pageLoader, reportLoadFailure } from '../admin-data';
import { useAdminI18n } from '../admin-i18n';
import { PageSection } from '../page-section';
import { usePageData } from '../use-page-data';
import {
  addWebhook,
  changeWebhook,
  deleteWebhook,
  fetchWebhookAttempts,
  fetchWebhooks,
  rotateWebhookSecret,
  sendWebhookTest,
} from './integrations-api';
import { logParam } from './log-param';
import { WebhookForm } from './webhook-form';
import { WebhookList } from './webhook-list';

/** /admin/integrations (owner and managers): the webhook endpoints, their health and their delivery log. */

export const loader = pageLoader(({ request }) => {
  const log = Number(new URL(request.url).searchParams.get(logParam));
  return {
    webhooks: reportLoadFailure(fetchWebhooks()),
    log:
      Number.isInteger(log) && log > 0
        ? { id: log, page: reportLoadFailure(fetchWebhookAttempts(log)) }
        : null,
  };
});

export type IntegrationsCommand =
  | { intent: 'add-webhook'; webhook: WebhookCreateInput }
  | { intent: 'change-webhook'; id: number; change: WebhookUpdateInput }
  | { intent: 'set-enabled'; id: number; enabled: boolean }
  | { intent: 'delete-webhook'; id: number }
  | { intent: 'rotate-secret'; id: number }
  | { intent: 'send-test'; id: number };

export const action = pageAction<IntegrationsCommand>({
  run: (command) => {
    switch (command.intent) {
      case 'add-webhook':
        return addWebhook(command.webhook);
      case 'change-webhook':
        return changeWebhook(command.id, command.change);
      case 'set-enabled':
        return changeWebhook(command.id, { enabled: command.enabled });
      case 'delete-webhook':
        return deleteWebhook(command.id);
      case 'rotate-secret':
        return rotateWebhookSecret(command.id);
      case 'send-test':
        return sendWebhookTest(command.id);
    }
  },
  success: {
    'add-webhook': ({ a }) => a.webhookAdded,
    'change-webhook': ({ a }) => a.webhookChanged,
    'set-enabled': ({ a }) => a.webhookChanged,
    'delete-webhook': ({ a }) => a.webhookDeleted,
    'rotate-secret': ({ a }) => a.secretRotated,
    'send-test': ({ a }) => a.testEventSent,
  },
  failure: {
    // The forms show the server's reasons (an address refused) under their fields.
    'add-webhook': null,
    'change-webhook': null,
    'set-enabled': ({ a }) => a.failedToSaveWebhook,
    'delete-webhook': ({ a }) => a.failedToSaveWebhook,
    'rotate-secret': ({ a }) => a.failedToSaveWebhook,
    'send-test': ({ a }) => a.failedToSaveWebhook,
  },
});

export function Component() {
  const data = usePageData<typeof loader>();
  const { a } = useAdminI18n();
  if (!data) return null;
  return (
    <div className="grid items-start gap-4 xl:grid-cols-[2fr_1fr]">
      <PageSection id="webhooks" title={a.pageIntegrations}>
        <p className="mb-4 text-slate-600">{a.integrationsIntro}</p>
        <WebhookList webhooks={data.webhooks} log={data.log} />
      </PageSection>
      <PageSection id="add-webhook" title={a.addWebhook}>
        <WebhookForm />
      </PageSection>
    </div>
  );
}

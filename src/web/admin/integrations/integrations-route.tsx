import { Suspense } from 'react';
import { Await } from 'react-router';
import type { PmsConnectionInput } from '../../../shared/pms-schemas';
import type { PmsMappings } from '../../../shared/pms-types';
import type { WebhookCreateInput, WebhookUpdateInput } from '../../../shared/webhook-schemas';
import { fetchDrinks } from '../../api';
import { pageAction, pageLoader, reportLoadFailure } from '../admin-data';
import { useAdminI18n } from '../admin-i18n';
import { LoadFailed, Loading } from '../load-states';
import { PageSection } from '../page-section';
import {
  fetchPms,
  fetchPmsMappings,
  proposePmsMappings,
  savePms,
  savePmsMappings,
  testPms,
} from '../pms-api';
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
import { PmsSection } from './pms-section';
import { WebhookForm } from './webhook-form';
import { WebhookList } from './webhook-list';

/** /admin/integrations (owner and managers): the webhook endpoints, their health and their delivery log. */

export const loader = pageLoader(({ request }) => {
  const log = Number(new URL(request.url).searchParams.get(logParam));
  return {
    webhooks: reportLoadFailure(fetchWebhooks()),
    pms: reportLoadFailure(
      Promise.all([fetchPms(), fetchPmsMappings(), fetchDrinks()]).then(([pms, mappings, drinks]) => ({
        connection: pms.connection,
        secretsEncrypted: pms.secretsEncrypted,
        mappings,
        drinks,
      })),
    ),
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
  | { intent: 'send-test'; id: number }
  | { intent: 'save-pms'; pms: PmsConnectionInput }
  | { intent: 'test-pms' }
  | { intent: 'propose-pms' }
  | { intent: 'save-pms-mappings'; mappings: PmsMappings };

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
      case 'save-pms':
        return savePms(command.pms);
      case 'test-pms':
        return testPms();
      case 'propose-pms':
        return proposePmsMappings();
      case 'save-pms-mappings':
        return savePmsMappings(command.mappings);
    }
  },
  success: {
    'add-webhook': ({ a }) => a.webhookAdded,
    'change-webhook': ({ a }) => a.webhookChanged,
    'set-enabled': ({ a }) => a.webhookChanged,
    'delete-webhook': ({ a }) => a.webhookDeleted,
    'rotate-secret': ({ a }) => a.secretRotated,
    'send-test': ({ a }) => a.testEventSent,
    'save-pms': ({ a }) => a.pmsSaved,
    'save-pms-mappings': ({ a }) => a.pmsMappingsSaved,
  },
  failure: {
    // The forms show the server's reasons (an address refused) under their fields.
    'add-webhook': null,
    'change-webhook': null,
    'set-enabled': ({ a }) => a.failedToSaveWebhook,
    'delete-webhook': ({ a }) => a.failedToSaveWebhook,
    'rotate-secret': ({ a }) => a.failedToSaveWebhook,
    'send-test': ({ a }) => a.failedToSaveWebhook,
    // The PMS section shows the server's reasons (a field, what the PMS said) itself.
    'save-pms': null,
    'test-pms': null,
    'propose-pms': null,
    'save-pms-mappings': ({ a }) => a.pmsFailed,
  },
});

export function Component() {
  const data = usePageData<typeof loader>();
  const { a } = useAdminI18n();
  if (!data) return null;
  // The PMS first, across the page: it is what a resort connects first, and beside the webhook list it fell
  // below the tall webhook form, under the fold of a 1280x800 desk.
  return (
    <div className="flex flex-col gap-4">
      <PageSection id="pms" title={a.pmsSection}>
        <Suspense fallback={<Loading />}>
          <Await resolve={data.pms} errorElement={<LoadFailed what={a.pmsSection} />}>
            {(pms) => (
              <>
                {!pms.secretsEncrypted && (
                  <p
                    role="status"
                    className="mb-4 rounded-lg bg-amber-50 p-3 text-amber-900 ring-1 ring-amber-300"
                  >
                    {a.secretsNotEncrypted}
                  </p>
                )}
                <PmsSection
                  key={`${pms.connection?.updatedAt ?? 'none'} ${JSON.stringify(pms.mappings)}`}
                  connection={pms.connection}
                  mappings={pms.mappings}
                  drinks={pms.drinks}
                />
              </>
            )}
          </Await>
        </Suspense>
      </PageSection>
      <div className="grid items-start gap-4 xl:grid-cols-[2fr_1fr]">
        <PageSection id="webhooks" title={a.pageIntegrations}>
          <p className="mb-4 text-slate-600">{a.integrationsIntro}</p>
          <WebhookList webhooks={data.webhooks} log={data.log} />
        </PageSection>
        <PageSection id="add-webhook" title={a.addWebhook}>
          <WebhookForm />
        </PageSection>
      </div>
    </div>
  );
}

import { Suspense, useEffect, useState } from 'react';
import { Await, Link, useFetcher, useRevalidator } from 'react-router';
import type { WebhookAttemptsPage, WebhookEndpoint, WebhookWithSecret } from '../../../shared/webhook-types';
import { Button } from '../../components/ui/button';
import { type AdminActionResult, submitOptions } from '../admin-data';
import { useAdminI18n } from '../admin-i18n';
import { LoadFailed, Loading } from '../load-states';
import { useActionResult } from '../use-action-result';
import { useArmed } from '../use-armed';
import { DeliveryLog } from './delivery-log';
import { logParam } from './log-param';
import { SecretOnce } from './secret-once';
import { WebhookForm } from './webhook-form';

/** While a log is open it reads again this often: deliveries happen after the click, on the sender's time. */
const logRefreshMs = 2_000;

export function WebhookList({
  webhooks,
  log,
}: {
  webhooks: Promise<WebhookEndpoint[]>;
  log: { id: number; page: Promise<WebhookAttemptsPage> } | null;
}) {
  const { a } = useAdminI18n();
  const revalidator = useRevalidator();
  useEffect(() => {
    if (!log) return;
    const timer = setInterval(() => {
      if (revalidator.state === 'idle') void revalidator.revalidate();
    }, logRefreshMs);
    return () => clearInterval(timer);
  }, [log, revalidator]);
  return (
    <Suspense fallback={<Loading />}>
      <Await resolve={webhooks} errorElement={<LoadFailed what={a.theWebhooks} />}>
        {(list) =>
          list.length === 0 ? (
            <p className="text-slate-600">{a.noWebhooks}</p>
          ) : (
            <ul className="flex flex-col gap-4">
              {list.map((webhook) => (
                <li key={webhook.id}>
                  <WebhookCard webhook={webhook} log={log?.id === webhook.id ? log.page : null} />
                </li>
              ))}
            </ul>
          )
        }
      </Await>
    </Suspense>
  );
}

function WebhookCard({
  webhook,
  log,
}: {
  webhook: WebhookEndpoint;
  log: Promise<WebhookAttemptsPage> | null;
}) {
  const { a, dateTime } = useAdminI18n();
  const fetcher = useFetcher<AdminActionResult>();
  const [editing, setEditing] = useState(false);
  const [secret, setSecret] = useState<string | null>(null);
  const remove = useArmed();
  useActionResult(fetcher, (result) => {
    if (result.ok && result.intent === 'rotate-secret') setSecret((result.data as WebhookWithSecret).secret);
  });
  const send = (command: Record<string, unknown>) =>
    fetcher.submit({ ...command, id: webhook.id }, submitOptions());
  const { health } = webhook;
  const headingId = `webhook-${webhook.id}`;
  return (
    <article aria-labelledby={headingId} className="flex flex-col gap-3 rounded-xl p-4 ring-1 ring-slate-200">
      <header className="flex flex-col gap-1">
        <h4 id={headingId} className="break-all text-lg font-bold text-slate-900">
          {webhook.url}
        </h4>
        {webhook.description && <p className="text-slate-700">{webhook.description}</p>}
        <p className="text-sm text-slate-600">
          {a.webhookEvents}: {webhook.events.join(', ')}
        </p>
      </header>
      <p className={webhook.enabled ? 'text-emerald-800' : 'font-semibold text-red-800'}>
        {webhook.enabled ? a.webhookEnabled : a.webhookDisabled(webhook.disabledReason ?? '')}
      </p>
      <p className="text-slate-700">
        {health.lastSuccessAt ? a.lastSuccess(dateTime(health.lastSuccessAt)) : a.neverDelivered}
        {health.failuresInRow > 0 && (
          <span className="font-semibold text-red-800">
            {' · '}
            {a.failuresInRow(health.failuresInRow)}
            {health.nextAttemptAt && `, ${a.nextTry(dateTime(health.nextAttemptAt))}`}
          </span>
        )}
      </p>
      {editing ? (
        <WebhookForm webhook={webhook} onDone={() => setEditing(false)} />
      ) : (
        <div className="flex flex-wrap gap-2">
          <Button
            variant="secondary"
            disabled={!webhook.enabled}
            pending={
              fetcher.state !== 'idle' &&
              fetcher.json !== undefined &&
              (fetcher.json as { intent?: string }).intent === 'send-test'
            }
            onClick={() => send({ intent: 'send-test' })}
          >
            {a.sendTestEvent}
          </Button>
          <Button variant="secondary" onClick={() => setEditing(true)}>
            {a.editWebhook}
          </Button>
          <Button variant="secondary" onClick={() => send({ intent: 'rotate-secret' })}>
            {a.rotateSecret}
          </Button>
          <Button
            variant="secondary"
            onClick={() => send({ intent: 'set-enabled', enabled: !webhook.enabled })}
          >
            {webhook.enabled ? a.disableWebhook : a.enableWebhook}
          </Button>
          <Button
            variant={remove.armed ? 'danger' : 'ghost'}
            onClick={() => (remove.armed ? send({ intent: 'delete-webhook' }) : remove.arm())}
          >
            {remove.armed ? a.confirmDeleteWebhook : a.deleteWebhook}
          </Button>
        </div>
      )}
      {secret && <SecretOnce secret={secret} />}
      <Link
        className="self-start font-semibold text-brand-700 underline"
        to={log ? '.' : `?${logParam}=${webhook.id}`}
        preventScrollReset
      >
        {log ? a.hideLog : a.showLog}
      </Link>
      {log && (
        <Suspense fallback={<Loading />}>
          <Await resolve={log} errorElement={<LoadFailed what={a.deliveryLog} />}>
            {(page) => <DeliveryLog page={page} />}
          </Await>
        </Suspense>
      )}
    </article>
  );
}

import { type FormEvent, useState } from 'react';
import { useFetcher } from 'react-router';
import { allWebhookEvents, webhookLimits } from '../../../shared/webhook-schemas';
import type { WebhookEndpoint, WebhookWithSecret } from '../../../shared/webhook-types';
import { Button } from '../../components/ui/button';
import { Field } from '../../components/ui/field';
import { type AdminActionResult, submitOptions } from '../admin-data';
import { useAdminI18n } from '../admin-i18n';
import { useActionResult } from '../use-action-result';
import { SecretOnce } from './secret-once';

const eventsOf = (text: string) =>
  text
    .split(',')
    .map((event) => event.trim())
    .filter(Boolean);

/** Adds an endpoint (then shows its secret, once), or edits one (`webhook`). */
export function WebhookForm({ webhook, onDone }: { webhook?: WebhookEndpoint; onDone?: () => void }) {
  const fetcher = useFetcher<AdminActionResult>();
  const { a } = useAdminI18n();
  const [url, setUrl] = useState(webhook?.url ?? '');
  const [events, setEvents] = useState(webhook?.events.join(', ') ?? allWebhookEvents);
  const [description, setDescription] = useState(webhook?.description ?? '');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [secret, setSecret] = useState<string | null>(null);
  /** An edit that moves the endpoint sends its current secret again (422 `secret_required` otherwise). */
  const [secretAgain, setSecretAgain] = useState('');
  const moved = webhook !== undefined && url.trim() !== webhook.url;
  useActionResult(fetcher, (result) => {
    if (result.ok) {
      setErrors({});
      if (webhook) onDone?.();
      else {
        setSecret((result.data as WebhookWithSecret).secret);
        setUrl('');
        setEvents(allWebhookEvents);
        setDescription('');
      }
      return;
    }
    const found: Record<string, string> = {};
    for (const issue of result.issues) {
      const field = issue.path.split('.')[0] ?? '';
      found[['url', 'events', 'description', 'secret'].includes(field) ? field : 'url'] ??= issue.message;
    }
    if (result.issues.length === 0) found.url = result.message;
    setErrors(found);
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const fields = { url: url.trim(), events: eventsOf(events), description: description.trim() };
    setSecret(null);
    fetcher.submit(
      webhook
        ? {
            intent: 'change-webhook',
            id: webhook.id,
            change: moved && secretAgain.trim() ? { ...fields, secret: secretAgain.trim() } : fields,
          }
        : { intent: 'add-webhook', webhook: fields },
      submitOptions(),
    );
  };
  return (
    <form
      onSubmit={submit}
      noValidate
      className="flex flex-col gap-3"
      aria-label={webhook ? a.editWebhook : a.addWebhook}
    >
      <Field
        label={a.webhookUrl}
        hint={a.webhookUrlHint}
        type="url"
        autoComplete="off"
        maxLength={webhookLimits.urlMax}
        value={url}
        error={errors.url}
        onChange={(event) => setUrl(event.target.value)}
      />
      {moved && (
        <Field
          label={a.webhookSecretAgain}
          hint={a.webhookSecretAgainHint}
          type="password"
          autoComplete="off"
          maxLength={webhookLimits.secretMax}
          value={secretAgain}
          error={errors.secret}
          onChange={(event) => setSecretAgain(event.target.value)}
        />
      )}
      <Field
        label={a.webhookEvents}
        hint={a.webhookEventsHint}
        autoComplete="off"
        value={events}
        error={errors.events}
        onChange={(event) => setEvents(event.target.value)}
      />
      <Field
        label={a.webhookDescription}
        autoComplete="off"
        maxLength={webhookLimits.descriptionMax}
        value={description}
        error={errors.description}
        onChange={(event) => setDescription(event.target.value)}
      />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" pending={fetcher.state !== 'idle'}>
          {webhook ? a.saveWebhook : a.addWebhook}
        </Button>
        {webhook && (
          <Button type="button" variant="secondary" onClick={onDone}>
            {a.cancelEdit}
          </Button>
        )}
      </div>
      {secret && <SecretOnce secret={secret} />}
    </form>
  );
}

import type { WebhookCreateInput, WebhookUpdateInput } from '../../../shared/webhook-schemas';
import type { WebhookAttemptsPage, WebhookEndpoint, WebhookWithSecret } from '../../../shared/webhook-types';
import { requestWithHeaders } from '../../api';

/** The webhook endpoints' fetch functions (DESIGN.md, "The resort's other systems hear it"). */
const json = async <T>(path: string, init?: { method?: string; body?: unknown }) =>
  (await requestWithHeaders<T>(path, init)).body;

export const fetchWebhooks = () => json<WebhookEndpoint[]>('/api/webhooks');
export const addWebhook = (input: WebhookCreateInput) =>
  json<WebhookWithSecret>('/api/webhooks', { method: 'POST', body: input });
export const changeWebhook = (id: number, input: WebhookUpdateInput) =>
  json<WebhookEndpoint>(`/api/webhooks/${id}`, { method: 'PUT', body: input });
export const deleteWebhook = (id: number) => json<null>(`/api/webhooks/${id}`, { method: 'DELETE' });
export const rotateWebhookSecret = (id: number) =>
  json<WebhookWithSecret>(`/api/webhooks/${id}/rotate-secret`, { method: 'POST', body: {} });
export const sendWebhookTest = (id: number) =>
  json<{ seq: number; webhookId: string }>(`/api/webhooks/${id}/test`, { method: 'POST', body: {} });
export const fetchWebhookAttempts = (id: number) => json<WebhookAttemptsPage>(`/api/webhooks/${id}/attempts`);

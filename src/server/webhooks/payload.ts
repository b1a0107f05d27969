import type { WebhookPayload } from '../../shared/webhook-types';

/** The audit row as the sender reads it. */
export interface AuditRowToSend {
  seq: number;
  at: string;
  actor_name: string;
  actor_role: string;
  action: string;
  subject_type: string;
  subject_id: string | null;
  details: string;
}

/**
 * Any field named like an email, at any depth: a guest's address never leaves the resort by a webhook
 * (DESIGN.md). Dropped by name rather than by knowing each action's details, so that an action added later
 * cannot carry one out.
 */
const isEmailField = (key: string) => /e-?mail/i.test(key);

function withoutEmails(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutEmails);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => !isEmailField(key))
      .map(([key, inner]) => [key, withoutEmails(inner)]),
  );
}

/** The body of a delivery: `{type, timestamp, data}` with the event's figures (Standard Webhooks' shape). */
export function payloadOf(row: AuditRowToSend): WebhookPayload {
  return {
    type: row.action,
    timestamp: row.at,
    data: {
      seq: Number(row.seq),
      at: row.at,
      actor: { name: row.actor_name, role: row.actor_role },
      subject: { type: row.subject_type, id: row.subject_id },
      details: withoutEmails(JSON.parse(row.details)) as Record<string, unknown>,
    },
  };
}

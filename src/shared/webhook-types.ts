/** What the webhook routes answer (DESIGN.md, "The resort's other systems hear it"). */

/** An endpoint as every list shows it: never its secret. */
export interface WebhookEndpoint {
  id: number;
  url: string;
  /** Audit actions, or `["*"]`. */
  events: string[];
  description: string;
  enabled: boolean;
  /** Why it is disabled (by a person, a 410, three days of failures); null while enabled. */
  disabledReason: string | null;
  createdAt: string;
  health: WebhookHealth;
}

export interface WebhookHealth {
  lastSuccessAt: string | null;
  failuresInRow: number;
  failingSince: string | null;
  /** The next try after a failure; null when nothing waits. */
  nextAttemptAt: string | null;
  /** The last audit seq this endpoint has had. */
  deliveredUpTo: number;
}

/** POST /api/webhooks and POST /api/webhooks/:id/rotate-secret: the one time the secret is shown. */
export interface WebhookWithSecret extends WebhookEndpoint {
  secret: string;
}

export type WebhookOutcome = 'delivered' | 'retrying' | 'disabled';

export interface WebhookAttempt {
  id: number;
  /** The `webhook-id` header sent: `evt_<seq>`, the same on every try. */
  webhookId: string;
  seq: number;
  type: string;
  at: string;
  /** The HTTP status answered; null when none came (timeout, refused address, no connection). */
  status: number | null;
  /** The first 1 KiB of the answer, or what went wrong. */
  response: string;
  durationMs: number;
  outcome: WebhookOutcome;
  /** When it is tried again (outcome `retrying`). */
  nextAttemptAt: string | null;
}

export interface WebhookAttemptsPage {
  attempts: WebhookAttempt[];
  hasMore: boolean;
}

/** The body of every delivery (Standard Webhooks: `{type, timestamp, data}`). */
export interface WebhookPayload {
  type: string;
  /** The moment of the event (ISO 8601 UTC). */
  timestamp: string;
  data: {
    seq: number;
    at: string;
    actor: { name: string; role: string };
    subject: { type: string; id: string | null };
    details: Record<string, unknown>;
  };
}

export const webhookIdOf = (seq: number) => `evt_${seq}`;

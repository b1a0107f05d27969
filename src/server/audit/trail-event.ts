import type { AuditAction } from '../../shared/audit-types';

/**
 * An event as the trail's replay hands it to a capability's rule (DESIGN.md, "The trail is the books"): the
 * fields that say what changed, read from the chain. Each capability turns the events it owns into its rows
 * with one pure function ("apply this event to that row"), so the replay never restates a capability's rule.
 */
export interface TrailEvent {
  seq: number;
  /** ISO 8601 UTC: the moment of the change. */
  at: string;
  action: AuditAction;
  subjectId: string | null;
  details: Record<string, unknown>;
}

/** A row as the trail makes it, or why the event cannot apply (a payment for a checkout never recorded). */
export type TrailStep<Row> = { row: Row | undefined } | { problem: string };

/** A field read from an event's details: a number, or null when absent or of another kind. */
export const numberIn = (value: unknown): number | null => (typeof value === 'number' ? value : null);

/** A field read from an event's details: a string, or null when absent or of another kind. */
export const textIn = (value: unknown): string | null => (typeof value === 'string' ? value : null);

/** A nested object of an event's details (`before`, `after`), or an empty one. */
export const objectIn = (value: unknown): Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};

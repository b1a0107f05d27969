import type { Selectable } from 'kysely';
import type { AuditAction, AuditEvent } from '../../shared/audit-types';
import type { Database } from '../db/tables';

export type AuditRow = Selectable<Database['audit_events']>;

export const auditColumns = [
  'seq',
  'at',
  'actor_id',
  'actor_name',
  'actor_role',
  'device_id',
  'device_name',
  'action',
  'subject_type',
  'subject_id',
  'details',
  'hash',
] as const;

/** A stored row as the API answers it (the shape DESIGN.md gives for GET /api/audit). */
export function eventOf(row: AuditRow): AuditEvent {
  return {
    seq: Number(row.seq),
    at: row.at,
    actor: {
      id: row.actor_id === null ? null : Number(row.actor_id),
      name: row.actor_name,
      role: row.actor_role,
      device: row.device_id === null ? null : { id: Number(row.device_id), name: row.device_name ?? '' },
    },
    action: row.action as AuditAction,
    subject: { type: row.subject_type, id: row.subject_id },
    details: JSON.parse(row.details) as Record<string, unknown>,
    hash: row.hash,
  };
}

const text = (value: string | null) => (value === null ? 'null' : JSON.stringify(value));
const integer = (value: number | null) => (value === null ? 'null' : String(Number(value)));

/**
 * The canonical JSON of a stored event without its hash, built straight from the row: the same text as
 * `canonicalJson(eventOf(row))` minus the hash (keys sorted at every depth), but splicing in the details as
 * stored (they were written as canonical JSON) instead of parsing and re-sorting them. Verifying a million
 * events is mostly this and SHA-256; audit-rows.test.ts checks it against canonicalJson.
 */
export function canonicalRowJson(row: AuditRow): string {
  const device =
    row.device_id === null
      ? 'null'
      : `{"id":${integer(row.device_id)},"name":${text(row.device_name ?? '')}}`;
  return (
    `{"action":${text(row.action)},` +
    `"actor":{"device":${device},"id":${integer(row.actor_id)},"name":${text(row.actor_name)},"role":${text(row.actor_role)}},` +
    `"at":${text(row.at)},"details":${row.details},"seq":${integer(row.seq)},` +
    `"subject":{"id":${text(row.subject_id)},"type":${text(row.subject_type)}}}`
  );
}

import { z } from 'zod';
import { auditActions } from './audit-types';
import { staffLimits } from './staff-constants';
import { dayStringSchema, startAfterEndMessage } from './staff-schemas';

/** Events per page of GET /api/audit and of the Activity page (DESIGN.md: 50 a page). */
export const auditPageSize = 50;

/** Who did it: a person of the team (their staff id), the owner, or a guest (an anonymous checkout). */
export type AuditActorFilter = { kind: 'owner' } | { kind: 'guest' } | { kind: 'staff'; id: number };

/** The filters of GET /api/audit, its CSV export and the Activity page's URL (all optional). */
export const auditQuerySchema = z
  .strictObject({
    actor: z
      .string()
      .regex(/^(owner|guest|[1-9]\d{0,8})$/, 'Actor must be a staff id, owner or guest')
      .transform(
        (value): AuditActorFilter =>
          value === 'owner' || value === 'guest' ? { kind: value } : { kind: 'staff', id: Number(value) },
      )
      .optional(),
    action: z.enum(auditActions, { error: 'Action must be one of the recorded actions' }).optional(),
    from: dayStringSchema.optional(),
    to: dayStringSchema.optional(),
    page: z
      .string()
      .regex(/^\d{1,9}$/, 'Page must be a whole number')
      .transform(Number)
      .pipe(
        z
          .number()
          .min(1, 'Page must be at least 1')
          .max(staffLimits.pageMax, `Page must be at most ${staffLimits.pageMax}`),
      )
      .default(1),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: startAfterEndMessage, path: ['to'] });
export type AuditQuery = z.infer<typeof auditQuerySchema>;

export const auditCsvFileName = (from: string | undefined, to: string | undefined) =>
  `fridge-activity${from ? `-from-${from}` : ''}${to ? `-to-${to}` : ''}.csv`;

export const auditCsvColumns = [
  'seq',
  'at_utc',
  'actor_name',
  'actor_role',
  'actor_id',
  'device',
  'action',
  'subject_type',
  'subject_id',
  'details_json',
  'hash',
] as const;

import { type Expression, type ExpressionBuilder, type SqlBool, sql } from 'kysely';
import type { AuditAction } from '../../shared/audit-types';
import type { Database } from '../db/tables';

/**
 * The audit's two partial indexes (migration 019), and the conditions a query must hold, as written there, to
 * use them: SQLite and PostgreSQL match a partial index's WHERE against the query's own terms, and a bound
 * parameter proves nothing.
 */

/** A checkout's own events: most of the chain, read newest first by seq, in no index by role or action. */
export const checkoutOwnActions = [
  'checkout.recorded',
  'document.issued',
] as const satisfies readonly AuditAction[];

/** `audit_events_action_idx`'s condition. */
const indexedAction = sql<SqlBool>`action not in (${sql.join(checkoutOwnActions.map((action) => sql.lit(action)))})`;

type AuditWhere = ExpressionBuilder<Database, 'audit_events'>;

/** Events of one action: through `audit_events_action_idx`, unless it is a checkout's own (then by seq). */
export function actionIs(eb: AuditWhere, action: AuditAction): Expression<SqlBool> {
  const own = (checkoutOwnActions as readonly AuditAction[]).includes(action);
  return own ? eb('action', '=', action) : eb.and([eb('action', '=', action), indexedAction]);
}

/** The owner's events, through `audit_events_owner_idx`. */
export const ownersEvents = sql<SqlBool>`actor_role = 'owner'`;

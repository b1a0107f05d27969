import type { ExpressionBuilder, Kysely } from 'kysely';
import { type AuditQuery, auditPageSize } from '../../shared/audit-schemas';
import type { AuditEvent } from '../../shared/audit-types';
import { addDays, startOfLocalDay } from '../../shared/local-days';
import type { Db } from '../db/database';
import type { Database } from '../db/tables';
import { revealGuestValues } from '../privacy/guest-data';
import { actionIs, ownersEvents } from './audit-indexes';
import { type AuditRow, auditColumns, eventOf } from './audit-rows';
import { headSignerFor } from './head-signer';
import { replayTrail, withTrail } from './trail-replay';
import { type ChainVerdict, verifyChain } from './verify-chain';

type Filters = Omit<AuditQuery, 'page'>;

/** `at` is ISO 8601 UTC text: a range of the resort's days becomes a range of instants, compared as text. */
function matching({ actor, action, from, to }: Filters, timeZone: string) {
  return (eb: ExpressionBuilder<Database, 'audit_events'>) =>
    eb.and([
      ...(actor?.kind === 'owner' ? [ownersEvents] : []),
      ...(actor?.kind === 'guest' ? [eb('actor_role', '=', 'guest')] : []),
      ...(actor?.kind === 'staff'
        ? [eb('actor_id', '=', actor.id), eb('actor_role', 'not in', ['owner', 'guest'])]
        : []),
      ...(action ? [actionIs(eb, action)] : []),
      ...(from ? [eb('at', '>=', startOfLocalDay(from, timeZone))] : []),
      ...(to ? [eb('at', '<', startOfLocalDay(addDays(to, 1), timeZone))] : []),
    ]);
}

/** One page of the Activity page's events, and one more to know whether another page follows. */
export function auditPageQuery(kysely: Kysely<Database>, query: AuditQuery, timeZone: string) {
  return (
    kysely
      .selectFrom('audit_events')
      .select(auditColumns)
      .where(matching(query, timeZone))
      // With days, newest first by time: the (at, seq) index then gives the order, instead of walking the
      // whole chain back from its end to a week five years ago. The chain's order and the times agree.
      .$if(Boolean(query.from || query.to), (qb) => qb.orderBy('at', 'desc'))
      .orderBy('seq', 'desc')
      .limit(auditPageSize + 1)
      .offset((query.page - 1) * auditPageSize)
  );
}

/**
 * The Activity page's check is a full pass on every call (docs/decisions/238): the whole chain rehashed from its
 * first event and the trail replayed against the tables, so an old event or a table edited behind the app fails
 * the very next check, as it fails `npm run audit:verify`. Calls that arrive while a pass runs share the one that
 * starts after it: every answer comes from a pass that began after its call.
 */
export function createAuditRepo({ kysely }: Db) {
  let running: Promise<ChainVerdict> | undefined;
  let next: Promise<ChainVerdict> | undefined;

  async function fullPass(now: () => number): Promise<ChainVerdict> {
    // The head as it is now signed first (with AUDIT_KEY), and the chain must pass through the newest head
    // this server signed, known from its memory, not from the database (docs/decisions/160).
    const signer = headSignerFor(kysely);
    await signer.sign();
    const refused = signer.refused();
    if (refused) return { ok: false, ...refused };
    const startedAt = new Date(now()).toISOString();
    const chain = await verifyChain(kysely, { through: signer.trusted() });
    const verdict = withTrail(chain, await replayTrail(kysely));
    return verdict.ok ? { ...verdict, lastFullPass: startedAt } : verdict;
  }

  function verify(now: () => number): Promise<ChainVerdict> {
    if (!running) {
      running = fullPass(now).finally(() => {
        running = undefined;
      });
      return running;
    }
    next ??= running
      .catch(() => undefined)
      .then(() => {
        next = undefined;
        return verify(now);
      });
    return next;
  }

  return {
    /**
     * Newest first (by seq, the chain's order), 50 a page. One row more than the page is read to know whether
     * another follows, instead of counting every matching event.
     */
    async page(query: AuditQuery, timeZone: string): Promise<{ events: AuditEvent[]; hasMore: boolean }> {
      const rows = await auditPageQuery(kysely, query, timeZone).execute();
      const events = rows.slice(0, auditPageSize).map(eventOf);
      // Owner and manager see guests' names: the events hold tokens (docs/decisions/120).
      const details = await revealGuestValues(
        kysely,
        events.map((event) => event.details),
      );
      return {
        events: events.map((event, i) => ({ ...event, details: details[i] ?? event.details })),
        hasMore: rows.length > auditPageSize,
      };
    },

    /** Every matching event, newest first, `batchSize` per round trip (keyset on seq): for the CSV export. */
    async *exportBatches(filters: Filters, timeZone: string, batchSize: number): AsyncGenerator<AuditRow[]> {
      let before: number | undefined;
      for (;;) {
        const rows = await kysely
          .selectFrom('audit_events')
          .select(auditColumns)
          .where(matching(filters, timeZone))
          .$if(before !== undefined, (qb) => qb.where('seq', '<', before as number))
          .orderBy('seq', 'desc')
          .limit(batchSize)
          .execute();
        if (rows.length > 0) {
          const details = await revealGuestValues(
            kysely,
            rows.map((row) => JSON.parse(row.details) as unknown),
          );
          yield rows.map((row, i) => ({ ...row, details: JSON.stringify(details[i]) }));
        }
        if (rows.length < batchSize) return;
        before = Number(rows[rows.length - 1]?.seq);
      }
    },

    /** GET /api/audit/verify: a full pass (see above); `now` the app's clock, for `lastFullPass`. */
    verify,
  };
}

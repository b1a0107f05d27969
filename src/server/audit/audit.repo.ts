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

/** How often the Activity page's check reads the whole chain again (see `verify`). */
export const fullVerifyEveryMs = 10 * 60_000;

const passedAt = (pass: { at: number } | undefined) => (pass ? new Date(pass.at).toISOString() : null);

export function createAuditRepo({ kysely }: Db, fullEveryMs = fullVerifyEveryMs) {
  let verifying: Promise<ChainVerdict> | undefined;
  let lastFull: { at: number; verdict: ChainVerdict } | undefined;
  let lastVerified: { seq: number; hash: string } | undefined;
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

    /**
     * The whole chain and the trail's replay against the tables (trail-replay.ts) at most every `fullEveryMs`;
     * in between only the events since the last verified one, so the Activity page, which shows the verdict on
     * every load, does not rehash a million events each time. The answer says when the last full pass ran. One
     * verification at a time: pages opened together share it. `npm run audit:verify` always reads all.
     */
    verify(now: number): Promise<ChainVerdict> {
      verifying ??= (async (): Promise<ChainVerdict> => {
        // The head as it is now signed first (with AUDIT_KEY), and the chain must pass through the newest head
        // this server signed, known from its memory, not from the database (docs/decisions/160).
        const signer = headSignerFor(kysely);
        await signer.sign();
        const refused = signer.refused();
        if (refused) return { ok: false, ...refused };
        const full = !lastFull || now - lastFull.at >= fullEveryMs || !lastFull.verdict.ok;
        const since = full ? undefined : lastVerified;
        const chain = await verifyChain(kysely, {
          ...(since ? { after: since } : {}),
          through: signer.trusted(),
        });
        const verdict = full
          ? withTrail(chain, await replayTrail(kysely))
          : { ...chain, ...(lastFull?.verdict.trail ? { trail: lastFull.verdict.trail } : {}) };
        if (verdict.ok) {
          lastVerified = { seq: verdict.events, hash: verdict.lastHash };
          if (full) lastFull = { at: now, verdict };
        } else {
          lastFull = undefined;
          lastVerified = undefined;
        }
        // An ok says since when it holds in full; a failure is the pass just run, and says what broke.
        return verdict.ok ? { ...verdict, lastFullPass: passedAt(lastFull) } : verdict;
      })().finally(() => {
        verifying = undefined;
      });
      return verifying;
    },
  };
}

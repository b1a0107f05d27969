import type { Kysely } from 'kysely';
import type { ChainVerdict } from '../../shared/audit-types';
import type { Database } from '../db/tables';
import { chainHash } from './audit-key';
import { genesisHash } from './audit-log';
import { auditColumns, canonicalRowJson } from './audit-rows';

export type { ChainVerdict };

/** Events read per round trip: a million events never sit in memory at once. */
export const verifyBatchSize = 5000;

/**
 * Walks the whole chain in seq order, in batches, and recomputes every hash: the first seq that does not
 * follow (a gap, a changed event, a hash that does not follow from its predecessor) is named with the reason.
 * The chain head must end where the events end, so removed events at the end are found too. Shared by
 * GET /api/audit/verify and `npm run audit:verify`.
 */
export async function verifyChain(
  kysely: Kysely<Database>,
  {
    batchSize = verifyBatchSize,
    onProgress,
    after,
    plain = false,
  }: {
    batchSize?: number;
    onProgress?: (events: number) => void;
    /** Start after an event already verified (its seq and hash): only the events since are read. */
    after?: { seq: number; hash: string };
    /** Plain SHA-256 whatever AUDIT_KEY says: a chain written before the key (migration 016 checks one). */
    plain?: boolean;
  } = {},
): Promise<ChainVerdict> {
  let expectedSeq = (after?.seq ?? 0) + 1;
  let previousHash = after?.hash ?? genesisHash;
  for (;;) {
    const rows = await kysely
      .selectFrom('audit_events')
      .select(auditColumns)
      .where('seq', '>=', expectedSeq)
      .orderBy('seq')
      .limit(batchSize)
      .execute();
    for (const row of rows) {
      const seq = Number(row.seq);
      if (seq !== expectedSeq) {
        const missing =
          seq - expectedSeq === 1 ? `event ${expectedSeq} is` : `events ${expectedSeq}–${seq - 1} are`;
        return {
          ok: false,
          brokenAt: expectedSeq,
          reason: `${missing} missing (the next stored event is ${seq})`,
        };
      }
      const hash = chainHash(previousHash, canonicalRowJson(row), { plain });
      if (hash !== row.hash) {
        return {
          ok: false,
          brokenAt: seq,
          reason:
            'its hash does not match its content and the previous hash: the event was changed, or one before it was removed or replaced, after it was written',
        };
      }
      previousHash = hash;
      expectedSeq = seq + 1;
    }
    onProgress?.(expectedSeq - 1);
    if (rows.length < batchSize) break;
  }
  const events = expectedSeq - 1;
  const head = await kysely
    .selectFrom('audit_head')
    .select(['seq', 'hash'])
    .where('id', '=', 1)
    .executeTakeFirst();
  if (!head) return { ok: false, brokenAt: events + 1, reason: 'the chain head (audit_head) is missing' };
  const headSeq = Number(head.seq);
  if (headSeq > events) {
    return {
      ok: false,
      brokenAt: events + 1,
      reason: `the chain head says ${headSeq} events were written, but the stored events end at ${events}: the last ones were removed`,
    };
  }
  if (headSeq < events) {
    return {
      ok: false,
      brokenAt: headSeq + 1,
      reason: `the chain head ends at event ${headSeq}, but events up to ${events} are stored: they were added behind the app's back`,
    };
  }
  if (head.hash !== previousHash) {
    return {
      ok: false,
      brokenAt: events,
      reason: "the chain head's hash is not the last event's: the head or the last event was replaced",
    };
  }
  return { ok: true, events, lastHash: previousHash };
}

import type { Kysely } from 'kysely';
import type { ChainVerdict } from '../../shared/audit-types';
import type { Database } from '../db/tables';
import { auditKeyed, chainHash, signatureHolds } from './audit-key';
import { genesisHash } from './audit-log';
import { auditColumns, canonicalRowJson } from './audit-rows';

export type { ChainVerdict };

/** Events read per round trip: a million events never sit in memory at once. */
export const verifyBatchSize = 5000;

export interface ChainPoint {
  seq: number;
  hash: string;
}

/**
 * Walks the chain in seq order up to the head read first, in batches, and recomputes every hash: the first seq
 * that does not follow (a gap, a changed event, a hash that does not follow from its predecessor) is named with
 * the reason. The chain head must end where the events end, so removed events at the end are found too.
 *
 * With AUDIT_KEY, every signed head on the way (docs/decisions/160) must carry the key's signature and be a
 * point the chain passes through; a signed head beyond the chain's end means events were cut. Events after the
 * last signed head are counted (`unsignedEvents`), and refused with `signedTail: 'required'`. `through`: a head
 * known from outside the database (the server's last signed head, in its memory) the chain must pass through.
 *
 * Shared by GET /api/audit/verify, `npm run audit:verify`, the backups' check and the head signer.
 */
export async function verifyChain(
  kysely: Kysely<Database>,
  {
    batchSize = verifyBatchSize,
    onProgress,
    after,
    keyedUntil,
    signedTail = 'allowed',
    through,
    before024 = false,
  }: {
    batchSize?: number;
    onProgress?: (events: number) => void;
    /** Start after an event already verified (its seq and hash): only the events since are read. */
    after?: ChainPoint;
    /** Links up to this seq are HMACs under the key (decision 134); default: as `audit_head` says. */
    keyedUntil?: number;
    signedTail?: 'allowed' | 'required';
    through?: ChainPoint | null;
    /** A chain as written before migration 024 (016's seal checks one): plain, no signed heads to read. */
    before024?: boolean;
  } = {},
): Promise<ChainVerdict> {
  const startHead = await readHead(kysely, before024);
  if (!startHead)
    return { ok: false, brokenAt: (after?.seq ?? 0) + 1, reason: 'the chain head (audit_head) is missing' };
  const legacyKeyedUntil = keyedUntil ?? startHead.keyedUntil;
  const keyed = auditKeyed() && !before024;
  let expectedSeq = (after?.seq ?? 0) + 1;
  let previousHash = after?.hash ?? genesisHash;
  if (startHead.seq < expectedSeq - 1) {
    return {
      ok: false,
      brokenAt: startHead.seq + 1,
      reason: `the chain head says ${startHead.seq} events were written, but ${expectedSeq - 1} had been verified before: the last ones were removed`,
    };
  }
  let lastSigned: ChainPoint | null = null;
  while (expectedSeq <= startHead.seq) {
    const last = Math.min(startHead.seq, expectedSeq + batchSize - 1);
    const rows = await kysely
      .selectFrom('audit_events')
      .select(auditColumns)
      .where('seq', '>=', expectedSeq)
      .where('seq', '<=', last)
      .orderBy('seq')
      .execute();
    const signed = keyed
      ? await kysely
          .selectFrom('audit_signed_heads')
          .selectAll()
          .where('seq', '>=', expectedSeq)
          .where('seq', '<=', last)
          .execute()
      : [];
    const signedAt = new Map(signed.map((head) => [Number(head.seq), head]));
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
      const hash = chainHash(previousHash, canonicalRowJson(row), { legacyKeyed: seq <= legacyKeyedUntil });
      if (hash !== row.hash) {
        return {
          ok: false,
          brokenAt: seq,
          reason:
            'its hash does not match its content and the previous hash: the event was changed, or one before it was removed or replaced, after it was written',
        };
      }
      const head = signedAt.get(seq);
      if (head) {
        if (!signatureHolds(head)) {
          return {
            ok: false,
            brokenAt: seq,
            reason: `the signed head at event ${seq} does not carry AUDIT_KEY's signature: it was written by someone without the key, or under another key`,
          };
        }
        if (head.hash !== hash) {
          return {
            ok: false,
            brokenAt: seq,
            reason: `the app signed event ${seq} with another hash: the chain was rewritten after that head was signed`,
          };
        }
        lastSigned = { seq, hash };
      }
      if (through && seq === through.seq && hash !== through.hash) {
        return {
          ok: false,
          brokenAt: seq,
          reason: `this server signed event ${seq} with another hash: the chain was rewritten since, and the signed heads with it`,
        };
      }
      previousHash = hash;
      expectedSeq = seq + 1;
    }
    if (expectedSeq <= last) break;
    onProgress?.(expectedSeq - 1);
  }
  const events = expectedSeq - 1;
  if (startHead.seq > events) {
    return {
      ok: false,
      brokenAt: events + 1,
      reason: `the chain head says ${startHead.seq} events were written, but the stored events end at ${events}: the last ones were removed`,
    };
  }
  if (startHead.hash !== previousHash) {
    return {
      ok: false,
      brokenAt: events,
      reason: "the chain head's hash is not the last event's: the head or the last event was replaced",
    };
  }
  if (through && through.seq > events) {
    return {
      ok: false,
      brokenAt: events + 1,
      reason: `this server signed the head at event ${through.seq}, but the chain ends at ${events}: the last events were removed`,
    };
  }
  // Read before the head: an event or a signed head committed in between is within the head read after.
  const stored = await kysely
    .selectFrom('audit_events')
    .select((eb) => eb.fn.max('seq').as('seq'))
    .executeTakeFirst();
  const newestSigned = keyed
    ? await kysely
        .selectFrom('audit_signed_heads')
        .select((eb) => eb.fn.max('seq').as('seq'))
        .executeTakeFirst()
    : undefined;
  const endHead = await readHead(kysely, before024);
  const endSeq = endHead?.seq ?? startHead.seq;
  if (Number(stored?.seq ?? 0) > endSeq) {
    return {
      ok: false,
      brokenAt: endSeq + 1,
      reason: `the chain head ends at event ${endSeq}, but events up to ${stored?.seq} are stored: they were added behind the app's back`,
    };
  }
  if (Number(newestSigned?.seq ?? 0) > endSeq) {
    return {
      ok: false,
      brokenAt: endSeq + 1,
      reason: `the app signed a head at event ${newestSigned?.seq}, but the chain ends at ${endSeq}: the events after it were removed`,
    };
  }
  if (!keyed) return { ok: true, events, lastHash: previousHash };
  if (lastSigned === null && after) lastSigned = await newestSignedUpTo(kysely, events);
  const unsignedEvents = events - (lastSigned?.seq ?? 0);
  if (signedTail === 'required' && unsignedEvents > 0) {
    return {
      ok: false,
      brokenAt: (lastSigned?.seq ?? 0) + 1,
      reason: `${unsignedEvents === 1 ? 'the last event comes' : `the last ${unsignedEvents} events come`} after the last head the app signed${lastSigned ? ` (event ${lastSigned.seq})` : ''}: signed heads were removed, or no app server has signed them yet`,
      unsigned: true,
    };
  }
  return { ok: true, events, lastHash: previousHash, signedHead: lastSigned, unsignedEvents };
}

async function readHead(kysely: Kysely<Database>, before024: boolean) {
  // Before migration 024 the head has no `keyed_until`: no link of it is keyed.
  const head = await kysely
    .selectFrom('audit_head')
    .select(['seq', 'hash'])
    .$if(!before024, (qb) => qb.select('keyed_until'))
    .where('id', '=', 1)
    .executeTakeFirst();
  return head ? { seq: Number(head.seq), hash: head.hash, keyedUntil: Number(head.keyed_until ?? 0) } : null;
}

/** The newest signed head at or before `seq` (its signature checked by the walk that verified it before). */
async function newestSignedUpTo(kysely: Kysely<Database>, seq: number): Promise<ChainPoint | null> {
  const head = await kysely
    .selectFrom('audit_signed_heads')
    .select(['seq', 'hash', 'signed_at', 'signature'])
    .where('seq', '<=', seq)
    .orderBy('seq', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!head || !signatureHolds(head)) return null;
  return { seq: Number(head.seq), hash: head.hash };
}

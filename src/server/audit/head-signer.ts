import type { Kysely } from 'kysely';
import type { Database } from '../db/tables';
import { auditKeyed, headSignature, signatureHolds } from './audit-key';
import { genesisHash } from './audit-log';
import { type ChainPoint, verifyChain } from './verify-chain';

/**
 * The app signs the chain's committed heads (docs/decisions/160), as a Certificate Transparency log signs its
 * tree heads: HMAC under AUDIT_KEY over the head's seq, hash and time, stored in `audit_signed_heads`. The
 * database keeps the order and the plain links; the key stays in this process.
 *
 * Before signing a new head the signer checks every link from the last head it trusts to the new one, so it
 * never signs over a rewrite of what it signed before. The head it trusts is the one it signed itself, kept in
 * memory; a process that has signed nothing yet starts from the newest signed head in the database whose
 * signature holds (what an attacker can do with that is in the decision record). When the chain does not follow
 * from that head the signer stops signing and says why (`refused`): verify then fails.
 */
export interface HeadSigner {
  /** Signs the current head if it moved; one run at a time (callers share a run in progress). */
  sign(now?: string): Promise<void>;
  /** The newest head this process signed or checked, kept outside the database. */
  trusted(): ChainPoint | null;
  /** Where the chain stopped following from the trusted head and why, or null while it signs. */
  refused(): { brokenAt: number; reason: string } | null;
  /**
   * Events this process signed that were written while no server signed (its first head covered events after
   * the newest signed head in the database), once, then null: the server says so in its log, since a rewrite
   * made while no server ran is signed this way too (decision 160).
   */
  takeGap(): SigningGap | null;
}

export interface SigningGap {
  /** The newest signed head found in the database (0: none), and when it was signed. */
  after: number;
  lastSignedAt: string | null;
  /** The head this process signed over the gap. */
  upTo: number;
}

const signers = new WeakMap<Kysely<Database>, HeadSigner>();

/** The signer of one database connection pool (the server's; the tests' apps each have theirs). */
export function headSignerFor(kysely: Kysely<Database>): HeadSigner {
  let signer = signers.get(kysely);
  if (!signer) {
    signer = createHeadSigner(kysely);
    signers.set(kysely, signer);
  }
  return signer;
}

/** Signs the current head once, with no memory of an earlier one (migration 024, at the upgrade). */
export async function signHeadNow(kysely: Kysely<Database>, now = new Date().toISOString()): Promise<void> {
  await createHeadSigner(kysely).sign(now);
}

function createHeadSigner(kysely: Kysely<Database>): HeadSigner {
  let trusted: ChainPoint | null = null;
  let refusal: { brokenAt: number; reason: string } | null = null;
  let running: Promise<void> | undefined;
  let gap: SigningGap | null = null;
  let lastSignedAt: string | null = null;

  async function startingPoint(): Promise<ChainPoint | null> {
    const newest = await kysely
      .selectFrom('audit_signed_heads')
      .selectAll()
      .orderBy('seq', 'desc')
      .limit(1)
      .executeTakeFirst();
    if (!newest) return { seq: 0, hash: genesisHash };
    if (!signatureHolds(newest)) {
      refusal = {
        brokenAt: Number(newest.seq),
        reason: `the newest signed head (event ${newest.seq}) does not carry AUDIT_KEY's signature: it was written by someone without the key`,
      };
      return null;
    }
    lastSignedAt = newest.signed_at;
    return { seq: Number(newest.seq), hash: newest.hash };
  }

  async function run(now: string): Promise<void> {
    if (!auditKeyed() || refusal) return;
    const head = await kysely
      .selectFrom('audit_head')
      .select(['seq', 'hash'])
      .where('id', '=', 1)
      .executeTakeFirst();
    if (!head) return;
    const fromMemory = trusted !== null;
    const from = trusted ?? (await startingPoint());
    if (!from) return;
    const seq = Number(head.seq);
    if (seq === from.seq && head.hash === from.hash) {
      trusted = from;
      return;
    }
    // The links from the trusted head to now, the trusted head's event itself included.
    const verdict = await verifyChain(kysely, {
      ...(from.seq > 0 ? { after: { seq: from.seq - 1, hash: (await hashOf(from.seq - 1)) ?? '' } } : {}),
      through: from,
    });
    if (!verdict.ok) {
      refusal = { brokenAt: verdict.brokenAt, reason: verdict.reason };
      return;
    }
    const point = { seq: verdict.events, hash: verdict.lastHash };
    if (point.seq > from.seq) {
      await kysely
        .insertInto('audit_signed_heads')
        .values({ ...point, signed_at: now, signature: headSignature(point.seq, point.hash, now) })
        .onConflict((oc) => oc.column('seq').doNothing())
        .execute();
      if (!fromMemory) gap = { after: from.seq, lastSignedAt, upTo: point.seq };
    }
    trusted = point;
  }

  async function hashOf(seq: number): Promise<string | undefined> {
    if (seq === 0) return genesisHash;
    const row = await kysely
      .selectFrom('audit_events')
      .select('hash')
      .where('seq', '=', seq)
      .executeTakeFirst();
    return row?.hash;
  }

  return {
    sign(now = new Date().toISOString()) {
      running ??= run(now).finally(() => {
        running = undefined;
      });
      return running;
    },
    trusted: () => trusted,
    refused: () => refusal,
    takeGap() {
      const taken = gap;
      gap = null;
      return taken;
    },
  };
}

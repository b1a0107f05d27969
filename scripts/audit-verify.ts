/**
 * `npm run audit:verify [-- --head SEQ:HASH]`: recomputes the audit trail's chain (SHA-256) from the first
 * event to the last and, with AUDIT_KEY from the environment, checks every head the app signed with it and that
 * no event comes after the last signed one (docs/decisions/160), reading
 * the database of `DATABASE_URL` (default sqlite:./data/fridge.sqlite) in batches, as GET /api/audit/verify
 * does. Prints the events checked and the last hash, or the first broken seq and why. Then replays the trail
 * against the tables (checkouts, tax documents, drinks: trail-replay.ts) and the stock ledger against the
 * balances, and names every row, field, place and drink where they differ. Exits 1 when either is
 * broken (2 when the database cannot be read). Safe while the server runs: it only reads.
 *
 * `--head SEQ:HASH` (a head printed earlier, on a close report): also says whether the chain still passes
 * through that point, the event at SEQ having that hash; exit 1 when it does not.
 */
import fs from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { auditKeyed } from '../src/server/audit/audit-key';
import { takeAuditKeyFromEnvironment } from '../src/server/audit/audit-key-env';
import { differenceText, replayTrail } from '../src/server/audit/trail-replay';
import { verifyChain } from '../src/server/audit/verify-chain';
import { openDatabase } from '../src/server/db/database';
import { replayLedger } from '../src/server/stock/replay';

export interface ChainPoint {
  seq: number;
  hash: string;
}

/** `SEQ:HASH` as the close report prints it, or null when it is not one. */
export function chainPointOf(text: string): ChainPoint | null {
  const match = /^(\d+):([0-9a-f]{64})$/i.exec(text.trim());
  return match ? { seq: Number(match[1]), hash: (match[2] as string).toLowerCase() } : null;
}

export async function runAuditVerify(
  databaseUrl: string,
  out: (line: string) => void,
  { head }: { head?: ChainPoint } = {},
): Promise<number> {
  // Opening a missing SQLite file would create an empty one: say what is wrong instead.
  if (databaseUrl.startsWith('sqlite:') && !fs.existsSync(databaseUrl.slice('sqlite:'.length))) {
    throw new Error(`there is no database file at ${databaseUrl.slice('sqlite:'.length)}`);
  }
  const db = openDatabase(databaseUrl, { poolSize: 1 });
  try {
    const started = performance.now();
    // With AUDIT_KEY every event must be under a head the app signed (docs/decisions/160). A running server
    // signs within a fraction of a second of a commit: an unsigned tail is read again for a few seconds first.
    let verdict = await verifyChain(db.kysely, { signedTail: 'required' });
    for (let retry = 0; retry < 3 && !verdict.ok && verdict.unsigned; retry++) {
      await new Promise((resolve) => setTimeout(resolve, 1000));
      verdict = await verifyChain(db.kysely, { signedTail: 'required' });
    }
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    let code = 0;
    if (verdict.ok) {
      out(`Audit chain verified: ${verdict.events.toLocaleString('en-US')} events checked in ${seconds} s`);
      out(`Last hash: ${verdict.lastHash}`);
      if (auditKeyed()) {
        out(
          verdict.signedHead
            ? `Signed by the app with AUDIT_KEY up to event ${verdict.signedHead.seq}: every signed head checked`
            : 'No events to sign yet',
        );
      }
    } else {
      out(`Audit chain BROKEN at seq ${verdict.brokenAt}: ${verdict.reason}`);
      if (verdict.unsigned) {
        out(
          'If no app server has run since these events were written (a crash right after them), start one: it checks the events since the last signed head and signs them. Otherwise the chain was cut and rewritten after that head: restore a backup, or compare with a head printed on a close report (--head).',
        );
      } else if (verdict.brokenAt === 1 && !auditKeyed()) {
        out(
          'If the server runs with AUDIT_KEY, the chain is keyed (its hashes are HMACs under the key) and does not verify without it: run again with AUDIT_KEY set as the server has it.',
        );
      } else if (verdict.brokenAt === 1) {
        out(
          'If this chain was written without AUDIT_KEY or under another key, it does not verify with this one.',
        );
      } else {
        out(
          'Events before it verify; restore the database from a backup taken before the change, or investigate who had database access.',
        );
      }
      code = 1;
    }
    if (head) {
      const at = await db.kysely
        .selectFrom('audit_events')
        .select('hash')
        .where('seq', '=', head.seq)
        .executeTakeFirst();
      if (!at) {
        out(`Chain head ${head.seq}:${head.hash} NOT FOUND: there is no event ${head.seq} in the chain.`);
        code = 1;
      } else if (at.hash !== head.hash) {
        out(
          `Chain head ${head.seq}:${head.hash} NOT FOUND: event ${head.seq} now has the hash ${at.hash}; the chain was rewritten since that head was taken.`,
        );
        code = 1;
      } else if (!verdict.ok) {
        out(
          `Chain head ${head.seq}:${head.hash}: event ${head.seq} has that hash, but the chain does not verify (above).`,
        );
        code = 1;
      } else {
        out(`Chain head ${head.seq}:${head.hash} found: the chain still passes through it.`);
      }
    }
    // The trail replayed against the tables (docs/decisions/230): a chain that holds can still lie.
    const trailStarted = performance.now();
    const trail = await replayTrail(db.kysely);
    const trailSeconds = ((performance.now() - trailStarted) / 1000).toFixed(1);
    const named = trail.differences.length + trail.moreDifferences;
    if (named === 0) {
      out(
        `Trail replayed against the tables: ${trail.replayed.toLocaleString('en-US')} events rebuilt ${trail.rows.toLocaleString('en-US')} rows (checkouts, tax documents, drinks, stock balances) in ${trailSeconds} s, every field matches`,
      );
    } else {
      out(`Trail and tables DIFFER at ${named} place(s):`);
      for (const difference of trail.differences.slice(0, 50)) out(`  ${differenceText(difference)}`);
      if (named > 50) out(`  … and ${named - 50} more`);
      out(
        'A table was changed without its event, an event was changed before it was chained, or the last events were cut: restore a backup taken before, and find who had database access.',
      );
      code = 1;
    }
    const ledger = await replayLedger(db.kysely);
    if (ledger.differences.length === 0) {
      out(
        `Stock ledger verified: ${ledger.moves.toLocaleString('en-US')} moves replayed, ${ledger.balances.toLocaleString('en-US')} balances match`,
      );
    } else {
      out(`Stock ledger and balances DIFFER at ${ledger.differences.length} place(s):`);
      for (const d of ledger.differences.slice(0, 50)) {
        out(`  ${d.place}, drink #${d.drinkId}: the ledger says ${d.ledger}, the balance says ${d.balance}`);
      }
      if (ledger.differences.length > 50) out(`  … and ${ledger.differences.length - 50} more`);
      code = 1;
    }
    return code;
  } finally {
    await db.close();
  }
}

const isMain =
  process.argv[1] && path.resolve(process.argv[1]) === path.resolve(new URL(import.meta.url).pathname);
if (isMain) {
  const databaseUrl = process.env.DATABASE_URL || 'sqlite:./data/fridge.sqlite';
  const headAt = process.argv.indexOf('--head');
  const headText = headAt === -1 ? undefined : (process.argv[headAt + 1] ?? '');
  const head = headText === undefined ? undefined : chainPointOf(headText);
  if (head === null) {
    process.stderr.write(
      `--head takes the chain head as the close report prints it, SEQ:HASH (a number, a colon and 64 hex digits), not "${headText}".\n`,
    );
    process.exit(2);
  }
  try {
    takeAuditKeyFromEnvironment();
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n`);
    process.exit(2);
  }
  runAuditVerify(databaseUrl, (line) => process.stdout.write(`${line}\n`), { head })
    .then((code) => {
      process.exitCode = code;
    })
    .catch((error: Error) => {
      process.stderr.write(
        `Could not verify the audit chain in ${databaseUrl.replace(/\/\/([^:@/]+):[^@/]*@/, '//$1:***@')}: ${error.message}\nCheck DATABASE_URL.\n`,
      );
      process.exitCode = 2;
    });
}

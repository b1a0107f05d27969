/**
 * `npm run audit:verify`: recomputes the audit trail's SHA-256 chain from the first event to the last, reading
 * the database of `DATABASE_URL` (default sqlite:./data/fridge.sqlite) in batches, as GET /api/audit/verify
 * does. Prints the events checked and the last hash, or the first broken seq and why. Then replays the stock
 * ledger against the balances and names every place and drink where they differ. Exits 1 when either is
 * broken (2 when the database cannot be read). Safe while the server runs: it only reads.
 */
import fs from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { verifyChain } from '../src/server/audit/verify-chain';
import { openDatabase } from '../src/server/db/database';
import { replayLedger } from '../src/server/stock/replay';

export async function runAuditVerify(databaseUrl: string, out: (line: string) => void): Promise<number> {
  // Opening a missing SQLite file would create an empty one: say what is wrong instead.
  if (databaseUrl.startsWith('sqlite:') && !fs.existsSync(databaseUrl.slice('sqlite:'.length))) {
    throw new Error(`there is no database file at ${databaseUrl.slice('sqlite:'.length)}`);
  }
  const db = openDatabase(databaseUrl, { poolSize: 1 });
  try {
    const started = performance.now();
    const verdict = await verifyChain(db.kysely);
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    let code = 0;
    if (verdict.ok) {
      out(`Audit chain verified: ${verdict.events.toLocaleString('en-US')} events checked in ${seconds} s`);
      out(`Last hash: ${verdict.lastHash}`);
    } else {
      out(`Audit chain BROKEN at seq ${verdict.brokenAt}: ${verdict.reason}`);
      out(
        'Events before it verify; restore the database from a backup taken before the change, or investigate who had database access.',
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
  runAuditVerify(databaseUrl, (line) => process.stdout.write(`${line}\n`))
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

/**
 * `npm run audit:verify`: recomputes the audit trail's SHA-256 chain from the first event to the last, reading
 * the database of `DATABASE_URL` (default sqlite:./data/fridge.sqlite) in batches, as GET /api/audit/verify
 * does. Prints the events checked and the last hash, or the first broken seq and why; exits 1 when broken
 * (2 when the database cannot be read). Safe while the server runs: it only reads.
 */
import fs from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { verifyChain } from '../src/server/audit/verify-chain';
import { openDatabase } from '../src/server/db/database';

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
    if (verdict.ok) {
      out(`Audit chain verified: ${verdict.events.toLocaleString('en-US')} events checked in ${seconds} s`);
      out(`Last hash: ${verdict.lastHash}`);
      return 0;
    }
    out(`Audit chain BROKEN at seq ${verdict.brokenAt}: ${verdict.reason}`);
    out(
      'Events before it verify; restore the database from a backup taken before the change, or investigate who had database access.',
    );
    return 1;
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

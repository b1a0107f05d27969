/**
 * Side by side with an older commit: the old server is built from a git worktree of that commit (its server
 * bundle only, with this checkout's node_modules), started beside this checkout's server on SQLite and on
 * PostgreSQL (a scratch schema each), and removed afterwards. The audit and stock write benches share this.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { checkoutLimitsOff, type ServerProcess, startServer } from '../tests/support/server-process';
import { createScratchPostgres, type ScratchPostgres } from './servers';

export type BenchDatabase = 'SQLite' | 'PostgreSQL';

export interface SideBySideOptions {
  /** PostgreSQL server URL, or undefined to skip PostgreSQL. */
  postgresUrl: string | undefined;
  /** False skips SQLite (BENCH_SKIP=sqlite), to time PostgreSQL alone. */
  sqlite: boolean;
  log: (line: string) => void;
}

/** A git worktree of the old commit with its server bundle built; removed by the returned function. */
function buildOldServer(commit: string, log: (line: string) => void): { entry: string; remove: () => void } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `fridge-${commit}-`));
  const git = (...args: string[]) => execFileSync('git', args, { stdio: 'pipe' });
  git('worktree', 'add', '--detach', dir, commit);
  const remove = () => {
    try {
      git('worktree', 'remove', '--force', dir);
    } catch {
      fs.rmSync(dir, { recursive: true, force: true });
      git('worktree', 'prune');
    }
  };
  try {
    fs.symlinkSync(path.resolve('node_modules'), path.join(dir, 'node_modules'), 'dir');
    log(`building the server of ${commit} in ${dir}`);
    execFileSync(
      process.execPath,
      [path.resolve('node_modules/vite/bin/vite.js'), 'build', '--config', 'vite.server.config.ts'],
      { cwd: dir, stdio: 'pipe' },
    );
    return { entry: path.join(dir, 'dist/server/main.js'), remove };
  } catch (error) {
    remove();
    throw error;
  }
}

/**
 * Runs `compare` with this checkout's server and the old commit's, on each database the options ask for, with
 * the checkout limits off and a quiet log, and gathers its rows.
 */
export async function sideBySideWith<Row>(
  commit: string,
  options: SideBySideOptions,
  compare: (database: BenchDatabase, now: ServerProcess, old: ServerProcess) => Promise<Row[]>,
): Promise<Row[]> {
  const old = buildOldServer(commit, options.log);
  const rows: Row[] = [];
  try {
    const env = { LOG_LEVEL: 'warn', ...checkoutLimitsOff };
    if (options.sqlite) {
      const now = await startServer({ env });
      const before = await startServer({ env, entry: old.entry }).catch(async (error) => {
        await now.stop();
        throw error;
      });
      try {
        rows.push(...(await compare('SQLite', now, before)));
      } finally {
        await Promise.all([now.stop(), before.stop()]);
      }
    }
    if (options.postgresUrl) {
      const scratch: ScratchPostgres[] = [];
      const servers: ServerProcess[] = [];
      try {
        for (let i = 0; i < 2; i++) scratch.push(await createScratchPostgres(options.postgresUrl));
        servers.push(await startServer({ env: { ...env, DATABASE_URL: scratch[0]?.url ?? '' } }));
        servers.push(
          await startServer({ env: { ...env, DATABASE_URL: scratch[1]?.url ?? '' }, entry: old.entry }),
        );
        const [now, before] = servers as [ServerProcess, ServerProcess];
        rows.push(...(await compare('PostgreSQL', now, before)));
      } finally {
        await Promise.all(servers.map((server) => server.stop()));
        await Promise.all(scratch.map((s) => s.drop()));
      }
    }
  } finally {
    old.remove();
  }
  return rows;
}

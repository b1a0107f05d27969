/**
 * Side by side with an older commit: the old server is built from a git worktree of that commit (its server
 * bundle only, with this checkout's node_modules), started beside this checkout's server on SQLite and on
 * PostgreSQL (a scratch database each, bench/side-by-side.ts), and removed afterwards. The audit and stock write benches share this.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ServerProcess } from '../tests/support/server-process';
import { type BenchDatabase, type SideBySideOptions, sideBySide } from './side-by-side';

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
    // Commits before the rooms by capability (decision 210) kept the server's build config at the root.
    const config = ['src/server/server.vite.config.ts', 'vite.server.config.ts'].find((file) =>
      fs.existsSync(path.join(dir, file)),
    );
    if (!config) throw new Error(`${commit} has no server build config`);
    execFileSync(
      process.execPath,
      [path.resolve('node_modules/vite/bin/vite.js'), 'build', '--config', config],
      { cwd: dir, stdio: 'pipe' },
    );
    return { entry: path.join(dir, 'dist/server/main.js'), remove };
  } catch (error) {
    remove();
    throw error;
  }
}

/**
 * Runs `compare` with this checkout's server and the old commit's, on each database the options ask for (see
 * `sideBySide`), and gathers its rows.
 */
export async function sideBySideWith<Row>(
  commit: string,
  options: SideBySideOptions,
  compare: (database: BenchDatabase, now: ServerProcess, old: ServerProcess) => Promise<Row[]>,
): Promise<Row[]> {
  const old = buildOldServer(commit, options.log);
  try {
    return await sideBySide(options, [{}, { entry: old.entry }], compare);
  } finally {
    old.remove();
  }
}

import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { freePort } from '../support/server-process';

const run = promisify(execFile);

/**
 * A PostgreSQL server of the test's own: initdb in a temporary folder, its own port, its own socket
 * folder. The shared server on 5432 is never stopped or touched.
 */
export interface PrivatePostgres {
  url: string;
  port: number;
  start(): Promise<void>;
  /** `fast` ends sessions cleanly; `immediate` is closest to a crash. */
  stop(mode?: 'fast' | 'immediate'): Promise<void>;
  destroy(): Promise<void>;
  /** The postmaster's process id, from its pid file (the fault suite kills it with SIGKILL). */
  postmasterPid(): number;
  psql(sqlText: string): Promise<string>;
}

function binDir(): string {
  const root = '/usr/lib/postgresql';
  const versions = fs.existsSync(root) ? fs.readdirSync(root).sort((a, b) => Number(b) - Number(a)) : [];
  for (const version of versions) {
    const dir = path.join(root, version, 'bin');
    if (fs.existsSync(path.join(dir, 'initdb'))) return dir;
  }
  throw new Error('initdb not found under /usr/lib/postgresql/*/bin: install the postgresql package');
}

export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  const bin = binDir();
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'fridge-pg-'));
  const data = path.join(folder, 'data');
  const logFile = path.join(folder, 'server.log');
  const port = await freePort();
  // initdb refuses to run as root: then the cluster belongs to the postgres user.
  const asRoot = process.getuid?.() === 0;
  if (asRoot) await run('chown', ['postgres:postgres', folder]);
  const exec = (program: string, args: string[]) =>
    asRoot
      ? run('runuser', ['-u', 'postgres', '--', path.join(bin, program), ...args])
      : run(path.join(bin, program), args);

  await exec('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8']);
  const options = `-p ${port} -k ${folder} -c listen_addresses=127.0.0.1 -c max_connections=200 -c shared_buffers=64MB`;
  const pg: PrivatePostgres = {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    async start() {
      await exec('pg_ctl', ['-D', data, '-o', options, '-l', logFile, '-w', '-t', '30', 'start']);
    },
    async stop(mode = 'fast') {
      await exec('pg_ctl', ['-D', data, '-m', mode, '-w', '-t', '30', 'stop']);
    },
    async destroy() {
      await exec('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']).catch(() => {});
      fs.rmSync(folder, { recursive: true, force: true });
    },
    postmasterPid() {
      return Number(fs.readFileSync(path.join(data, 'postmaster.pid'), 'utf8').split('\n')[0]);
    },
    async psql(sqlText) {
      const { stdout } = await run(path.join(bin, 'psql'), [
        '-h',
        '127.0.0.1',
        '-p',
        String(port),
        '-U',
        'postgres',
        '-At',
        '-c',
        sqlText,
        'postgres',
      ]);
      return stdout.trim();
    },
  };
  await pg.start();
  return pg;
}

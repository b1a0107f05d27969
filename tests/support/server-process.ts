import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

/** The real production server (dist/server/main.js) on its own port and its own SQLite file. */
export interface ServerProcess {
  baseURL: string;
  port: number;
  databaseUrl: string;
  dataDir: string;
  adminPassword: string;
  output: () => string;
  child: ChildProcess;
  /** SIGTERM and wait; resolves with the exit code. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

export const serverEntry = path.resolve('dist/server/main.js');

/** One folder for every test server's compiled code; Node keys its entries by the file's content. */
const compileCache = path.join(os.tmpdir(), 'fridge-check-compile-cache');

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/**
 * For load and crash tests that flood POST /api/checkouts from one address: the rate limits that protect a
 * real resort (CHECKOUT_LIMIT_PER_ADDRESS, CHECKOUT_LIMIT_PER_BUNGALOW) would turn their writes into 429s.
 */
export const checkoutLimitsOff = {
  CHECKOUT_LIMIT_PER_ADDRESS: '0',
  CHECKOUT_LIMIT_PER_BUNGALOW: '0',
} as const;

/** A migrated, seeded SQLite file whose settings hold the admin password's hash: a fresh database by a copy. */
export interface DatabaseTemplate {
  file: string;
  adminPassword: string;
}

export interface StartServerOptions {
  env?: Record<string, string>;
  /** Reuse a data folder (a restart); a new temporary one otherwise. */
  dataDir?: string;
  /**
   * ADMIN_PASSWORD; null leaves it unset, so the server uses the stored hash or, on a first start, generates
   * a password (read here from the line it prints, as `adminPassword`).
   */
  adminPassword?: string | null;
  /** The database starts as a copy of this file (a new data folder unless `dataDir`), with no ADMIN_PASSWORD. */
  databaseTemplate?: DatabaseTemplate;
  port?: number;
  /** Another build's server (a copy of dist/, as a deploy of a new version); dist/server/main.js otherwise. */
  entry?: string;
  /** The Node that runs it: this process's own otherwise (an older commit's native modules may need its Node). */
  node?: string;
  /**
   * The server's stdout (its log) straight to this file, as a service manager's `append:` log would, instead
   * of through this process: a benchmark must not spend the load generator's CPU reading the log.
   */
  logFile?: string;
}

export async function startServer(options: StartServerOptions = {}): Promise<ServerProcess> {
  const entry = options.entry ?? serverEntry;
  if (!fs.existsSync(entry)) throw new Error(`${entry} is missing: run \`npm run build\` first`);
  const dataDir = options.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'fridge-check-'));
  const port = options.port ?? (await freePort());
  const template = options.databaseTemplate;
  if (template) fs.copyFileSync(template.file, path.join(dataDir, 'fridge.sqlite'));
  const configuredPassword = template
    ? null
    : options.adminPassword === undefined
      ? 'correct horse battery staple'
      : options.adminPassword;
  const databaseUrl = options.env?.DATABASE_URL ?? `sqlite:${path.join(dataDir, 'fridge.sqlite')}`;
  let log = '';
  const logFd = options.logFile ? fs.openSync(options.logFile, 'a') : undefined;
  const child = spawn(options.node ?? process.execPath, [entry], {
    env: {
      PATH: process.env.PATH ?? '',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      ...(configuredPassword === null ? {} : { ADMIN_PASSWORD: configuredPassword }),
      LOG_LEVEL: 'warn',
      // The backup at shutdown goes beside the test's database, not into the checkout's ./data/backups.
      BACKUP_DIR: path.join(dataDir, 'backups'),
      // Node keeps the bundle's compiled code between the hundreds of servers a run starts: a sixth less CPU a
      // start (0.65 to 0.54 s, docs/testing.md). Node 20, for an older commit's server, ignores it.
      NODE_COMPILE_CACHE: compileCache,
      // The suites that start servers on TEST_DATABASE_URL's own login (a superuser, owner of what it makes):
      // the API suites and tests/process/postgres-roles.test.ts run as the restricted login (decision 231).
      ALLOW_OWNER_ROLE: '1',
      ...options.env,
    },
    stdio: ['ignore', logFd ?? 'pipe', 'pipe'],
  });
  // The child has its own copy of the file's descriptor.
  if (logFd !== undefined) fs.closeSync(logFd);
  child.stdout?.on('data', (chunk) => {
    log += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    log += chunk;
  });
  const baseURL = `http://127.0.0.1:${port}`;
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

  const deadline = Date.now() + 20_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The server exited with ${child.exitCode}:\n${log}`);
    try {
      const response = await fetch(`${baseURL}/api/health`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`The server did not answer /api/health within 20 s:\n${log}`);
    }
    // Every test starts a server: a short step adds little to the time it takes to come up.
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  /** The first start's generated password, from the line main.ts prints (its stdout may trail its health). */
  const generatedPassword = async () => {
    for (;;) {
      const printed = /Admin password \(generated, shown only this once\): (\S+)/.exec(log)?.[1];
      if (printed) return printed;
      if (child.exitCode !== null || Date.now() > deadline) {
        throw new Error(`The server printed no generated admin password:\n${log}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };
  const adminPassword = configuredPassword ?? template?.adminPassword ?? (await generatedPassword());

  return {
    baseURL,
    port,
    databaseUrl,
    dataDir,
    adminPassword,
    child,
    output: () => log,
    async stop(signal = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
}

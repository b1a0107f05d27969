import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { type PrivatePostgres, startPrivatePostgres } from '../stress/private-postgres';
import { prepareForCheckouts } from '../stress/support';
import {
  checkoutLimitsOff,
  type ServerProcess,
  type StartServerOptions,
  startServer,
} from '../support/server-process';
import { seller } from '../support/tax-parties';

const hourMs = 60 * 60 * 1000;
/** Bangkok, the resort's zone (the settings' default), is UTC+7 all year. */
const bangkokMs = 7 * hourMs;

/** Bangkok's next month: its start (00:00 on the 1st) as a UTC instant, and it and this one as YYYY-MM. */
export function bangkokNextMonth() {
  const local = new Date(Date.now() + bangkokMs);
  const start = Date.UTC(local.getUTCFullYear(), local.getUTCMonth() + 1, 1) - bangkokMs;
  const month = (at: number) => new Date(at + bangkokMs).toISOString().slice(0, 7);
  return { start, ended: month(start - hourMs), current: month(start) };
}

/**
 * The servers' wall clock moved with libfaketime, for a system started with `env`: they read it as an offset
 * in a file, read again at every call (FAKETIME_NO_CACHE), so a running process steps when the file changes;
 * their monotonic clock (timers) is left alone, as a real step leaves it.
 */
export function fakeClock() {
  const offsetFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'fridge-faults-clock-')), 'offset');
  /** Writes the clock's offset from the real one, in seconds. */
  const setOffset = (seconds: number) =>
    fs.writeFileSync(offsetFile, `${seconds >= 0 ? '+' : ''}${seconds}\n`);
  return {
    env: {
      LD_PRELOAD: '/usr/lib/x86_64-linux-gnu/faketime/libfaketime.so.1',
      FAKETIME_TIMESTAMP_FILE: offsetFile,
      FAKETIME_NO_CACHE: '1',
      FAKETIME_DONT_FAKE_MONOTONIC: '1',
    },
    setOffset,
    /** Sets the clock to the instant `at`; returns the offset written, in seconds. */
    setTo(at: number) {
      const seconds = Math.round((at - Date.now()) / 1000);
      setOffset(seconds);
      return seconds;
    },
  };
}

/** The system under a fault: its app servers and the database they share. */
export interface System {
  database: 'SQLite' | 'PostgreSQL';
  databaseUrl: string;
  servers: ServerProcess[];
  /** Stops the app servers (SIGTERM; a clean stop), leaving the database for the checker. */
  stopServers(): Promise<void>;
  /** Removes the database (the folder, or the cluster). */
  dispose(): Promise<void>;
}

/** Signs in, names the guest and turns tax documents on (the seller's block set): every checkout is numbered. */
async function withTaxOn(server: ServerProcess) {
  const cookie = await prepareForCheckouts(server);
  const saved = await fetch(`${server.baseURL}/api/settings`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', cookie, origin: server.baseURL },
    body: JSON.stringify({ tax: seller }),
  });
  if (saved.status !== 200) throw new Error(`turning tax on answered ${saved.status}: ${await saved.text()}`);
}

/** One app server on a SQLite file in `dataDir` (a fresh folder unless given). */
export async function startSqliteSystem(
  options: { dataDir?: string; env?: Record<string, string> } = {},
): Promise<System> {
  const dataDir = options.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'fridge-faults-'));
  const serverOptions: StartServerOptions = {
    dataDir,
    env: {
      ...checkoutLimitsOff,
      BACKUP_DIR: path.join(os.tmpdir(), 'fridge-faults-backups'),
      ...options.env,
    },
  };
  const servers = [await startServer(serverOptions)];
  await withTaxOn(servers[0] as ServerProcess);
  return {
    database: 'SQLite',
    databaseUrl: `sqlite:${path.join(dataDir, 'fridge.sqlite')}`,
    servers,
    async stopServers() {
      await Promise.all(servers.map((server) => server.stop()));
    },
    async dispose() {
      await Promise.all(servers.map((server) => server.stop('SIGKILL')));
      if (!options.dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Two app servers sharing a database on a PostgreSQL cluster of the suite's own (initdb in a temporary folder,
 * its own port): restarting it or killing its postmaster touches nobody else's server.
 */
export async function startPostgresSystem(
  options: { env?: Record<string, string> } = {},
): Promise<System & { pg: PrivatePostgres }> {
  const cluster = await startPrivatePostgres();
  const admin = new pg.Client({ connectionString: cluster.url });
  await admin.connect();
  await admin.query('create database fridge');
  await admin.end();
  const databaseUrl = cluster.url.replace(/\/postgres$/, '/fridge');
  const serverOptions: StartServerOptions = {
    env: { ...checkoutLimitsOff, DATABASE_URL: databaseUrl, ...options.env },
  };
  const first = await startServer(serverOptions);
  await withTaxOn(first);
  const servers = [first, await startServer(serverOptions)];
  return {
    database: 'PostgreSQL',
    databaseUrl,
    servers,
    pg: cluster,
    async stopServers() {
      await Promise.all(servers.map((server) => server.stop()));
    },
    async dispose() {
      await Promise.all(servers.map((server) => server.stop('SIGKILL')));
      await cluster.destroy();
    },
  };
}

import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { freePort } from '../tests/support/server-process';

export interface Memory {
  /** Resident set size now, bytes. */
  rss: number;
  /** Highest resident set size since the process started, bytes. */
  peak: number;
}

/** Linux only (/proc): VmRSS and VmHWM of a process. */
export function readMemory(pid: number | undefined): Memory | undefined {
  if (!pid) return undefined;
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const kib = (field: string) =>
      Number(status.match(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm'))?.[1] ?? NaN);
    return { rss: kib('VmRSS') * 1024, peak: kib('VmHWM') * 1024 };
  } catch {
    return undefined;
  }
}

export interface BareServer {
  url: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

/** bench/bare-server.mjs in its own process, answering `body` to every request. */
export async function startBareServer(body: string): Promise<BareServer> {
  const port = await freePort();
  const child = spawn(process.execPath, [path.resolve('bench/bare-server.mjs')], {
    env: { PATH: process.env.PATH ?? '', PORT: String(port), BARE_BODY: body },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`bench/bare-server.mjs exited with ${code}`)));
    child.stdout?.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('listening')) resolve();
    });
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    url: `http://127.0.0.1:${port}`,
    child,
    async stop() {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

export interface ScratchPostgres {
  url: string;
  name: string;
  drop(): Promise<void>;
}

/**
 * A database of its own on the PostgreSQL server (the app takes only a URL, so a schema will not do), dropped
 * afterwards. The server's other databases are never touched.
 */
export async function createScratchPostgres(serverUrl: string): Promise<ScratchPostgres> {
  const name = `fc_bench_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl, connectionTimeoutMillis: 3000 });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    name,
    async drop() {
      const cleanup = new pg.Client({ connectionString: serverUrl });
      await cleanup.connect();
      try {
        await cleanup.query(`drop database if exists ${name} with (force)`);
      } finally {
        await cleanup.end();
      }
    },
  };
}

/** Logs in as the admin: the session's Cookie header value. */
export async function adminCookie(baseURL: string, adminPassword: string): Promise<string> {
  const login = await fetch(`${baseURL}/api/session`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ password: adminPassword }),
  });
  if (login.status !== 204) throw new Error(`Admin login failed with ${login.status}: ${await login.text()}`);
  return (login.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
}

/** Logs in as the admin and makes sure a guest exists, so checkouts can be recorded. */
export async function prepareGuest(baseURL: string, adminPassword: string): Promise<void> {
  const cookie = await adminCookie(baseURL, adminPassword);
  const guest = await fetch(`${baseURL}/api/guest`, {
    method: 'PUT',
    headers: { 'Content-Type': 'application/json', Cookie: cookie },
    body: JSON.stringify({ name: 'Bench Guest', email: 'bench.guest@example.com' }),
  });
  if (!guest.ok) throw new Error(`Saving the guest failed with ${guest.status}: ${await guest.text()}`);
}

/** The write benches' checkout: one of each of the first three drinks missing from bungalow 7. */
export async function checkoutBodyOf(baseURL: string): Promise<string> {
  const drinks = (await (await fetch(`${baseURL}/api/drinks`)).json()) as { id: number }[];
  return JSON.stringify({
    bungalow: 7,
    items: drinks.slice(0, 3).map((drink) => ({ drinkId: drink.id, missing: 1 })),
  });
}

// Linux's USER_HZ, the unit of /proc's CPU times, is 100 on every architecture Node runs on.
const clockTicksPerSecond = 100;

/** The CPU a process has used so far, in µs (utime and stime, /proc/<pid>/stat); NaN where /proc has none. */
export function processCpuUs(pid: number | undefined): number {
  if (pid === undefined) return Number.NaN;
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // After the command's closing parenthesis: utime and stime are the 12th and 13th fields.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1_000_000) / clockTicksPerSecond;
  } catch {
    return Number.NaN;
  }
}

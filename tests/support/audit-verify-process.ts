import { spawn } from 'node:child_process';
import path from 'node:path';
import type { ScratchDatabase } from './test-app';

/** `npm run audit:verify` as a real process: what it prints and its exit code. */
export function auditVerify(
  databaseUrl: string,
  { auditKey, args = [] }: { auditKey?: string; args?: string[] } = {},
): Promise<{ code: number | null; out: string }> {
  const child = spawn(path.resolve('node_modules/.bin/tsx'), ['scripts/audit-verify.ts', ...args], {
    env: {
      PATH: process.env.PATH ?? '',
      DATABASE_URL: databaseUrl,
      ...(auditKey ? { AUDIT_KEY: auditKey } : {}),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (chunk) => {
    out += chunk;
  });
  child.stderr.on('data', (chunk) => {
    out += chunk;
  });
  return new Promise((resolve) => child.on('exit', (code) => resolve({ code, out })));
}

/** The URL a server of this scratch database would be given (PostgreSQL: its schema through `options`). */
export function urlOf(scratch: ScratchDatabase): string {
  if (!scratch.schema) return scratch.url;
  const url = new URL(scratch.url);
  url.searchParams.set('options', `-c search_path=${scratch.schema}`);
  return url.toString();
}

import { runAuditVerify } from '../../scripts/audit-verify';
import type { ChainVerdict, TrailDifference } from '../../src/shared/audit-types';
import { urlOf } from './audit-verify-process';
import type { TestApp } from './test-app';

/** Both verifiers: the API's answer and `npm run audit:verify`'s lines and exit code, on the test's database. */
export async function verifyBoth(
  t: TestApp,
  cookie: string,
): Promise<{ api: ChainVerdict; code: number; out: string }> {
  const api = (await (await t.request('GET', '/api/audit/verify', { cookie })).json()) as ChainVerdict;
  const lines: string[] = [];
  const code = await runAuditVerify(urlOf(t.scratch), (line) => lines.push(line));
  return { api, code, out: lines.join('\n') };
}

export const differencesOf = (verdict: ChainVerdict): TrailDifference[] => verdict.trail?.differences ?? [];

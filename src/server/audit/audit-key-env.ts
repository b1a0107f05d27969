import { parseConfig } from '../config';
import { setAuditKey } from './audit-key';

/**
 * For the scripts that read the chain outside the server (audit:verify, backup, restore): AUDIT_KEY from the
 * environment, refused by the same rule as at the server's start. Returns whether a key is in use.
 */
export function takeAuditKeyFromEnvironment(env: Record<string, string | undefined> = process.env): boolean {
  const { auditKey } = parseConfig({ AUDIT_KEY: env.AUDIT_KEY });
  setAuditKey(auditKey);
  return auditKey !== undefined;
}

import { parseConfig } from '../config';
import { useAuditKey } from './audit-key';

/**
 * For the scripts that read the chain outside the server (audit:verify, backup, restore): AUDIT_KEY from the
 * environment, refused by the same rule as at the server's start. Returns whether a key is in use.
 */
export function useAuditKeyOfEnvironment(env: Record<string, string | undefined> = process.env): boolean {
  const { auditKey } = parseConfig({ AUDIT_KEY: env.AUDIT_KEY });
  useAuditKey(auditKey);
  return auditKey !== undefined;
}

import { sql } from 'kysely';
import type { Db } from '../db/database';
import {
  type PmsSecretName,
  pmsSecretNames,
  pmsSecretPlace,
  type StoredCredentials,
} from '../pms/pms-poster';
import { webhookSecretPlace } from '../webhooks/webhooks.repo';
import {
  isSealed,
  openSecret,
  type SecretPlace,
  SecretUnreadableError,
  sealedUnderCurrentKey,
  sealSecret,
  secretsKeySource,
} from './secret-box';

/**
 * At the server's start (main.ts), before it listens: every stored PMS and webhook secret not sealed under this
 * server's key is sealed under it: a plain one (stored before this stage, or by a server without a key) and one
 * under SECRETS_KEY_PREVIOUS or the key derived from AUDIT_KEY (a change of key). The server does it, not a
 * migration: `npm run migrate` runs as the database's owner and need not have the key, and the `fcs1.` prefix
 * already tells a sealed secret from a plain one (docs/decisions/234).
 *
 * Each row is written only if it is still as read, so two servers starting together seal it once. On SQLite the
 * pages an update frees are zeroed already (secure_delete, decision 121), but the write-ahead log still holds the
 * pages as they were before: once something was sealed, it is checkpointed and emptied, so a copy of the file and
 * its log holds no secret.
 */

export interface SealReport {
  /** Secrets sealed under this server's key now. */
  sealed: number;
  /** Secrets stored in plain text and left so: there is no key. */
  plain: number;
  /** The secrets this server's key does not open, named, with why: never sent. */
  unreadable: string[];
}

export async function sealStoredSecrets(db: Db): Promise<SealReport> {
  const report: SealReport = { sealed: 0, plain: 0, unreadable: [] };
  const keyed = secretsKeySource() !== null;
  /** The value to store instead, or undefined to leave it (sealed under the key already, or not openable). */
  const resealed = (stored: string, place: SecretPlace, name: string): string | undefined => {
    try {
      const secret = openSecret(stored, place);
      if (!keyed) {
        if (!isSealed(stored)) report.plain++;
        return undefined;
      }
      if (sealedUnderCurrentKey(stored)) return undefined;
      report.sealed++;
      return sealSecret(secret, place);
    } catch (error) {
      if (!(error instanceof SecretUnreadableError)) throw error;
      report.unreadable.push(`${name}: ${error.message}`);
      return undefined;
    }
  };

  const { kysely } = db;
  for (const row of await kysely.selectFrom('pms_connections').selectAll().execute()) {
    const stored = JSON.parse(row.credentials) as StoredCredentials;
    let changed = false;
    for (const name of pmsSecretNames as readonly PmsSecretName[]) {
      const value = stored[name];
      if (value === undefined) continue;
      const next = resealed(
        value,
        pmsSecretPlace(row.kind, name, row.api_url),
        `the PMS connection's ${name}`,
      );
      if (next !== undefined) {
        stored[name] = next;
        changed = true;
      }
    }
    if (changed)
      await kysely
        .updateTable('pms_connections')
        .set({ credentials: JSON.stringify(stored) })
        .where('id', '=', row.id)
        .where('credentials', '=', row.credentials)
        .execute();
  }

  for (const row of await kysely.selectFrom('webhook_endpoints').selectAll().orderBy('id').execute()) {
    const place = webhookSecretPlace(row.url);
    const secret = resealed(row.secret, place, `webhook ${row.id}'s secret (${row.url})`);
    // The old secret of a rotation only while it still signs; past its overlap it is dropped instead of kept.
    const overlapping =
      row.previous_secret_until !== null && Date.parse(row.previous_secret_until) > Date.now();
    const previous =
      row.previous_secret === null
        ? undefined
        : overlapping
          ? resealed(row.previous_secret, place, `webhook ${row.id}'s previous secret (${row.url})`)
          : keyed && !isSealed(row.previous_secret)
            ? null
            : undefined;
    if (secret === undefined && previous === undefined) continue;
    await kysely
      .updateTable('webhook_endpoints')
      .set({
        ...(secret !== undefined ? { secret } : {}),
        ...(previous !== undefined ? { previous_secret: previous } : {}),
      })
      .where('id', '=', row.id)
      .where('secret', '=', row.secret)
      .execute();
  }

  if (report.sealed > 0 && db.dialect === 'sqlite')
    await sql`pragma wal_checkpoint(truncate)`.execute(kysely);
  return report;
}

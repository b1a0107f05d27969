import { randomInt } from 'node:crypto';
import type { Selectable, Transaction } from 'kysely';
import { type Actor, guestActor } from '../../shared/team';
import { pairingAlphabet, teamLimits } from '../../shared/team-schemas';
import type { Device, PairingCode } from '../../shared/team-types';
import { appendAudit, type Change, subject } from '../audit/audit-log';
import { newDeviceToken } from '../auth/devices';
import { hashToken } from '../auth/sessions';
import type { Db } from '../db/database';
import type { Database } from '../db/tables';
import { notFound, validationFailed } from '../http/errors';

type DeviceRow = Pick<
  Selectable<Database['devices']>,
  'id' | 'name' | 'created_at' | 'last_used_at' | 'revoked_at'
>;
const deviceColumns = ['id', 'name', 'created_at', 'last_used_at', 'revoked_at'] as const;

const toDevice = (row: DeviceRow, currentId: number | null): Device => ({
  id: row.id,
  name: row.name,
  createdAt: row.created_at,
  lastUsedAt: row.last_used_at,
  revokedAt: row.revoked_at,
  current: row.id === currentId,
});

export const pairingCodeMs = teamLimits.pairingCodeMinutes * 60 * 1000;

/** 8 characters of 30 (about 2^39 codes), for 15 minutes, once: beyond guessing, easy to type from a screen. */
export function newPairingCode(): string {
  return Array.from({ length: teamLimits.pairingCodeLength }, () =>
    pairingAlphabet.charAt(randomInt(pairingAlphabet.length)),
  ).join('');
}

export const pairingCodeRefused = () =>
  validationFailed('This pairing code is wrong, used or expired: ask a manager for a new one', [
    {
      path: 'pairingCode',
      message: 'This pairing code is wrong, used or expired: ask a manager for a new one',
    },
  ]);

export function createDevicesRepo({ kysely }: Db) {
  /** Inserts a device and its audit event in the caller's transaction; the token goes to the cookie only. */
  async function insertDevice(
    trx: Transaction<Database>,
    name: string,
    change: Change,
    details: Record<string, unknown> = {},
  ) {
    const token = newDeviceToken();
    const row = await trx
      .insertInto('devices')
      .values({ name, token_hash: hashToken(token), created_at: change.at, last_used_at: change.at })
      .returning(deviceColumns)
      .executeTakeFirstOrThrow();
    await appendAudit(trx, {
      ...change,
      action: 'device.registered',
      subject: subject('device', row.id),
      details: { name, ...details },
    });
    return { row, token };
  }

  return {
    async list(currentId: number | null): Promise<Device[]> {
      const rows = await kysely.selectFrom('devices').select(deviceColumns).orderBy('id').execute();
      return rows.map((row) => toDevice(row, currentId));
    },

    /** Registers the browser that asked (an owner's or a manager's session). */
    async register(name: string, change: Change): Promise<{ device: Device; token: string }> {
      return kysely.transaction().execute(async (trx) => {
        const { row, token } = await insertDevice(trx, name, change);
        return { device: toDevice(row, row.id), token };
      });
    },

    async createPairing(change: Change, now: number): Promise<PairingCode> {
      const code = newPairingCode();
      const expiresMs = now + pairingCodeMs;
      await kysely
        .insertInto('device_pairing_codes')
        .values({
          code_hash: hashToken(code),
          created_at: change.at,
          expires_ms: expiresMs,
          created_by: JSON.stringify(change.actor),
          used_at: null,
          device_id: null,
        })
        .execute();
      // Spent and expired codes are removed here, not by a timer (nothing else reads them).
      await kysely
        .deleteFrom('device_pairing_codes')
        .where('expires_ms', '<', now - 24 * 60 * 60 * 1000)
        .execute();
      return { code, expiresAt: new Date(expiresMs).toISOString() };
    },

    /**
     * Spends a pairing code and registers the browser that sent it, in one transaction: the conditional
     * update lets only one of two simultaneous uses through. The new device is the code maker's doing.
     */
    async redeemPairing(code: string, name: string, now: number): Promise<{ device: Device; token: string }> {
      const at = new Date(now).toISOString();
      return kysely.transaction().execute(async (trx) => {
        const spent = await trx
          .updateTable('device_pairing_codes')
          .set({ used_at: at })
          .where('code_hash', '=', hashToken(code))
          .where('used_at', 'is', null)
          .where('expires_ms', '>', now)
          .returning(['code_hash', 'created_by'])
          .executeTakeFirst();
        if (!spent) throw pairingCodeRefused();
        let maker: Actor = guestActor;
        try {
          maker = JSON.parse(spent.created_by) as Actor;
        } catch {
          // An unreadable maker is named "guest" in the audit; the pairing itself was valid.
        }
        const { row, token } = await insertDevice(trx, name, { actor: maker, at }, { pairingCode: true });
        await trx
          .updateTable('device_pairing_codes')
          .set({ device_id: row.id })
          .where('code_hash', '=', spent.code_hash)
          .execute();
        return { device: toDevice(row, row.id), token };
      });
    },

    /** Revokes a device and ends its sessions at once, in one transaction. Revoking twice changes nothing. */
    async revoke(id: number, change: Change): Promise<void> {
      await kysely.transaction().execute(async (trx) => {
        const revoked = await trx
          .updateTable('devices')
          .set({ revoked_at: change.at })
          .where('id', '=', id)
          .where('revoked_at', 'is', null)
          .returning(['id', 'name'])
          .executeTakeFirst();
        if (!revoked) {
          const exists = await trx.selectFrom('devices').select('id').where('id', '=', id).executeTakeFirst();
          if (!exists) throw notFound('Device');
          return;
        }
        const ended = await trx.deleteFrom('admin_sessions').where('device_id', '=', id).executeTakeFirst();
        await appendAudit(trx, {
          ...change,
          action: 'device.revoked',
          subject: subject('device', id),
          details: { name: revoked.name, sessionsEnded: Number(ended.numDeletedRows) },
        });
      });
    },
  };
}

import { sql } from 'kysely';
import type { Actor, DeviceRef, StaffRole } from '../../shared/team';
import { teamTexts } from '../../shared/team-limits';
import { recordAudit, subject } from '../audit/audit-log';
import type { Db } from '../db/database';
import { HttpError } from '../http/errors';
import type { Logger } from '../logger';
import { verifyPassword } from './password';
import { formatWait } from './throttle';

/**
 * A PIN is 6 digits: guessable only if tries are few. Per person and device, 5 free tries, then a wait that
 * starts at 1 second and doubles (429 with Retry-After); 10 wrong in a row on one device block that person on
 * that device only, so a registered device in the wrong hands cannot lock a colleague out of every other one;
 * wrong tries from two or more devices adding up to 10 block the PIN everywhere, until a manager sets a new
 * one (NIST 800-63B's activation secret: at most 10 wrong tries). Every count is a row of the database,
 * claimed before the PIN is checked, so neither parallel requests nor several app servers can slip in an
 * extra guess.
 */
export const pinRules = {
  freeTries: 5,
  firstWaitMs: 1000,
  maxWaitMs: 15 * 60 * 1000,
  blockAfter: 10,
} as const;

/** The wait after the n-th wrong PIN on one device: none for the free tries, then 1, 2, 4, 8, 16 s, … */
export function pinWaitAfterFailures(failures: number): number {
  if (failures < pinRules.freeTries) return 0;
  return Math.min(pinRules.firstWaitMs * 2 ** (failures - pinRules.freeTries), pinRules.maxWaitMs);
}

export interface StaffPinHolder {
  id: number;
  name: string;
  role: StaffRole;
}

export type PinPurpose = 'sign-in' | 'approval';

export interface PinCheckDeps {
  db: Db;
  logger: Logger;
}

const approvalRefused = (message: string) => new HttpError(403, 'approval_required', message);
const blocked = () => new HttpError(403, 'pin_blocked', teamTexts.pinBlocked);

/**
 * Checks a person's PIN typed on a registered device, under the throttle and the block. Answers the person
 * when right; throws the API's answer otherwise (401 "Incorrect PIN", 429, 403 `pin_blocked`; for an
 * approval, 403 `approval_required`). Wrong PINs and a block are kept in the audit.
 */
export async function checkPin(
  deps: PinCheckDeps,
  input: { staffId: number; pin: string; device: DeviceRef; now: number; purpose: PinPurpose },
): Promise<StaffPinHolder> {
  const { kysely } = deps.db;
  const { staffId, pin, device, now, purpose } = input;
  const person = await kysely
    .selectFrom('staff')
    .select(['id', 'name', 'role', 'active', 'pin_hash', 'pin_blocked'])
    .where('id', '=', staffId)
    .executeTakeFirst();
  if (person?.active !== 1) {
    if (purpose === 'approval')
      throw approvalRefused('The approving manager is not an active member of staff');
    throw new HttpError(
      404,
      'not_found',
      'Nobody active on the team has this id: pick a name from the list again',
    );
  }
  const holder: StaffPinHolder = { id: person.id, name: person.name, role: person.role as StaffRole };
  if (purpose === 'approval' && holder.role !== 'manager') {
    throw approvalRefused(`${holder.name} is not a manager: a manager must approve a void with their PIN`);
  }
  if (person.pin_blocked === 1) throw blocked();

  // Claim a try on this device: allowed only once the wait of the last wrong one is over.
  const next = sql<number>`pin_attempts.failures + 1`;
  const steps = Array.from({ length: 10 }, (_, i) => pinRules.freeTries + i);
  const waitFor = sql<number>`case ${sql.join(
    steps.map((n) => sql`when ${next} < ${n} then ${sql.lit(pinWaitAfterFailures(n - 1))}`),
    sql` `,
  )} else ${sql.lit(pinRules.maxWaitMs)} end`;
  const claimed = await kysely
    .insertInto('pin_attempts')
    .values({ staff_id: staffId, device_id: device.id, failures: 1, blocked_until_ms: now, updated_ms: now })
    .onConflict((oc) =>
      oc
        .columns(['staff_id', 'device_id'])
        .doUpdateSet({
          failures: next,
          blocked_until_ms: sql<number>`${sql.lit(now)} + ${waitFor}`,
          updated_ms: now,
        })
        .where('pin_attempts.blocked_until_ms', '<=', now)
        .where('pin_attempts.failures', '<', pinRules.blockAfter),
    )
    .returning('failures')
    .executeTakeFirst();
  if (!claimed) {
    const row = await kysely
      .selectFrom('pin_attempts')
      .select(['blocked_until_ms', 'failures'])
      .where('staff_id', '=', staffId)
      .where('device_id', '=', device.id)
      .executeTakeFirst();
    // Blocked on this device only: 10 wrong in a row here.
    if (Number(row?.failures ?? 0) >= pinRules.blockAfter) throw blocked();
    const retryAfter = Math.ceil(Math.max(1000, Number(row?.blocked_until_ms ?? now) - now) / 1000);
    deps.logger.warn('pin throttled', { staffId, deviceId: device.id, retryAfter });
    throw new HttpError(
      429,
      'too_many_requests',
      `Too many wrong PINs. Try again in ${formatWait(retryAfter)}.`,
      undefined,
      retryAfter,
    );
  }
  // And one of the person's wrong tries on whatever device (the block everywhere needs two devices or more).
  const counted = await kysely
    .updateTable('staff')
    .set({ pin_failures: sql`pin_failures + 1` })
    .where('id', '=', staffId)
    .where('active', '=', 1)
    .where('pin_blocked', '=', 0)
    .returning('pin_failures')
    .executeTakeFirst();
  if (!counted) throw blocked();

  if (await verifyPassword(pin, person.pin_hash)) {
    await kysely
      .deleteFrom('pin_attempts')
      .where('staff_id', '=', staffId)
      .where('device_id', '=', device.id)
      .execute();
    await kysely.updateTable('staff').set({ pin_failures: 0 }).where('id', '=', staffId).execute();
    return holder;
  }
  // The claim above moved this device's count; a person's everywhere count is only for the block.
  const onThisDevice = Number(claimed.failures);

  const actor: Actor = { kind: 'staff', ...holder, device };
  const at = new Date(now).toISOString();
  const failures = Number(counted.pin_failures);
  deps.logger.warn('pin wrong', { staffId, deviceId: device.id, failures, onThisDevice, purpose });
  await recordAudit(kysely, {
    actor,
    at,
    action: 'session.sign_in_failed',
    subject: subject('staff', staffId),
    details: { method: 'pin', purpose, failuresInARow: failures },
  });
  if (failures >= pinRules.blockAfter && (await devicesWithWrongTries(deps.db, staffId)) >= 2) {
    const block = await kysely
      .updateTable('staff')
      .set({ pin_blocked: 1 })
      .where('id', '=', staffId)
      .where('pin_blocked', '=', 0)
      .executeTakeFirst();
    if (Number(block.numUpdatedRows) > 0) {
      deps.logger.warn('pin blocked', { staffId, deviceId: device.id });
      await recordAudit(kysely, {
        actor,
        at,
        action: 'pin.blocked',
        subject: subject('staff', staffId),
        details: { failuresInARow: failures },
      });
    }
    throw blocked();
  }
  if (onThisDevice >= pinRules.blockAfter) {
    deps.logger.warn('pin blocked on a device', { staffId, deviceId: device.id });
    await recordAudit(kysely, {
      actor,
      at,
      action: 'pin.blocked',
      subject: subject('staff', staffId),
      details: { failuresInARow: onThisDevice, onThisDeviceOnly: true },
    });
    throw blocked();
  }
  if (purpose === 'approval') throw approvalRefused(`${teamTexts.incorrectPin}: the void was not approved`);
  throw new HttpError(401, 'unauthorized', teamTexts.incorrectPin);
}

/** How many devices the person's wrong PINs since their last right one came from. */
async function devicesWithWrongTries({ kysely }: Db, staffId: number): Promise<number> {
  const row = await kysely
    .selectFrom('pin_attempts')
    .select((eb) => eb.fn.countAll<number>().as('devices'))
    .where('staff_id', '=', staffId)
    .where('failures', '>', 0)
    .executeTakeFirstOrThrow();
  return Number(row.devices);
}

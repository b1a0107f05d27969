import type { Selectable } from 'kysely';
import { type Actor, grantOf, roleNames, type StaffRole } from '../../shared/team';
import { nameKey, type StaffCreateInput, type StaffUpdateInput } from '../../shared/team-schemas';
import type { RosterEntry, StaffMember } from '../../shared/team-types';
import { appendAudit, type Change, changedFields, changedNothing, subject } from '../audit/audit-log';
import { hashPin } from '../auth/password';
import type { Db } from '../db/database';
import type { Database } from '../db/tables';
import { isUniqueViolation } from '../http/database-errors';
import { HttpError, notFound } from '../http/errors';

type StaffRow = Pick<Selectable<Database['staff']>, 'id' | 'name' | 'role' | 'active' | 'pin_blocked'>;

const memberColumns = ['id', 'name', 'role', 'active', 'pin_blocked'] as const;

function member(row: StaffRow): StaffMember {
  return {
    id: row.id,
    name: row.name,
    role: row.role as StaffRole,
    active: row.active === 1,
    pinBlocked: row.pin_blocked === 1,
  };
}

const nameTaken = (name: string) =>
  new HttpError(
    409,
    'conflict',
    `The name "${name}" is already taken on the team (people who left keep theirs): add an initial or a surname`,
  );

/** DESIGN.md: only the owner creates, changes or deactivates a manager; a manager makes nobody a manager. */
function refuseManagerChange(actor: Actor, roles: (string | undefined)[]): void {
  if (actor.role === 'owner' || !roles.includes('manager')) return;
  const who = actor.role === 'guest' ? 'A guest' : roleNames[actor.role];
  throw new HttpError(
    403,
    'forbidden',
    `${who} cannot create, change or deactivate a manager: only the owner can`,
  );
}

export function createStaffRepo({ kysely, dialect }: Db) {
  return {
    async list(): Promise<StaffMember[]> {
      const rows = await kysely.selectFrom('staff').select(memberColumns).orderBy('name_key').execute();
      return rows.map(member);
    },

    /** Active people, by name: the "Who is working?" list. */
    async roster(): Promise<RosterEntry[]> {
      const people = await kysely
        .selectFrom('staff')
        .select(['id', 'name', 'role'])
        .where('active', '=', 1)
        .orderBy('name_key')
        .execute();
      return people.map(({ id, name, role }) => ({
        id,
        name,
        approvesVoids: grantOf(role as StaffRole, 'void') === 'yes',
      }));
    },

    async create(input: StaffCreateInput, change: Change): Promise<StaffMember> {
      refuseManagerChange(change.actor, [input.role]);
      // Hashed before the transaction: the write lock is not held through the scrypt.
      const pinHash = await hashPin(input.pin);
      return kysely.transaction().execute(async (trx) => {
        const inserted = await trx
          .insertInto('staff')
          .values({
            name: input.name,
            name_key: nameKey(input.name),
            role: input.role,
            pin_hash: pinHash,
            active: 1,
            pin_failures: 0,
            pin_blocked: 0,
            created_at: change.at,
            updated_at: change.at,
          })
          .onConflict((oc) => oc.column('name_key').doNothing())
          .returning(memberColumns)
          .executeTakeFirst();
        if (!inserted) throw nameTaken(input.name);
        const created = member(inserted);
        await appendAudit(trx, {
          ...change,
          action: 'staff.created',
          subject: subject('staff', created.id),
          details: { name: created.name, role: created.role },
        });
        return created;
      });
    },

    /**
     * Changes a person. A new PIN unblocks and clears the tries; deactivating or a new PIN ends the person's
     * sessions in the same transaction. The audit says `pinChanged`, never the PIN or its hash.
     */
    async update(id: number, input: StaffUpdateInput, change: Change): Promise<StaffMember> {
      const pinHash = input.pin === undefined ? undefined : await hashPin(input.pin);
      try {
        return await kysely.transaction().execute(async (trx) => {
          // The row lock (PostgreSQL) puts two changes of one person in turn.
          const before = await trx
            .selectFrom('staff')
            .select(memberColumns)
            .where('id', '=', id)
            .$if(dialect === 'postgres', (qb) => qb.forUpdate())
            .executeTakeFirst();
          if (!before) throw notFound('Staff member');
          refuseManagerChange(change.actor, [before.role, input.role]);
          if (input.name !== undefined && nameKey(input.name) !== nameKey(before.name)) {
            const clash = await trx
              .selectFrom('staff')
              .select('id')
              .where('name_key', '=', nameKey(input.name))
              .where('id', '!=', id)
              .executeTakeFirst();
            if (clash) throw nameTaken(input.name);
          }
          const after = await trx
            .updateTable('staff')
            .set({
              ...(input.name !== undefined ? { name: input.name, name_key: nameKey(input.name) } : {}),
              ...(input.role !== undefined ? { role: input.role } : {}),
              ...(input.active !== undefined ? { active: input.active ? 1 : 0 } : {}),
              ...(pinHash !== undefined ? { pin_hash: pinHash, pin_failures: 0, pin_blocked: 0 } : {}),
              updated_at: change.at,
            })
            .where('id', '=', id)
            .returning(memberColumns)
            .executeTakeFirstOrThrow();
          if (pinHash !== undefined)
            await trx.deleteFrom('pin_attempts').where('staff_id', '=', id).execute();
          const endSessions = pinHash !== undefined || input.active === false;
          if (endSessions) await trx.deleteFrom('admin_sessions').where('staff_id', '=', id).execute();
          const was = member(before);
          const now = member(after);
          const fields = changedFields(
            { name: was.name, role: was.role, active: was.active, pinBlocked: was.pinBlocked },
            { name: now.name, role: now.role, active: now.active, pinBlocked: now.pinBlocked },
          );
          if (pinHash !== undefined || !changedNothing(fields)) {
            await appendAudit(trx, {
              ...change,
              action: 'staff.changed',
              subject: subject('staff', id),
              details: { ...fields, ...(pinHash !== undefined ? { pinChanged: true } : {}) },
            });
          }
          return now;
        });
      } catch (error) {
        // Two renames to one name at once: the unique index decides, the loser gets the same 409.
        if (isUniqueViolation(error) && input.name !== undefined) throw nameTaken(input.name);
        throw error;
      }
    },
  };
}

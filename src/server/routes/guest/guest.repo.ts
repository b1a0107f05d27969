import type { Guest } from '../../../shared/api-types';
import type { GuestInput } from '../../../shared/schemas';
import { appendAudit, type Change, changedFields, changedNothing, subject } from '../../audit/audit-log';
import type { Db } from '../../db/database';

/** Only the first guest row by id is used, as in the original. */
export function createGuestRepo({ kysely }: Db) {
  return {
    first(): Promise<Required<Guest> | undefined> {
      return kysely
        .selectFrom('Guest')
        .select(['id', 'name', 'email'])
        .orderBy('id')
        .limit(1)
        .executeTakeFirst();
    },

    save(input: GuestInput, change: Change): Promise<Required<Guest>> {
      return kysely.transaction().execute(async (trx) => {
        const existing = await trx
          .selectFrom('Guest')
          .select(['id', 'name', 'email'])
          .orderBy('id')
          .limit(1)
          .executeTakeFirst();
        const saved = existing
          ? await trx
              .updateTable('Guest')
              .set(input)
              .where('id', '=', existing.id)
              .returning(['id', 'name', 'email'])
              .executeTakeFirstOrThrow()
          : await trx
              .insertInto('Guest')
              .values(input)
              .returning(['id', 'name', 'email'])
              .executeTakeFirstOrThrow();
        const fields = { name: saved.name, email: saved.email };
        const details = existing
          ? changedFields({ name: existing.name, email: existing.email }, fields)
          : { after: fields };
        if (!changedNothing(details)) {
          await appendAudit(trx, {
            ...change,
            action: 'guest.saved',
            subject: subject('guest', saved.id),
            details,
          });
        }
        return saved;
      });
    },
  };
}

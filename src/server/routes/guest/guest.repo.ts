import type { Guest } from '../../../shared/api-types';
import type { GuestInput } from '../../../shared/schemas';
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

    save(input: GuestInput): Promise<Required<Guest>> {
      return kysely.transaction().execute(async (trx) => {
        const existing = await trx.selectFrom('Guest').select('id').orderBy('id').limit(1).executeTakeFirst();
        if (existing) {
          return trx
            .updateTable('Guest')
            .set(input)
            .where('id', '=', existing.id)
            .returning(['id', 'name', 'email'])
            .executeTakeFirstOrThrow();
        }
        return trx
          .insertInto('Guest')
          .values(input)
          .returning(['id', 'name', 'email'])
          .executeTakeFirstOrThrow();
      });
    },
  };
}

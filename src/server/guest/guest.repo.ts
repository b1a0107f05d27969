import type { Guest } from '../../shared/api-types';
import type { GuestInput } from '../../shared/schemas';
import { appendAudit, type Change, changedFields, changedNothing, subject } from '../audit/audit-log';
import type { Db } from '../db/database';
import { emailKeyOf, guestFor, guestTokens } from '../privacy/guest-data';

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
          .select(['id', 'name', 'email', 'guest_id'])
          .orderBy('id')
          .limit(1)
          .executeTakeFirst();
        // Another address is another person: the record's earlier guest keeps what was charged to them.
        const sameGuest = existing && emailKeyOf(existing.email) === emailKeyOf(input.email);
        const guestId = await guestFor(
          trx,
          { name: input.name, email: input.email },
          change.at,
          sameGuest ? (existing.guest_id ?? null) : null,
        );
        const saved = existing
          ? await trx
              .updateTable('Guest')
              .set({ ...input, guest_id: guestId })
              .where('id', '=', existing.id)
              .returning(['id', 'name', 'email'])
              .executeTakeFirstOrThrow()
          : await trx
              .insertInto('Guest')
              .values({ ...input, guest_id: guestId })
              .returning(['id', 'name', 'email'])
              .executeTakeFirstOrThrow();
        const fields = { name: saved.name, email: saved.email };
        const details = existing
          ? changedFields({ name: existing.name, email: existing.email }, fields)
          : { after: fields };
        if (!changedNothing(details)) {
          // The audit holds tokens, never the values (docs/decisions/120).
          const previousGuest = existing?.guest_id ?? guestId;
          await appendAudit(trx, {
            ...change,
            action: 'guest.saved',
            subject: subject('guest', saved.id),
            details: {
              ...('before' in details
                ? { before: await guestTokens(trx, previousGuest, details.before) }
                : {}),
              after: await guestTokens(trx, guestId, details.after),
            },
          });
        }
        return saved;
      });
    },
  };
}

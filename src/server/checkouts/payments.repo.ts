import { type QueryCreator, sql } from 'kysely';
import type { PaymentMethod } from '../../shared/payment-constants';
import type { UnpaidSummary } from '../../shared/staff-types';
import { actorLabel } from '../../shared/team';
import { appendAudit, auditActorOf, type Change, subject } from '../audit/audit-log';
import type { Db } from '../db/database';
import type { Database } from '../db/tables';
import { HttpError, notFound } from '../http/errors';

export function createPaymentsRepo({ kysely, dialect }: Db) {
  return {
    /**
     * Marks the checkout paid by `method`, or unpaid with null, and keeps the change as an event, in one
     * transaction. Asking for the state it already has changes nothing and adds no event (a second tap, or
     * two staff at once). A voided checkout is owed nothing, so it cannot be marked paid (409); undoing a
     * payment recorded before the void stays possible (a refund). Marking a not-tracked checkout (one from
     * before payments were tracked) paid makes it tracked; undoing that leaves it owed.
     */
    async record(id: number, method: PaymentMethod | null, change: Change): Promise<void> {
      const { at } = change;
      const by = actorLabel(change.actor);
      await kysely.transaction().execute(async (trx) => {
        // The row's lock first, so two changes at once are applied in turn: FOR UPDATE on PostgreSQL; on
        // SQLite a write takes the database's one write lock at once, before the read.
        if (dialect === 'sqlite') {
          await trx.updateTable('checkouts').set({ id: sql`id` }).where('id', '=', id).execute();
        }
        const current = await trx
          .selectFrom('checkouts')
          .select(['voided_at', 'paid_method', 'bungalow', 'total'])
          .where('id', '=', id)
          .$if(dialect === 'postgres', (qb) => qb.forUpdate())
          .executeTakeFirst();
        if (!current) throw notFound('Checkout');
        if (method !== null && current.voided_at !== null) {
          throw new HttpError(
            409,
            'conflict',
            `This checkout was voided at ${current.voided_at}: a voided checkout is owed nothing and cannot be marked paid`,
          );
        }
        if (current.paid_method === method) return;
        const markPaid = (db: QueryCreator<Database>) =>
          db
            .updateTable('checkouts')
            .set(
              method === null
                ? { paid_method: null, paid_at: null, paid_by: null }
                : { paid_method: method, paid_at: at, paid_by: by, payment_tracked: 1 },
            )
            .where('id', '=', id);
        const payment = {
          checkout_id: id,
          method,
          recorded_at: at,
          recorded_by: by,
          by_actor: JSON.stringify(auditActorOf(change.actor)),
        };
        if (dialect === 'postgres') {
          // One statement (the update is a data-modifying WITH): a round trip less for every payment.
          await trx
            .with('marked', (db) => markPaid(db).returning('id'))
            .insertInto('checkout_payments')
            .values(payment)
            .execute();
        } else {
          await markPaid(trx).execute();
          await trx.insertInto('checkout_payments').values(payment).execute();
        }
        await appendAudit(trx, {
          ...change,
          action: method === null ? 'payment.undone' : 'payment.recorded',
          subject: subject('checkout', id),
          details: {
            bungalow: current.bungalow,
            total: current.total,
            before: { method: current.paid_method },
            after: { method },
          },
        });
      });
    },

    /** Count and baht of the checkouts still owed, read from the small partial index checkouts_unpaid_idx. */
    async unpaid(): Promise<UnpaidSummary> {
      const row = await kysely
        .selectFrom('checkouts')
        .select((eb) => [eb.fn.countAll().as('count'), eb.fn.sum<number | string | null>('total').as('thb')])
        .where('paid_method', 'is', null)
        .where('voided_at', 'is', null)
        .where('payment_tracked', '=', 1)
        .executeTakeFirstOrThrow();
      // PostgreSQL returns count and sum of integers as text (bigint/numeric).
      return { count: Number(row.count), thb: Number(row.thb ?? 0) };
    },
  };
}

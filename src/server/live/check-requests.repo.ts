import type { Transaction } from 'kysely';
import type { CheckRequest, CheckRequestOutcome } from '../../shared/live-types';
import { actorLabel } from '../../shared/team';
import { appendAudit, type Change, subject } from '../audit/audit-log';
import type { Db } from '../db/database';
import type { Database } from '../db/tables';
import { HttpError, notFound } from '../http/errors';

type Trx = Transaction<Database>;

export interface AnsweredCheckRequest extends CheckRequest {
  doneAt: string;
  doneBy: string;
  outcome: CheckRequestOutcome;
  checkoutId: number | null;
}

const columns = ['id', 'bungalow', 'requested_at', 'requested_by'] as const;

const toRequest = (row: { id: number; bungalow: number; requested_at: string; requested_by: string }) => ({
  id: row.id,
  bungalow: row.bungalow,
  requestedAt: row.requested_at,
  requestedBy: row.requested_by,
});

/**
 * The checkout's half of a request: a checkout recorded (or revised) for a bungalow answers its open request,
 * in the checkout's own transaction, with `request.done` in the audit carrying the checkout and its total.
 * Called by the checkout's record path before the checkout's own appendAudit, so the request.done event gets
 * the seq just below the checkout's. (On PostgreSQL the audit head is taken at the commit, after every row
 * the transaction locks, so no order of these calls can deadlock on it.)
 */
export async function answerCheckRequestsByCheckout(
  trx: Trx,
  checkout: { id: number; bungalow: number; total: number },
  change: Change,
): Promise<void> {
  const answered = await trx
    .updateTable('check_requests')
    .set({
      done_at: change.at,
      done_by: actorLabel(change.actor),
      outcome: 'checkout',
      checkout_id: checkout.id,
    })
    .where('bungalow', '=', checkout.bungalow)
    .where('done_at', 'is', null)
    .returning('id')
    .execute();
  for (const { id } of answered) {
    await appendAudit(trx, {
      ...change,
      action: 'request.done',
      subject: subject('check-request', id),
      details: {
        bungalow: checkout.bungalow,
        outcome: 'checkout',
        checkoutId: checkout.id,
        total: checkout.total,
      },
    });
  }
}

export function createCheckRequestsRepo({ kysely }: Db) {
  return {
    /** The open requests, oldest first. */
    async listOpen(): Promise<CheckRequest[]> {
      const rows = await kysely
        .selectFrom('check_requests')
        .select(columns)
        .where('done_at', 'is', null)
        .orderBy('id')
        .execute();
      return rows.map(toRequest);
    },

    /**
     * Opens a request for the bungalow, or answers the one already open there (a second tap, two desks at
     * once: the unique partial index lets one insert win) without writing anything.
     */
    async open(bungalow: number, change: Change): Promise<{ request: CheckRequest; created: boolean }> {
      return kysely.transaction().execute(async (trx) => {
        const inserted = await trx
          .insertInto('check_requests')
          .values({ bungalow, requested_at: change.at, requested_by: actorLabel(change.actor) })
          .onConflict((oc) => oc.column('bungalow').where('done_at', 'is', null).doNothing())
          .returning(columns)
          .executeTakeFirst();
        if (!inserted) {
          const open = await trx
            .selectFrom('check_requests')
            .select(columns)
            .where('bungalow', '=', bungalow)
            .where('done_at', 'is', null)
            .executeTakeFirstOrThrow();
          return { request: toRequest(open), created: false };
        }
        await appendAudit(trx, {
          ...change,
          action: 'request.opened',
          subject: subject('check-request', inserted.id),
          details: { bungalow },
        });
        return { request: toRequest(inserted), created: true };
      });
    },

    /** Housekeeping found nothing taken: the request is done, with that outcome. */
    async nothingMissing(id: number, change: Change): Promise<AnsweredCheckRequest> {
      return kysely.transaction().execute(async (trx) => {
        const doneBy = actorLabel(change.actor);
        const updated = await trx
          .updateTable('check_requests')
          .set({ done_at: change.at, done_by: doneBy, outcome: 'nothing-missing' })
          .where('id', '=', id)
          .where('done_at', 'is', null)
          .returning(columns)
          .executeTakeFirst();
        if (!updated) {
          const row = await trx
            .selectFrom('check_requests')
            .select(['outcome', 'checkout_id', 'done_at'])
            .where('id', '=', id)
            .executeTakeFirst();
          if (!row) throw notFound('Check request');
          const how =
            row.outcome === 'checkout' ? `by checkout #${row.checkout_id}` : 'with "Nothing missing"';
          throw new HttpError(
            409,
            'conflict',
            `This check request was already answered ${how} at ${row.done_at}`,
          );
        }
        await appendAudit(trx, {
          ...change,
          action: 'request.done',
          subject: subject('check-request', id),
          details: { bungalow: updated.bungalow, outcome: 'nothing-missing' },
        });
        return {
          ...toRequest(updated),
          doneAt: change.at,
          doneBy,
          outcome: 'nothing-missing',
          checkoutId: null,
        };
      });
    },
  };
}

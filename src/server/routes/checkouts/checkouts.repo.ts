import type { Transaction } from 'kysely';
import type { CheckoutLine, RecordedCheckout } from '../../../shared/api-types';
import { toastTexts } from '../../../shared/constants';
import { grandTotal, lineTotal } from '../../../shared/money';
import type { CheckoutInput } from '../../../shared/schemas';
import { appendAudit, auditActorOf, type Change, subject } from '../../audit/audit-log';
import type { Db } from '../../db/database';
import type { Database } from '../../db/tables';
import { HttpError, validationFailed } from '../../http/errors';
import { answerCheckRequestsByCheckout } from '../check-requests/check-requests.repo';
import type { WriteGate } from './checkout-limits';
import { countCheckout, reviseCheckout } from './running-totals';

type Trx = Transaction<Database>;

/** What a send of a checkout did: a new record (201), a repeat that wrote nothing, or a revision (both 200). */
export interface RecordOutcome {
  outcome: 'created' | 'repeated' | 'revised';
  checkout: RecordedCheckout;
}

interface StoredCheck {
  id: number;
  bungalow: number;
  created_at: string;
  guest_name: string;
  total: number;
  voided_at: string | null;
  stay_id: number | null;
  check_id: string | null;
  revised_at: string | null;
}

/**
 * The guest a checkout is charged to: the bungalow's open stay, else the spec's "Guest" record (its first
 * row), else 409 "Guest information not found".
 */
async function chargedGuest(trx: Trx, bungalow: number) {
  const stay = await trx
    .selectFrom('stays')
    .select(['id', 'guest_name'])
    .where('bungalow', '=', bungalow)
    .where('checked_out_at', 'is', null)
    .executeTakeFirst();
  if (stay) return { stayId: stay.id, name: stay.guest_name };
  const guest = await trx.selectFrom('Guest').select('name').orderBy('id').limit(1).executeTakeFirst();
  if (!guest) throw new HttpError(409, 'conflict', toastTexts.guestNotFound);
  return { stayId: null, name: guest.name };
}

/** The lines of a send, priced by the server from the catalogue of the moment; 422 for what cannot be. */
async function priceLines(trx: Trx, input: CheckoutInput): Promise<{ lines: CheckoutLine[]; total: number }> {
  const wanted = input.items.filter((item) => item.missing > 0);
  if (wanted.length === 0) throw validationFailed(toastTexts.noItemsSelected);

  const drinks = await trx
    .selectFrom('Drinks')
    .select(['id', 'drinkName', 'startingQuantity', 'price'])
    .where(
      'id',
      'in',
      wanted.map((item) => item.drinkId),
    )
    .execute();
  const byId = new Map(drinks.map((drink) => [drink.id, drink]));

  const issues = wanted.flatMap((item) => {
    const index = input.items.indexOf(item);
    const drink = byId.get(item.drinkId);
    if (!drink) return [{ path: `items.${index}.drinkId`, message: `No drink has id ${item.drinkId}` }];
    if (item.missing > drink.startingQuantity) {
      return [
        {
          path: `items.${index}.missing`,
          message: `At most ${drink.startingQuantity} ${drink.drinkName} can be missing`,
        },
      ];
    }
    return [];
  });
  if (issues.length > 0) throw validationFailed(issues[0]?.message ?? 'Invalid items', issues);

  const lines: CheckoutLine[] = wanted.map((item) => {
    const drink = byId.get(item.drinkId);
    if (!drink) throw new Error('unreachable: drink checked above');
    return {
      drinkId: drink.id,
      drinkName: drink.drinkName,
      quantity: item.missing,
      unitPrice: drink.price,
      lineTotal: lineTotal(item.missing, drink.price),
    };
  });
  const total = grandTotal(lines.map((line) => ({ missing: line.quantity, price: line.unitPrice })));
  return { lines, total };
}

async function linesOf(trx: Trx, checkoutId: number): Promise<CheckoutLine[]> {
  const rows = await trx
    .selectFrom('checkout_lines')
    .select(['drink_id', 'drink_name', 'quantity', 'unit_price', 'line_total'])
    .where('checkout_id', '=', checkoutId)
    .orderBy('id')
    .execute();
  return rows.map((row) => ({
    drinkId: row.drink_id,
    drinkName: row.drink_name,
    quantity: row.quantity,
    unitPrice: row.unit_price,
    lineTotal: row.line_total,
  }));
}

async function insertLines(trx: Trx, checkoutId: number, lines: CheckoutLine[]) {
  await trx
    .insertInto('checkout_lines')
    .values(
      lines.map((line) => ({
        checkout_id: checkoutId,
        drink_id: line.drinkId,
        drink_name: line.drinkName,
        quantity: line.quantity,
        unit_price: line.unitPrice,
        line_total: line.lineTotal,
      })),
    )
    .execute();
}

/** Same counts: the same drinks with the same missing numbers (zeros are not lines). */
function sameCounts(input: CheckoutInput, lines: readonly CheckoutLine[]): boolean {
  const wanted = input.items.filter((item) => item.missing > 0);
  if (wanted.length !== lines.length) return false;
  const stored = new Map(lines.map((line) => [line.drinkId, line.quantity]));
  return wanted.every((item) => stored.get(item.drinkId) === item.missing);
}

/** The public answer: a stay's guest name never leaves the server here (see RecordedCheckout). */
function answer(row: StoredCheck, lines: CheckoutLine[]): RecordedCheckout {
  return {
    id: row.id,
    bungalow: row.bungalow,
    createdAt: row.created_at,
    ...(row.stay_id === null ? { guestName: row.guest_name } : {}),
    total: row.total,
    lines,
    ...(row.check_id ? { checkId: row.check_id } : {}),
    revisedAt: row.revised_at,
  };
}

export function createCheckoutsRepo({ kysely, dialect }: Db) {
  /** The record of a check, locked on PostgreSQL so that two revisions of one check take turns. */
  const findCheck = (trx: Trx, checkId: string) =>
    trx
      .selectFrom('checkouts')
      .select([
        'id',
        'bungalow',
        'created_at',
        'guest_name',
        'total',
        'voided_at',
        'stay_id',
        'check_id',
        'revised_at',
      ])
      .where('check_id', '=', checkId)
      .$if(dialect === 'postgres', (qb) => qb.forUpdate())
      .executeTakeFirst();

  /** Another send of a recorded check: the same counts change nothing; changed counts revise the record. */
  async function sendAgain(
    trx: Trx,
    existing: StoredCheck,
    input: CheckoutInput,
    change: Change,
    gate: WriteGate,
  ): Promise<RecordOutcome> {
    const { at } = change;
    if (existing.bungalow !== input.bungalow) {
      throw new HttpError(
        409,
        'conflict',
        `This check was recorded for bungalow ${existing.bungalow} (#${existing.id}): start a new check for bungalow ${input.bungalow}`,
      );
    }
    if (existing.voided_at !== null) {
      throw new HttpError(
        409,
        'conflict',
        `Checkout #${existing.id} of this check was voided by staff: start a new check to record it again`,
      );
    }
    const previousLines = await linesOf(trx, existing.id);
    if (sameCounts(input, previousLines)) {
      return { outcome: 'repeated', checkout: answer(existing, previousLines) };
    }

    const { lines, total } = await priceLines(trx, input);
    await gate.beforeWrite(trx, input.bungalow);
    await trx
      .insertInto('checkout_revisions')
      .values({
        checkout_id: existing.id,
        bungalow: existing.bungalow,
        recorded_at: existing.revised_at ?? existing.created_at,
        replaced_at: at,
        total: existing.total,
        lines: JSON.stringify(previousLines),
      })
      .execute();
    await trx.deleteFrom('checkout_lines').where('checkout_id', '=', existing.id).execute();
    await insertLines(trx, existing.id, lines);
    await trx.updateTable('checkouts').set({ total, revised_at: at }).where('id', '=', existing.id).execute();
    // A recount sent for the bungalow answers its open check request too.
    await answerCheckRequestsByCheckout(trx, { id: existing.id, bungalow: existing.bungalow, total }, change);
    await appendAudit(trx, {
      ...change,
      action: 'checkout.revised',
      subject: subject('checkout', existing.id),
      details: {
        bungalow: existing.bungalow,
        before: { total: existing.total, lines: previousLines },
        after: { total, lines },
      },
    });
    // Last in the transaction: see running-totals.ts.
    await reviseCheckout(trx, {
      bungalow: existing.bungalow,
      createdAt: existing.created_at,
      previousLines,
      lines,
    });
    return { outcome: 'revised', checkout: answer({ ...existing, total, revised_at: at }, lines) };
  }

  return {
    /**
     * One transaction: the guest, the prices, the stored checkout and the running totals are read and
     * written together, so a checkout is never half-written and always carries the prices of its moment.
     * With a checkId, the unique index on it decides which of several simultaneous sends creates the record;
     * the others wait for it and then answer as a repeat (or a revision) of it.
     */
    record(input: CheckoutInput, change: Change, gate: WriteGate): Promise<RecordOutcome> {
      const { at } = change;
      return kysely.transaction().execute(async (trx) => {
        const checkId = input.checkId;
        if (checkId) {
          const existing = await findCheck(trx, checkId);
          if (existing) return sendAgain(trx, existing, input, change, gate);
        }

        const guest = await chargedGuest(trx, input.bungalow);
        const { lines, total } = await priceLines(trx, input);
        await gate.beforeWrite(trx, input.bungalow);

        const inserted = await trx
          .insertInto('checkouts')
          .values({
            bungalow: input.bungalow,
            created_at: at,
            guest_name: guest.name,
            total,
            stay_id: guest.stayId,
            check_id: checkId ?? null,
            recorded_by: JSON.stringify(auditActorOf(change.actor)),
          })
          .$if(checkId !== undefined, (qb) => qb.onConflict((oc) => oc.column('check_id').doNothing()))
          .returning('id')
          .executeTakeFirst();
        if (!inserted) {
          // Another send of this check committed first (the insert waited for it): answer as a resend.
          const existing = checkId ? await findCheck(trx, checkId) : undefined;
          if (!existing) throw new Error('A checkout with this checkId clashed but cannot be read');
          return sendAgain(trx, existing, input, change, gate);
        }
        await insertLines(trx, inserted.id, lines);
        await answerCheckRequestsByCheckout(
          trx,
          { id: inserted.id, bungalow: input.bungalow, total },
          change,
        );
        await appendAudit(trx, {
          ...change,
          action: 'checkout.recorded',
          subject: subject('checkout', inserted.id),
          details: { bungalow: input.bungalow, total, lines, ...(checkId ? { checkId } : {}) },
        });
        // Last in the transaction: see running-totals.ts.
        await countCheckout(trx, { bungalow: input.bungalow, createdAt: at, lines });

        const row: StoredCheck = {
          id: inserted.id,
          bungalow: input.bungalow,
          created_at: at,
          guest_name: guest.name,
          total,
          voided_at: null,
          stay_id: guest.stayId,
          check_id: checkId ?? null,
          revised_at: null,
        };
        return { outcome: 'created', checkout: answer(row, lines) };
      });
    },
  };
}

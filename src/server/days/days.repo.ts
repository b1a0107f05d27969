import { type Kysely, sql, type Transaction } from 'kysely';
import {
  type ByMethod,
  type ChainHead,
  type CountAndThb,
  type DayClose,
  type DayFigures,
  type DaySummary,
  emptyByMethod,
} from '../../shared/day-close-types';
import { localDayRange, monthOfDay } from '../../shared/local-days';
import { type PaymentMethod, paymentMethods } from '../../shared/payment-constants';
import type { DayTaxFigures, NumberRange } from '../../shared/tax';
import { actorLabel } from '../../shared/team';
import { appendAudit, type Change, subject } from '../audit/audit-log';
import type { Db } from '../db/database';
import type { Database } from '../db/tables';
import { HttpError } from '../http/errors';
import { ofMonth } from '../tax/tax-documents';

type Reader = Kysely<Database> | Transaction<Database>;

/** What the day's figures depend on in the settings; frozen with a close. */
export interface DaySettings {
  timeZone: string;
  cashFloat: number;
}

/** PostgreSQL returns count and sum of integers as text (bigint/numeric); SQLite as numbers. */
const toNumber = (value: unknown) => Number(value ?? 0);

const isPaymentMethod = (value: string | null): value is PaymentMethod =>
  value !== null && (paymentMethods as readonly string[]).includes(value);

/**
 * Payments and undos recorded in [start, end), whatever day their checkouts are of. The amount of a payment is
 * the checkout's total at the moment it was marked (a check revised later does not change what was taken);
 * an undo gives back what the payment it undoes took, by that payment's method. A change of method (cash,
 * then card) is both: the cash is undone and the card taken.
 */
async function paymentFigures(
  db: Reader,
  start: string,
  end: string,
): Promise<{ payments: ByMethod; undone: ByMethod }> {
  const payments = emptyByMethod();
  const undone = emptyByMethod();
  const ofDay = await db
    .selectFrom('checkout_payments')
    .select(['id', 'checkout_id'])
    .where('recorded_at', '>=', start)
    .where('recorded_at', '<', end)
    .execute();
  if (ofDay.length === 0) return { payments, undone };
  const dayIds = new Set(ofDay.map((row) => row.id));
  const checkoutIds = [...new Set(ofDay.map((row) => row.checkout_id))];

  // The whole payment story of those checkouts (an undo today may undo a payment of last week), their
  // earlier versions (to know the total at each payment) and their totals now: three indexed reads.
  const [events, revisions, checkouts] = await Promise.all([
    db
      .selectFrom('checkout_payments')
      .select(['id', 'checkout_id', 'method', 'recorded_at'])
      .where('checkout_id', 'in', checkoutIds)
      .orderBy('checkout_id')
      .orderBy('id')
      .execute(),
    db
      .selectFrom('checkout_revisions')
      .select(['checkout_id', 'replaced_at', 'total'])
      .where('checkout_id', 'in', checkoutIds)
      .orderBy('checkout_id')
      .orderBy('id')
      .execute(),
    db.selectFrom('checkouts').select(['id', 'total']).where('id', 'in', checkoutIds).execute(),
  ]);
  const totalNow = new Map(checkouts.map((row) => [row.id, row.total]));
  const totalAt = (checkoutId: number, at: string) =>
    revisions.find((revision) => revision.checkout_id === checkoutId && revision.replaced_at > at)?.total ??
    totalNow.get(checkoutId) ??
    0;
  const add = (into: CountAndThb, thb: number) => {
    into.count += 1;
    into.thb += thb;
  };

  let checkoutId: number | undefined;
  let standing: { method: PaymentMethod; thb: number } | null = null;
  for (const event of events) {
    if (event.checkout_id !== checkoutId) {
      checkoutId = event.checkout_id;
      standing = null;
    }
    const counts = dayIds.has(event.id);
    if (standing && standing.method !== event.method) {
      if (counts) add(undone[standing.method], standing.thb);
      standing = null;
    }
    if (isPaymentMethod(event.method)) {
      const thb = totalAt(event.checkout_id, event.recorded_at);
      if (counts) add(payments[event.method], thb);
      standing = { method: event.method, thb };
    }
  }
  return { payments, undone };
}

/** The day's checkouts the PMS did not take, as they stand now; nothing when there are none. */
async function pmsNotPosted(
  db: Reader,
  day: string,
  settings: DaySettings,
): Promise<Pick<DaySummary, 'pmsNotPosted'>> {
  const { start, end } = localDayRange(day, day, settings.timeZone);
  const rows = await db
    .selectFrom('pms_postings')
    .innerJoin('checkouts', 'checkouts.id', 'pms_postings.checkout_id')
    .select(['pms_postings.checkout_id', 'pms_postings.bungalow', 'pms_postings.reason'])
    .where('pms_postings.state', '=', 'failed')
    .where('checkouts.created_at', '>=', start)
    .where('checkouts.created_at', '<', end)
    .orderBy('pms_postings.checkout_id')
    .execute();
  return rows.length === 0
    ? {}
    : {
        pmsNotPosted: rows.map((r) => ({
          checkoutId: r.checkout_id,
          bungalow: r.bungalow,
          reason: r.reason,
        })),
      };
}

/** The day's figures as the database holds them now. */
export async function dayFigures(db: Reader, day: string, settings: DaySettings): Promise<DayFigures> {
  const { start, end } = localDayRange(day, day, settings.timeZone);
  const [recorded, unpaid, money, tax] = await Promise.all([
    db
      .selectFrom('checkouts')
      .select([
        sql<number>`sum(case when voided_at is null then 1 else 0 end)`.as('standing_count'),
        sql<number>`sum(case when voided_at is null then total else 0 end)`.as('standing_thb'),
        sql<number>`sum(case when voided_at is null then 0 else 1 end)`.as('voided_count'),
        sql<number>`sum(case when voided_at is null then 0 else total end)`.as('voided_thb'),
      ])
      .where('created_at', '>=', start)
      .where('created_at', '<', end)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('checkouts')
      .select((eb) => [eb.fn.countAll().as('count'), eb.fn.sum<number | string | null>('total').as('thb')])
      .where('created_at', '>=', start)
      .where('created_at', '<', end)
      .where('paid_method', 'is', null)
      .where('voided_at', 'is', null)
      .where('payment_tracked', '=', 1)
      .executeTakeFirstOrThrow(),
    paymentFigures(db, start, end),
    // Tax documents (fifth stage)
    dayTaxFigures(db, day, start, end),
  ]);
  const received = money.payments.cash.thb;
  const undone = money.undone.cash.thb;
  return {
    day,
    checkouts: { count: toNumber(recorded.standing_count), thb: toNumber(recorded.standing_thb) },
    voided: { count: toNumber(recorded.voided_count), thb: toNumber(recorded.voided_thb) },
    payments: money.payments,
    undone: money.undone,
    unpaid: { count: toNumber(unpaid.count), thb: toNumber(unpaid.thb) },
    cash: { float: settings.cashFloat, received, undone, expected: settings.cashFloat + received - undone },
    ...(tax ? { tax } : {}),
  };
}

/**
 * The tax documents issued on `day` ([start, end) in the resort's zone): the VAT of those still issued, and each
 * series' first and last number apart (abbreviated invoices, full invoices), each in the order issued, with how
 * many it issued. Undefined when there are none, so a day without tax documents reads as before. A document's
 * `month` is the month of its issue in the same zone, so the day's documents are among its month's, which
 * `ofMonth` finds through an index.
 */
async function dayTaxFigures(
  db: Reader,
  day: string,
  start: string,
  end: string,
): Promise<DayTaxFigures | undefined> {
  const ofDay = sql`${await ofMonth(db, monthOfDay(day))} and issued_at >= ${start} and issued_at < ${end}`;
  const { rows } = await sql<{
    vat: number | string | null;
    abb_first: string | null;
    abb_last: string | null;
    abb_count: number | string | null;
    full_first: string | null;
    full_last: string | null;
    full_count: number | string | null;
    cn_first: string | null;
    cn_last: string | null;
    cn_count: number | string | null;
    dn_first: string | null;
    dn_last: string | null;
    dn_count: number | string | null;
  }>`
    select
      (select sum(case when type = 'cn' then -vat else vat end) from tax_documents
        where ${ofDay} and status = 'issued') as vat,
      (select number from tax_documents where ${ofDay} and type = 'abb' order by id limit 1) as abb_first,
      (select number from tax_documents where ${ofDay} and type = 'abb' order by id desc limit 1) as abb_last,
      (select count(*) from tax_documents where ${ofDay} and type = 'abb') as abb_count,
      (select number from tax_documents where ${ofDay} and type = 'full' order by id limit 1) as full_first,
      (select number from tax_documents where ${ofDay} and type = 'full' order by id desc limit 1) as full_last,
      (select count(*) from tax_documents where ${ofDay} and type = 'full') as full_count,
      (select number from tax_documents where ${ofDay} and type = 'cn' order by id limit 1) as cn_first,
      (select number from tax_documents where ${ofDay} and type = 'cn' order by id desc limit 1) as cn_last,
      (select count(*) from tax_documents where ${ofDay} and type = 'cn') as cn_count,
      (select number from tax_documents where ${ofDay} and type = 'dn' order by id limit 1) as dn_first,
      (select number from tax_documents where ${ofDay} and type = 'dn' order by id desc limit 1) as dn_last,
      (select count(*) from tax_documents where ${ofDay} and type = 'dn') as dn_count`.execute(db);
  const row = rows[0];
  if (!row || (!row.abb_first && !row.full_first && !row.cn_first && !row.dn_first)) return undefined;
  const range = (
    first: string | null,
    last: string | null,
    count: number | string | null,
  ): NumberRange | null => (first && last ? { first, last, count: toNumber(count) } : null);
  // Seventh stage: the day's credit notes take their VAT away, its debit notes add theirs; a day without
  // notes reads as before.
  const credit = range(row.cn_first, row.cn_last, row.cn_count);
  const debit = range(row.dn_first, row.dn_last, row.dn_count);
  return {
    vat: toNumber(row.vat),
    abbreviated: range(row.abb_first, row.abb_last, row.abb_count),
    full: range(row.full_first, row.full_last, row.full_count),
    ...(credit ? { credit } : {}),
    ...(debit ? { debit } : {}),
  };
}

interface CloseRow {
  figures: string;
  counted_cash: number;
  difference: number;
  note: string | null;
  closed_at: string;
  closed_by: string;
  chain_head_seq: number | string | null;
  chain_head_hash: string | null;
}

const closeOf = (row: CloseRow): DayClose => ({
  countedCash: row.counted_cash,
  difference: row.difference,
  note: row.note,
  by: row.closed_by,
  at: row.closed_at,
});

/** The frozen figures of a close; the day is the row's own. */
const frozen = (row: CloseRow): DayFigures => JSON.parse(row.figures) as DayFigures;

const closeColumns = [
  'figures',
  'counted_cash',
  'difference',
  'note',
  'closed_at',
  'closed_by',
  'chain_head_seq',
  'chain_head_hash',
] as const;

/** What the audit keeps of a day's figures: all of them but the day, which is the event's subject. */
const auditFigures = ({ day: _day, ...figures }: DayFigures) => figures;

export function createDaysRepo({ kysely, dialect }: Db) {
  const standingClose = (db: Reader, day: string) =>
    db
      .selectFrom('day_closes')
      .select(closeColumns)
      .where('day', '=', day)
      .where('reopened_at', 'is', null)
      .executeTakeFirst();

  return {
    // The chain anchored outside the database (fifth stage)
    /** The audit chain's head the day's standing close kept; null when open or closed before heads were kept. */
    async chainHead(day: string): Promise<ChainHead | null> {
      const closed = await standingClose(kysely, day);
      if (!closed || closed.chain_head_seq === null || closed.chain_head_hash === null) return null;
      return { seq: Number(closed.chain_head_seq), hash: closed.chain_head_hash };
    },

    /** The day: its frozen figures and close when closed, else the figures as they stand now. */
    async read(day: string, settings: DaySettings): Promise<DaySummary> {
      const closed = await standingClose(kysely, day);
      const notPosted = await pmsNotPosted(kysely, day, settings);
      if (closed) return { ...frozen(closed), close: closeOf(closed), ...notPosted };
      return { ...(await dayFigures(kysely, day, settings)), close: null, ...notPosted };
    },

    /**
     * Freezes the day's figures with the counted cash, in one transaction with its audit event. 409 when the
     * day is already closed (the partial unique index decides between two desks closing at once).
     */
    close(
      day: string,
      input: { countedCash: number; note: string | null },
      settings: DaySettings,
      change: Change,
    ): Promise<DaySummary> {
      const by = actorLabel(change.actor);
      return kysely.transaction().execute(async (trx) => {
        if (dialect === 'postgres') {
          // The figures must be the ones frozen: a payment, void or checkout committing while they are read
          // waits for the close (share mode lets reads and other closes through). Tables in the order every
          // payment takes them (checkouts, then checkout_payments), so neither waits on the other in a circle.
          await sql`lock table checkouts, checkout_payments in share mode`.execute(trx);
        }
        const existing = await standingClose(trx, day);
        if (existing) throw alreadyClosed(day, existing);
        const figures = await dayFigures(trx, day, settings);
        const difference = input.countedCash - figures.cash.expected;
        // The chain anchored outside the database (fifth stage): the head as the close finds it, everything
        // the day recorded before the close under it. On PostgreSQL the close's own event is hashed only at
        // the commit, so the close keeps the head before it, the same on both databases.
        const head = await trx
          .selectFrom('audit_head')
          .select(['seq', 'hash'])
          .where('id', '=', 1)
          .executeTakeFirstOrThrow();
        const chainHead = { seq: Number(head.seq), hash: head.hash };
        const inserted = await trx
          .insertInto('day_closes')
          .values({
            day,
            figures: JSON.stringify(figures),
            counted_cash: input.countedCash,
            difference,
            note: input.note,
            closed_at: change.at,
            closed_by: by,
            chain_head_seq: chainHead.seq,
            chain_head_hash: chainHead.hash,
          })
          .onConflict((oc) => oc.column('day').where('reopened_at', 'is', null).doNothing())
          .returning('id')
          .executeTakeFirst();
        if (!inserted) {
          const winner = await standingClose(trx, day);
          throw alreadyClosed(day, winner);
        }
        await appendAudit(trx, {
          ...change,
          action: 'day.closed',
          subject: subject('day', day),
          details: {
            ...auditFigures(figures),
            countedCash: input.countedCash,
            difference,
            note: input.note,
            chainHead,
          },
        });
        const close: DayClose = {
          countedCash: input.countedCash,
          difference,
          note: input.note,
          by,
          at: change.at,
        };
        return { ...figures, close };
      });
    },

    /**
     * Reopens a closed day: its close stays on record, marked reopened with who, when and why, and the day
     * counts live again until it is closed anew. 409 when it is not closed.
     */
    reopen(day: string, reason: string, settings: DaySettings, change: Change): Promise<DaySummary> {
      const by = actorLabel(change.actor);
      return kysely.transaction().execute(async (trx) => {
        const reopened = await trx
          .updateTable('day_closes')
          .set({ reopened_at: change.at, reopened_by: by, reopen_reason: reason })
          .where('day', '=', day)
          .where('reopened_at', 'is', null)
          .returning(closeColumns)
          .executeTakeFirst();
        if (!reopened) {
          throw new HttpError(409, 'conflict', `${day} is not closed: there is no close to reopen`);
        }
        const figures = await dayFigures(trx, day, settings);
        await appendAudit(trx, {
          ...change,
          action: 'day.reopened',
          subject: subject('day', day),
          details: { ...auditFigures(frozen(reopened)), close: closeOf(reopened), reason },
        });
        return { ...figures, close: null };
      });
    },
  };
}

function alreadyClosed(day: string, close: CloseRow | undefined): HttpError {
  const who = close ? ` by ${close.closed_by} at ${close.closed_at}` : '';
  return new HttpError(
    409,
    'conflict',
    `${day} was already closed${who}: a manager can reopen it to count again`,
  );
}

import fc from 'fast-check';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { lastAuditEvent } from '../../../tests/support/last-audit-event';
import { describeEachDatabase, type TestApp } from '../../../tests/support/test-app';
import { auditActions } from '../../shared/audit-types';
import { type Actor, guestActor } from '../../shared/team';
import {
  type AuditEntry,
  appendAudit,
  appendAudits,
  auditActorOf,
  eventHash,
  eventJsonAroundSeq,
  recordAudit,
  subject,
} from './audit-log';
import { auditColumns, eventOf } from './audit-rows';
import { canonicalJson } from './canonical-json';
import { verifyChain } from './verify-chain';

// Details as staff type them: Thai, emoji, quotes, backslashes, a NUL, text that looks like the event's own
// keys. Names, subjects and ids are columns of their own, and PostgreSQL's text holds no NUL (the staff and
// drink schemas refuse control characters before they get here).
const text = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 16 }),
  fc.constantFrom('น้อย', 'Chang 🍺', '"seq":1', '\\"', 'a\u0000b', ',"subject":{}'),
);
const column = text.map((value) => value.replaceAll('\u0000', ''));

const entry: fc.Arbitrary<AuditEntry> = fc.record({
  actor: fc.oneof(
    fc.constant<Actor>(guestActor),
    fc.record({
      kind: fc.constant('staff' as const),
      id: fc.integer({ min: 1, max: 1e6 }),
      name: column,
      role: fc.constantFrom('manager' as const, 'desk' as const, 'housekeeping' as const),
      device: fc.option(fc.record({ id: fc.integer({ min: 1, max: 1e6 }), name: column })),
    }),
  ),
  action: fc.constantFrom(...auditActions),
  subject: fc.record({ type: column, id: fc.option(column) }),
  details: fc.dictionary(
    text,
    fc.oneof(text, fc.integer(), fc.constant(null), fc.array(text, { maxLength: 2 })),
  ),
  at: fc.date({ noInvalidDate: true, min: new Date(0) }).map((date) => date.toISOString()),
});

describe('eventJsonAroundSeq', () => {
  it('cut around any seq, joins back into the canonical JSON of the event', () => {
    fc.assert(
      fc.property(entry, fc.integer({ min: 1, max: 2 ** 31 }), (e, seq) => {
        const event = {
          at: e.at,
          actor: e.actor,
          action: e.action,
          subject: e.subject,
          details: e.details ?? {},
        };
        const [prefix, suffix] = eventJsonAroundSeq(event);
        expect(prefix + seq + suffix).toBe(canonicalJson({ ...event, seq }));
      }),
    );
  });
});

describeEachDatabase('appendAudit', ({ dialect, fresh }) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await fresh();
  });

  it('appends any event so that the chain verifies and each hash is the one eventHash makes', async () => {
    const samples = fc.sample(entry, { numRuns: 60, seed: 17 });
    const before = await t.db.kysely
      .selectFrom('audit_head')
      .select(['seq', 'hash'])
      .executeTakeFirstOrThrow();
    let previous = before.hash;
    for (const sample of samples) {
      await recordAudit(t.db.kysely, {
        ...sample,
        subject: subject(sample.subject.type, sample.subject.id),
      });
      const appended = await lastAuditEvent(t.db.kysely);
      const { hash, ...unhashed } = appended;
      expect(hash).toBe(eventHash(previous, unhashed));
      previous = hash;
    }
    const verdict = await verifyChain(t.db.kysely);
    expect(verdict).toMatchObject({
      ok: true,
      events: Number(before.seq) + samples.length,
      lastHash: previous,
    });
  });

  it("appends a transaction's events in one go, each chained as if it had a row of its own", async () => {
    const k = t.db.kysely;
    const [a, b, c, d, ...others] = fc
      .sample(entry, { numRuns: 9, seed: 29 })
      .map((sample) => ({ ...sample, subject: subject(sample.subject.type, sample.subject.id) })) as [
      AuditEntry,
      AuditEntry,
      AuditEntry,
      AuditEntry,
      ...AuditEntry[],
    ];
    // Another event of the same change (instant, actor, device, subject): on PostgreSQL it rides in the pending
    // row of the one before it (migration 022), two to a row.
    const alike = (base: AuditEntry, other: AuditEntry | undefined): AuditEntry => ({
      ...base,
      action: other?.action ?? base.action,
      details: other?.details ?? {},
    });
    const entries = [
      a,
      alike(a, others[0]),
      b,
      c,
      alike(c, others[1]),
      alike(c, others[2]),
      d,
      alike(d, others[3]),
    ];
    const before = await k.selectFrom('audit_head').select(['seq', 'hash']).executeTakeFirstOrThrow();
    await k.transaction().execute(async (trx) => {
      await appendAudits(trx, entries);
      if (dialect === 'postgres') {
        const { rows } = await sql<{ n: number; paired: number }>`
          select count(*)::int as n, count(then_action)::int as paired from audit_pending`.execute(trx);
        expect(rows[0]).toEqual({ n: 5, paired: 3 });
      }
    });
    const stored = await k
      .selectFrom('audit_events')
      .select(auditColumns)
      .where('seq', '>', before.seq)
      .orderBy('seq')
      .execute();
    let previous = before.hash;
    expect(stored.map(eventOf)).toEqual(
      entries.map((appended, index) => {
        const event = {
          at: appended.at,
          actor: auditActorOf(appended.actor),
          action: appended.action,
          subject: appended.subject,
          details: appended.details ?? {},
          seq: Number(before.seq) + index + 1,
        };
        previous = eventHash(previous, event);
        return { ...event, hash: previous };
      }),
    );
    expect(await verifyChain(k)).toMatchObject({ ok: true, lastHash: previous });
  });

  it('numbers events in the order their transactions commit; a change rolled back leaves no event', async () => {
    const k = t.db.kysely;
    const headSeq = async () =>
      Number((await k.selectFrom('audit_head').select('seq').executeTakeFirstOrThrow()).seq);
    const payment = (checkout: number): AuditEntry => ({
      actor: guestActor,
      action: 'payment.recorded',
      subject: subject('checkout', checkout),
      at: '2026-04-10T10:00:00.000Z',
    });
    const start = await headSeq();

    await expect(
      k.transaction().execute(async (trx) => {
        await appendAudit(trx, payment(100));
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await headSeq()).toBe(start);

    if (dialect === 'postgres') {
      // The first transaction appends first but commits last. The head is taken at the commit, so the
      // second neither waits for the first nor gets a seq below it.
      let mayCommit = () => {};
      const released = new Promise<void>((resolve) => {
        mayCommit = resolve;
      });
      let appended = () => {};
      const firstAppended = new Promise<void>((resolve) => {
        appended = resolve;
      });
      const first = k.transaction().execute(async (trx) => {
        await appendAudit(trx, payment(101));
        appended();
        await released;
      });
      await firstAppended;
      await recordAudit(k, payment(102));
      mayCommit();
      await first;
      const pending = await sql<{ n: number }>`select count(*)::int as n from audit_pending`.execute(k);
      expect(pending.rows[0]?.n).toBe(0);
    } else {
      await recordAudit(k, payment(102));
      await recordAudit(k, payment(101));
    }

    const events = await k
      .selectFrom('audit_events')
      .select(['seq', 'subject_id'])
      .where('seq', '>', start)
      .orderBy('seq')
      .execute();
    expect(events).toEqual([
      { seq: start + 1, subject_id: '102' },
      { seq: start + 2, subject_id: '101' },
    ]);
    expect(await verifyChain(k)).toMatchObject({ ok: true, events: start + 2 });
  });

  it("chains a transaction's several events in the order appended, next to another transaction's", async () => {
    const k = t.db.kysely;
    const start = Number((await k.selectFrom('audit_head').select('seq').executeTakeFirstOrThrow()).seq);
    const event = (checkout: number, action: AuditEntry['action']): AuditEntry => ({
      actor: guestActor,
      action,
      subject: subject('checkout', checkout),
      details: { bungalow: 7, number: `ABB2611-${String(checkout).padStart(5, '0')}` },
      at: '2026-11-10T10:00:00.000Z',
    });
    const three = (checkout: number) => [
      event(checkout, 'checkout.recorded'),
      event(checkout, 'document.issued'),
      event(checkout, 'payment.recorded'),
    ];
    if (dialect === 'postgres') {
      // Appends of two transactions interleaved; the second commits first, and each keeps its order.
      let appended = 0;
      let turn = () => {};
      const nextTurn = () =>
        new Promise<void>((resolve) => {
          turn = resolve;
        });
      let waitFor = nextTurn();
      const steps = async (
        checkout: number,
        mine: (count: number) => boolean,
        beforeCommit?: () => Promise<unknown>,
      ) =>
        k.transaction().execute(async (trx) => {
          for (const entry of three(checkout)) {
            while (!mine(appended)) await waitFor;
            await appendAudit(trx, entry);
            appended += 1;
            const done = turn;
            waitFor = nextTurn();
            done();
          }
          await beforeCommit?.();
        });
      // The first to append commits last: it waits for the other's commit (else the two COMMITs race).
      let second: Promise<unknown> | undefined;
      const first = steps(
        201,
        (count) => count % 2 === 0,
        () => second as Promise<unknown>,
      );
      second = steps(202, (count) => count % 2 === 1);
      await Promise.all([first, second]);
    } else {
      await k.transaction().execute(async (trx) => {
        for (const entry of three(202)) await appendAudit(trx, entry);
      });
      await k.transaction().execute(async (trx) => {
        for (const entry of three(201)) await appendAudit(trx, entry);
      });
    }
    const events = await k
      .selectFrom('audit_events')
      .select(['seq', 'subject_id', 'action'])
      .where('seq', '>', start)
      .orderBy('seq')
      .execute();
    expect(events).toEqual(
      [...three(202), ...three(201)].map((entry, index) => ({
        seq: start + index + 1,
        subject_id: entry.subject.id,
        action: entry.action,
      })),
    );
    if (dialect === 'postgres') {
      const pending = await sql<{ n: number }>`select count(*)::int as n from audit_pending`.execute(k);
      expect(pending.rows[0]?.n).toBe(0);
    }
    expect(await verifyChain(k)).toMatchObject({ ok: true, events: start + 6 });
  });
});

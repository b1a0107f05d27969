import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { describeEachDatabase, type TestApp } from '../../../tests/support/test-app';
import { auditActions } from '../../shared/audit-types';
import { type Actor, guestActor } from '../../shared/team';
import { type AuditEntry, eventHash, eventJsonAroundSeq, recordAudit, subject } from './audit-log';
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

describeEachDatabase('appendAudit', ({ fresh }) => {
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
      const appended = await recordAudit(t.db.kysely, {
        ...sample,
        subject: subject(sample.subject.type, sample.subject.id),
      });
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
});

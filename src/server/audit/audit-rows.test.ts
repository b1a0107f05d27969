import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { auditActions } from '../../shared/audit-types';
import { type AuditRow, canonicalRowJson, eventOf } from './audit-rows';
import { canonicalJson } from './canonical-json';

const text = fc.string({ unit: 'binary', maxLength: 20 });
const details = fc.dictionary(
  text,
  fc.oneof(
    text,
    fc.integer(),
    fc.constant(null),
    fc.array(fc.integer(), { maxLength: 3 }),
    fc.dictionary(text, text),
  ),
  { maxKeys: 5 },
);

const row = fc.record({
  seq: fc.integer({ min: 1, max: 2 ** 31 }),
  at: fc.date({ noInvalidDate: true }).map((date) => date.toISOString()),
  actor_id: fc.option(fc.integer({ min: 1, max: 1e9 })),
  actor_name: text,
  actor_role: fc.constantFrom('owner', 'manager', 'desk', 'housekeeping', 'guest'),
  device: fc.option(fc.record({ id: fc.integer({ min: 1, max: 1e6 }), name: text })),
  action: fc.constantFrom(...auditActions),
  subject_type: text,
  subject_id: fc.option(text),
  details,
});

describe('canonicalRowJson', () => {
  it('is the canonical JSON of the event the API answers (minus its hash), for any row', () => {
    fc.assert(
      fc.property(row, ({ device, details: values, ...rest }) => {
        const stored: AuditRow = {
          ...rest,
          device_id: device?.id ?? null,
          device_name: device?.name ?? null,
          details: canonicalJson(values),
          hash: 'h',
        };
        const { hash: _hash, ...event } = eventOf(stored);
        expect(canonicalRowJson(stored)).toBe(canonicalJson(event));
      }),
      { numRuns: 500 },
    );
  });
});

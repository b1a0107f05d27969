import { expect, it } from 'vitest';
import { queryPlan } from '../../../tests/support/query-plan';
import { describeEachDatabase, type TestApp } from '../../../tests/support/test-app';
import { auditQuerySchema } from '../../shared/audit-schemas';
import { auditPageQuery } from './audit.repo';

/**
 * Migration 019's partial indexes serve the Activity page's filters only while the queries hold their
 * conditions as written (audit-indexes.ts): a plan that no longer names the index reads the whole chain.
 */
describeEachDatabase("the audit's partial indexes", ({ dialect, fresh }) => {
  /** The plan of the Activity page's query for `filters` (the GET /api/audit query string's fields). */
  function planOf(t: TestApp, filters: Record<string, string>): Promise<string> {
    const query = auditPageQuery(t.db.kysely, auditQuerySchema.parse(filters), 'Asia/Bangkok').compile();
    return queryPlan(t.db.kysely, dialect, query, { generic: true });
  }

  it('a staff action and the owner are found through their indexes; a checkout’s own events by seq', async () => {
    const t = await fresh();
    expect(await planOf(t, { action: 'payment.recorded' })).toContain('audit_events_action_idx');
    expect(await planOf(t, { action: 'guest.saved', actor: 'owner' })).toMatch(
      /audit_events_(action|owner)_idx/,
    );
    expect(await planOf(t, { actor: 'owner' })).toContain('audit_events_owner_idx');
    for (const action of ['checkout.recorded', 'document.issued']) {
      const plan = await planOf(t, { action });
      expect(plan).not.toContain('audit_events_action_idx');
    }
    expect(await planOf(t, { actor: 'guest' })).not.toContain('audit_events_owner_idx');
  });
});

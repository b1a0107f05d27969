import { CompiledQuery, sql } from 'kysely';
import { expect, it } from 'vitest';
import { describeEachDatabase, type TestApp } from '../../../tests/support/test-app';
import { auditQuerySchema } from '../../shared/audit-schemas';
import { auditPageQuery } from '../routes/audit/audit.repo';

/**
 * Migration 019's partial indexes serve the Activity page's filters only while the queries hold their
 * conditions as written (audit-indexes.ts): a plan that no longer names the index reads the whole chain.
 */
describeEachDatabase("the audit's partial indexes", ({ dialect, fresh }) => {
  /** The plan of the Activity page's query for `filters` (the GET /api/audit query string's fields). */
  async function planOf(t: TestApp, filters: Record<string, string>): Promise<string> {
    const query = auditQuerySchema.parse(filters);
    const compiled = auditPageQuery(t.db.kysely, query, 'Asia/Bangkok').compile();
    if (dialect === 'sqlite') {
      const plan = await t.db.kysely.executeQuery<{ detail: string }>(
        CompiledQuery.raw(`explain query plan ${compiled.sql}`, [...compiled.parameters]),
      );
      return plan.rows.map((row) => row.detail).join('\n');
    }
    // A few rows: PostgreSQL would read them all whatever the indexes; told not to, it shows what it can use.
    // The plan made without the values, as a prepared statement gets after its first runs (database.ts names
    // them): a value proves nothing there.
    const literal = (value: unknown) =>
      typeof value === 'number' ? String(value) : `'${String(value).replaceAll("'", "''")}'`;
    return t.db.kysely.transaction().execute(async (trx) => {
      await sql`set local enable_seqscan = off`.execute(trx);
      await sql`set local plan_cache_mode = force_generic_plan`.execute(trx);
      await sql.raw(`prepare audit_plan_test as ${compiled.sql}`).execute(trx);
      const plan = await sql<{ 'QUERY PLAN': string }>`${sql.raw(
        `explain execute audit_plan_test(${compiled.parameters.map(literal).join(', ')})`,
      )}`.execute(trx);
      await sql`deallocate audit_plan_test`.execute(trx);
      return plan.rows.map((row) => row['QUERY PLAN']).join('\n');
    });
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

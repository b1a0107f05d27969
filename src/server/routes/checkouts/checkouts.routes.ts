import { Hono } from 'hono';
import { checkoutInputSchema } from '../../../shared/schemas';
import { requireAdmin } from '../../auth/require-admin';
import type { AppDeps } from '../../deps';
import { readJson } from '../../http/validate';
import { createCheckoutsRepo } from './checkouts.repo';

const RECENT_LIMIT = 50;

export function checkoutsRoutes(deps: AppDeps) {
  const repo = createCheckoutsRepo(deps.db);

  return new Hono()
    .post('/', async (c) => {
      const input = await readJson(c, checkoutInputSchema);
      const checkout = await repo.record(input, new Date(deps.now()).toISOString());
      return c.json(checkout, 201);
    })
    .get('/', requireAdmin(deps), async (c) => c.json(await repo.recent(RECENT_LIMIT)));
}

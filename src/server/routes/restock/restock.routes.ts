import { Hono } from 'hono';
import { bungalowParamSchema, restockInputSchema } from '../../../shared/staff-schemas';
import { requireAdmin } from '../../auth/require-admin';
import type { AppDeps } from '../../deps';
import { readJson, readParams } from '../../http/validate';
import { createRestockRepo } from './restock.repo';

export function restockRoutes(deps: AppDeps) {
  const repo = createRestockRepo(deps.db);
  const admin = requireAdmin(deps);

  return new Hono()
    .get('/', admin, async (c) => c.json(await repo.list()))
    .post('/:bungalow', admin, async (c) => {
      const { bungalow } = readParams(c, bungalowParamSchema);
      await readJson(c, restockInputSchema);
      return c.json(await repo.restock(bungalow, new Date(deps.now()).toISOString()), 201);
    });
}

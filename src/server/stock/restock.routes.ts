import { Hono } from 'hono';
import { bungalowParamSchema } from '../../shared/staff-schemas';
import { restockInputSchema } from '../../shared/stock-schemas';
import { changeBy, requireRight } from '../auth/actor';
import type { AppDeps } from '../deps';
import { readJson, readParams } from '../http/validate';
import { createRestockRepo } from './restock.repo';

export function restockRoutes(deps: AppDeps) {
  const repo = createRestockRepo(deps.db);
  const fridge = requireRight(deps, 'fridge');

  return new Hono()
    .get('/', fridge, async (c) => c.json(await repo.list()))
    .post('/:bungalow', fridge, async (c) => {
      const { bungalow } = readParams(c, bungalowParamSchema);
      const input = await readJson(c, restockInputSchema);
      return c.json(await repo.restock(bungalow, input, await changeBy(c, deps)), 201);
    });
}

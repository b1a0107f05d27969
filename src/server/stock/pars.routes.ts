import { Hono } from 'hono';
import { bungalowParamSchema } from '../../shared/staff-schemas';
import { parsInputSchema } from '../../shared/stock-schemas';
import { changeBy, requireRight } from '../auth/actor';
import type { AppDeps } from '../deps';
import { notFound } from '../http/errors';
import { readJson, readParams } from '../http/validate';
import { createParsRepo } from './pars.repo';

/** GET /api/pars (who reads stock), PUT /api/pars and DELETE /api/pars/:bungalow (owner, manager). */
export function parsRoutes(deps: AppDeps) {
  const repo = createParsRepo(deps.db);
  const read = requireRight(deps, 'stockRead');
  const write = requireRight(deps, 'stock');
  return new Hono()
    .get('/', read, async (c) => c.json(await repo.list()))
    .put('/', write, async (c) => {
      const input = await readJson(c, parsInputSchema);
      return c.json(await repo.set(input, await changeBy(c, deps)));
    })
    .delete('/:bungalow', write, async (c) => {
      const { bungalow } = readParams(c, bungalowParamSchema);
      if (!(await repo.clear(bungalow, await changeBy(c, deps))))
        throw notFound(`Pars of bungalow ${bungalow}`);
      return c.json(await repo.list());
    });
}

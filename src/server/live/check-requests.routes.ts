import { Hono } from 'hono';
import { checkRequestInputSchema } from '../../shared/check-request-schemas';
import { idParamSchema } from '../../shared/schemas';
import { changeBy, requireRight } from '../auth/actor';
import type { AppDeps } from '../deps';
import { readJson, readParams } from '../http/validate';
import { createCheckRequestsRepo } from './check-requests.repo';

/**
 * Check requests (DESIGN.md): the desk asks for a fridge check (frontDesk); every session sees the open ones;
 * housekeeping answers "Nothing missing" (fridge), or the next checkout of the bungalow answers it.
 */
export function checkRequestsRoutes(deps: AppDeps) {
  const repo = createCheckRequestsRepo(deps.db);
  return new Hono()
    .get('/', requireRight(deps, 'live'), async (c) => c.json(await repo.listOpen()))
    .post('/', requireRight(deps, 'frontDesk'), async (c) => {
      const { bungalow } = await readJson(c, checkRequestInputSchema);
      const { request, created } = await repo.open(bungalow, await changeBy(c, deps));
      return c.json(request, created ? 201 : 200);
    })
    .post('/:id/nothing-missing', requireRight(deps, 'fridge'), async (c) => {
      const { id } = readParams(c, idParamSchema);
      return c.json(await repo.nothingMissing(id, await changeBy(c, deps)));
    });
}

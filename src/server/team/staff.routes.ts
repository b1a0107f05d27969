import { Hono } from 'hono';
import { idParamSchema } from '../../shared/schemas';
import { staffCreateSchema, staffUpdateSchema, teamTexts } from '../../shared/team-schemas';
import { changeBy, deviceOf, requireRight } from '../auth/actor';
import type { AppDeps } from '../deps';
import { HttpError } from '../http/errors';
import { readJson, readParams } from '../http/validate';
import { createStaffRepo } from './staff.repo';

/** The resort's team (owner, managers): a person is added, changed, deactivated; never deleted (405). */
export function staffRoutes(deps: AppDeps) {
  const repo = createStaffRepo(deps.db);
  const team = requireRight(deps, 'team');

  return (
    new Hono()
      .get('/', team, async (c) => c.json(await repo.list()))
      .post('/', team, async (c) => {
        const input = await readJson(c, staffCreateSchema);
        return c.json(await repo.create(input, await changeBy(c, deps)), 201);
      })
      // Before anyone signs in: the names "Who is working?" shows, only to a device the resort registered.
      .get('/roster', async (c) => {
        if (!(await deviceOf(c, deps))) throw new HttpError(403, 'forbidden', teamTexts.rosterNeedsDevice);
        return c.json(await repo.roster());
      })
      .put('/:id', team, async (c) => {
        const { id } = readParams(c, idParamSchema);
        const input = await readJson(c, staffUpdateSchema);
        return c.json(await repo.update(id, input, await changeBy(c, deps)));
      })
  );
}

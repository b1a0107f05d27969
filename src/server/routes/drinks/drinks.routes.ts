import { Hono } from 'hono';
import { drinkInputSchema, idParamSchema } from '../../../shared/schemas';
import { requireAdmin } from '../../auth/require-admin';
import type { AppDeps } from '../../deps';
import { notFound } from '../../http/errors';
import { readJson, readParams } from '../../http/validate';
import { createDrinksRepo } from './drinks.repo';

export function drinksRoutes(deps: AppDeps) {
  const repo = createDrinksRepo(deps.db);
  const admin = requireAdmin(deps);

  return new Hono()
    .get('/', async (c) => c.json(await repo.list()))
    .post('/', admin, async (c) => {
      const input = await readJson(c, drinkInputSchema);
      return c.json(await repo.add(input), 201);
    })
    .put('/:id', admin, async (c) => {
      const { id } = readParams(c, idParamSchema);
      const input = await readJson(c, drinkInputSchema);
      const drink = await repo.update(id, input);
      if (!drink) throw notFound('Drink');
      return c.json(drink);
    })
    .delete('/:id', admin, async (c) => {
      const { id } = readParams(c, idParamSchema);
      if (!(await repo.remove(id))) throw notFound('Drink');
      return c.body(null, 204);
    });
}

import { Hono } from 'hono';
import type { Guest } from '../../../shared/api-types';
import { guestInputSchema } from '../../../shared/schemas';
import { isAdmin, requireAdmin } from '../../auth/require-admin';
import type { AppDeps } from '../../deps';
import { readJson } from '../../http/validate';
import { createGuestRepo } from './guest.repo';

export function guestRoutes(deps: AppDeps) {
  const repo = createGuestRepo(deps.db);

  return new Hono()
    .get('/', async (c) => {
      const guest = await repo.first();
      if (!guest) return c.json(null);
      // The email is personal data: only staff see it.
      const body: Guest = (await isAdmin(c, deps)) ? guest : { id: guest.id, name: guest.name };
      return c.json(body);
    })
    .put('/', requireAdmin(deps), async (c) => {
      const input = await readJson(c, guestInputSchema);
      return c.json(await repo.save(input));
    });
}

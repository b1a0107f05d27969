import { Hono } from 'hono';
import type { Guest } from '../../shared/api-types';
import { guestReadOnlyFields } from '../../shared/read-only-fields';
import { guestInputSchema } from '../../shared/schemas';
import { changeBy, isStaff, requireRight } from '../auth/actor';
import type { AppDeps } from '../deps';
import { readJsonBack } from '../http/validate';
import { createGuestRepo } from './guest.repo';

export function guestRoutes(deps: AppDeps) {
  const repo = createGuestRepo(deps.db);

  return new Hono()
    .get('/', async (c) => {
      const guest = await repo.first();
      if (!guest) return c.json(null);
      // The email is personal data: only staff see it.
      const body: Guest = (await isStaff(c, deps)) ? guest : { id: guest.id, name: guest.name };
      return c.json(body);
    })
    .put('/', requireRight(deps, 'frontDesk'), async (c) => {
      // What GET /api/guest answered may come back as it is, with its id.
      const { input, sent } = await readJsonBack(c, guestInputSchema, guestReadOnlyFields);
      const held = await repo.first();
      sent.mustMatch({ id: held ? [held.id] : [] });
      return c.json(await repo.save(input, await changeBy(c, deps)));
    });
}

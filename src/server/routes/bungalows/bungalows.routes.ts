import { Hono } from 'hono';
import { bungalowParamSchema } from '../../../shared/staff-schemas';
import { stayInputSchema } from '../../../shared/stay-schemas';
import { requireAdmin } from '../../auth/require-admin';
import type { AppDeps } from '../../deps';
import { HttpError } from '../../http/errors';
import { readJson, readParams } from '../../http/validate';
import { createSettingsRepo } from '../settings/settings.repo';
import { createBungalowsRepo } from './bungalows.repo';

/** Stays: a guest per bungalow (admin only: a stay's name and email are never public). */
export function bungalowsRoutes(deps: AppDeps) {
  const repo = createBungalowsRepo(deps.db);
  const admin = requireAdmin(deps);
  const settings = createSettingsRepo(deps.db);

  return (
    new Hono()
      .get('/', admin, async (c) => {
        const { bungalowNumbers } = await settings.read();
        return c.json(await repo.list(bungalowNumbers));
      })
      // Public, and only a yes or no: never the stay's name or email.
      .get('/:bungalow/guest', async (c) => {
        const { bungalow } = readParams(c, bungalowParamSchema);
        return c.json({ onFile: await repo.guestOnFile(bungalow) });
      })
      .get('/:bungalow/stays', admin, async (c) => {
        const { bungalow } = readParams(c, bungalowParamSchema);
        return c.json(await repo.stays(bungalow));
      })
      .put('/:bungalow/stay', admin, async (c) => {
        const { bungalow } = readParams(c, bungalowParamSchema);
        const input = await readJson(c, stayInputSchema);
        const { stay, opened } = await repo.putStay(bungalow, input, new Date(deps.now()).toISOString());
        return c.json(stay, opened ? 201 : 200);
      })
      .delete('/:bungalow/stay', admin, async (c) => {
        const { bungalow } = readParams(c, bungalowParamSchema);
        const ended = await repo.endStay(bungalow, new Date(deps.now()).toISOString());
        if (!ended) throw new HttpError(404, 'not_found', `Bungalow ${bungalow} has no guest checked in`);
        return c.body(null, 204);
      })
  );
}

import { Hono } from 'hono';
import { stayReadOnlyFields } from '../../shared/read-only-fields';
import { bungalowParamSchema } from '../../shared/staff-schemas';
import { stayInputSchema } from '../../shared/stay-schemas';
import { changeBy, requireRight } from '../auth/actor';
import type { AppDeps } from '../deps';
import { HttpError } from '../http/errors';
import { readJsonBack, readParams } from '../http/validate';
import { createSettingsRepo } from '../settings/settings.repo';
import { createBungalowsRepo } from './bungalows.repo';

/** Stays: a guest per bungalow (admin only: a stay's name and email are never public). */
export function bungalowsRoutes(deps: AppDeps) {
  const repo = createBungalowsRepo(deps.db);
  const frontDesk = requireRight(deps, 'frontDesk');
  const settings = createSettingsRepo(deps.db);

  return (
    new Hono()
      .get('/', frontDesk, async (c) => {
        const { bungalowNumbers } = await settings.read();
        return c.json(await repo.list(bungalowNumbers));
      })
      // Public, and only a yes or no: never the stay's name or email.
      .get('/:bungalow/guest', async (c) => {
        const { bungalow } = readParams(c, bungalowParamSchema);
        return c.json({ onFile: await repo.guestOnFile(bungalow) });
      })
      .get('/:bungalow/stays', frontDesk, async (c) => {
        const { bungalow } = readParams(c, bungalowParamSchema);
        return c.json(await repo.stays(bungalow));
      })
      .put('/:bungalow/stay', frontDesk, async (c) => {
        const { bungalow } = readParams(c, bungalowParamSchema);
        // The open stay as GET /api/bungalows gave it may come back as it is; a past stay (checkedOutAt set) or
        // another stay's id is refused rather than reopened or mixed up.
        const { input, sent } = await readJsonBack(c, stayInputSchema, stayReadOnlyFields);
        const open = await repo.openStay(bungalow);
        sent.mustMatch({
          id: open ? [open.id] : [],
          bungalow: [bungalow],
          checkedInAt: open ? [open.checkedInAt] : [],
          checkedOutAt: [null],
        });
        const { stay, opened } = await repo.putStay(bungalow, input, await changeBy(c, deps));
        return c.json(stay, opened ? 201 : 200);
      })
      .delete('/:bungalow/stay', frontDesk, async (c) => {
        const { bungalow } = readParams(c, bungalowParamSchema);
        const ended = await repo.endStay(bungalow, await changeBy(c, deps));
        if (!ended) throw new HttpError(404, 'not_found', `Bungalow ${bungalow} has no guest checked in`);
        return c.body(null, 204);
      })
  );
}

import { Hono } from 'hono';
import { localDayOf } from '../../shared/local-days';
import { roundQuerySchema } from '../../shared/round-types';
import { requireRight } from '../auth/actor';
import type { AppDeps } from '../deps';
import { HttpError } from '../http/errors';
import { readQuery } from '../http/validate';
import { createPmsRepo } from '../pms/pms.repo';
import { adapterOf, pmsDispatcher } from '../pms/pms-poster';
import { createSettingsRepo } from '../settings/settings.repo';
import { createRoundRepo, dayWindow } from './round.repo';

/**
 * GET /api/round?day=YYYY-MM-DD (right `fridge`: housekeeping's phone and the desk): the resort's day as the
 * round walks it. With a PMS connected its departures, stays and arrivals come from the PMS; without one, or
 * when it does not answer (said in `pmsError`), from the app's own stays.
 */
export function roundRoutes(deps: AppDeps) {
  const repo = createRoundRepo(deps.db);
  const pms = createPmsRepo(deps.db);
  const settings = createSettingsRepo(deps.db);
  const dispatcher = pmsDispatcher(deps.config.webhooks.allowedHosts);

  return new Hono().get('/', requireRight(deps, 'fridge'), async (c) => {
    const query = readQuery(c, roundQuerySchema);
    const { timeZone } = await settings.read();
    const day = query.day ?? localDayOf(deps.now(), timeZone);
    let pmsError: string | null = null;
    if (await pms.get()) {
      // A stored secret this server's key does not open (decision 234) is a reason like the PMS's own: the
      // round goes on from the app's stays and says why.
      const answer = await pms.settings().then(
        (stored) => adapterOf(stored, dispatcher).day(dayWindow(day, timeZone)),
        (error: unknown) => {
          if (error instanceof HttpError) return { ok: false as const, reason: error.message };
          throw error;
        },
      );
      if (answer.ok)
        return c.json(await repo.round(day, timeZone, await repo.roomsFromPms(answer.value), 'pms', null));
      pmsError = answer.reason;
    }
    return c.json(
      await repo.round(day, timeZone, await repo.roomsFromStays(day, timeZone), 'stays', pmsError),
    );
  });
}

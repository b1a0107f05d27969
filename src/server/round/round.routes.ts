import { Hono } from 'hono';
import { localDayOf } from '../../shared/local-days';
import { roundQuerySchema } from '../../shared/round-types';
import { requireRight } from '../auth/actor';
import type { AppDeps } from '../deps';
import { readQuery } from '../http/validate';
import { createSettingsRepo } from '../settings/settings.repo';
import { createRoundRepo } from './round.repo';

/**
 * GET /api/round?day=YYYY-MM-DD (right `fridge`: housekeeping's phone and the desk): the resort's day as the
 * round walks it. With a PMS connected its departures, stays and arrivals come from the PMS; without one, or
 * when it does not answer (said in `pmsError`), from the app's own stays. The PMS's day is the app server's one
 * reader's (pms-day.ts, shared with the poster's schedule), kept a minute.
 */
export function roundRoutes(deps: AppDeps) {
  const repo = createRoundRepo(deps.db);
  const settings = createSettingsRepo(deps.db);

  return new Hono().get('/', requireRight(deps, 'fridge'), async (c) => {
    const query = readQuery(c, roundQuerySchema);
    const { timeZone } = await settings.read();
    const day = query.day ?? localDayOf(deps.now(), timeZone);
    let pmsError: string | null = null;
    const answer = await deps.pmsDay.read(day, timeZone);
    if (answer) {
      if (answer.ok)
        return c.json(await repo.round(day, timeZone, await repo.roomsFromPms(answer.value), 'pms', null));
      pmsError = answer.reason;
    }
    return c.json(
      await repo.round(day, timeZone, await repo.roomsFromStays(day, timeZone), 'stays', pmsError),
    );
  });
}

import { Hono } from 'hono';
import { consumptionQuerySchema } from '../../shared/staff-schemas';
import { requireRight } from '../auth/actor';
import type { AppDeps } from '../deps';
import { readQuery } from '../http/validate';
import { createSettingsRepo } from '../settings/settings.repo';
import { createConsumptionRepo } from './consumption.repo';

export function consumptionRoutes(deps: AppDeps) {
  const repo = createConsumptionRepo(deps.db);
  const settings = createSettingsRepo(deps.db);

  return new Hono().get('/', requireRight(deps, 'frontDesk'), async (c) => {
    const { days } = readQuery(c, consumptionQuerySchema);
    return c.json(await repo.period(days, deps.now(), (await settings.read()).timeZone));
  });
}

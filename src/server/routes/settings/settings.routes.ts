import { Hono } from 'hono';
import { publicPart } from '../../../shared/resort-settings';
import { resortSettingsInputSchema } from '../../../shared/resort-settings-schema';
import { isAdmin, requireAdmin } from '../../auth/require-admin';
import type { AppDeps } from '../../deps';
import { readJson } from '../../http/validate';
import { createSettingsRepo } from './settings.repo';

export function settingsRoutes(deps: AppDeps) {
  const repo = createSettingsRepo(deps.db);

  return new Hono()
    .get('/', async (c) => {
      const settings = await repo.read();
      // The bungalow list and the public address are the resort's business; guests get what the checkout needs.
      return c.json((await isAdmin(c, deps)) ? settings : publicPart(settings));
    })
    .put('/', requireAdmin(deps), async (c) => {
      const patch = await readJson(c, resortSettingsInputSchema);
      return c.json(await repo.update(patch));
    });
}

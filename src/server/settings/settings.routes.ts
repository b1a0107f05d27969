import { Hono } from 'hono';
import { resortSettingsDerivedFields } from '../../shared/read-only-fields';
import { parseBungalowList, publicPart } from '../../shared/resort-settings';
import { resortSettingsInputSchema } from '../../shared/resort-settings-schema';
import { changeBy, isStaff, requireRight } from '../auth/actor';
import type { AppDeps } from '../deps';
import { readJsonBack } from '../http/validate';
import { createSettingsRepo } from './settings.repo';

export function settingsRoutes(deps: AppDeps) {
  const repo = createSettingsRepo(deps.db);

  return new Hono()
    .get('/', async (c) => {
      const settings = await repo.read();
      // The bungalow list and the public address are the resort's business; guests get what the checkout needs.
      return c.json((await isStaff(c, deps, 'fridge')) ? settings : publicPart(settings));
    })
    .put('/', requireRight(deps, 'catalogue'), async (c) => {
      // The admin's GET may come back whole. Its bungalow numbers are accepted as they were (a client that
      // changed only the bungalows sends the old ones) or as the new bungalows give them.
      const { input: patch, sent } = await readJsonBack(
        c,
        resortSettingsInputSchema,
        resortSettingsDerivedFields,
      );
      const held = await repo.read();
      const derived = parseBungalowList(patch.bungalows ?? held.bungalows);
      sent.mustMatch({ bungalowNumbers: [held.bungalowNumbers, derived.ok ? derived.numbers : []] });
      return c.json(await repo.update(patch, await changeBy(c, deps)));
    });
}

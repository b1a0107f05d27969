import { Hono } from 'hono';
import type { StickerKey } from '../../../shared/api-types';
import { requireRight } from '../../auth/actor';
import { stickerKeyOf } from '../../auth/sticker-keys';
import type { AppDeps } from '../../deps';
import { createSettingsRepo } from '../settings/settings.repo';

/**
 * GET /api/stickers (who prints the stickers: owner, manager): the key `k` of each bungalow of the settings,
 * which its QR sticker's link carries (DESIGN.md, "Abuse resistance").
 */
export function stickersRoutes(deps: AppDeps) {
  const settings = createSettingsRepo(deps.db);
  return new Hono().get('/', requireRight(deps, 'catalogue'), async (c) => {
    const { bungalowNumbers } = await settings.read();
    const keys: StickerKey[] = await Promise.all(
      bungalowNumbers.map(async (bungalow) => ({ bungalow, k: await stickerKeyOf(deps.db, bungalow) })),
    );
    return c.json(keys);
  });
}

import { Hono } from 'hono';
import type { StickerKey } from '../../shared/api-types';
import { stickerRotateSchema } from '../../shared/staff-schemas';
import { appendAudit, subject } from '../audit/audit-log';
import { changeBy, requireRight } from '../auth/actor';
import { rotateStickerKeys, stickerKeysOf } from '../auth/sticker-keys';
import type { AppDeps } from '../deps';
import { readJson } from '../http/validate';
import { createSettingsRepo } from '../settings/settings.repo';

/**
 * GET /api/stickers (who prints the stickers: owner, manager): the key `k` of each bungalow of the settings,
 * which its QR sticker's link carries (DESIGN.md, "Abuse resistance"). POST /api/stickers/rotate replaces one
 * bungalow's key or all of them (a sticker photographed, a key passed around): the old ones count as no key
 * (DESIGN.md, "Books no one can rewrite"; decision 165).
 */
export function stickersRoutes(deps: AppDeps) {
  const settings = createSettingsRepo(deps.db);
  const catalogue = requireRight(deps, 'catalogue');
  const keys = async (): Promise<StickerKey[]> => {
    const { bungalowNumbers } = await settings.read();
    const byBungalow = await stickerKeysOf(deps.db, bungalowNumbers);
    return bungalowNumbers.map((bungalow) => ({ bungalow, k: byBungalow.get(bungalow) ?? '' }));
  };
  return new Hono()
    .get('/', catalogue, async (c) => c.json(await keys()))
    .post('/rotate', catalogue, async (c) => {
      const { bungalow } = await readJson(c, stickerRotateSchema);
      const change = await changeBy(c, deps);
      await deps.db.kysely.transaction().execute(async (trx) => {
        await rotateStickerKeys(trx, bungalow ?? null);
        await appendAudit(trx, {
          ...change,
          action: 'stickers.rotated',
          subject: subject('stickers', bungalow === undefined ? null : String(bungalow)),
          details: bungalow === undefined ? { all: true } : { bungalow },
        });
      });
      return c.json(await keys());
    });
}

import { Hono } from 'hono';
import { requireRight } from '../auth/actor';
import type { AppDeps } from '../deps';

/**
 * GET /api/backups/status: the last backup and whether one is a day old, for the Settings page (owner and
 * managers: the right that opens Settings). The backup folder's path is the operator's business, not a
 * guest's or the desk's.
 */
export function backupsRoutes(deps: AppDeps) {
  return new Hono().get('/status', requireRight(deps, 'catalogue'), async (c) =>
    c.json(await deps.backups.status()),
  );
}

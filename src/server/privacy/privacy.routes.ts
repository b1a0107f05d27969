import { Hono } from 'hono';
import { guestEraseSchema, guestExportQuerySchema, guestIdOf, guestSearchSchema } from '../../shared/privacy';
import { changeBy, requireRight } from '../auth/actor';
import type { AppDeps } from '../deps';
import { HttpError, notFound } from '../http/errors';
import { readJson, readQuery } from '../http/validate';
import { exportLanguageOf, guestExportHtml } from './export-page';
import { createPrivacyRepo } from './privacy.repo';

/**
 * Guests' personal data (DESIGN.md, "Guests' personal data"): find a guest, export everything held about
 * them, erase them. Owner and managers only (right `guestData`). Nothing here logs a name or an email: the
 * request log has the path (a `guest:<id>`), never the query.
 */
export function privacyRoutes(deps: AppDeps) {
  const repo = createPrivacyRepo(deps.db);
  const guestData = requireRight(deps, 'guestData');
  const guestIdParam = (ref: string) => {
    let decoded: string;
    try {
      decoded = decodeURIComponent(ref);
    } catch {
      // `%25` arrives as a lone `%`: no reference at all, the client's mistake (issue 49: was a 500).
      throw new HttpError(400, 'bad_request', 'The guest reference is not valid: expected guest:<number>');
    }
    const id = guestIdOf(decoded);
    if (id === null) throw notFound('Guest');
    return id;
  };

  return new Hono()
    .get('/guests', guestData, async (c) => {
      const { q } = readQuery(c, guestSearchSchema);
      return c.json(await repo.search(q, deps.now()));
    })
    .get('/guests/:guestRef/export', guestData, async (c) => {
      const id = guestIdParam(c.req.param('guestRef'));
      const { format, lang } = readQuery(c, guestExportQuerySchema);
      const data = await repo.export(id);
      if (!data) throw notFound('Guest');
      // On record (sixth stage): who exported whose data and when; no personal data in the event.
      await repo.recordExport(id, format ?? 'json', await changeBy(c, deps));
      if (format === 'html') {
        // A page the guest can read, in their language; the JSON's content.
        c.header('Content-Disposition', `inline; filename="guest-${id}.html"`);
        return c.html(guestExportHtml(data, exportLanguageOf(lang)));
      }
      c.header('Content-Disposition', `attachment; filename="guest-${id}.json"`);
      return c.json(data);
    })
    .post('/guests/:guestRef/erase', guestData, async (c) => {
      const id = guestIdParam(c.req.param('guestRef'));
      const input = await readJson(c, guestEraseSchema);
      const erased = await repo.erase(id, input.reason, await changeBy(c, deps));
      if (!erased) throw notFound('Guest');
      return c.json(erased);
    });
}

import { Hono } from 'hono';
import { drinkReadOnlyFields } from '../../shared/read-only-fields';
import { drinkInputSchema, drinkOrderInputSchema, idParamSchema } from '../../shared/schemas';
import { changeBy, requireRight } from '../auth/actor';
import type { AppDeps } from '../deps';
import { notFound, validationFailed } from '../http/errors';
import { readJson, readJsonBack, readParams } from '../http/validate';
import { type CatalogueBody, createCatalogueCache } from './catalogue-cache';
import { createDrinksRepo } from './drinks.repo';

export function drinksRoutes(deps: AppDeps) {
  const repo = createDrinksRepo(deps.db);
  const catalogue = createCatalogueCache(deps.db, repo);
  const catalogueWrite = requireRight(deps, 'catalogue');

  return (
    new Hono()
      .get('/', async (c) => catalogueResponse(await catalogue.current(), c.req.header('accept-encoding')))
      .post('/', catalogueWrite, async (c) => {
        const input = await readJson(c, drinkInputSchema);
        return c.json(await repo.add(input, await changeBy(c, deps)), 201);
      })
      // Before '/:id', which would take "order" for an id.
      .put('/order', catalogueWrite, async (c) => {
        const { ids } = await readJson(c, drinkOrderInputSchema);
        if (!(await repo.reorder(ids, await changeBy(c, deps)))) {
          const message = 'A listed drink does not exist: reload the drinks and try again';
          throw validationFailed(message, [{ path: 'ids', message }]);
        }
        return c.json(await repo.list());
      })
      .put('/:id', catalogueWrite, async (c) => {
        const { id } = readParams(c, idParamSchema);
        // A row of GET /api/drinks may come back as it is, with its id and place.
        const { input, sent } = await readJsonBack(c, drinkInputSchema, drinkReadOnlyFields);
        const held = await repo.get(id);
        if (!held) throw notFound('Drink');
        sent.mustMatch({ id: [held.id], sectionOrder: [held.sectionOrder] });
        const drink = await repo.update(id, input, await changeBy(c, deps));
        if (!drink) throw notFound('Drink');
        return c.json(drink);
      })
      .delete('/:id', catalogueWrite, async (c) => {
        const { id } = readParams(c, idParamSchema);
        if (!(await repo.remove(id, await changeBy(c, deps)))) throw notFound('Drink');
        return c.body(null, 204);
      })
  );
}

/**
 * The cached body as it is, compressed ahead when the client accepts it: with Content-Length and
 * Content-Encoding set, nothing downstream re-encodes or copies it per request.
 */
function catalogueResponse(body: CatalogueBody, acceptEncoding: string | undefined): Response {
  const headers: Record<string, string> = {
    'Content-Type': 'application/json; charset=utf-8',
    Vary: 'Accept-Encoding',
  };
  const encoding = body.gzip || body.brotli ? preferredEncoding(acceptEncoding) : undefined;
  const encoded = encoding === 'br' ? body.brotli : encoding === 'gzip' ? body.gzip : undefined;
  if (encoding && encoded) {
    headers['Content-Encoding'] = encoding;
    headers['Content-Length'] = String(encoded.length);
    return new Response(new Uint8Array(encoded), { status: 200, headers: new Headers(headers) });
  }
  headers['Content-Length'] = String(body.bytes);
  // A Headers object, not a plain one: @hono/node-server's Response would drop what the middleware adds to
  // plain-object headers if anything later reads its body.
  return new Response(body.json, { status: 200, headers: new Headers(headers) });
}

/** br over gzip; an encoding with q=0 is refused (RFC 9110 12.5.3). */
export function preferredEncoding(header: string | undefined): 'br' | 'gzip' | undefined {
  if (!header) return undefined;
  const accepted = new Set<string>();
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (q && Number(q.slice(2)) === 0) continue;
    accepted.add(name.trim());
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return undefined;
}

import { Hono } from 'hono';
import { checkoutInputSchema, idParamSchema } from '../../../shared/schemas';
import { csvFileName, staffLimits } from '../../../shared/staff-constants';
import { exportQuerySchema, historyQuerySchema, voidInputSchema } from '../../../shared/staff-schemas';
import { requireAdmin } from '../../auth/require-admin';
import type { AppDeps } from '../../deps';
import { notFound } from '../../http/errors';
import { readJson, readParams, readQuery } from '../../http/validate';
import { describeError } from '../../logger';
import { createCheckoutsRepo } from './checkouts.repo';
import { csvHeader, csvRows } from './csv';
import { createHistoryRepo } from './history.repo';

export function checkoutsRoutes(deps: AppDeps) {
  const repo = createCheckoutsRepo(deps.db);
  const history = createHistoryRepo(deps.db);
  const admin = requireAdmin(deps);

  return new Hono()
    .post('/', async (c) => {
      const input = await readJson(c, checkoutInputSchema);
      const checkout = await repo.record(input, new Date(deps.now()).toISOString());
      return c.json(checkout, 201);
    })
    .get('/', admin, async (c) => {
      const query = readQuery(c, historyQuerySchema);
      const { items, hasMore } = await history.page(query);
      // The body stays the plain array it was before paging; the next page is a standard Link header.
      if (hasMore) {
        const next = new URL(c.req.url);
        next.searchParams.set('page', String(query.page + 1));
        next.searchParams.set('pageSize', String(query.pageSize));
        c.header('Link', `<${next.pathname}${next.search}>; rel="next"`);
      }
      return c.json(items);
    })
    .get('/export.csv', admin, async (c) => {
      const query = readQuery(c, exportQuerySchema);
      const batches = history.exportBatches(query, staffLimits.exportBatch);
      const encoder = new TextEncoder();
      const logger = deps.logger;
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(encoder.encode(csvHeader));
        },
        async pull(controller) {
          try {
            const next = await batches.next();
            if (next.done) controller.close();
            else controller.enqueue(encoder.encode(next.value.map(csvRows).join('')));
          } catch (error) {
            // The 200 is already sent: the truncated download fails in the browser, the detail goes to the log.
            logger.error('csv export failed', describeError(error));
            controller.error(new Error('The export stopped: see the server log'));
          }
        },
        async cancel() {
          await batches.return(undefined);
        },
      });
      return c.body(body, 200, {
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': `attachment; filename="${csvFileName(query.from, query.to)}"`,
      });
    })
    .get('/:id', admin, async (c) => {
      const { id } = readParams(c, idParamSchema);
      const checkout = await history.get(id);
      if (!checkout) throw notFound('Checkout');
      return c.json(checkout);
    })
    .post('/:id/void', admin, async (c) => {
      const { id } = readParams(c, idParamSchema);
      const { reason } = await readJson(c, voidInputSchema);
      return c.json(await history.void(id, reason, new Date(deps.now()).toISOString()));
    });
}

import { type Context, Hono } from 'hono';
import { checkoutInputSchema, idParamSchema } from '../../../shared/schemas';
import { csvFileName, staffLimits } from '../../../shared/staff-constants';
import {
  exportQuerySchema,
  historyQuerySchema,
  paymentInputSchema,
  voidInputSchema,
} from '../../../shared/staff-schemas';
import { isAdmin, readSessionToken, requireAdmin } from '../../auth/require-admin';
import { hashToken } from '../../auth/sessions';
import type { AppDeps } from '../../deps';
import { clientAddress } from '../../http/client-address';
import { notFound } from '../../http/errors';
import { readJson, readParams, readQuery } from '../../http/validate';
import { describeError } from '../../logger';
import { createSettingsRepo } from '../settings/settings.repo';
import { openGate } from './checkout-limits';
import { createCheckoutsRepo } from './checkouts.repo';
import { csvHeader, csvRows } from './csv';
import { createHistoryRepo } from './history.repo';
import { createPaymentsRepo } from './payments.repo';

export function checkoutsRoutes(deps: AppDeps) {
  const repo = createCheckoutsRepo(deps.db);
  const history = createHistoryRepo(deps.db);
  const settings = createSettingsRepo(deps.db);
  // Days in the history and export filters are the resort's days (settings timeZone).
  const timeZone = async () => (await settings.read()).timeZone;
  const payments = createPaymentsRepo(deps.db);
  const admin = requireAdmin(deps);

  /**
   * Who changed a payment. There is one admin password and no user names, so "who" is the admin session (a
   * short one-way reference to it: the same within one login, never usable as the token) and the address.
   */
  const actor = (c: Context) => {
    const token = readSessionToken(c, deps.config.trustProxy) ?? '';
    const session = hashToken(hashToken(token)).slice(0, 8);
    return `admin session ${session} from ${clientAddress(c, deps.config.trustProxy)}`;
  };

  return new Hono()
    .post('/', async (c) => {
      const input = await readJson(c, checkoutInputSchema);
      const now = deps.now();
      const at = new Date(now).toISOString();
      // Only a request that carries a session cookie costs a session lookup; a guest's tablet has none.
      const admin = readSessionToken(c, deps.config.trustProxy) !== undefined && (await isAdmin(c, deps));
      if (admin) {
        const { outcome, checkout } = await repo.record(input, at, openGate);
        return c.json(checkout, outcome === 'created' ? 201 : 200);
      }
      const address = clientAddress(c, deps.config.trustProxy);
      deps.checkoutLimits.precheck(address, now, input.checkId !== undefined);
      const gate = deps.checkoutLimits.gateFor(address, now);
      let wrote = false;
      try {
        const { outcome, checkout } = await repo.record(input, at, gate);
        wrote = outcome !== 'repeated';
        return c.json(checkout, outcome === 'created' ? 201 : 200);
      } finally {
        gate.settle(wrote);
      }
    })
    .get('/', admin, async (c) => {
      const query = readQuery(c, historyQuerySchema);
      const { items, hasMore } = await history.page(query, await timeZone());
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
      const batches = history.exportBatches(query, await timeZone(), staffLimits.exportBatch);
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
    .get('/unpaid', admin, async (c) => c.json(await payments.unpaid()))
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
    })
    .post('/:id/payment', admin, async (c) => {
      const { id } = readParams(c, idParamSchema);
      const { method } = await readJson(c, paymentInputSchema);
      await payments.record(id, method, new Date(deps.now()).toISOString(), actor(c));
      const checkout = await history.get(id);
      if (!checkout) throw notFound('Checkout');
      return c.json(checkout);
    });
}

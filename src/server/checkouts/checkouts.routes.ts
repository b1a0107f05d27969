import { Hono } from 'hono';
import { checkoutInputSchema, idParamSchema } from '../../shared/schemas';
import { csvFileName, staffLimits } from '../../shared/staff-constants';
import {
  exportQuerySchema,
  historyQuerySchema,
  paymentInputSchema,
  type VoidInput,
  voidInputSchema,
  voidUnverifiedInputSchema,
} from '../../shared/staff-schemas';
import { fullInvoiceCorrectionSchema, fullInvoiceRequestSchema } from '../../shared/tax-schemas';
import { forbiddenMessage, type Role } from '../../shared/team';
import type { Change } from '../audit/audit-log';
import { changeBy, deviceOf, needsApproval, requireRight, signedIn } from '../auth/actor';
import { checkPin } from '../auth/pin-check';
import { isStickerKey, stickerChecksPerHour } from '../auth/sticker-keys';
import type { AppDeps } from '../deps';
import { clientAddress } from '../http/client-address';
import { csvDownload } from '../http/csv-download';
import { HttpError, notFound } from '../http/errors';
import { readJson, readParams, readQuery } from '../http/validate';
import { createSettingsRepo } from '../settings/settings.repo';
import { correctFullInvoice, issueFullInvoice } from '../tax/full-invoice';
import { openGate, stickerGate } from './checkout-limits';
import { createCheckoutsRepo } from './checkouts.repo';
import { csvHeader, csvRows } from './csv';
import { createHistoryRepo } from './history.repo';
import { createPaymentsRepo } from './payments.repo';

/** Unverified checks read and voided per round of "Void all unverified". */
const unverifiedVoidBatch = 200;

export function checkoutsRoutes(deps: AppDeps) {
  const repo = createCheckoutsRepo(deps.db);
  const history = createHistoryRepo(deps.db);
  const settings = createSettingsRepo(deps.db);
  // Days in the history and export filters are the resort's days (settings timeZone).
  const timeZone = async () => (await settings.read()).timeZone;
  const payments = createPaymentsRepo(deps.db);
  const frontDesk = requireRight(deps, 'frontDesk');

  /** A front desk's void needs a manager's PIN, typed on the same device (DESIGN.md, "Rights"). */
  async function voidApproval(change: Change, approval: VoidInput['approval']) {
    if (!needsApproval(change.actor, 'void')) return undefined;
    const device = change.actor.device;
    if (!approval || !device) {
      throw new HttpError(403, 'approval_required', forbiddenMessage(change.actor.role as Role, 'void'));
    }
    const manager = await checkPin(deps, { ...approval, device, now: deps.now(), purpose: 'approval' });
    return { id: manager.id, name: manager.name };
  }

  return (
    new Hono()
      .post('/', async (c) => {
        const input = await readJson(c, checkoutInputSchema);
        const now = deps.now();
        // A check shared on a device with a staff session is that person's; a guest's tablet has no session
        // (and costs no session lookup).
        const change = await changeBy(c, deps);
        // A known sender is never held by the public limits nor counted in them: a staff session or a registered
        // device (signed in or not) (DESIGN.md, "Abuse resistance"). A guest's phone without a device cookie
        // costs no read here.
        if (signedIn(change.actor) || (await deviceOf(c, deps)) !== null) {
          const { outcome, checkout } = await repo.record(input, change, openGate);
          return c.json(checkout, outcome === 'created' ? 201 : 200);
        }
        const address = clientAddress(c, deps.config.trustProxy);
        // A page opened through the bungalow's sticker passes the public limits up to stickerChecksPerHour
        // checks an hour; past that, or with an old (rotated) key, it is an unknown sender's (decision 165).
        const keyed = await isStickerKey(deps.db, input.bungalow, input.k);
        if (!keyed) deps.checkoutLimits.precheck(address, now, input.checkId !== undefined);
        const publicGate = deps.checkoutLimits.gateFor(address, now);
        const gate = keyed ? stickerGate(publicGate, now, stickerChecksPerHour) : publicGate;
        let wrote = false;
        try {
          const { outcome, checkout } = await repo.record(input, change, gate);
          wrote = outcome !== 'repeated';
          return c.json(checkout, outcome === 'created' ? 201 : 200);
        } finally {
          gate.settle(wrote);
        }
      })
      .get('/', frontDesk, async (c) => {
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
      .get('/export.csv', frontDesk, async (c) => {
        const query = readQuery(c, exportQuerySchema);
        const batches = history.exportBatches(query, await timeZone(), staffLimits.exportBatch);
        return csvDownload(c, {
          fileName: csvFileName(query.from, query.to),
          header: csvHeader,
          batches,
          toRow: csvRows,
          logger: deps.logger,
          what: 'csv export',
        });
      })
      .get('/unpaid', frontDesk, async (c) => c.json(await payments.unpaid()))
      .get('/:id', frontDesk, async (c) => {
        const { id } = readParams(c, idParamSchema);
        const checkout = await history.get(id);
        if (!checkout) throw notFound('Checkout');
        return c.json(checkout);
      })
      .post('/:id/void', requireRight(deps, 'void'), async (c) => {
        const { id } = readParams(c, idParamSchema);
        const { reason, approval, bottles } = await readJson(c, voidInputSchema);
        const change = await changeBy(c, deps);
        const approvedBy = await voidApproval(change, approval);
        return c.json(await history.void(id, reason, change, approvedBy, bottles));
      })
      .post('/void-unverified', requireRight(deps, 'void'), async (c) => {
        const { reason, approval, bottles, bungalow } = await readJson(c, voidUnverifiedInputSchema);
        // Abuse resistance (fifth stage): a flood's checks, voided together; each void is its own, as one by one.
        const change = await changeBy(c, deps);
        const approvedBy = await voidApproval(change, approval);
        let voided = 0;
        for (;;) {
          const ids = await history.standingUnverified(bungalow, unverifiedVoidBatch);
          for (const id of ids) {
            try {
              await history.void(id, reason, change, approvedBy, bottles);
              voided += 1;
            } catch (error) {
              // Voided meanwhile by someone else: nothing left to do for it.
              if (!(error instanceof HttpError && error.status === 409)) throw error;
            }
          }
          if (ids.length < unverifiedVoidBatch) break;
        }
        return c.json({ voided });
      })
      .post('/:id/payment', frontDesk, async (c) => {
        const { id } = readParams(c, idParamSchema);
        const { method } = await readJson(c, paymentInputSchema);
        await payments.record(id, method, await changeBy(c, deps));
        const checkout = await history.get(id);
        if (!checkout) throw notFound('Checkout');
        return c.json(checkout);
      })
      // Tax documents (fifth stage): a full tax invoice in place of the abbreviated one.
      .post('/:id/tax-invoice', frontDesk, async (c) => {
        const { id } = readParams(c, idParamSchema);
        const request = await readJson(c, fullInvoiceRequestSchema);
        await issueFullInvoice(deps.db, id, request, await changeBy(c, deps));
        const checkout = await history.get(id);
        if (!checkout) throw notFound('Checkout');
        return c.json(checkout, 201);
      })
      // Sixth stage: a full invoice's buyer corrected, the invoice cancelled and replaced, the sale kept.
      .put('/:id/tax-invoice', frontDesk, async (c) => {
        const { id } = readParams(c, idParamSchema);
        const request = await readJson(c, fullInvoiceCorrectionSchema);
        await correctFullInvoice(deps.db, id, request, await changeBy(c, deps));
        const checkout = await history.get(id);
        if (!checkout) throw notFound('Checkout');
        return c.json(checkout);
      })
  );
}

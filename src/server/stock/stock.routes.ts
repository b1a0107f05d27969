import { Hono } from 'hono';
import {
  countInputSchema,
  deliveryInputSchema,
  movesQuerySchema,
  pageQuerySchema,
  stockStartInputSchema,
  writeOffInputSchema,
} from '../../shared/stock-schemas';
import { bungalowOf } from '../../shared/stock-types';
import { can, forbiddenMessage } from '../../shared/team';
import { actorOf, changeBy, requireRight, signedIn } from '../auth/actor';
import type { AppDeps } from '../deps';
import { csvDownload } from '../http/csv-download';
import { HttpError } from '../http/errors';
import { readJson, readQuery } from '../http/validate';
import { createSettingsRepo } from '../settings/settings.repo';
import { movesCsvHeader, movesCsvRow } from './moves-csv';
import { createStockRepo } from './stock.repo';

/** Stock (DESIGN.md, "Stock: every bottle accounted for"): the start, the reads and the documents. */
export function stockRoutes(deps: AppDeps) {
  const repo = createStockRepo(deps.db);
  const settings = createSettingsRepo(deps.db);
  const timeZone = async () => (await settings.read()).timeZone;
  const read = requireRight(deps, 'stockRead');
  const manage = requireRight(deps, 'stock');
  // Any session passes here; the handler decides (a fridge's broken bottle is housekeeping's too).
  const anyone = requireRight(deps, 'live');

  return new Hono()
    .get('/', read, async (c) => {
      const actor = await actorOf(c, deps);
      // A desk reads quantities, never a cost.
      const costs = signedIn(actor) && can(actor.role, 'stockCosts');
      return c.json(await repo.read(costs));
    })
    .post('/start', manage, async (c) => {
      const input = await readJson(c, stockStartInputSchema);
      return c.json(await repo.start(input, await changeBy(c, deps)), 201);
    })
    .get('/moves', manage, async (c) => {
      const query = readQuery(c, movesQuerySchema);
      const zone = await timeZone();
      if (query.format === 'csv') {
        return csvDownload(c, {
          fileName: `stock-moves${query.from ? `-${query.from}` : ''}${query.to ? `-to-${query.to}` : ''}.csv`,
          header: movesCsvHeader,
          batches: repo.moveBatches(query, zone),
          toRow: movesCsvRow,
          logger: deps.logger,
          what: 'stock moves export',
        });
      }
      return c.json(await repo.moves(query, zone));
    })
    .get('/deliveries', manage, async (c) => {
      const { page } = readQuery(c, pageQuerySchema);
      return c.json(await repo.deliveries(page));
    })
    .post('/deliveries', manage, async (c) => {
      const input = await readJson(c, deliveryInputSchema);
      return c.json(await repo.receive(input, await changeBy(c, deps)), 201);
    })
    .post('/counts', manage, async (c) => {
      const input = await readJson(c, countInputSchema);
      return c.json(await repo.count(input, await changeBy(c, deps)), 201);
    })
    .post('/write-offs', anyone, async (c) => {
      const input = await readJson(c, writeOffInputSchema);
      const change = await changeBy(c, deps);
      const actor = change.actor;
      const right = input.reason === 'broken' && bungalowOf(input.place) !== null ? 'breakage' : 'stock';
      if (!signedIn(actor)) throw new HttpError(401, 'unauthorized', 'Log in as admin to do this');
      if (!can(actor.role, right)) throw new HttpError(403, 'forbidden', forbiddenMessage(actor.role, right));
      return c.json(await repo.writeOff(input, change), 201);
    });
}

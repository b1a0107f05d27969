import { Hono } from 'hono';
import { marginQuerySchema } from '../../shared/stock-costs';
import { requireRight } from '../auth/actor';
import type { AppDeps } from '../deps';
import { csvDownload } from '../http/csv-download';
import { HttpError } from '../http/errors';
import { readQuery } from '../http/validate';
import { createSettingsRepo } from '../settings/settings.repo';
import { createBuyListRepo } from './buy-list.repo';
import { stockStartedAt } from './fridges';
import { createMarginRepo } from './margin.repo';
import { marginCsvHeader, marginCsvRows } from './margin-csv';

/** What the minibar earned and what to buy (issue 26): owner and manager only (`stockCosts`). */
export function stockCostsRoutes(deps: AppDeps) {
  const margins = createMarginRepo(deps.db);
  const buyLists = createBuyListRepo(deps.db);
  const settings = createSettingsRepo(deps.db);
  const costs = requireRight(deps, 'stockCosts');

  return new Hono()
    .get('/margin', costs, async (c) => {
      const { from, to, format } = readQuery(c, marginQuerySchema);
      const margin = await margins.margin(from, to, (await settings.read()).timeZone);
      if (format === 'csv') {
        return csvDownload(c, {
          fileName: `margin-${from}-to-${to}.csv`,
          header: marginCsvHeader,
          batches: (async function* () {
            yield marginCsvRows(margin);
          })(),
          toRow: (line) => line,
          logger: deps.logger,
          what: 'margin export',
        });
      }
      return c.json(margin);
    })
    .get('/buy-list', costs, async (c) => {
      if ((await stockStartedAt(deps.db.kysely)) === null) {
        throw new HttpError(409, 'conflict', 'Stock is not started: count the storeroom and start it first');
      }
      const { timeZone, bungalowNumbers, stockCoverDays } = await settings.read();
      return c.json(
        await buyLists.buyList({
          now: deps.now(),
          timeZone,
          bungalows: bungalowNumbers,
          coverDays: stockCoverDays,
        }),
      );
    });
}

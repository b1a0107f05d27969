import { Hono } from 'hono';
import { holdExtensionSchema, taxReportQuerySchema } from '../../shared/tax-schemas';
import { changeBy, requireRight } from '../auth/actor';
import type { AppDeps } from '../deps';
import { csvDownload } from '../http/csv-download';
import { readJson, readQuery } from '../http/validate';
import { extendHold } from '../privacy/legal-hold';
import { createSettingsRepo } from '../settings/settings.repo';
import { taxCsvFileName, taxCsvHeader, taxCsvRow } from './tax-csv';
import { createTaxReportRepo } from './tax-report.repo';
import { taxWorkbook } from './tax-workbook';
import { taxXlsx, taxXlsxFileName } from './tax-xlsx';

/** The output-tax report (DESIGN.md, "Books the law accepts"): the owner's and the manager's. */
export function taxRoutes(deps: AppDeps) {
  const report = createTaxReportRepo(deps.db);
  const settings = createSettingsRepo(deps.db);
  const oversight = requireRight(deps, 'oversight');
  return (
    new Hono()
      .get('/documents', oversight, async (c) => {
        const { month, format, daily } = readQuery(c, taxReportQuerySchema);
        const answer = await report.month(month);
        if (format === undefined) return c.json(answer);
        const { timeZone, tax } = await settings.read();
        if (format === 'xlsx') {
          // The month as the accountant files it (sixth stage): the Revenue Department's layout, in baht.
          const workbook = taxWorkbook(answer, { timeZone, daily: daily === '1', seller: tax });
          const bytes = await taxXlsx(workbook);
          c.header('Content-Type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
          c.header('Content-Disposition', `attachment; filename="${taxXlsxFileName(month, daily === '1')}"`);
          c.header('Cache-Control', 'no-store');
          return c.body(bytes);
        }
        // A month's numbers are few enough to read at once (the totals need them all anyway): one batch.
        async function* batches() {
          yield answer.documents;
        }
        return csvDownload(c, {
          fileName: taxCsvFileName(month),
          header: taxCsvHeader,
          batches: batches(),
          toRow: taxCsvRow(timeZone),
          logger: deps.logger,
          what: 'tax report csv',
        });
      })
      // Sixth stage: a full invoice's buyer block held past the law's period (an audit in progress).
      .put('/documents/:number/hold', oversight, async (c) => {
        const { until } = await readJson(c, holdExtensionSchema);
        const number = decodeURIComponent(c.req.param('number'));
        return c.json(await extendHold(deps.db, number, until, await changeBy(c, deps)));
      })
  );
}

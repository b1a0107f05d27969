import { Hono } from 'hono';
import { taxReportQuerySchema } from '../../../shared/tax-schemas';
import { requireRight } from '../../auth/actor';
import type { AppDeps } from '../../deps';
import { csvDownload } from '../../http/csv-download';
import { readQuery } from '../../http/validate';
import { taxCsvFileName, taxCsvHeader, taxCsvRow } from './tax-csv';
import { createTaxReportRepo } from './tax-report.repo';

/** The output-tax report (DESIGN.md, "Books the law accepts"): the owner's and the manager's. */
export function taxRoutes(deps: AppDeps) {
  const report = createTaxReportRepo(deps.db);
  return new Hono().get('/documents', requireRight(deps, 'oversight'), async (c) => {
    const { month, format } = readQuery(c, taxReportQuerySchema);
    const answer = await report.month(month);
    if (format !== 'csv') return c.json(answer);
    // A month's numbers are few enough to read at once (the totals need them all anyway): one batch.
    async function* batches() {
      yield answer.documents;
    }
    return csvDownload(c, {
      fileName: taxCsvFileName(month),
      header: taxCsvHeader,
      batches: batches(),
      toRow: taxCsvRow,
      logger: deps.logger,
      what: 'tax report csv',
    });
  });
}

import { type Context, Hono } from 'hono';
import {
  holdExtensionSchema,
  substituteRequestSchema,
  taxMonthSchema,
  taxReportQuerySchema,
} from '../../shared/tax-schemas';
import { changeBy, requireRight } from '../auth/actor';
import type { AppDeps } from '../deps';
import { csvDownload } from '../http/csv-download';
import { HttpError } from '../http/errors';
import { readJson, readQuery } from '../http/validate';
import { extendHold } from '../privacy/legal-hold';
import { createSettingsRepo } from '../settings/settings.repo';
import { issueSubstitute } from './substitute';
import { taxCsvFileName, taxCsvHeader, taxCsvRow } from './tax-csv';
import { filedFiles, fileMonth } from './tax-filing';
import { monthState } from './tax-months';
import { createTaxReportRepo } from './tax-report.repo';
import { taxWorkbook } from './tax-workbook';
import { taxXlsx, taxXlsxFileName } from './tax-xlsx';

const xlsxType = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** A document number from the path; a malformed escape is a bad request, not a crash. */
export function numberParam(c: Context): string {
  try {
    return decodeURIComponent(c.req.param('number') ?? '');
  } catch {
    throw new HttpError(400, 'bad_request', 'The document number in the address is malformed');
  }
}

/** A month from the path (YYYY-MM). */
function monthParam(c: Context): string {
  const parsed = taxMonthSchema.safeParse({ month: c.req.param('month') });
  if (!parsed.success) {
    throw new HttpError(422, 'validation_failed', parsed.error.issues[0]?.message ?? 'Month is YYYY-MM');
  }
  return parsed.data.month;
}

function download(c: Context, bytes: string | Uint8Array, type: string, fileName: string) {
  c.header('Content-Type', type);
  c.header('Content-Disposition', `attachment; filename="${fileName}"`);
  c.header('Cache-Control', 'no-store');
  return c.body(typeof bytes === 'string' ? bytes : (bytes.slice().buffer as ArrayBuffer));
}

/** The output-tax report (DESIGN.md, "Books the law accepts"): the owner's and the manager's. */
export function taxRoutes(deps: AppDeps) {
  const report = createTaxReportRepo(deps.db);
  const settings = createSettingsRepo(deps.db);
  const oversight = requireRight(deps, 'oversight');
  return (
    new Hono()
      .get('/documents', oversight, async (c) => {
        const { month, format, daily, as } = readQuery(c, taxReportQuerySchema);
        if (as === 'filed') {
          // Seventh stage: the month as filed, byte for byte, whatever happened since.
          const files = await filedFiles(deps.db, month);
          if (format === 'xlsx') {
            const bytes = daily === '1' ? files.xlsxDaily : files.xlsx;
            return download(c, bytes, xlsxType, taxXlsxFileName(month, daily === '1'));
          }
          if (format === 'csv')
            return download(c, files.csv, 'text/csv; charset=utf-8', taxCsvFileName(month));
          c.header('Content-Type', 'application/json; charset=utf-8');
          return c.body(files.json);
        }
        const { timeZone, tax, resortName } = await settings.read();
        const answer = await report.month(month, { now: deps.now(), timeZone });
        if (format === undefined) return c.json(answer);
        if (format === 'xlsx') {
          // The month as the accountant files it (sixth stage): the Revenue Department's layout, in baht.
          const workbook = taxWorkbook(answer, {
            timeZone,
            daily: daily === '1',
            seller: tax,
            establishment: resortName,
          });
          return download(
            c,
            new Uint8Array(await taxXlsx(workbook)),
            xlsxType,
            taxXlsxFileName(month, daily === '1'),
          );
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
      // Seventh stage: a month's state, and marking it filed.
      .get('/months/:month', oversight, async (c) => {
        const month = monthParam(c);
        const { timeZone } = await settings.read();
        return c.json(await monthState(deps.db.kysely, month, deps.now(), timeZone));
      })
      .post('/months/:month/filed', oversight, async (c) => {
        const month = monthParam(c);
        const { timeZone, tax, resortName } = await settings.read();
        const filing = { timeZone, tax, establishment: resortName };
        return c.json(await fileMonth(deps.db, month, filing, await changeBy(c, deps)), 201);
      })
      // Seventh stage: a lost original reissued as a substitute (desk and up).
      .post('/documents/:number/substitute', requireRight(deps, 'frontDesk'), async (c) => {
        const number = numberParam(c);
        const { reason } = await readJson(c, substituteRequestSchema);
        return c.json(await issueSubstitute(deps.db, number, reason, await changeBy(c, deps)), 201);
      })
      // Sixth stage: a full invoice's buyer block held past the law's period (an audit in progress).
      .put('/documents/:number/hold', oversight, async (c) => {
        const number = numberParam(c);
        const { until } = await readJson(c, holdExtensionSchema);
        return c.json(await extendHold(deps.db, number, until, await changeBy(c, deps)));
      })
  );
}

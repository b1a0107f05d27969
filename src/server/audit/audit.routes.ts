import { Hono } from 'hono';
import { auditCsvColumns, auditCsvFileName, auditQuerySchema } from '../../shared/audit-schemas';
import { staffLimits } from '../../shared/staff-constants';
import { requireRight } from '../auth/actor';
import { csvField } from '../checkouts/csv';
import type { AppDeps } from '../deps';
import { csvDownload } from '../http/csv-download';
import { readQuery } from '../http/validate';
import { createSettingsRepo } from '../settings/settings.repo';
import { createAuditRepo } from './audit.repo';
import type { AuditRow } from './audit-rows';

const csvLine = (fields: (string | number | null)[]) => `${fields.map(csvField).join(',')}\r\n`;
/** A byte order mark first, as the checkouts' export: spreadsheets then read Thai names as UTF-8. */
const csvHeader = `\uFEFF${csvLine([...auditCsvColumns])}`;
const csvRow = (row: AuditRow) =>
  csvLine([
    Number(row.seq),
    row.at,
    row.actor_name,
    row.actor_role,
    row.actor_id === null ? null : Number(row.actor_id),
    row.device_name,
    row.action,
    row.subject_type,
    row.subject_id,
    row.details,
    row.hash,
  ]);

/** The audit trail: read by the owner and managers (right `oversight`); nothing here writes. */
export function auditRoutes(deps: AppDeps) {
  const repo = createAuditRepo(deps.db);
  const settings = createSettingsRepo(deps.db);
  const oversight = requireRight(deps, 'oversight');
  // Days in the filters are the resort's days (settings timeZone).
  const timeZone = async () => (await settings.read()).timeZone;

  return new Hono()
    .get('/', oversight, async (c) => {
      const query = readQuery(c, auditQuerySchema);
      return c.json(await repo.page(query, await timeZone()));
    })
    .get('/verify', oversight, async (c) => c.json(await repo.verify(deps.now)))
    .get('/export.csv', oversight, async (c) => {
      const { page: _page, ...filters } = readQuery(c, auditQuerySchema);
      const batches = repo.exportBatches(filters, await timeZone(), staffLimits.exportBatch);
      return csvDownload(c, {
        fileName: auditCsvFileName(filters.from, filters.to),
        header: csvHeader,
        batches,
        toRow: csvRow,
        logger: deps.logger,
        what: 'activity csv export',
      });
    });
}

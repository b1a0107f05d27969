import { createHash } from 'node:crypto';
import { type TaxMonth, type TaxReport, type TaxSettings, taxMessages } from '../../shared/tax';
import { appendAudit, auditActorOf, type Change, subject } from '../audit/audit-log';
import type { Db } from '../db/database';
import { HttpError } from '../http/errors';
import { taxCsvHeader, taxCsvRow } from './tax-csv';
import { monthEnded, monthState } from './tax-months';
import { createTaxReportRepo } from './tax-report.repo';
import { taxWorkbook } from './tax-workbook';
import { taxXlsx } from './tax-xlsx';

/**
 * A month marked filed (DESIGN.md, "Months that stay filed"): its report as it stood, the JSON, the CSV and the
 * two workbooks, kept byte for byte in `tax_months` and downloaded as kept (`?as=filed`) for ever; the audit's
 * `tax.month_filed` carries the SHA-256 of each, so a download can be checked against the chain.
 */

const sha256 = (bytes: string | Uint8Array) => createHash('sha256').update(bytes).digest('hex');

export interface ReportFiles {
  json: string;
  csv: string;
  xlsx: Uint8Array;
  xlsxDaily: Uint8Array;
}

/** The month's report in every form it is downloaded in. */
export async function reportFiles(
  report: TaxReport,
  {
    timeZone,
    seller,
    establishment,
  }: { timeZone: string; seller: TaxSettings | null; establishment?: string },
): Promise<ReportFiles> {
  const toRow = taxCsvRow(timeZone);
  return {
    json: JSON.stringify(report),
    csv: taxCsvHeader + report.documents.map(toRow).join(''),
    xlsx: new Uint8Array(
      await taxXlsx(taxWorkbook(report, { timeZone, daily: false, seller, establishment })),
    ),
    xlsxDaily: new Uint8Array(
      await taxXlsx(taxWorkbook(report, { timeZone, daily: true, seller, establishment })),
    ),
  };
}

/**
 * `POST /api/tax/months/:month/filed`: 409 `month_open` before the month has ended, `already_filed` the second
 * time. The report is made and kept in the transaction that marks the month, so it is the month as filed.
 */
export async function fileMonth(
  { kysely }: Db,
  month: string,
  { timeZone, tax, establishment }: { timeZone: string; tax: TaxSettings | null; establishment?: string },
  change: Change,
): Promise<TaxMonth> {
  if (!monthEnded(month, change.at, timeZone)) throw new HttpError(409, 'month_open', taxMessages.monthOpen);
  await kysely.transaction().execute(async (trx) => {
    const live = await createTaxReportRepo({ kysely: trx }).month(month, {
      now: Date.parse(change.at),
      timeZone,
    });
    if (live.state === 'filed') throw new HttpError(409, 'already_filed', taxMessages.alreadyFiled);
    const report: TaxReport = { ...live, state: 'filed', filedAt: change.at, afterFiling: [] };
    const files = await reportFiles(report, { timeZone, seller: tax, establishment });
    const hashes = {
      sha256: sha256(files.json),
      csvSha256: sha256(files.csv),
      xlsxSha256: sha256(files.xlsx),
      xlsxDailySha256: sha256(files.xlsxDaily),
    };
    // A second filing racing this one: the key takes one of them, the other answers 409.
    const stored = await trx
      .insertInto('tax_months')
      .values({
        month,
        filed_at: change.at,
        filed_by: JSON.stringify(auditActorOf(change.actor)),
        sha256: hashes.sha256,
        report: files.json,
        csv: files.csv,
        xlsx: Buffer.from(files.xlsx).toString('base64'),
        xlsx_daily: Buffer.from(files.xlsxDaily).toString('base64'),
      })
      .onConflict((oc) => oc.column('month').doNothing())
      .returning('month')
      .executeTakeFirst();
    if (!stored) throw new HttpError(409, 'already_filed', taxMessages.alreadyFiled);
    await appendAudit(trx, {
      ...change,
      action: 'tax.month_filed',
      subject: subject('tax_month', month),
      details: { month, count: report.totals.count, vat: report.totals.vat, ...hashes },
    });
  });
  return monthState(kysely, month, Date.parse(change.at), timeZone);
}

/** The month's report as filed, in the form asked; 404 `not_filed` for a month not filed. */
export async function filedFiles({ kysely }: Db, month: string): Promise<ReportFiles> {
  const row = await kysely.selectFrom('tax_months').selectAll().where('month', '=', month).executeTakeFirst();
  if (!row) throw new HttpError(404, 'not_filed', taxMessages.notFiled);
  return {
    json: row.report,
    csv: row.csv,
    xlsx: new Uint8Array(Buffer.from(row.xlsx, 'base64')),
    xlsxDaily: new Uint8Array(Buffer.from(row.xlsx_daily, 'base64')),
  };
}

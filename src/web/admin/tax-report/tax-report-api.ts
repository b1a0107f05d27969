import type { TaxReport } from '../../../shared/tax';
import { requestWithHeaders } from '../../api';

/** The output-tax report's fetch functions, in its page's chunk: the month as JSON, and its CSV's address. */
export const fetchTaxReport = async (month: string) =>
  (await requestWithHeaders<TaxReport>(`/api/tax/documents?${new URLSearchParams({ month })}`)).body;
export const taxReportCsvUrl = (month: string) =>
  `/api/tax/documents?${new URLSearchParams({ month, format: 'csv' })}`;
export const taxReportXlsxUrl = (month: string, daily = false, filed = false) =>
  `/api/tax/documents?${new URLSearchParams({
    month,
    format: 'xlsx',
    ...(daily ? { daily: '1' } : {}),
    ...(filed ? { as: 'filed' } : {}),
  })}`;
/** Seventh stage: the month marked filed (owner, manager). */
export const fileTaxMonth = async (month: string) =>
  (await requestWithHeaders<unknown>(`/api/tax/months/${month}/filed`, { method: 'POST', body: {} })).body;

import { buildCloseReportModel } from '../../../shared/close-report';
import { closeReportFileName, type DaySummary } from '../../../shared/day-close-types';
import { saveFile } from '../../receipt-file';
import { loadPublicSettings } from '../../settings';
import { fetchDayChainHead } from '../admin-api';
import { adminI18n } from '../admin-i18n';
import { formatLongDay, formatResortMoment } from './close-format';

/** jsPDF (and Sarabun, for a Thai report) are fetched only when a Z report is made, as for receipts. */
const loadPdfBuilder = () => import('../../../shared/close-report-pdf');

/** The Z report of a day as close-YYYY-MM-DD.pdf, in the page's language, saved like a receipt. */
export async function downloadCloseReport(summary: DaySummary): Promise<void> {
  const [{ makeCloseReportPdf }, { resortName, timeZone }, { chainHead }] = await Promise.all([
    loadPdfBuilder(),
    loadPublicSettings(),
    summary.close ? fetchDayChainHead(summary.day) : { chainHead: null },
  ]);
  const { language, a } = adminI18n();
  const model = buildCloseReportModel({
    summary,
    language,
    messages: a,
    resortName,
    dayText: formatLongDay(summary.day, language),
    formatMoment: (iso) => formatResortMoment(iso, language, timeZone),
    madeAt: new Date().toISOString(),
    chainHead,
  });
  const bytes = await makeCloseReportPdf(model);
  saveFile(new File([bytes as BlobPart], closeReportFileName(summary.day), { type: 'application/pdf' }));
}

import '../zod-jitless';
import { Printer } from 'lucide-react';
import { type FormEvent, Suspense } from 'react';
import { Await, useNavigate } from 'react-router';
import { taxReceiptWords } from '../../../shared/i18n/tax-receipt';
import { localDayOf } from '../../../shared/local-days';
import { branchText } from '../../../shared/receipt-tax';
import { formatSatangGrouped } from '../../../shared/satang';
import type { TaxReport, TaxReportRow, TaxSettings } from '../../../shared/tax';
import { taxReportQuerySchema } from '../../../shared/tax-schemas';
import { Button } from '../../components/ui/button';
import { Field } from '../../components/ui/field';
import { loadPublicSettings } from '../../settings';
import { pageLoader, reportLoadFailure } from '../admin-data';
import { useAdminI18n } from '../admin-i18n';
import { CsvDownloadLink } from '../csv-download-link';
import { DataTable } from '../data-table';
import { LoadFailed, Loading } from '../load-states';
import { PageSection } from '../page-section';
import { usePageData } from '../use-page-data';
import { fetchTaxReport, fileTaxMonth, taxReportCsvUrl, taxReportXlsxUrl } from './tax-report-api';

/**
 * /admin/tax-report?month=YYYY-MM (owner, manager): the output-tax report (รายงานภาษีขาย) of a month, this
 * month on the resort's calendar without `month`; the month's CSV from the server, and one A4 page or more
 * when printed (styles.css, `data-print-area="tax-report"`).
 */

interface TaxReportView {
  month: string;
  /** Null when the month in the URL is not one. */
  report: TaxReport | null;
  /** Whose report it is, as the Revenue Department's form heads it; null with tax documents off now. */
  seller: TaxSettings | null;
}

async function loadView(asked: string | null): Promise<TaxReportView> {
  const { timeZone, tax } = await loadPublicSettings();
  const month = asked ?? localDayOf(Date.now(), timeZone).slice(0, 7);
  if (!taxReportQuerySchema.safeParse({ month }).success) return { month, report: null, seller: tax };
  return { month, report: await fetchTaxReport(month), seller: tax };
}

export const loader = pageLoader(({ request }) => {
  const asked = new URL(request.url).searchParams.get('month');
  return { asked, view: reportLoadFailure(loadView(asked)) };
});

export function Component() {
  const data = usePageData<typeof loader>();
  const { a } = useAdminI18n();
  if (!data) return null;
  return (
    <PageSection id="tax-report" title={a.taxReportTitle}>
      <Suspense fallback={<Loading />}>
        <Await resolve={data.view} errorElement={<LoadFailed what={a.theTaxReport} />}>
          {(view: TaxReportView) => <TaxReportView view={view} />}
        </Await>
      </Suspense>
    </PageSection>
  );
}

function TaxReportView({ view }: { view: TaxReportView }) {
  const { a, language, dateTime } = useAdminI18n();
  const navigate = useNavigate();
  const money = (satang: number) => formatSatangGrouped(language, satang);
  const show = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const month = new FormData(event.currentTarget).get('month');
    if (typeof month === 'string' && month !== '') navigate(`?${new URLSearchParams({ month })}`);
  };
  const statusOf = (row: TaxReportRow) =>
    row.adjusts
      ? a.docAdjusts(row.adjusts)
      : row.status === 'issued'
        ? a.docStatusIssued
        : row.status === 'replaced'
          ? a.docStatusReplaced(row.replacedBy ?? '')
          : a.docStatusCancelled(row.reason ?? '');
  const { report, seller } = view;
  const words = taxReceiptWords[language];

  return (
    <div data-print-area="tax-report" className="flex flex-col gap-4">
      <p className="text-slate-700 print:hidden">{a.taxReportIntro}</p>
      <form
        onSubmit={show}
        aria-label={a.taxReportMonth}
        className="flex flex-wrap items-end gap-3 print:hidden"
      >
        <Field
          label={a.taxReportMonth}
          name="month"
          type="month"
          defaultValue={view.month}
          key={view.month}
        />
        <Button type="submit" variant="secondary">
          {a.showMonth}
        </Button>
        <CsvDownloadLink href={report ? taxReportXlsxUrl(view.month) : null} look="primary">
          {a.downloadTaxXlsx}
        </CsvDownloadLink>
        <CsvDownloadLink href={report ? taxReportXlsxUrl(view.month, true) : null}>
          {a.downloadTaxXlsxDaily}
        </CsvDownloadLink>
        <CsvDownloadLink href={report ? taxReportCsvUrl(view.month) : null}>
          {a.downloadTaxCsv}
        </CsvDownloadLink>
        <Button variant="secondary" onClick={() => window.print()} disabled={!report}>
          <Printer aria-hidden="true" className="size-5" />
          {a.printTaxReport}
        </Button>
      </form>
      {!report ? (
        <p role="alert" className="text-red-800">
          {a.invalidMonth}
        </p>
      ) : (
        <>
          {/* The operator's name, address, tax ID and branch head the report, as on the Revenue Department's
              form for the output-tax report: the blocks the month's documents printed (each, when it changed
              within the month), else today's settings for a month with none. */}
          {(report.sellers.length > 0
            ? report.sellers.map((block) => block.seller)
            : seller
              ? [seller]
              : []
          ).map((block) => (
            <div
              key={`${block.sellerName}|${block.address}|${block.taxId}|${block.branch}`}
              className="text-slate-800"
            >
              <p className="font-bold print:text-lg">{block.sellerName}</p>
              <p>{block.address}</p>
              <p>{`${words.taxId} ${block.taxId} (${branchText(words, block.branch)})`}</p>
            </div>
          ))}
          <SeriesRanges documents={report.documents} />
          <MonthState report={report} />
          {/* Nine columns: a narrow screen scrolls the table sideways rather than breaking its numbers, in a
              region a keyboard can reach and scroll (axe: scrollable-region-focusable). */}
          <section
            aria-label={a.taxReportFor(report.month)}
            // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take the focus to scroll by keys
            tabIndex={0}
            className="overflow-x-auto print:overflow-visible"
          >
            <DataTable<TaxReportRow>
              caption={a.taxReportFor(report.month)}
              className="w-full text-sm"
              columns={[
                { header: a.docNumberHeader, cell: (row) => row.number, className: 'whitespace-nowrap' },
                {
                  header: a.docIssuedHeader,
                  cell: (row) => dateTime(row.issuedAt),
                  className: 'whitespace-nowrap',
                },
                {
                  header: a.docTypeHeader,
                  cell: (row) =>
                    row.type === 'full'
                      ? a.docTypeFull
                      : row.type === 'cn'
                        ? a.docTypeCreditNote
                        : row.type === 'dn'
                          ? a.docTypeDebitNote
                          : a.docTypeAbb,
                },
                { header: a.docStatusHeader, cell: statusOf },
                {
                  header: a.docCheckoutHeader,
                  cell: (row) => `#${row.checkoutId} · ${a.bungalow(row.bungalow)}`,
                  className: 'whitespace-nowrap',
                },
                {
                  header: a.docBuyerHeader,
                  cell: (row) =>
                    row.buyer
                      ? row.buyer.taxId
                        ? `${row.buyer.name} (${row.buyer.taxId} ${row.buyer.branch})`
                        : row.buyer.name
                      : '–',
                },
                { header: a.docNetHeader, cell: (row) => money(row.net), numeric: true },
                { header: a.docVatHeader, cell: (row) => money(row.vat), numeric: true },
                { header: a.docTotalHeader, cell: (row) => money(row.total), numeric: true },
              ]}
              rows={report.documents}
              rowKey={(row) => row.number}
              empty={a.noTaxDocuments}
              footer={[
                a.taxTotals(report.totals.count),
                '',
                '',
                '',
                '',
                '',
                money(report.totals.net),
                money(report.totals.vat),
                money(report.totals.total),
              ]}
            />
          </section>
        </>
      )}
    </div>
  );
}

/**
 * Seventh stage: the month's state (open, ended, filed) with its filing, the VAT return's figures, and what
 * touched a filed month since, apart.
 */
function MonthState({ report }: { report: TaxReport }) {
  const { a, language, dateTime } = useAdminI18n();
  const navigate = useNavigate();
  const money = (satang: number) => formatSatangGrouped(language, satang);
  const figures = report.returnFigures;
  const file = async () => {
    await fileTaxMonth(report.month);
    navigate(`?${new URLSearchParams({ month: report.month })}`, { replace: true });
  };
  return (
    <div className="flex flex-col gap-2 text-slate-800">
      <p>
        {report.state === 'filed' && report.filedAt
          ? a.taxMonthFiled(dateTime(report.filedAt))
          : report.state === 'ended'
            ? a.taxMonthEnded
            : a.taxMonthOpen}
      </p>
      <div className="flex flex-wrap gap-3 print:hidden">
        {report.state === 'ended' ? (
          <Button variant="secondary" onClick={() => void file()}>
            {a.markMonthFiled}
          </Button>
        ) : null}
        {report.state === 'filed' ? (
          <CsvDownloadLink href={taxReportXlsxUrl(report.month, false, true)}>
            {a.downloadFiledXlsx}
          </CsvDownloadLink>
        ) : null}
      </div>
      <p>{a.returnFigures(money(figures.sales), money(figures.outputTax))}</p>
      <p>{a.returnNotes(figures.creditNotes.count, figures.debitNotes.count)}</p>
      {report.afterFiling.length > 0 ? (
        <section aria-label={a.afterFilingTitle}>
          <h3 className="font-bold">{a.afterFilingTitle}</h3>
          <ul>
            {report.afterFiling.map((row) => (
              <li key={row.number}>{`${row.number} · ${dateTime(row.issuedAt)} · ${money(row.total)}`}</li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}

/** Each series' first and last number of the month apart: abbreviated invoices, then full ones. */
function SeriesRanges({ documents }: { documents: TaxReportRow[] }) {
  const { a } = useAdminI18n();
  const ranges = (['abb', 'full', 'cn', 'dn'] as const).flatMap((type) => {
    const ofType = documents.filter((row) => row.type === type);
    const first = ofType[0];
    const last = ofType[ofType.length - 1];
    if (!first || !last) return [];
    const series =
      type === 'abb'
        ? a.closeAbbreviatedSeries
        : type === 'full'
          ? a.closeFullSeries
          : type === 'cn'
            ? a.docTypeCreditNote
            : a.docTypeDebitNote;
    return [a.taxSeriesRange(series, first.number, last.number, ofType.length)];
  });
  if (ranges.length === 0) return null;
  return (
    <ul className="text-slate-800">
      {ranges.map((range) => (
        <li key={range}>{range}</li>
      ))}
    </ul>
  );
}

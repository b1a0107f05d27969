import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { addDays, localDayOf } from '../../../shared/local-days';
import { defaultTimeZone } from '../../../shared/resort-settings';
import { Field } from '../../components/ui/field';
import { loadPublicSettings } from '../../settings';
import { checkoutsCsvUrl } from '../admin-api';
import { useAdminI18n } from '../admin-i18n';
import { CsvDownloadLink } from '../csv-download-link';

/**
 * The resort's calendar day `days` days before today. Kept out of admin/format.ts: the admin's shared chunk
 * takes what its files import, and the checkout's receipt (offline) needs local-days without admin code.
 */
const resortDaysAgo = (days: number, timeZone: string) => addDays(localDayOf(Date.now(), timeZone), -days);

/** A day from the URL as the date input takes it; anything else is no day (the form then asks for one). */
const dayParam = (value: string) => (/^\d{4}-\d{2}-\d{2}$/.test(value) ? value : '');

/**
 * A plain link: the browser downloads the server's streamed CSV itself (the session cookie goes along),
 * so a year of checkouts never passes through the page's memory. The chosen days live in the URL
 * (/admin/reports?from=…&to=…#export), so a link to "March's export" works; without them, the last 30 days.
 */
export function ExportSection() {
  // useLocation and useNavigate, not useSearchParams: react-router sits in /checkout's first chunk, and a hook
  // used only here would grow it by 0.3 KiB gzip.
  const location = useLocation();
  const navigate = useNavigate();
  const params = new URLSearchParams(location.search);
  const [defaults, setDefaults] = useState(() => ({
    from: resortDaysAgo(30, defaultTimeZone),
    to: resortDaysAgo(0, defaultTimeZone),
  }));
  const { a } = useAdminI18n();
  // The last 30 days of the resort's calendar, once its zone is known (one settings read per page load).
  useEffect(() => {
    let current = true;
    loadPublicSettings().then(({ timeZone }) => {
      if (current) setDefaults({ from: resortDaysAgo(30, timeZone), to: resortDaysAgo(0, timeZone) });
    });
    return () => {
      current = false;
    };
  }, []);
  const from = params.has('from') ? dayParam(params.get('from') ?? '') : defaults.from;
  const to = params.has('to') ? dayParam(params.get('to') ?? '') : defaults.to;
  const choose = (name: 'from' | 'to', value: string) => {
    const next = new URLSearchParams(location.search);
    next.set('from', from);
    next.set('to', to);
    next.set(name, value);
    navigate({ search: `?${next}`, hash: location.hash }, { replace: true, preventScrollReset: true });
  };
  const problem = !from || !to ? a.chooseBothDates : from > to ? a.startAfterEnd : null;
  return (
    <div className="flex flex-col gap-3">
      <p className="text-slate-700">{a.exportIntro}</p>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        <Field
          label={a.exportFrom}
          type="date"
          value={from}
          onChange={(e) => choose('from', e.target.value)}
        />
        <Field
          label={a.exportTo}
          type="date"
          value={to}
          onChange={(e) => choose('to', e.target.value)}
          error={problem ?? undefined}
        />
      </div>
      <div>
        <CsvDownloadLink href={problem ? null : checkoutsCsvUrl(from, to)} look="primary">
          {a.downloadCsv}
        </CsvDownloadLink>
      </div>
    </div>
  );
}

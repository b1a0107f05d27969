import { Download } from 'lucide-react';
import { useEffect, useState } from 'react';
import { addDays, localDayOf } from '../../../shared/local-days';
import { defaultTimeZone } from '../../../shared/resort-settings';
import { Field } from '../../components/ui/field';
import { loadPublicSettings } from '../../settings';
import { checkoutsCsvUrl } from '../admin-api';
import { useAdminI18n } from '../admin-i18n';

/**
 * The resort's calendar day `days` days before today. Kept out of admin/format.ts: the admin's shared chunk
 * takes what its files import, and the checkout's receipt (offline) needs local-days without admin code.
 */
const resortDaysAgo = (days: number, timeZone: string) => addDays(localDayOf(Date.now(), timeZone), -days);

/**
 * A plain link: the browser downloads the server's streamed CSV itself (the session cookie goes along),
 * so a year of checkouts never passes through the page's memory.
 */
export function ExportSection() {
  const [from, setFrom] = useState<string>(() => resortDaysAgo(30, defaultTimeZone));
  const [to, setTo] = useState<string>(() => resortDaysAgo(0, defaultTimeZone));
  const { a } = useAdminI18n();
  // The last 30 days of the resort's calendar, once its zone is known (one settings read per page load).
  useEffect(() => {
    let current = true;
    loadPublicSettings().then(({ timeZone }) => {
      if (!current) return;
      setFrom(resortDaysAgo(30, timeZone));
      setTo(resortDaysAgo(0, timeZone));
    });
    return () => {
      current = false;
    };
  }, []);
  const problem = !from || !to ? a.chooseBothDates : from > to ? a.startAfterEnd : null;
  return (
    <div className="flex flex-col gap-3">
      <p className="text-slate-700">{a.exportIntro}</p>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        <Field label={a.exportFrom} type="date" value={from} onChange={(e) => setFrom(e.target.value)} />
        <Field
          label={a.exportTo}
          type="date"
          value={to}
          onChange={(e) => setTo(e.target.value)}
          error={problem ?? undefined}
        />
      </div>
      <div>
        {problem ? (
          <span className="inline-flex min-h-12 items-center gap-2 rounded-xl bg-slate-300 px-5 font-semibold text-slate-600">
            <Download aria-hidden="true" className="size-5" />
            {a.downloadCsv}
          </span>
        ) : (
          <a
            href={checkoutsCsvUrl(from, to)}
            download
            className="inline-flex min-h-12 items-center gap-2 rounded-xl bg-brand-700 px-5 font-semibold text-white hover:bg-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
          >
            <Download aria-hidden="true" className="size-5" />
            {a.downloadCsv}
          </a>
        )}
      </div>
    </div>
  );
}

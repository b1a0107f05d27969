import { Download } from 'lucide-react';
import { useState } from 'react';
import { Field } from '../../components/ui/field';
import { daysAgoUtc, todayUtc } from './format';
import { checkoutsCsvUrl } from './staff-api';

/**
 * A plain link: the browser downloads the server's streamed CSV itself (the session cookie goes along),
 * so a year of checkouts never passes through the page's memory.
 */
export function ExportSection() {
  const [from, setFrom] = useState(daysAgoUtc(30));
  const [to, setTo] = useState(todayUtc());
  const problem =
    !from || !to ? 'Choose both dates' : from > to ? 'The start date must not be after the end date' : null;
  return (
    <div className="flex flex-col gap-3">
      <p className="text-slate-700">
        One row per drink line, UTF-8 with a header row, for the accountant. Voided checkouts are included and
        marked in the status column.
      </p>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        <Field
          label="Export from (UTC day)"
          type="date"
          value={from}
          onChange={(e) => setFrom(e.target.value)}
        />
        <Field
          label="Export to (UTC day)"
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
            Download CSV
          </span>
        ) : (
          <a
            href={checkoutsCsvUrl(from, to)}
            download
            className="inline-flex min-h-12 items-center gap-2 rounded-xl bg-brand-700 px-5 font-semibold text-white hover:bg-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
          >
            <Download aria-hidden="true" className="size-5" />
            Download CSV
          </a>
        )}
      </div>
    </div>
  );
}

import { Download } from 'lucide-react';
import type { ReactNode } from 'react';

/** How a download sits on its page: beside filters (outline), or as the section's one action. */
const looks = {
  outline: 'text-brand-800 ring-1 ring-slate-300 hover:bg-slate-50',
  primary:
    'bg-brand-700 text-white hover:bg-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700',
  margin: 'bg-teal-700 text-white',
} as const;

const shape = 'inline-flex min-h-12 items-center gap-2 rounded-xl px-5 font-semibold';

/**
 * A CSV the server makes (history, activity, moves, margin): a plain link with `download`, so the browser
 * saves the file with the server's name for it and the page stays where it is. `href` null: not yet
 * possible (the dates are wrong), shown greyed.
 */
export function CsvDownloadLink({
  href,
  look = 'outline',
  children,
}: {
  href: string | null;
  look?: keyof typeof looks;
  children: ReactNode;
}) {
  if (href === null) {
    return (
      <span className={`${shape} bg-slate-300 text-slate-600`}>
        <Download aria-hidden="true" className="size-5" />
        {children}
      </span>
    );
  }
  return (
    <a href={href} download className={`${shape} ${looks[look]}`}>
      <Download aria-hidden="true" className="size-5" />
      {children}
    </a>
  );
}

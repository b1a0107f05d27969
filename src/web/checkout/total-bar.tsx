import { Button } from '../components/ui/button';
import { useI18n } from '../i18n/language';
import { amountAttribute, summaryId, unitsAttribute } from './drink-card-look';

// A module of its own, shown once a drink is counted; its rules are among the first paint's
// (src/web/first-paint.css) since the first taps' script draws it too, from the page's template.
/**
 * Held in one hand, the summary is a long scroll away: this bar keeps the running total under the thumb and
 * jumps to the summary's buttons.
 */
export function TotalBar({ units, total }: { units: number; total: number }) {
  const { t, baht } = useI18n();
  return (
    <div className="fixed inset-x-0 bottom-0 z-10 border-t border-slate-200 bg-white pb-[env(safe-area-inset-bottom)] shadow-[0_-4px_16px_rgb(0_0_0/0.08)]">
      <div className="mx-auto flex max-w-3xl items-center gap-3 px-4 py-3">
        <p className="flex-1 leading-tight">
          <span {...{ [unitsAttribute]: '' }} className="block text-sm text-slate-700">
            {t.itemsMissing(units)}
          </span>
          <span {...{ [amountAttribute]: '' }} className="text-xl font-bold tabular-nums text-slate-900">
            {baht(total)}
          </span>
        </p>
        <Button
          onClick={() => document.getElementById(summaryId)?.scrollIntoView({ behavior: 'smooth' })}
          className="min-h-12"
        >
          {t.reviewReceipt}
        </Button>
      </div>
    </div>
  );
}

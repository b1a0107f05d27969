import { useI18n } from '../i18n/language';
import { amountAttribute, lineLabelAttribute, summaryLineLabel } from './drink-card-look';
import type { CheckoutItem } from './missing-counts';

/** What the Summary and its lazily loaded lines both take; here so neither imports the other. */
export interface SummaryProps {
  items: readonly CheckoutItem[];
  bungalow: number;
  /** The checkout screen's send-receipt action. */
  onShare: () => void;
  sending: boolean;
}

export function SummaryTotal({ total }: { total: number }) {
  const { t, baht } = useI18n();
  return (
    <p className="mt-2 flex justify-between gap-4 border-t-2 border-slate-900 pt-3 text-lg font-bold">
      <span>{t.totalCost}</span>
      <span {...{ [amountAttribute]: '' }} className="tabular-nums">
        {baht(total)}
      </span>
    </p>
  );
}

/** One drink's line in the Summary: here beside the total, as the first taps' script draws both too. */
export function SummaryLine({ missing, name, amount }: { missing: number; name: string; amount: number }) {
  const { baht } = useI18n();
  return (
    <li className="flex justify-between gap-4 py-2 text-base">
      <span {...{ [lineLabelAttribute]: '' }}>{summaryLineLabel(missing, name)}</span>
      <span {...{ [amountAttribute]: '' }} className="font-medium tabular-nums">
        {baht(amount)}
      </span>
    </li>
  );
}

/** The list the lines sit in. */
export const summaryLinesClass = 'mt-3 divide-y divide-slate-100';

import { useI18n } from '../i18n/language';
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
      <span className="tabular-nums">{baht(total)}</span>
    </p>
  );
}

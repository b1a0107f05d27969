import { Suspense, useEffect } from 'react';
import { grandTotal, selectedItems } from '../../shared/money';
import { useI18n } from '../i18n/language';
import { lazyPart } from '../lazy-parts';
import { loadReceipt } from './load-receipt';
import { type SummaryProps, SummaryTotal } from './summary-total';

/** Fetched as the page starts (below), so the lines are there by the first count. */
const loadSummaryLines = () => import('./summary-lines');
/**
 * Where the lines' chunk cannot be fetched (the connection dropped before it came, with no service worker yet),
 * the guest still sees what is owed; React would otherwise throw the failed import to the route's error page,
 * or, during the hydration, render the page anew with every count at 0.
 */
const SummaryLines = lazyPart(
  () => loadSummaryLines().then((module) => module.SummaryLines),
  'The summary lines',
  ({ items }: SummaryProps) => <SummaryTotal total={grandTotal(selectedItems(items))} />,
);

export const summaryId = 'summary';

/** Spec section 2: the lines with something missing, the total, and the two receipt buttons. */
export function Summary(props: SummaryProps) {
  const { t } = useI18n();
  const hasItems = selectedItems(props.items).length > 0;
  useEffect(() => {
    loadSummaryLines().catch(() => {});
  }, []);
  // The receipt code is fetched once the first drink is counted, so it is there when a button is tapped.
  useEffect(() => {
    if (hasItems) loadReceipt().catch(() => {});
  }, [hasItems]);

  return (
    <section
      id={summaryId}
      aria-labelledby="summary-title"
      className="scroll-mt-20 rounded-2xl bg-white p-5 shadow-md ring-1 ring-slate-200"
    >
      <h3 id="summary-title" className="text-xl font-bold text-slate-900">
        {t.summaryTitle}
      </h3>
      {hasItems ? (
        <Suspense fallback={null}>
          <SummaryLines {...props} />
        </Suspense>
      ) : (
        <p className="mt-2 text-slate-700">{t.noItemsSelected}</p>
      )}
    </section>
  );
}

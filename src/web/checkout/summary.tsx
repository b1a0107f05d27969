import { type ComponentType, Suspense, useEffect, useState } from 'react';
import { grandTotal, selectedItems } from '../../shared/money';
import { useI18n } from '../i18n/language';
import { lazyPart } from '../lazy-parts';
import { noItemsAttribute, summaryId, summarySlotAttribute } from './drink-card-look';
import { loadReceipt } from './load-receipt';
import { type SummaryProps, SummaryTotal } from './summary-total';

type LinesModule = typeof import('./summary-lines');
let loadedLines: LinesModule | undefined;
let linesLoading: Promise<LinesModule> | undefined;

/**
 * The lines' chunk: fetched as the page starts (below, and main.tsx on the server's page), so the lines are there
 * by the first count. Once it is here the lines render at once, with no Suspense in between: the checkout form
 * waits for it before it takes the first taps' counts (checkout-page.tsx), so the Summary the first taps'
 * script drew is replaced by the app's in the same frame.
 */
export function loadSummaryLines(): Promise<LinesModule> {
  linesLoading ??= import('./summary-lines').then((module) => {
    loadedLines = module;
    return module;
  });
  return linesLoading;
}

/** Whether the lines' chunk is here (or failed: the Summary then shows the total alone, at once). */
export function summaryLinesSettled(): Promise<void> {
  return loadSummaryLines().then(
    () => {},
    () => {},
  );
}
export const summaryLinesReady = () => loadedLines !== undefined;

/**
 * Where the lines' chunk cannot be fetched (the connection dropped before it came, with no service worker yet),
 * the guest still sees what is owed; React would otherwise throw the failed import to the route's error page,
 * or, during the hydration, render the page anew with every count at 0.
 */
const LazySummaryLines = lazyPart(
  () => loadSummaryLines().then((module) => module.SummaryLines),
  'The summary lines',
  ({ items }: SummaryProps) => <SummaryTotal total={grandTotal(selectedItems(items))} />,
);

/** The lines as they first show: the loaded module's if it is here (no Suspense), else the lazy one, for good. */
function Lines(props: SummaryProps) {
  const [Component] = useState<ComponentType<SummaryProps>>(
    () => loadedLines?.SummaryLines ?? LazySummaryLines,
  );
  return (
    <Suspense fallback={null}>
      <Component {...props} />
    </Suspense>
  );
}

/**
 * Spec section 2: the lines with something missing, the total, and the two receipt buttons. With nothing counted,
 * 'No items selected' and an empty slot: on the server's page the first taps' script draws the lines and the
 * total in the slot (and hides that line) before the app starts; React keeps what it finds there
 * (dangerouslySetInnerHTML: hydration neither compares nor replaces it) until the form's counts replace both.
 */
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
        <Lines {...props} />
      ) : (
        <>
          <p {...{ [noItemsAttribute]: '' }} className="mt-2 text-slate-700">
            {t.noItemsSelected}
          </p>
          {/* biome-ignore lint/security/noDangerouslySetInnerHtml: always empty; it tells React to leave the slot's content alone. */}
          <div {...{ [summarySlotAttribute]: '' }} dangerouslySetInnerHTML={emptySlot} />
        </>
      )}
    </section>
  );
}

/** One object: React compares the slot's HTML by value and never rewrites it. */
const emptySlot = { __html: '' };

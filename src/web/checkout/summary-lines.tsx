import { FileDown, Share2 } from 'lucide-react';
import { Suspense, useState } from 'react';
import { grandTotal, lineTotal, selectedItems } from '../../shared/money';
import { Button } from '../components/ui/button';
import { useI18n } from '../i18n/language';
import { lazyPart } from '../lazy-parts';
import { loadReceipt } from './load-receipt';
import { SummaryLine, type SummaryProps, SummaryTotal, summaryLinesClass } from './summary-total';

/**
 * Shown only under a total, so a chunk of its own (with the PromptPay amount rules), fetched at the first count.
 * The service worker keeps it with the checkout's other lazy chunks; where it cannot be fetched, the Summary
 * goes without.
 */
const PromptPayPanel = lazyPart(
  () => import('./promptpay-panel').then((module) => module.PromptPayPanel),
  'The PromptPay panel',
);

/**
 * The Summary once something is counted: the lines, the Total Cost and the two receipt buttons. A chunk of its
 * own (summary.tsx loads it as the page starts): the first paint has nothing counted, and these bytes counted
 * against /checkout's first load.
 */
export function SummaryLines({ items, bungalow, onShare, sending }: SummaryProps) {
  const { t } = useI18n();
  const [generating, setGenerating] = useState(false);
  const chosen = selectedItems(items);
  const total = grandTotal(chosen);

  const generatePdf = async () => {
    setGenerating(true);
    try {
      await (await loadReceipt()).downloadReceiptPdf(bungalow, items);
    } catch (error) {
      // The spec wants a PDF failure only logged; here the receipt code itself could not be fetched.
      console.error('The receipt code could not be loaded', error);
    }
    setGenerating(false);
  };

  return (
    <>
      <ul className={summaryLinesClass}>
        {chosen.map((item) => (
          <SummaryLine
            key={item.id}
            missing={item.missing}
            name={item.name}
            amount={lineTotal(item.missing, item.price)}
          />
        ))}
      </ul>
      <SummaryTotal total={total} />
      <Suspense fallback={null}>
        <PromptPayPanel total={total} />
      </Suspense>
      <div className="mt-5 grid gap-3 sm:grid-cols-2">
        <Button variant="secondary" pending={generating} onClick={generatePdf} className="min-h-14">
          {!generating && <FileDown aria-hidden="true" className="size-5" />}
          {t.generatePdf}
        </Button>
        <Button pending={sending} onClick={onShare} className="min-h-14">
          {!sending && <Share2 aria-hidden="true" className="size-5" />}
          {t.shareReceipt}
        </Button>
      </div>
    </>
  );
}

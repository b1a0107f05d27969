import { Beer, CupSoda, GlassWater, Wine } from 'lucide-react';
import { Suspense, useEffect, useRef, useState } from 'react';
import toast from 'react-hot-toast/headless';
import { Await, useAsyncError, useLoaderData, useRevalidator } from 'react-router';
import type { Drink } from '../../shared/api-types';
import { texts, toastTexts } from '../../shared/constants';
import { type DrinkSectionTitle, drinkSections, groupDrinksBySection } from '../../shared/drink-sections';
import { formatThb, grandTotal, selectedItems } from '../../shared/money';
import { Button } from '../components/ui/button';
import type { checkoutLoader } from './checkout-loader';
import { DrinkCard, DrinkCardPlaceholder } from './drink-card';
import { loadReceipt } from './load-receipt';
import { changeMissing, checkoutItems, type MissingCounts, missingOf } from './missing-counts';
import { Summary, summaryId } from './summary';

const sectionIcons: Record<DrinkSectionTitle, typeof Beer> = {
  'Soft Drinks': CupSoda,
  Beers: Beer,
  Wine: Wine,
  'Other Drinks': GlassWater,
};

export function CheckoutPage() {
  const { bungalow, drinks } = useLoaderData<typeof checkoutLoader>();
  return (
    <>
      <h2 className="mb-5 text-slate-900">
        <span className="block text-3xl font-extrabold tracking-tight">Bungalow {bungalow}</span>{' '}
        <span className="mt-1 block text-base font-medium text-slate-700">{texts.checkoutHeading}</span>
      </h2>
      <Suspense fallback={<DrinksLoading />}>
        <Await resolve={drinks} errorElement={<DrinksFailed />}>
          {(loaded: Drink[]) => <CheckoutForm key={bungalow} bungalow={bungalow} drinks={loaded} />}
        </Await>
      </Suspense>
    </>
  );
}

function CheckoutForm({ bungalow, drinks }: { bungalow: number; drinks: Drink[] }) {
  const [counts, setCounts] = useState<MissingCounts>({});
  const [sending, setSending] = useState(false);
  // State updates land after the next render; the ref refuses a second tap in the same frame.
  const sendingNow = useRef(false);

  const sections = groupDrinksBySection(drinks);
  const items = checkoutItems(
    sections.flatMap((section) => section.drinks),
    counts,
  );
  const chosen = selectedItems(items);

  const share = async () => {
    if (sendingNow.current) return;
    sendingNow.current = true;
    setSending(true);
    try {
      const { sendReceipt } = await loadReceipt();
      await sendReceipt(bungalow, items);
    } catch (error) {
      // Only the receipt code's own download can land here (offline, or a deploy replaced the chunk).
      console.error('The receipt code could not be loaded', error);
      toast.error(toastTexts.failedToShare);
    } finally {
      sendingNow.current = false;
      setSending(false);
    }
  };

  if (sections.length === 0) {
    return (
      <p className="rounded-2xl bg-white p-5 text-slate-700 ring-1 ring-slate-200">
        No drinks are set up for this fridge yet. Staff can add them in the admin panel.
      </p>
    );
  }

  return (
    <div className={chosen.length > 0 ? 'pb-24' : undefined}>
      {sections.map((section) => (
        <DrinkSection key={section.title} title={section.title}>
          {section.drinks.map((drink) => (
            <DrinkCard
              key={drink.id}
              drink={drink}
              missing={missingOf(counts, drink)}
              onChange={(step) => setCounts((current) => changeMissing(current, drink, step))}
            />
          ))}
        </DrinkSection>
      ))}
      <Summary items={items} bungalow={bungalow} onShare={share} sending={sending} />
      {chosen.length > 0 && (
        <TotalBar units={chosen.reduce((sum, item) => sum + item.missing, 0)} total={grandTotal(chosen)} />
      )}
    </div>
  );
}

function DrinkSection({ title, children }: { title: DrinkSectionTitle; children: React.ReactNode }) {
  const Icon = sectionIcons[title];
  const id = `section-${title.replace(/\W+/g, '-').toLowerCase()}`;
  return (
    <section aria-labelledby={id} className="mb-6">
      <h3 id={id} className="mb-2 flex items-center gap-2 text-lg font-bold text-slate-800">
        <Icon aria-hidden="true" className="size-5 text-brand-700" />
        {title}
      </h3>
      <ul className="grid gap-3 sm:grid-cols-2">{children}</ul>
    </section>
  );
}

/**
 * Held in one hand, the summary is a long scroll away: this bar keeps the running total under the thumb and
 * jumps to the summary's buttons.
 */
function TotalBar({ units, total }: { units: number; total: number }) {
  return (
    <div className="fixed inset-x-0 bottom-0 z-10 border-t border-slate-200 bg-white/95 pb-[env(safe-area-inset-bottom)] shadow-[0_-4px_16px_rgb(0_0_0/0.08)] backdrop-blur">
      <div className="mx-auto flex max-w-3xl items-center gap-3 px-4 py-3">
        <p className="flex-1 leading-tight">
          <span className="block text-sm text-slate-700">
            {units} {units === 1 ? 'item' : 'items'} missing
          </span>
          <span className="text-xl font-bold tabular-nums text-slate-900">{formatThb(total)}</span>
        </p>
        <Button
          onClick={() => document.getElementById(summaryId)?.scrollIntoView({ behavior: 'smooth' })}
          className="min-h-12"
        >
          Review receipt
        </Button>
      </div>
    </div>
  );
}

/** Cards in the seeded catalogue's shape, so the real ones replace them without moving the page. */
function DrinksLoading() {
  return (
    <div>
      <p role="status" className="mb-3 flex items-center gap-2 font-medium text-slate-700">
        <span className="inline-block size-4 animate-spin rounded-full border-2 border-current border-r-transparent" />
        {texts.loadingDrinks}
      </p>
      {drinkSections.map((section) => (
        <div key={section.title} className="mb-6">
          <div aria-hidden="true" className="mb-2 h-7 w-32 animate-pulse rounded bg-slate-200" />
          <ul className="grid gap-3 sm:grid-cols-2">
            {section.names.map((name) => (
              <DrinkCardPlaceholder key={name} />
            ))}
          </ul>
        </div>
      ))}
    </div>
  );
}

function DrinksFailed() {
  const error = useAsyncError();
  const revalidator = useRevalidator();
  useEffect(() => {
    console.error('The drinks could not be loaded', error);
    // The id keeps one toast however often React runs this effect.
    toast.error(toastTexts.failedToLoad, { id: 'checkout-load-failed' });
  }, [error]);
  return (
    <div role="alert" className="rounded-2xl bg-white p-5 ring-1 ring-red-200">
      <p className="font-semibold text-red-800">{toastTexts.failedToLoad}</p>
      <p className="mt-1 text-slate-700">Check the connection, then try again.</p>
      <Button
        variant="secondary"
        pending={revalidator.state === 'loading'}
        onClick={() => revalidator.revalidate()}
        className="mt-4"
      >
        Try again
      </Button>
    </div>
  );
}

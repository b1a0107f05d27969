import { memo, Suspense, useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { Await, useLoaderData } from 'react-router';
import type { Drink } from '../../shared/api-types';
import { type DrinkSectionTitle, groupDrinksBySection } from '../../shared/drink-sections';
import { sectionHeading } from '../../shared/i18n/section-heading';
import { grandTotal, selectedItems } from '../../shared/money';
import { Beer, CupSoda, GlassWater, Wine } from '../components/guest-icons';
import { HydratedOnly } from '../components/hydrated-only';
import { toastError } from '../components/toast-error';
import { currentI18n, useI18n } from '../i18n/language';
import { lazyPart, loadOfflinePanel } from '../lazy-parts';
import { setCheckInProgress } from '../offline/check-in-progress';
import { newCheckId } from './check';
import type { checkoutLoader } from './checkout-loader';
import { DrinkCard } from './drink-card';
import { countedFormClass } from './drink-card-look';
import { DrinksFailed, DrinksLoading } from './drinks-load-states';
import { countedByFirstTaps, takeFirstTaps } from './first-taps';
import type { FridgeLack, FridgeView } from './fridge-view';
import { loadReceipt } from './load-receipt';
import { changeMissing, checkoutItems, type MissingCounts, missingOf } from './missing-counts';
import { Summary, summaryLinesReady, summaryLinesSettled } from './summary';
import { TotalBar } from './total-bar';

const sectionIcons: Record<DrinkSectionTitle, typeof Beer> = {
  'Soft Drinks': CupSoda,
  Beers: Beer,
  Wine: Wine,
  'Other Drinks': GlassWater,
};

/** Checks waiting to be sent and the offline drinks note: their own chunk, fetched after the first screen. */
const OfflinePanel = lazyPart(
  () => loadOfflinePanel().then((module) => module.OfflinePanel),
  'The offline panel',
);

export function CheckoutPage() {
  const { bungalow, fridge, offlineCopyOf } = useLoaderData<typeof checkoutLoader>();
  const { t } = useI18n();
  return (
    <>
      <h2 className="mb-5 text-slate-900">
        <span className="block text-3xl font-extrabold tracking-tight">{t.bungalowHeading(bungalow)}</span>{' '}
        <span className="mt-1 block text-base font-medium text-slate-700">{t.checkoutHeading}</span>
      </h2>
      {/* A lazy chunk: after hydration only (HydratedOnly). */}
      <HydratedOnly>
        <Suspense fallback={null}>
          <OfflinePanel offlineCopyOf={offlineCopyOf} />
        </Suspense>
      </HydratedOnly>
      {fridge instanceof Promise ? (
        <Suspense fallback={<DrinksLoading />}>
          <Await resolve={fridge} errorElement={<DrinksFailed />}>
            {(loaded: FridgeView) => <FridgeDrinks bungalow={bungalow} loaded={loaded} />}
          </Await>
        </Suspense>
      ) : (
        // The drinks the server rendered: no Suspense boundary around them. React hydrates a boundary's content
        // only in a later pass of the lowest priority, after the lazy parts' retries (throttled 300 ms after a
        // fallback): the form, and with it the Summary's buttons, would start that much later (decision 254).
        <FridgeDrinks bungalow={bungalow} loaded={fridge} />
      )}
    </>
  );
}

function FridgeDrinks({ bungalow, loaded }: { bungalow: number; loaded: FridgeView }) {
  return (
    <>
      <NotRefilled lacking={loaded.lacking} />
      <CheckoutForm key={bungalow} bungalow={bungalow} drinks={loaded.drinks} />
    </>
  );
}

/**
 * One fridge check (docs/decisions/031-one-fridge-check-one-record.md): its id is made when the page opens on
 * a bungalow, every Share sends it, and it is replaced when the counts are cleared after a Share or when the
 * server refuses the check (voided, another bungalow's). The form is keyed by bungalow, so another bungalow
 * or a new visit is a new check.
 */
const freshCheck = () => ({ id: newCheckId(), recordId: null as number | null, queued: false });

function useFridgeCheck(cleared: boolean) {
  const [check, setCheck] = useState(freshCheck);
  // Cleared after a Share (recorded, or queued in the offline outbox): the next guest's counts must never
  // overwrite this record or replace the waiting check.
  const shared = check.recordId !== null || check.queued;
  useEffect(() => {
    if (shared && cleared) setCheck(freshCheck());
  }, [shared, cleared]);
  return {
    checkId: check.id,
    recordId: check.recordId,
    recorded: (recordId: number) => setCheck((current) => ({ ...current, recordId })),
    queued: () => setCheck((current) => ({ ...current, queued: true })),
    startNew: () => setCheck(freshCheck()),
  };
}

function CheckoutForm({ bungalow, drinks }: { bungalow: number; drinks: Drink[] }) {
  const { t } = useI18n();
  // Hydrated with no counts, as the server rendered it; then the taps the first taps' script counted before the
  // app started (first-tap.ts) become the form's, and that script stops counting, in the same task as the form
  // renders them (no tap can come between, no frame shows neither's Summary). Once the Summary's lines are
  // here: the script's Summary and total bar stay, and it counts on, until the app's can show at once. On a page
  // the browser rendered there are none.
  const [counts, setCounts] = useState<MissingCounts>({});
  useLayoutEffect(() => {
    if (!countedByFirstTaps()) return;
    const takeOver = () => {
      const firstTaps = takeFirstTaps();
      return firstTaps && Object.keys(firstTaps).length > 0 ? firstTaps : null;
    };
    if (summaryLinesReady()) {
      // A layout effect's update renders before the browser paints.
      const taken = takeOver();
      if (taken) setCounts(taken);
      return;
    }
    let live = true;
    summaryLinesSettled().then(() => {
      if (!live) return;
      const taken = takeOver();
      if (taken) flushSync(() => setCounts(taken));
    });
    return () => {
      live = false;
    };
  }, []);
  const change = useCallback(
    (drink: Drink, step: 1 | -1) => setCounts((current) => changeMissing(current, drink, step)),
    [],
  );
  const [sending, setSending] = useState(false);
  // State updates land after the next render; the ref refuses a second tap in the same frame.
  const sendingNow = useRef(false);

  const sections = groupDrinksBySection(drinks);
  const items = checkoutItems(
    sections.flatMap((section) => section.drinks),
    counts,
  );
  const chosen = selectedItems(items);
  const counting = chosen.length > 0;
  useEffect(() => {
    setCheckInProgress(counting);
    return () => setCheckInProgress(false);
  }, [counting]);
  const check = useFridgeCheck(chosen.length === 0);

  const share = async () => {
    if (sendingNow.current) return;
    sendingNow.current = true;
    setSending(true);
    try {
      const { sendReceipt } = await loadReceipt();
      const result = await sendReceipt(bungalow, items, check.checkId);
      if (result.recorded) check.recorded(result.recorded.id);
      else if (result.queued) check.queued();
      else if (result.startNewCheck) check.startNew();
    } catch (error) {
      // Only the receipt code's own download can land here (offline, or a deploy replaced the chunk).
      console.error('The receipt code could not be loaded', error);
      toastError(currentI18n().t.toastFailedToShare);
    } finally {
      sendingNow.current = false;
      setSending(false);
    }
  };

  if (sections.length === 0) {
    return <p className="rounded-2xl bg-white p-5 text-slate-700 ring-1 ring-slate-200">{t.noDrinksSetUp}</p>;
  }

  return (
    <div className={chosen.length > 0 ? countedFormClass : undefined}>
      {sections.map((section) => (
        <DrinkSection key={section.title} title={section.title}>
          {section.drinks.map((drink) => (
            <CountedDrinkCard
              key={drink.id}
              drink={drink}
              missing={missingOf(counts, drink)}
              change={change}
            />
          ))}
        </DrinkSection>
      ))}
      <Summary items={items} bungalow={bungalow} onShare={share} sending={sending} />
      {check.recordId !== null && (
        <p role="status" className="mt-3 text-center font-medium text-slate-700">
          {t.recordedAs(check.recordId)}
        </p>
      )}
      {chosen.length > 0 && (
        <TotalBar units={chosen.reduce((sum, item) => sum + item.missing, 0)} total={grandTotal(chosen)} />
      )}
    </div>
  );
}

/**
 * A card that renders again only when its own count changes (`change` is the form's one function): a tap
 * redraws its own card, the Summary and the bar, not every drink, and the form's takeover of the first taps'
 * counts redraws only the cards they counted (docs/decisions/254).
 */
const CountedDrinkCard = memo(function CountedDrinkCard({
  drink,
  missing,
  change,
}: {
  drink: Drink;
  missing: number;
  change: (drink: Drink, step: 1 | -1) => void;
}) {
  return <DrinkCard drink={drink} missing={missing} onChange={(step) => change(drink, step)} />;
});

/**
 * With stock on, a fridge below its par was not refilled after the last check: the guest's 'Starting: N' is
 * already lower, and this line tells staff what to bring.
 */
function NotRefilled({ lacking }: { lacking: readonly FridgeLack[] }) {
  const { t } = useI18n();
  if (lacking.length === 0) return null;
  const items = lacking.map((item) => t.lackLine(item.lack, item.drinkName)).join(', ');
  return (
    <p className="mb-5 rounded-2xl bg-amber-50 p-4 font-medium text-amber-950 ring-1 ring-amber-300">
      {t.notRefilled(items)}
    </p>
  );
}

function DrinkSection({ title, children }: { title: DrinkSectionTitle; children: React.ReactNode }) {
  const { t } = useI18n();
  const Icon = sectionIcons[title];
  const id = `section-${title.replace(/\W+/g, '-').toLowerCase()}`;
  return (
    <section aria-labelledby={id} className="mb-6">
      <h3 id={id} className="mb-2 flex items-center gap-2 text-lg font-bold text-slate-800">
        <Icon aria-hidden="true" className="size-5 text-brand-700" />
        {sectionHeading(t, title)}
      </h3>
      <ul className="grid gap-3 sm:grid-cols-2">{children}</ul>
    </section>
  );
}

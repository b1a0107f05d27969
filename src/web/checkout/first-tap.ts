/**
 * The first taps' script (docs/decisions/180-first-tap-counts.md): inline in the server's page of /checkout
 * (server/http/checkout-page.ts, allowed by its hash), after the page's data and before its drinks, so it runs
 * before the parser reaches the first card, long before the app's code has even been asked for. It enables +
 * (and − once something is counted) on each card as the parser adds it, counts each tap on the page's own
 * buttons with the page's own rule (changeMissing) and shows it at once on the drink's count and its card, in
 * the Summary and on the total bar (docs/decisions/250-summary-follows-first-taps.md), and keeps the counts for
 * the app: the checkout form takes them when it has hydrated and the Summary's lines are here (takeFirstTaps),
 * and from then on only the app counts. Built on its own (first-tap.vite.config.ts) into dist/web/first-tap.js.
 *
 * Its clicks are stopped at the window, before React's root listener sees them: React replays a click on a
 * part it has not hydrated yet, which would count that tap a second time.
 */
import type { Drink } from '../../shared/api-types';
import { fillCount } from '../../shared/i18n/count-forms';
import { localeOf } from '../../shared/i18n/language-list';
import { formatBaht } from '../../shared/i18n/number-formats';
import { grandTotal, lineTotal } from '../../shared/money';
import {
  amountAttribute,
  cardLook,
  countedFormClass,
  countLook,
  drinkAttribute,
  firstTapPartsId,
  lineLabelAttribute,
  lineTotalAttribute,
  noItemsAttribute,
  stepAttribute,
  summaryId,
  summaryLineLabel,
  summarySlotAttribute,
  unitsAttribute,
} from './drink-card-look';
import { amountSlot, firstPaintOfPage } from './first-paint';
import { type FirstTaps, firstTapsGlobal } from './first-taps';
import { canAdd, canRemove, changeMissing, type MissingCounts, missingOf } from './missing-counts';

function swapClasses(element: Element, on: boolean, look: { counted: string; uncounted: string }) {
  element.classList.remove(...(on ? look.uncounted : look.counted).split(' '));
  element.classList.add(...(on ? look.counted : look.uncounted).split(' '));
}

function startFirstTaps() {
  const page = firstPaintOfPage();
  const drinks = new Map<string, Drink>((page?.view.drinks ?? []).map((drink) => [String(drink.id), drink]));
  /** The card's 'Total: … THB' line as the app writes it (drink-card.tsx), in the page's language. */
  const lineTotalText = (missing: number, drink: Drink) =>
    page?.lineTotal && missing > 0
      ? page.lineTotal.replace(amountSlot, formatBaht(page.language, lineTotal(missing, drink.price)))
      : '';
  let counts: MissingCounts = {};

  const button = (card: Element, step: 1 | -1) =>
    card.querySelector<HTMLButtonElement>(`button[${stepAttribute}="${step}"]`);

  /** The card as the app draws it for this count (drink-card.tsx): the count, its look and the buttons. */
  const draw = (card: Element, drink: Drink) => {
    const missing = missingOf(counts, drink);
    const output = card.querySelector('output');
    if (output) {
      if (output.textContent !== String(missing)) output.textContent = String(missing);
      swapClasses(output, missing > 0, countLook);
    }
    const line = card.querySelector(`[${lineTotalAttribute}]`);
    const text = lineTotalText(missing, drink);
    if (line && line.textContent !== text) line.textContent = text;
    swapClasses(card, missing > 0, cardLook);
    const minus = button(card, -1);
    const plus = button(card, 1);
    if (minus) minus.disabled = !canRemove(counts, drink);
    if (plus) plus.disabled = !canAdd(counts, drink);
  };

  // Only a change is written: the parse observer below sees every text written, and calls drawSummary again.
  const setText = (part: Element, attribute: string, text: string) => {
    const element = part.querySelector(`[${attribute}]`);
    if (element && element.textContent !== text) element.textContent = text;
  };
  /** The total bar: the app's markup from the page's template, outside the app's root, until the app takes over. */
  let bar: Element | null = null;

  /**
   * The Summary and the total bar as the app draws them for these counts (docs/decisions/250): the lines, in the
   * cards' order, and the total in the Summary's slot, which hides 'No items selected'; the bar under the thumb.
   * Their markup is the page's template (first-tap-parts.tsx); only the numbers are written here.
   */
  /** A tap came before the Summary was parsed: its lines are drawn as soon as it is (the observer below). */
  let summaryWaits = false;
  const drawSummary = () => {
    // The template comes before the root (decision 255): here before any card, so before any tap.
    const parts = document.getElementById(firstTapPartsId);
    if (!page || !(parts instanceof HTMLTemplateElement)) return;
    const [listPart, totalPart, barPart] = Array.from(parts.content.children);
    const linePart = listPart?.firstElementChild;
    if (!listPart || !linePart || !totalPart || !barPart) return;
    const chosen: { drink: Drink; missing: number; price: number }[] = [];
    for (const card of document.querySelectorAll(`[${drinkAttribute}]`)) {
      const drink = drinks.get(card.getAttribute(drinkAttribute) ?? '');
      const missing = drink ? missingOf(counts, drink) : 0;
      if (drink && missing > 0) chosen.push({ drink, missing, price: drink.price });
    }
    const counted = chosen.length > 0;
    // The form (the cards' sections' and the Summary's parent) makes room for the bar: pb-24.
    document
      .querySelector(`[${drinkAttribute}]`)
      ?.closest('section')
      ?.parentElement?.classList.toggle(countedFormClass, counted);
    const baht = (amount: number) => formatBaht(page.language, amount);
    const total = baht(grandTotal(chosen));
    // The bar first, under the thumb: it needs only the template, not the Summary the parser may not have
    // reached yet (it comes after every card).
    if (!counted) {
      bar?.remove();
      bar = null;
    } else {
      if (!bar) {
        bar = barPart.cloneNode(true) as Element;
        bar.querySelector('button')?.addEventListener('click', () => {
          document.getElementById(summaryId)?.scrollIntoView({ behavior: 'smooth' });
        });
        document.body.append(bar);
      }
      const units = chosen.reduce((sum, item) => sum + item.missing, 0);
      setText(bar, unitsAttribute, fillCount(localeOf(page.language), page.itemsMissing ?? {}, units));
      setText(bar, amountAttribute, total);
    }
    const summary = document.getElementById(summaryId);
    const slot = summary?.querySelector(`[${summarySlotAttribute}]`);
    summaryWaits = !summary || !slot;
    if (!summary || !slot) return;
    summary.querySelector(`[${noItemsAttribute}]`)?.toggleAttribute('hidden', counted);
    if (!counted) {
      slot.replaceChildren();
      return;
    }
    const list = listPart.cloneNode(false) as Element;
    for (const { drink, missing } of chosen) {
      const line = linePart.cloneNode(true) as Element;
      setText(line, lineLabelAttribute, summaryLineLabel(missing, drink.drinkName));
      setText(line, amountAttribute, baht(lineTotal(missing, drink.price)));
      list.append(line);
    }
    const totalLine = totalPart.cloneNode(true) as Element;
    setText(totalLine, amountAttribute, total);
    slot.replaceChildren(list, totalLine);
  };

  // Each card once its + is parsed. The parser adds the page in chunks, each a task; the observer's records
  // are taken at the end of the chunk's task, before the browser can draw a frame of it, so no + is ever drawn
  // disabled. Only new cards: draw's own change of a count would otherwise call it again.
  const drawn = new WeakSet<Element>();
  const drawParsedCards = () => {
    for (const card of document.querySelectorAll(`[${drinkAttribute}]`)) {
      const drink = drinks.get(card.getAttribute(drinkAttribute) ?? '');
      if (!drink || drawn.has(card) || !button(card, 1)) continue;
      drawn.add(card);
      draw(card, drink);
    }
  };
  const parsing = new MutationObserver(() => {
    drawParsedCards();
    // Not only at DOMContentLoaded, which waits for the boot script too (a module script runs before it).
    if (summaryWaits) drawSummary();
  });
  parsing.observe(document.documentElement, { childList: true, subtree: true });
  const parsed = () => {
    parsing.disconnect();
    drawParsedCards();
    // A tap may have come before the Summary was parsed.
    drawSummary();
  };
  if (document.readyState === 'loading')
    document.addEventListener('DOMContentLoaded', parsed, { once: true });
  else parsed();

  const onClick = (event: MouseEvent) => {
    const target = event.target instanceof Element ? event.target : null;
    const stepButton = target?.closest(`button[${stepAttribute}]`);
    const card = stepButton?.closest(`[${drinkAttribute}]`);
    const drink = drinks.get(card?.getAttribute(drinkAttribute) ?? '');
    if (!stepButton || !card || !drink) return;
    event.stopPropagation();
    const step = stepButton.getAttribute(stepAttribute) === '-1' ? -1 : 1;
    counts = changeMissing(counts, drink, step);
    draw(card, drink);
    drawSummary();
  };
  window.addEventListener('click', onClick, true);

  const firstTaps: FirstTaps = {
    take() {
      window.removeEventListener('click', onClick, true);
      parsing.disconnect();
      // The app draws its own bar in the same task (checkout-page.tsx); its Summary replaces the slot's lines.
      bar?.remove();
      bar = null;
      firstTaps.take = () => null;
      return counts;
    },
  };
  window[firstTapsGlobal] = firstTaps;
}

startFirstTaps();

import type { CountForms } from '../../shared/i18n/count-forms';
import type { Language } from '../../shared/i18n/languages';
import { firstPaintElementId } from './first-paint-id';
import type { FridgeView } from './fridge-view';

/**
 * What the server read to render /checkout (docs/decisions/150-guest-first-paint.md), carried in the page as
 * `<script type="application/json" id="checkout-first-paint">`: data, never run, so the CSP's
 * `default-src 'self'` allows it. The browser's first run of the checkout loader takes it instead of fetching
 * the drinks again, and hydrates in the language the server rendered.
 */
export interface FirstPaint {
  bungalow: number;
  language: Language;
  view: FridgeView;
  /**
   * The language's 'Total: … THB' line with `amountSlot` for the amount: the first taps' script draws a counted
   * card's line with it before the app has its messages. Set by the server's render.
   */
  lineTotal?: string;
  /** The language's 'N items missing' (the total bar's), by plural form: for the same script. */
  itemsMissing?: CountForms;
}

/** Where the amount goes in FirstPaint's `lineTotal`. */
export const amountSlot = '{amount}';

/**
 * JSON that can sit inside a <script> element whatever a drink's name holds: `<`, `>` and `&` as \u escapes
 * (no `</script>` or `<!--` can close or bend the element), and the two line separators JavaScript once
 * refused in strings. JSON.parse reads the escapes back to the same characters.
 */
export function firstPaintJson(data: FirstPaint): string {
  return JSON.stringify(data).replace(/[<>&\u2028\u2029]/g, (char) => {
    return `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`;
  });
}

/** The server's data in this page, or null where the server did not render it (the shell, a workspace page). */
export function firstPaintOfPage(): FirstPaint | null {
  if (typeof document === 'undefined') return null;
  const element = document.getElementById(firstPaintElementId);
  if (!element?.textContent) return null;
  try {
    return JSON.parse(element.textContent) as FirstPaint;
  } catch {
    return null;
  }
}

let taken = false;

/**
 * The server's data for the checkout loader's first run on the page the server rendered, once: later runs (a
 * revalidation, a navigation) fetch as before. Null for another bungalow. main.tsx reads the page's data with
 * firstPaintOfPage, not this: the router runs the loader as it is made, before main.tsx hydrates.
 */
export function takeFirstPaint(bungalow: number): FirstPaint | null {
  if (taken) return null;
  taken = true;
  const data = firstPaintOfPage();
  return data?.bungalow === bungalow ? data : null;
}

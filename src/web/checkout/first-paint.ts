import type { Language } from '../../shared/i18n/languages';
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
}

export const firstPaintElementId = 'checkout-first-paint';

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

let taken = false;

/**
 * The server's data for this page, once: the loader's first run on the page the server rendered. Later runs
 * (a revalidation, a navigation) fetch as before. Null where the page was not rendered by the server (the
 * service worker's shell, a workspace page) or for another bungalow.
 */
export function takeFirstPaint(bungalow?: number): FirstPaint | null {
  if (taken || typeof document === 'undefined') return null;
  const element = document.getElementById(firstPaintElementId);
  if (!element?.textContent) return null;
  if (bungalow !== undefined) taken = true;
  try {
    const data = JSON.parse(element.textContent) as FirstPaint;
    return bungalow === undefined || data.bungalow === bungalow ? data : null;
  } catch {
    return null;
  }
}

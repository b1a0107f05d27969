/**
 * The id of the page's `<script type="application/json">` with the server's data (first-paint.ts): a module of
 * its own, so the boot script (boot.ts) can look for it without carrying the rest.
 */
export const firstPaintElementId = 'checkout-first-paint';

import { CURRENCY } from '../constants';
import { formatThb } from '../money';
import { type Language, localeOf } from './language-list';

/**
 * Numbers and baht as each language writes them: a module of its own, without any language's messages, so the
 * first taps' script (web/checkout/first-tap.ts, inline in the guest's page) can write a card's total with it.
 */

const numberFormats = new Map<string, Intl.NumberFormat>();
function cachedNumberFormat(key: string, make: () => Intl.NumberFormat) {
  let format = numberFormats.get(key);
  if (!format) {
    format = make();
    numberFormats.set(key, format);
  }
  return format;
}

/** A count as the language writes it (grouping: 1,250). */
export function formatNumber(language: Language, value: number): string {
  return cachedNumberFormat(`n:${language}`, () => new Intl.NumberFormat(localeOf(language))).format(value);
}

/**
 * Whole baht. English keeps the spec's form exactly, the amount as a plain number then 'THB' ("80 THB",
 * "12500 THB": the spec's `{missing x price} THB`); other languages use Intl's currency format for THB:
 * Thai with the baht sign ("฿12,500"), the guests' languages with the code where they put it ("12.500 THB",
 * "THB 12,500"): a guest from abroad knows THB better than ฿, and the receipt fonts need no Thai sign.
 */
export function formatBaht(language: Language, amount: number): string {
  if (language === 'en') return formatThb(amount);
  return cachedNumberFormat(
    `c:${language}`,
    () =>
      new Intl.NumberFormat(localeOf(language), {
        style: 'currency',
        currency: CURRENCY,
        currencyDisplay: language === 'th' ? 'symbol' : 'code',
        maximumFractionDigits: 0,
        minimumFractionDigits: 0,
      }),
  ).format(amount);
}

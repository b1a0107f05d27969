import { CURRENCY } from './constants';
import { type Language, localeOf } from './i18n/languages';

/**
 * Tax amounts are satang (DESIGN "Books the law accepts"), shown as baht with two decimals. A receipt writes
 * them as it writes its whole baht: English in the spec's form ("34.67 THB"), other languages in Intl's
 * currency format ("฿34.67", "34,67 THB").
 */
export function formatSatang(language: Language, satang: number): string {
  const baht = satang / 100;
  if (language === 'en') return `${baht.toFixed(2)} ${CURRENCY}`;
  return new Intl.NumberFormat(localeOf(language), {
    style: 'currency',
    currency: CURRENCY,
    currencyDisplay: language === 'th' ? 'symbol' : 'code',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(baht);
}

/** The same for staff pages and reports, where long columns of figures read better grouped: "1,234.56 THB". */
export function formatSatangGrouped(language: Language, satang: number): string {
  if (language !== 'en') return formatSatang(language, satang);
  const figure = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  return `${figure.format(satang / 100)} ${CURRENCY}`;
}

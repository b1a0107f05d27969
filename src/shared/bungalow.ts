import { DEFAULT_BUNGALOW, limits } from './constants';

/**
 * `?bungalow=abc` or `-3` must not break the checkout: anything that is not a whole number in range falls
 * back to bungalow 1. Kept free of zod so the checkout's first load stays small.
 */
export function parseBungalowParam(value: string | null | undefined): number {
  if (value == null || !/^\s*\d{1,9}\s*$/.test(value)) return DEFAULT_BUNGALOW;
  const bungalow = Number(value);
  return bungalow >= limits.bungalowMin && bungalow <= limits.bungalowMax ? bungalow : DEFAULT_BUNGALOW;
}

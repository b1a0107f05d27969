/**
 * The public part of the resort settings, on its own: /checkout reads it (the header's resort name) in its
 * first download, and a module there brings along every export any chunk uses, so the parsing rules of
 * `resort-settings.ts` (used by the admin's settings form) stay out of this one.
 */
import type { TaxSettings } from './tax';

export const defaultTimeZone = 'Asia/Bangkok';

/** What anyone may read: the checkout needs the name, the zone (receipt date) and the payee. */
export interface PublicResortSettings {
  resortName: string;
  timeZone: string;
  promptPayId: string | null;
  promptPayName: string | null;
  // Tax documents (fifth stage)
  /** The seller every receipt prints as a tax invoice, or null: no tax documents (the default). */
  tax: TaxSettings | null;
}

export const defaultPublicSettings: PublicResortSettings = {
  resortName: '',
  timeZone: defaultTimeZone,
  promptPayId: null,
  promptPayName: null,
  // Tax documents (fifth stage)
  tax: null,
};

export function publicPart(settings: PublicResortSettings): PublicResortSettings {
  const { resortName, timeZone, promptPayId, promptPayName, tax } = settings;
  return { resortName, timeZone, promptPayId, promptPayName, tax };
}

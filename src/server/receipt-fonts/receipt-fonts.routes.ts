import { Hono } from 'hono';
import { z } from 'zod';
import type { Drink } from '../../shared/api-types';
import { type Language, loadMessages } from '../../shared/i18n/languages';
import { taxReceiptTextsOf } from '../../shared/i18n/tax-receipt';
import {
  faceCharacters,
  faceWeights,
  languagesOfFace,
  receiptTextsOf,
  servedFaces,
} from '../../shared/receipt-font/faces';
import type { AppDeps } from '../deps';
import { createCatalogueCache } from '../drinks/catalogue-cache';
import { createDrinksRepo } from '../drinks/drinks.repo';
import { readParams } from '../http/validate';
import { createSettingsRepo } from '../settings/settings.repo';
import { createServedFontCache } from './served-fonts';

const fontParams = z.object({ face: z.enum(servedFaces), weight: z.enum(faceWeights) });

/**
 * GET /api/receipt-fonts/:face/:weight: a font for the receipt PDF, cut down on the server to the receipt
 * texts of the languages it writes and the letters of today's drink names, resort name and payee it draws
 * (docs/decisions/090-receipt-fonts-subset-on-the-server.md). Public, as the checkout is; the client adds
 * `?v=` (its own key of the names it knows) so the service worker keeps one copy per catalogue it saw.
 */
export function receiptFontsRoutes(deps: AppDeps) {
  const catalogue = createCatalogueCache(deps.db, createDrinksRepo(deps.db));
  const settings = createSettingsRepo(deps.db);
  const fonts = createServedFontCache();

  return new Hono().get('/:face/:weight', async (c) => {
    const { face, weight } = readParams(c, fontParams);
    const [body, resort, texts] = await Promise.all([
      catalogue.current(),
      settings.read(),
      Promise.all(
        languagesOfFace(face).map(async (language: Language) => receiptTextsOf(await loadMessages(language))),
      ),
    ]);
    const names = (JSON.parse(body.json) as Drink[]).map((drink) => drink.drinkName);
    names.push(resort.resortName, resort.promptPayName ?? '');
    // Tax documents (fifth stage): with tax on, every receipt is a tax invoice naming the seller.
    if (resort.tax) {
      texts.push(...languagesOfFace(face).map(taxReceiptTextsOf));
      names.push(resort.tax.sellerName, resort.tax.address);
    }
    const font = await fonts(face, weight, faceCharacters(face, texts, names));
    // The answer follows the catalogue: a browser asks again; the service worker keeps it by its ?v= key.
    c.header('Cache-Control', 'no-cache');
    c.header('Content-Type', 'application/json; charset=utf-8');
    return c.body(font);
  });
}

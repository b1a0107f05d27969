import type { DrinkSectionTitle } from '../drink-sections';
import type { Messages } from './en';

/** The sections are matched by their English titles (the spec's); what people read is in their language. */
export const sectionHeading = (t: Messages, title: DrinkSectionTitle): string =>
  ({
    'Soft Drinks': t.sectionSoftDrinks,
    Beers: t.sectionBeers,
    Wine: t.sectionWine,
    'Other Drinks': t.sectionOtherDrinks,
  })[title];

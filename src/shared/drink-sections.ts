/**
 * The checkout screen's sections, in the spec's order, and the names that fall in each by the spec's rule.
 * Staff may put any drink in a section themselves (its `section`); a drink with none and a name that
 * matches no list is not shown.
 */
export const drinkSections = [
  { title: 'Soft Drinks', names: ['Coke', 'Fanta', 'Schweppes'] },
  { title: 'Beers', names: ['Chang', 'LEO', 'Carabao'] },
  { title: 'Wine', names: ['Wine'] },
  { title: 'Other Drinks', names: ['Spy', 'Smirnoff ICE'] },
] as const;

export type DrinkSectionTitle = (typeof drinkSections)[number]['title'];

/** Staff type names by hand: " coke" and "COKE" are still the Coke of the Soft Drinks section. */
export function normalizeDrinkName(name: string): string {
  return name.trim().toLowerCase();
}

const sectionByName = new Map<string, DrinkSectionTitle>(
  drinkSections.flatMap((section) =>
    section.names.map((name) => [normalizeDrinkName(name), section.title] as const),
  ),
);

export function sectionOfDrink(drinkName: string): DrinkSectionTitle | null {
  return sectionByName.get(normalizeDrinkName(drinkName)) ?? null;
}

/** What decides a drink's section: the one staff chose, else (null or absent) the spec's name rule. */
export interface SectionedDrink {
  id: number;
  drinkName: string;
  section?: DrinkSectionTitle | null;
  /** Place within the section, lower first; ties (and drinks without one) go by id. */
  sectionOrder?: number;
}

/** The one rule for where a drink shows at checkout; null: it is not shown. */
export function sectionOf(drink: Pick<SectionedDrink, 'drinkName' | 'section'>): DrinkSectionTitle | null {
  return drink.section ?? sectionOfDrink(drink.drinkName);
}

export interface DrinkSectionGroup<T> {
  title: DrinkSectionTitle;
  drinks: T[];
}

/** Groups drinks into the sections in the spec's order, each in the staff's order; empty ones are left out. */
export function groupDrinksBySection<T extends SectionedDrink>(drinks: readonly T[]): DrinkSectionGroup<T>[] {
  const ordered = [...drinks].sort((a, b) => (a.sectionOrder ?? 0) - (b.sectionOrder ?? 0) || a.id - b.id);
  return drinkSections
    .map((section) => ({
      title: section.title,
      drinks: ordered.filter((drink) => sectionOf(drink) === section.title),
    }))
    .filter((group) => group.drinks.length > 0);
}

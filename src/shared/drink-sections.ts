/** The checkout screen's sections, in the spec's order. Drinks whose names match none are not shown. */
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

export interface DrinkSectionGroup<T> {
  title: DrinkSectionTitle;
  drinks: T[];
}

/** Groups drinks into the spec's sections, keeping their order; empty sections are left out. */
export function groupDrinksBySection<T extends { drinkName: string }>(
  drinks: readonly T[],
): DrinkSectionGroup<T>[] {
  return drinkSections
    .map((section) => ({
      title: section.title,
      drinks: drinks.filter((drink) => sectionOfDrink(drink.drinkName) === section.title),
    }))
    .filter((group) => group.drinks.length > 0);
}

import { describe, expect, it } from 'vitest';
import { drinkSections, groupDrinksBySection, sectionOfDrink } from './drink-sections';

const drink = (id: number, drinkName: string) => ({ id, drinkName });

describe('drink sections', () => {
  it('keeps the spec order of sections and names', () => {
    expect(drinkSections.map((s) => [s.title, [...s.names]])).toEqual([
      ['Soft Drinks', ['Coke', 'Fanta', 'Schweppes']],
      ['Beers', ['Chang', 'LEO', 'Carabao']],
      ['Wine', ['Wine']],
      ['Other Drinks', ['Spy', 'Smirnoff ICE']],
    ]);
  });

  it('matches names ignoring case and surrounding spaces', () => {
    expect(sectionOfDrink(' coke ')).toBe('Soft Drinks');
    expect(sectionOfDrink('leo')).toBe('Beers');
    expect(sectionOfDrink('SMIRNOFF ice')).toBe('Other Drinks');
    expect(sectionOfDrink('Singha')).toBeNull();
    expect(sectionOfDrink('Smirnoff')).toBeNull();
  });

  it('groups drinks in section order, hides unknown names and empty sections', () => {
    const groups = groupDrinksBySection([
      drink(1, 'Wine'),
      drink(2, 'Singha'),
      drink(3, 'Fanta'),
      drink(4, 'Coke'),
    ]);
    expect(groups).toEqual([
      { title: 'Soft Drinks', drinks: [drink(3, 'Fanta'), drink(4, 'Coke')] },
      { title: 'Wine', drinks: [drink(1, 'Wine')] },
    ]);
    expect(groupDrinksBySection([])).toEqual([]);
  });
});

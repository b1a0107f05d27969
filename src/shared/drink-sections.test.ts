import { describe, expect, it } from 'vitest';
import { drinkSections, groupDrinksBySection, sectionOf, sectionOfDrink } from './drink-sections';

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

  it("puts a drink in the section staff chose, whatever its name; none keeps the spec's rule", () => {
    expect(sectionOf({ drinkName: 'Singha', section: 'Beers' })).toBe('Beers');
    expect(sectionOf({ drinkName: 'Coke', section: 'Other Drinks' })).toBe('Other Drinks');
    expect(sectionOf({ drinkName: 'Coke', section: null })).toBe('Soft Drinks');
    expect(sectionOf({ drinkName: 'Water', section: null })).toBeNull();
    expect(sectionOf({ drinkName: ' leo ' })).toBe('Beers');
  });

  it("orders a section by the staff's order, then by id", () => {
    const singha = { id: 5, drinkName: 'Singha', section: 'Beers' as const, sectionOrder: 1 };
    const chang = { id: 2, drinkName: 'Chang', section: null, sectionOrder: 3 };
    const leo = { id: 3, drinkName: 'LEO', section: null, sectionOrder: 3 };
    const water = { id: 4, drinkName: 'Water', section: null, sectionOrder: 0 };
    expect(groupDrinksBySection([chang, leo, water, singha])).toEqual([
      { title: 'Beers', drinks: [singha, chang, leo] },
    ]);
  });
});

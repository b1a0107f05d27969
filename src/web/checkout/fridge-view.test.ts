import { describe, expect, it } from 'vitest';
import type { Drink } from '../../shared/api-types';
import { drinksAtFridge } from './fridge-view';

const drink = (id: number, drinkName: string, startingQuantity: number): Drink => ({
  id,
  drinkName,
  startingQuantity,
  price: 40,
  section: null,
  sectionOrder: 0,
});
const coke = drink(1, 'Coke', 3);
const chang = drink(2, 'Chang', 4);
const wine = drink(3, 'Wine', 1);

describe('the checkout at one fridge', () => {
  it("is the spec's with stock off and no pars of the bungalow's own, and without the fridge's answer", () => {
    const fridge = {
      bungalow: 1,
      stock: false,
      items: [coke, chang, wine].map((d) => ({
        drinkId: d.id,
        par: d.startingQuantity,
        holds: d.startingQuantity,
      })),
    };
    const view = drinksAtFridge([coke, chang, wine], fridge);
    expect(view.drinks).toEqual([coke, chang, wine]);
    expect(view.drinks[0]).toBe(coke);
    expect(view.lacking).toEqual([]);
    expect(drinksAtFridge([coke, chang], null)).toEqual({ drinks: [coke, chang], lacking: [] });
  });

  it("takes the bungalow's pars with stock off: par 0 hides the drink, 'Starting: N' is the par", () => {
    const view = drinksAtFridge([coke, chang, wine], {
      bungalow: 20,
      stock: false,
      items: [
        { drinkId: 1, par: 6, holds: 6 },
        { drinkId: 2, par: 0, holds: 0 },
        { drinkId: 3, par: 1, holds: 1 },
      ],
    });
    expect(view.drinks.map((d) => [d.drinkName, d.startingQuantity])).toEqual([
      ['Coke', 6],
      ['Wine', 1],
    ]);
    expect(view.lacking).toEqual([]);
  });

  it('stops at what the fridge holds with stock on and names what it lacks', () => {
    const view = drinksAtFridge([coke, chang, wine, drink(4, 'Fanta', 2)], {
      bungalow: 7,
      stock: true,
      items: [
        { drinkId: 1, par: 3, holds: 3 },
        { drinkId: 2, par: 4, holds: 2 },
        // Not carried any more, but two bottles are still in there: they can be taken, and paid for.
        { drinkId: 3, par: 0, holds: 2 },
      ],
    });
    expect(view.drinks.map((d) => [d.drinkName, d.startingQuantity])).toEqual([
      ['Coke', 3],
      ['Chang', 2],
      ['Wine', 2],
      ['Fanta', 2],
    ]);
    expect(view.lacking).toEqual([{ drinkName: 'Chang', lack: 2 }]);
    const empty = drinksAtFridge([chang], {
      bungalow: 7,
      stock: true,
      items: [{ drinkId: 2, par: 4, holds: 0 }],
    });
    expect(empty.drinks[0]?.startingQuantity).toBe(0);
    expect(empty.lacking).toEqual([{ drinkName: 'Chang', lack: 4 }]);
  });
});

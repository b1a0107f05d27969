import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { DrinkCard } from './drink-card';

const coke = { id: 1, drinkName: 'Coke', startingQuantity: 3, price: 40, section: null, sectionOrder: 1 };
const render = (missing: number) =>
  renderToStaticMarkup(<DrinkCard drink={coke} missing={missing} onChange={() => {}} />);

/** The opening tag of the button with this accessible name. */
const button = (html: string, name: string) =>
  html.match(new RegExp(`<button[^>]*aria-label="${name}"[^>]*>`))?.[0];

describe('DrinkCard', () => {
  it('shows the name, the starting quantity, the price in THB and the count', () => {
    const html = render(0);
    expect(html).toContain('>Coke<');
    expect(html).toContain('Starting: 3');
    expect(html).toContain('40 THB');
    expect(html).toMatch(/<output[^>]*aria-label="Coke missing"[^>]*>0<\/output>/);
    expect(html).not.toContain('Total:');
  });

  // renderToStaticMarkup is the server's render: + waits there for the page's code (use-hydrated.ts); the
  // browser's counting within 0..starting quantity is the spec's E2E (checkout-screen.spec.ts).
  it("disables minus at 0, and plus in the server's HTML until the page's code runs", () => {
    const html = render(0);
    expect(button(html, 'Remove one Coke')).toContain(' disabled=""');
    expect(button(html, 'Add one Coke')).toContain(' disabled=""');
  });

  it('shows the line total and enables minus in between', () => {
    const html = render(2);
    expect(html).toContain('Total: 80 THB');
    expect(button(html, 'Remove one Coke')).not.toContain(' disabled=""');
  });

  it('disables plus once the count reaches the starting quantity', () => {
    const html = render(3);
    expect(html).toContain('Total: 120 THB');
    expect(button(html, 'Add one Coke')).toContain(' disabled=""');
    expect(button(html, 'Remove one Coke')).not.toContain(' disabled=""');
  });
});

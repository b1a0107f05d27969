import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Summary } from './summary';
import { SummaryLines } from './summary-lines';

/** The markup as a reader gets it: tags dropped, whitespace collapsed. */
function visibleText(html: string) {
  return html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
}

const render = (items: Parameters<typeof Summary>[0]['items'], sending = false) =>
  renderToStaticMarkup(<Summary items={items} bungalow={4} onShare={() => {}} sending={sending} />);

/** What the Summary shows under its heading once something is counted (its own chunk, summary-lines.tsx). */
const renderLines = (items: Parameters<typeof Summary>[0]['items'], sending = false) =>
  renderToStaticMarkup(<SummaryLines items={items} bungalow={4} onShare={() => {}} sending={sending} />);

describe('Summary', () => {
  it('says "No items selected" and shows no buttons when nothing is missing', () => {
    const html = render([
      { id: 1, name: 'Coke', price: 40, missing: 0 },
      { id: 2, name: 'Wine', price: 450, missing: 0 },
    ]);
    expect(visibleText(html)).toBe('Summary No items selected');
    expect(html).not.toContain('<button');
  });

  it('lists each item with something missing, its price in THB, the Total Cost and both buttons', () => {
    const html = renderLines([
      { id: 1, name: 'Coke', price: 40, missing: 2 },
      { id: 2, name: 'Wine', price: 450, missing: 0 },
      { id: 3, name: 'LEO', price: 80, missing: 1 },
    ]);
    expect(visibleText(html)).toBe(
      '2 x Coke 80 THB 1 x LEO 80 THB Total Cost 160 THB Generate PDF Share Receipt',
    );
    expect(html.match(/<button/g)).toHaveLength(2);
  });

  it('shows Share Receipt busy and not pressable while a receipt is being sent', () => {
    const html = renderLines([{ id: 1, name: 'Coke', price: 40, missing: 1 }], true);
    const share = html.match(/<button[^>]*>(?:(?!<\/button>).)*Share Receipt<\/button>/)?.[0] ?? '';
    expect(share).toContain('disabled=""');
    expect(share).toContain('aria-busy="true"');
  });
});

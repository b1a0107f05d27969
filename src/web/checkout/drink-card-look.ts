/**
 * How a drink card shows whether something is counted: the page's card (drink-card.tsx) and the first taps'
 * script (first-tap.ts, before the app runs) draw it with the same classes. Listed in first-paint.css, so the
 * inline rules have them.
 */
export const cardLook = {
  counted: 'bg-brand-50 ring-2 ring-brand-700',
  uncounted: 'bg-white ring-1 ring-slate-200',
} as const;

export const countLook = {
  counted: 'text-brand-800',
  uncounted: 'text-slate-500',
} as const;

/**
 * The attributes the first taps' script finds a card, its buttons and its 'Total: … THB' line by: the drink's
 * id, the step, and a marker on the line.
 */
export const drinkAttribute = 'data-drink';
export const stepAttribute = 'data-step';
export const lineTotalAttribute = 'data-line-total';

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

/**
 * What the first taps' script draws the Summary and the total bar by before the app starts (first-tap.ts): the
 * page's `<template>` of the app's own parts (first-tap-parts.tsx), the Summary's slot for its lines (React
 * neither hydrates nor touches what is in it), its 'No items selected' line, and the amounts and the count in
 * the parts.
 */
/** The form's room under its last card for the total bar, once something is counted. */
export const countedFormClass = 'pb-24';

/** The Summary's id: the total bar's button scrolls to it. */
export const summaryId = 'summary';
export const firstTapPartsId = 'first-tap-parts';
export const summarySlotAttribute = 'data-first-tap-summary';
export const noItemsAttribute = 'data-no-items';
export const amountAttribute = 'data-amount';
export const unitsAttribute = 'data-units';
export const lineLabelAttribute = 'data-line-label';

/** A Summary line's label, '2 x Coke' (the spec's form): the app and the first taps' script write it alike. */
export const summaryLineLabel = (missing: number, name: string) => `${missing} x ${name}`;

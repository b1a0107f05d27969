import { firstTapPartsId } from './drink-card-look';
import { SummaryLine, SummaryTotal, summaryLinesClass } from './summary-total';
import { TotalBar } from './total-bar';

/**
 * The parts the first taps' script draws the Summary and the total bar with before the app starts (first-tap.ts,
 * docs/decisions/250-summary-follows-first-taps.md): the app's own components, rendered by the server in the
 * page's language into a `<template>` (inert: never shown, never hydrated), so the script's Summary and bar are
 * the app's markup and classes, and only its numbers are the script's. In this order: the lines' list with one
 * line, the Summary's total, the bar.
 */
export function FirstTapParts() {
  return (
    <template id={firstTapPartsId}>
      <ul className={summaryLinesClass}>
        <SummaryLine missing={1} name="" amount={0} />
      </ul>
      <SummaryTotal total={0} />
      <TotalBar units={1} total={0} />
    </template>
  );
}

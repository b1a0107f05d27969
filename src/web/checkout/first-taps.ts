import type { MissingCounts } from './missing-counts';

/**
 * The taps counted before the app took the page (docs/decisions/180-first-tap-counts.md): the first taps'
 * script (first-tap.ts, inline in the server's page) keeps them here, and the checkout form takes them once,
 * when it has hydrated; from then on the script counts nothing. A name on window, since the inline script and
 * the app's modules share no module instance.
 */
export interface FirstTaps {
  /** The counts so far, and the script stops counting: null after the first call. */
  take(): MissingCounts | null;
}

export const firstTapsGlobal = 'fridgeCheckFirstTaps';

declare global {
  interface Window {
    [firstTapsGlobal]?: FirstTaps;
  }
}

/** The taps counted on the server's page before the app started, once; null anywhere else or later. */
export function takeFirstTaps(): MissingCounts | null {
  if (typeof window === 'undefined') return null;
  return window[firstTapsGlobal]?.take() ?? null;
}

/**
 * True on the server's page where the first taps' script ran: its + buttons are enabled already. The + hydrates
 * enabled there (React does not compare attributes when it hydrates): hydrated as disabled, React would ignore
 * a click on it (it skips a disabled button's onClick by its props) from the form's takeover until its
 * re-render after hydration, and that tap would be lost.
 */
export function countedByFirstTaps(): boolean {
  return typeof window !== 'undefined' && window[firstTapsGlobal] !== undefined;
}

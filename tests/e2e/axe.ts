import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect } from './fixtures';

/**
 * axe on the page as it is now: no serious or critical violation; `where` names the page in a failure.
 * Animations (a toast fading in or out, a button's colour transition) are let finish first: axe measures
 * the colours of that instant, and half-faded text fails its contrast check on a slow machine.
 */
export async function expectNoSeriousAxeViolations(page: Page, where = page.url()) {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      // A spinner turns for ever: only the animations that end are waited for.
      .filter((animation) => animation.effect?.getComputedTiming().endTime !== Number.POSITIVE_INFINITY)
      .every((animation) => animation.playState !== 'running'),
  );
  const serious = (await new AxeBuilder({ page }).analyze()).violations.filter(
    (violation) => violation.impact === 'serious' || violation.impact === 'critical',
  );
  expect(serious.map((violation) => `${where}: ${violation.id}: ${violation.help}`)).toEqual([]);
}

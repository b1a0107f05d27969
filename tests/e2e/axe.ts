import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect } from './fixtures';

/**
 * axe on the page as it is now: no serious or critical violation; `where` names the page in a failure.
 * axe measures the colours of the instant it looks, and a fade caught half-way (a toast leaving, a button's
 * colour change) fails its contrast check on a slow machine. So the running animations are let finish, and
 * during the analysis the page is asked for reduced motion (styles.css: no transitions then), so a fade that
 * starts meanwhile is over at once. The app honours that setting for its users too.
 */
export async function expectNoSeriousAxeViolations(page: Page, where = page.url()) {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  try {
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
    // Each failing element and why, so a failure in CI can be read without its trace.
    expect(
      serious.map(
        (violation) =>
          `${where}: ${violation.id}: ${violation.help}: ${violation.nodes
            .map((node) => `${node.target.join(' ')} (${node.failureSummary ?? ''})`)
            .join('; ')}`,
      ),
    ).toEqual([]);
  } finally {
    await page.emulateMedia({ reducedMotion: null });
  }
}

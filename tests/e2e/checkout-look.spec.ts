import { expectNoSeriousAxeViolations } from './axe';
import { addMissing } from './checkout-helpers';
import { expect, test } from './fixtures';

const viewports = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'tablet', width: 820, height: 1180 },
] as const;

test.describe('accessibility (axe)', () => {
  test('/checkout has no serious or critical violations, before and after items are counted', async ({
    page,
  }) => {
    // A Content-Security-Policy refusal (an inline style, a script) shows up here as a console error.
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    await page.goto('/checkout');
    await expect(page.getByRole('button', { name: 'Add one Coke' })).toBeVisible();
    await expectNoSeriousAxeViolations(page);

    await addMissing(page, 'Coke', 2);
    await addMissing(page, 'Wine', 1);
    await expect(page.getByRole('button', { name: 'Share Receipt' })).toBeVisible();
    await expectNoSeriousAxeViolations(page);
    expect(errors).toEqual([]);
  });

  test('the error page of an unknown path has no serious or critical violations', async ({ page }) => {
    await page.goto('/nowhere');
    await expect(page.getByRole('heading', { name: 'Unexpected Application Error!' })).toBeVisible();
    await expectNoSeriousAxeViolations(page);
  });

  test('every control of the checkout is at least 48 px in both directions', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/checkout');
    await addMissing(page, 'Coke', 1);
    const controls = page.locator('main button, main a, header a');
    await expect(controls.first()).toBeVisible();
    const small: string[] = [];
    for (const control of await controls.all()) {
      const box = await control.boundingBox();
      if (box && (box.width < 48 || box.height < 48)) {
        small.push(
          `${(await control.getAttribute('aria-label')) ?? (await control.textContent())}: ${box.width}x${box.height}`,
        );
      }
    }
    expect(small).toEqual([]);
  });
});

for (const viewport of viewports) {
  test(`screenshot of the checkout at ${viewport.name} size (${viewport.width}x${viewport.height}) with items selected`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    await page.goto('/checkout?bungalow=12');
    await addMissing(page, 'Coke', 2);
    await addMissing(page, 'Chang', 1);
    await addMissing(page, 'Wine', 1);
    await expect(page.getByRole('region', { name: 'Summary' })).toContainText('Total Cost610 THB');
    const shot = (name: string) =>
      page.screenshot({ path: `test-results/screenshots/${name}.png`, animations: 'disabled' });
    await shot(`checkout-${viewport.name}`);
    await page.getByRole('button', { name: 'Review receipt' }).click();
    await expect(page.getByRole('button', { name: 'Share Receipt' })).toBeInViewport();
    // The jump is a smooth scroll: the picture is taken once it has come to rest.
    await expect
      .poll(async () => {
        const before = await page.evaluate(() => window.scrollY);
        await page.waitForTimeout(100);
        return (await page.evaluate(() => window.scrollY)) === before;
      })
      .toBe(true);
    await shot(`checkout-${viewport.name}-summary`);
  });
}

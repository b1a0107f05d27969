// The product spec's contract (tests/e2e/spec/README.md): written from the spec alone, not edited by features.
import { addMissing, testDrinks } from '../checkout-helpers';
import { expect, test } from '../fixtures';

/** Spec sections 2 (the Summary card) and 5 (only missing above 0 counted; line and grand totals). */

test("says 'No items selected' with no buttons, then lists lines, Total Cost and both buttons", async ({
  page,
  adminApi,
}) => {
  await adminApi.setDrinks(testDrinks);
  await page.goto('/checkout');
  const summary = page.getByRole('region', { name: 'Summary' });
  await expect(summary).toHaveText('SummaryNo items selected');
  await expect(summary.getByRole('button')).toHaveCount(0);

  await addMissing(page, 'Coke', 2);
  await addMissing(page, 'Wine', 1);
  await expect(summary.getByRole('listitem')).toHaveText(['2 x Coke80 THB', '1 x Wine450 THB']);
  await expect(summary).toContainText('Total Cost530 THB');
  await expect(summary.getByRole('button')).toHaveText(['Generate PDF', 'Share Receipt']);

  await page.getByRole('button', { name: 'Remove one Wine' }).click();
  await expect(summary.getByRole('listitem')).toHaveText(['2 x Coke80 THB']);
  await expect(summary).toContainText('Total Cost80 THB');
});

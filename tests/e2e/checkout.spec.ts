import { addMissing, testDrinks } from './checkout-helpers';
import { expect, test } from './fixtures';

// The spec's checkout screen (routes, loading, sections, cards, the Summary) is checked in spec/; here what we
// added to it.

test('the bar at the bottom keeps the running total in reach and jumps to the summary', async ({
  page,
  adminApi,
}) => {
  await adminApi.setDrinks(testDrinks);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/checkout');
  await expect(page.getByRole('button', { name: 'Review receipt' })).toHaveCount(0);
  await addMissing(page, 'Chang', 2);
  await expect(page.getByText('2 items missing')).toBeVisible();
  await page.getByRole('button', { name: 'Review receipt' }).click();
  await expect(page.getByRole('button', { name: 'Share Receipt' })).toBeInViewport();
});

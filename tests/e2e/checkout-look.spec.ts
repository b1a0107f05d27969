import { expect, test } from './fixtures';

const viewports = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'tablet', width: 820, height: 1180 },
] as const;

for (const viewport of viewports) {
  test(`the checkout at ${viewport.name} size (${viewport.width}x${viewport.height}) with items selected`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    await page.goto('/checkout?bungalow=12');
    await page.getByRole('button', { name: 'Add one Coke' }).click();
    await page.getByRole('button', { name: 'Add one Coke' }).click();
    await page.getByRole('button', { name: 'Add one Chang' }).click();
    await page.getByRole('button', { name: 'Add one Wine' }).click();
    await expect(page.getByText('Total Cost')).toBeVisible();
    await page.screenshot({ path: `test-results/screenshots/checkout-${viewport.name}.png` });
    await page.screenshot({
      path: `test-results/screenshots/checkout-${viewport.name}-full.png`,
      fullPage: true,
    });
  });
}

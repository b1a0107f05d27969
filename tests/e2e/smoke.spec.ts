import { expect, test } from './fixtures';

test('the app shell loads with the header links', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page.getByRole('link', { name: 'Checkout' })).toHaveAttribute('href', '/checkout');
  await expect(page.getByRole('link', { name: 'Admin' })).toHaveAttribute('href', '/admin');
});

import { expect, test } from './fixtures';

test.describe('the first load of /checkout', () => {
  test('shows the drinks the page itself carries, asking for them nowhere else', async ({ page }) => {
    const drinkRequests: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/drinks') drinkRequests.push(request.resourceType());
    });
    const response = await page.goto('/checkout');
    // The server rendered the page with its drinks (DESIGN.md, "The guest's first paint"): nothing to preload.
    expect(response?.headers().link).toBeUndefined();
    await expect(page.getByRole('button', { name: 'Add one Coke' })).toBeVisible();
    expect(drinkRequests).toHaveLength(0);
  });

  test('runs without a single console error, a toast included', async ({ page }) => {
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto('/checkout');
    await page.getByRole('button', { name: 'Add one Coke' }).click();
    // No guest exists yet: the spec's error toast.
    await page.getByRole('button', { name: 'Share Receipt' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Guest information not found' })).toBeVisible();
    // Lighthouse's best-practices score counts every console error (a CSP violation is one).
    expect(errors).toEqual([]);
  });
});

import { expect, test } from './fixtures';

test.describe('the first load of /checkout', () => {
  test('asks for the drinks once, with the page itself, and shows them', async ({ page }) => {
    const drinkRequests: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/drinks') drinkRequests.push(request.resourceType());
    });
    const response = await page.goto('/checkout');
    // The preload travels with the HTML, so the request starts before any JavaScript has arrived.
    expect(response?.headers().link).toContain('</api/drinks>; rel=preload; as=fetch');
    await expect(page.getByRole('button', { name: 'Add one Coke' })).toBeVisible();
    // The app's own fetch took the preloaded answer instead of asking again.
    expect(drinkRequests).toHaveLength(1);
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

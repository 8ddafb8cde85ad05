import { expect, test } from '@playwright/test';
import { signUp } from './fixtures.ts';

// Render-as-you-fetch: the router asks for a screen's data as the route matches, without waiting
// for the screen's code, and the screen uses that one request instead of asking again.
test("a screen's data is requested while its code is still downloading, once", async ({ page }) => {
  await signUp(page);
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  const events: string[] = [];
  await page.route(/\/assets\/GoalsPage-[\w-]+\.js$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1500));
    events.push('code sent');
    await route.continue();
  });
  page.on('request', (req) => {
    if (req.url().endsWith('/graphql') && req.postData()?.includes('GoalsPageQuery')) events.push('query requested');
  });
  await page.getByRole('link', { name: 'Savings Goals' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Savings Goals' })).toBeVisible();
  await expect(page.getByText('No active goals')).toBeVisible();
  expect(events).toEqual(['query requested', 'code sent']);
});

import { expect, test } from '@playwright/test';
import { signUp } from './fixtures.ts';
import { day, seed } from './seed.ts';

// `/` signed in comes with the Dashboard's data in the page (api/graphql/first-screen.ts,
// docs/performance.md#the-cold-load): the figures without a GraphQL round trip, still live.

/** Every request the page sends for the user or the Dashboard's query from now on. */
function firstScreenRequests(page: import('@playwright/test').Page) {
  const sent: string[] = [];
  page.on('request', (req) => {
    if (req.url().endsWith('/api/auth/user')) sent.push('user');
    if (req.url().endsWith('/graphql') && req.method() === 'POST' && req.postDataJSON()?.operationName === 'DashboardPageQuery')
      sent.push('DashboardPageQuery');
  });
  return sent;
}

test("signed in, `/` draws the Dashboard's figures from the page itself, and they still update live", async ({ page, browser }) => {
  await signUp(page);
  await seed(page).paycheck({ amount: '1500', date: day() });
  const sent = firstScreenRequests(page);
  const html = page.waitForResponse((res) => new URL(res.url()).pathname === '/');
  await page.reload();
  await expect(page.getByText('$1,500.00').first()).toBeVisible();
  const answer = await html;
  expect(answer.headers()['cache-control']).toBe('no-store');
  expect(await answer.text()).toContain('<script type="application/json" id="first-screen">');
  // The data was in the page: no request for it (the element is read once, then removed).
  expect(sent).toEqual([]);
  expect(await page.locator('#first-screen').count()).toBe(0);

  // A write elsewhere (another browser of the same user) shows here without a reload.
  const other = await browser.newContext();
  await other.addCookies(await page.context().cookies());
  const second = await other.newPage();
  await second.goto('/paycheck');
  await seed(second).paycheck({ amount: '250', date: day() });
  await expect(page.getByText('$1,750.00').first()).toBeVisible({ timeout: 10_000 });
  await other.close();
});

test("without the browser's time zone yet, or signed out, `/` is the page as built", async ({ page }) => {
  const built = async () => {
    const res = await page.request.get('/');
    expect(res.headers()['cache-control']).toBe('no-cache');
    expect(await res.text()).not.toContain('first-screen');
  };
  await built(); // signed out: the landing page, with no one's data
  await signUp(page); // the app has set the time zone cookie by now
  await page.context().clearCookies({ name: 'tz' });
  await built(); // signed in, the month unknown: the app asks itself
  const sent = firstScreenRequests(page);
  await page.reload();
  await expect(page.getByText('Total Income', { exact: true })).toBeVisible();
  expect(sent.sort()).toEqual(['DashboardPageQuery', 'user']);
});

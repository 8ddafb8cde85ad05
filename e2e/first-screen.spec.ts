import { expect, test, type Browser, type Page } from '@playwright/test';
import { signUp } from './fixtures.ts';
import { day, seed } from './seed.ts';

// `/` signed in comes with the Dashboard's data in the page (api/graphql/first-screen.ts,
// docs/performance.md#the-cold-load): the figures without a GraphQL round trip, still live.

/**
 * Every request the page sends for the user or the Dashboard's query from its next document on
 * (the one before may still be refetching what a change made stale as it goes).
 */
function firstScreenRequests(page: Page) {
  const sent: string[] = [];
  const next = nextDocument(page);
  page.on('request', (req) => {
    if (!next.loaded) return;
    if (req.url().endsWith('/api/auth/user')) sent.push('user');
    if (req.url().endsWith('/graphql') && req.method() === 'POST' && req.postDataJSON()?.operationName === 'DashboardPageQuery')
      sent.push('DashboardPageQuery');
  });
  return sent;
}

/** Adds a paycheck of `amount` from another browser signed in as the page's user (a tab of its own, with its own client id). */
async function paycheckFromAnotherBrowser(page: Page, browser: Browser, amount: string) {
  const other = await browser.newContext();
  await other.addCookies(await page.context().cookies());
  const second = await other.newPage();
  await second.goto('/paycheck');
  await seed(second).paycheck({ amount, date: day() });
  await other.close();
}

/** Whether the page has gone on to its next document (`loaded`), from now on. */
function nextDocument(page: Page) {
  const next = { loaded: false };
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) next.loaded = true;
  });
  return next;
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
  await paycheckFromAnotherBrowser(page, browser, '250');
  await expect(page.getByText('$1,750.00').first()).toBeVisible({ timeout: 10_000 });
});

test('a write made elsewhere while the page loads, before its live updates are open, still shows', async ({ page, browser }) => {
  await signUp(page);
  await seed(page).paycheck({ amount: '1500', date: day() });
  // The page's live-updates stream is held back until the write below is done.
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  const held: string[] = [];
  const reloaded = nextDocument(page);
  await page.route('**/graphql', async (route) => {
    if (!reloaded.loaded || !route.request().postData()?.includes('liveChangesSubscription')) return route.fallback();
    held.push(route.request().postDataJSON()?.variables?.since);
    await released;
    return route.fallback();
  });
  await page.reload();
  await expect(page.getByText('$1,500.00').first()).toBeVisible();
  await expect.poll(() => held.length).toBe(1);
  expect(held[0]).toMatch(/^\d+$/); // the change mark the page's data was read at
  await paycheckFromAnotherBrowser(page, browser, '250');
  release();
  await expect(page.getByText('$1,750.00').first()).toBeVisible({ timeout: 10_000 });
});

test('a write made elsewhere while the live updates are down shows once they are back', async ({ page, browser }) => {
  await signUp(page);
  await seed(page).paycheck({ amount: '1500', date: day() });
  // The stream's attempts fail (as while the server cannot be reached) until `down` is lifted.
  const down = { on: true };
  const attempts: string[] = [];
  const reloaded = nextDocument(page);
  await page.route('**/graphql', (route) => {
    if (!reloaded.loaded || !route.request().postData()?.includes('liveChangesSubscription')) return route.fallback();
    attempts.push(route.request().postDataJSON()?.variables?.since);
    return down.on ? route.abort() : route.fallback();
  });
  await page.reload();
  await expect(page.getByText('$1,500.00').first()).toBeVisible();
  await expect.poll(() => attempts.length).toBeGreaterThan(0);
  await paycheckFromAnotherBrowser(page, browser, '250');
  down.on = false;
  await expect(page.getByText('$1,750.00').first()).toBeVisible({ timeout: 15_000 });
  // Every attempt named the same mark, that of what the page showed: the server told of the change.
  expect(attempts.length).toBeGreaterThan(1);
  expect(new Set(attempts)).toEqual(new Set([attempts[0]]));
});

test('a change heard while the screen cannot ask for its data shows once the server answers again', async ({ page, browser }) => {
  await signUp(page);
  await seed(page).paycheck({ amount: '1500', date: day() });
  await page.reload();
  await expect(page.getByText('$1,500.00').first()).toBeVisible();
  // Every read fails (the server out of reach) until `down` is lifted; the live updates stay open.
  const down = { on: true };
  const failed: string[] = [];
  await page.route('**/graphql', (route) => {
    if (!down.on || route.request().postData()?.includes('liveChangesSubscription')) return route.fallback();
    failed.push(route.request().postDataJSON()?.operationName);
    return route.abort();
  });
  await paycheckFromAnotherBrowser(page, browser, '250');
  // The change was heard: the Dashboard asked for its data, and could not get it.
  await expect.poll(() => failed).toContain('DashboardPageQuery');
  await expect(page.getByText('$1,500.00').first()).toBeVisible();
  down.on = false;
  await expect(page.getByText('$1,750.00').first()).toBeVisible({ timeout: 15_000 });
});

test('a read that fails at once (the browser offline) leaves the screen as it was, not its error page', async ({ page, browser }) => {
  await signUp(page);
  await seed(page).paycheck({ amount: '1500', date: day() });
  await page.reload();
  await expect(page.getByText('$1,500.00').first()).toBeVisible();
  // The page's reads fail before any render can follow the change (as fetch does offline); the
  // live updates stay open. A render reading the failed read would show the error page.
  await page.evaluate(() => {
    const real = window.fetch.bind(window);
    const state = { down: true, failed: [] as string[] };
    Object.assign(window, { readsDown: state });
    window.fetch = (input, init) => {
      const body = typeof init?.body === 'string' ? init.body : '';
      if (!state.down || !String(input).endsWith('/graphql') || body.includes('liveChangesSubscription')) return real(input, init);
      state.failed.push((JSON.parse(body) as { operationName: string }).operationName);
      return Promise.reject(new TypeError('Failed to fetch'));
    };
  });
  const failed = () => page.evaluate(() => (window as unknown as { readsDown: { failed: string[] } }).readsDown.failed);
  await paycheckFromAnotherBrowser(page, browser, '250');
  await expect.poll(failed).toContain('DashboardPageQuery');
  await expect(page.getByText('$1,500.00').first()).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Something went wrong' })).toHaveCount(0);
  await page.evaluate(() => ((window as unknown as { readsDown: { down: boolean } }).readsDown.down = false));
  await expect(page.getByText('$1,750.00').first()).toBeVisible({ timeout: 15_000 });
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

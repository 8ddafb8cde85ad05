import { expect, test, type Page, type Request } from '@playwright/test';
import { signUp, toast } from './fixtures.ts';

const navLink = (page: Page, name: string) => page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name, exact: true });

/** Whether `req` asks GraphQL for the operation `name` (the app sends its id and name, not its text). */
function asksFor(req: Request, name: string) {
  if (!req.url().endsWith('/graphql')) return false;
  return (req.postDataJSON() as { operationName?: string } | null)?.operationName === name;
}

/** The GraphQL requests of one query the page sends from now on. */
function queryRequests(page: Page, name: string) {
  const sent: string[] = [];
  page.on('request', (req) => {
    if (asksFor(req, name)) sent.push(name);
  });
  return sent;
}

// Render-as-you-fetch: the data is asked for without waiting for the screen's code, and the
// screen uses that one request instead of asking again.
test("a screen's data is requested while its code is still downloading, once", async ({ page }) => {
  const events: string[] = [];
  let queryRequested = () => {};
  const requested = new Promise<void>((resolve) => (queryRequested = resolve));
  // The code of Savings Goals is held back (also when it is fetched ahead, while the app is idle) until its query has gone out.
  await page.route(/\/assets\/GoalsPage-[\w-]+\.js$/, async (route) => {
    await requested;
    events.push('code sent');
    await route.continue();
  });
  page.on('request', (req) => {
    if (asksFor(req, 'GoalsPageQuery')) {
      events.push('query requested');
      queryRequested();
    }
  });
  await signUp(page);
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await navLink(page, 'Savings Goals').click();
  await expect(page.getByRole('heading', { level: 1, name: 'Savings Goals' })).toBeVisible();
  await expect(page.getByText('No active goals')).toBeVisible();
  expect(events).toEqual(['query requested', 'code sent']);
});

// Without the first screen's data in the page (e2e/first-screen.spec.ts): the browser's time zone
// not yet known to the server, as on a first visit.
const withoutFirstScreen = (page: Page) => page.context().clearCookies({ name: 'tz' });

test('on a cold load of `/` the Dashboard is asked for before the app script has run, once', async ({ page }) => {
  await signUp(page);
  await withoutFirstScreen(page);
  const order: string[] = [];
  page.on('request', (req) => {
    if (/\/assets\/index-[\w-]+\.js$/.test(req.url())) order.push('app script requested');
    if (asksFor(req, 'DashboardPageQuery')) order.push('Dashboard query');
  });
  // The app script arrives only after the Dashboard's query has gone out: the page asks for both at once.
  await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
    await expect.poll(() => order.includes('Dashboard query')).toBe(true);
    await route.continue();
  });
  await page.reload();
  await expect(page.getByText('Total Income', { exact: true })).toBeVisible();
  expect(order.filter((e) => e === 'Dashboard query')).toHaveLength(1);
});

/** Records, in the page, each first sighting of the landing page, the skeleton and the Dashboard's figures. */
function recordFirstDraws(page: Page) {
  return page.addInitScript(() => {
    const seen: string[] = ((window as unknown as { drawn: string[] }).drawn = []);
    const note = (what: string, present: boolean) => present && !seen.includes(what) && seen.push(what);
    new MutationObserver(() => {
      note('landing page', document.body.textContent?.includes('Take Control of Your Financial Future') ?? false);
      note('skeleton', document.querySelector('[aria-busy="true"]') !== null);
      note('figures', document.body.textContent?.includes('Total Income') ?? false);
    }).observe(document, { subtree: true, childList: true });
  });
}
const firstDraws = (page: Page) => page.evaluate(() => (window as unknown as { drawn: string[] }).drawn);

// The first render waits for the user and the Dashboard's data, or 200 ms, whichever comes first
// (web/src/app/first-render.ts). Here the page's clock stands still, so the answers always come
// first, however busy the server is (it serves the other worker's tests too): what is checked is
// what the page draws once they have come. How long they take is the benchmark's cold load; a slow
// answer is the next test.
test('a cold load of `/` signed in draws the Dashboard with its figures first, not the landing page or a skeleton', async ({ page }) => {
  await signUp(page);
  await recordFirstDraws(page);
  await page.clock.install();
  await page.clock.pauseAt(Date.now() + 1000);
  await page.reload();
  await expect(page.getByText('Total Income', { exact: true })).toBeVisible();
  expect(await firstDraws(page)).toEqual(['figures']);
});

test('while sign-in is still being checked the landing page shows, then the Dashboard', async ({ page }) => {
  await signUp(page);
  await withoutFirstScreen(page);
  await recordFirstDraws(page);
  // The answer to "who is signed in" is held until the page has drawn the landing page (a fixed
  // delay could end before a slow host has even run the app's code); a page that waited for the
  // answer however long it took would never draw it, and the test would time out.
  await page.route('**/api/auth/user', async (route) => {
    await page.getByText('Take Control of Your Financial Future').waitFor({ timeout: 60_000 });
    await route.continue();
  });
  await page.reload();
  await expect(page.getByText('Total Income', { exact: true })).toBeVisible();
  expect((await firstDraws(page))[0]).toBe('landing page');
});

test("the other screens' code is fetched once the app is idle, and a link pointed at fetches its data", async ({ page }) => {
  // Nothing clicked: the Reports code comes while the Dashboard sits idle.
  const reportsCode = page.waitForRequest(/\/assets\/ReportsPage-[\w-]+\.js$/);
  await signUp(page);
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await reportsCode;
  const sent = queryRequests(page, 'TransactionsPageQuery');
  await navLink(page, 'Transactions').hover();
  await expect.poll(() => sent.length).toBe(1);
  await navLink(page, 'Transactions').click();
  await expect(page.getByRole('heading', { level: 1, name: 'Transactions' })).toBeVisible();
  await expect(page.getByText('No transactions yet')).toBeVisible();
  expect(sent).toHaveLength(1); // the navigation took the answer fetched on hover
});

test('what was fetched ahead is not shown after a write: the screen asks again', async ({ page }) => {
  // Queries, the mutation and the live-update subscription alike go out as ids, never as documents.
  const bodies: { operationName?: string; query?: string; extensions?: { persistedQuery?: { sha256Hash?: string } } }[] = [];
  page.on('request', (req) => void (req.url().endsWith('/graphql') && req.method() === 'POST' && bodies.push(req.postDataJSON())));
  await signUp(page);
  await navLink(page, 'Add Paycheck').click();
  await expect(page.getByText('No paychecks yet')).toBeVisible();
  const sent = queryRequests(page, 'DashboardPageQuery');
  await navLink(page, 'Dashboard').hover(); // the Dashboard as it is now: no income
  await expect.poll(() => sent.length).toBe(1);
  await page.getByLabel('Amount').fill('2000');
  await page.getByRole('button', { name: 'Add Paycheck' }).click();
  await expect(toast(page, 'Paycheck added')).toBeVisible();
  await navLink(page, 'Dashboard').click();
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await expect(page.getByText('$2,000.00').first()).toBeVisible();
  expect(sent.length).toBeGreaterThanOrEqual(2);
  const names = bodies.map((b) => b.operationName);
  expect(names).toEqual(expect.arrayContaining(['AppShellQuery', 'liveChangesSubscription', 'AddPaycheckFormMutation']));
  expect(bodies.filter((b) => b.query || !/^[0-9a-f]{64}$/.test(b.extensions?.persistedQuery?.sha256Hash ?? ''))).toEqual([]);
});

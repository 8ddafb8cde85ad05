import { expect, test } from '@playwright/test';
import { signUp, toast } from './fixtures.ts';
import { day, seed } from './seed.ts';

// User-facing defects found in review: each test fails without its fix.

test('budget: unsaved edits stay savable on a phone and are not lost without a warning', async ({ page }) => {
  await signUp(page);
  await seed(page).paycheck({ amount: '1000.00', date: day() });
  for (let i = 1; i <= 12; i++) await seed(page).category(`Category ${i}`);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/budget?tab=plan');
  const bar = page.getByRole('region', { name: 'Unsaved changes' });
  await page.getByLabel('Category 1 amount').fill('0');
  await expect(bar).toHaveCount(0); // the saved value, written differently
  await page.getByLabel('Category 1 amount').fill('100');
  await expect(bar).toContainText('1 unsaved change');
  await page.getByLabel('Category 2 amount').fill('50');
  await expect(bar).toContainText('2 unsaved changes');
  await expect(bar.getByRole('button', { name: 'Save Changes' })).toBeInViewport();

  // Leaving through the app asks first; Keep editing stays with the edits.
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.getByRole('link', { name: 'Accounts' }).click();
  const leave = page.getByRole('dialog', { name: 'Discard unsaved changes?' });
  await leave.getByRole('button', { name: 'Keep editing' }).click();
  await expect(page).toHaveURL(/\/budget\?tab=plan$/);
  await expect(page.getByLabel('Category 1 amount')).toHaveValue('100');

  // Discard drops them; the next visit shows the saved amounts.
  await page.getByRole('link', { name: 'Accounts' }).click();
  await leave.getByRole('button', { name: 'Discard' }).click();
  await expect(page.getByRole('heading', { name: 'Accounts', level: 1 })).toBeVisible();
  await page.getByRole('link', { name: 'Budget', exact: true }).click();
  await page.getByRole('tab', { name: 'Plan' }).click();
  await expect(page.getByLabel('Category 1 amount')).toHaveValue('0.00');
  await expect(bar).toHaveCount(0);

  // Saved edits leave freely.
  await page.getByLabel('Category 1 amount').fill('100');
  await bar.getByRole('button', { name: 'Save Changes' }).click();
  await expect(toast(page, 'Budget updated')).toBeVisible();
  await expect(bar).toHaveCount(0);
  await page.getByRole('link', { name: 'Accounts' }).click();
  await expect(page.getByRole('heading', { name: 'Accounts', level: 1 })).toBeVisible();

  // Closing the tab with edits asks the browser to confirm.
  await page.goto('/budget?tab=plan');
  await page.getByLabel('Category 2 amount').fill('75');
  const unload = page.waitForEvent('dialog');
  await page.close({ runBeforeUnload: true });
  const dialog = await unload;
  expect(dialog.type()).toBe('beforeunload');
  await dialog.accept();
});

test('reports: each period shows the days it covers', async ({ page }) => {
  await signUp(page);
  // The window as the server computes it for this browser's time zone, formatted as the app should.
  const window = (period: string) =>
    page.evaluate(async (p) => {
      const res = await fetch('/graphql', {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-graphql-yoga-csrf': '1',
          'x-time-zone': Intl.DateTimeFormat().resolvedOptions().timeZone,
        },
        body: JSON.stringify({ query: `{ viewer { report(period: ${p}) { from to } } }` }),
      });
      const { from, to } = (await res.json()).data.viewer.report;
      const format = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
      return format.formatRange(new Date(`${from}T00:00:00Z`), new Date(`${to}T00:00:00Z`));
    }, period);
  await page.goto('/reports');
  await expect(page.getByText(await window('MONTH'), { exact: true })).toBeVisible();
  await page.getByRole('tab', { name: 'Yearly' }).click();
  await expect(page.getByText(await window('YEAR'), { exact: true })).toBeVisible();
});

test('accessibility: buttons name their item, titles name the screen, focus follows navigation', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveTitle('Budget — Take control of your finances');
  await signUp(page);
  for (const name of ['Checking', 'Savings', 'Visa']) await seed(page).account({ name, type: 'checking', balance: '10.00' });
  for (const amount of ['900.00', '1100.00']) await seed(page).paycheck({ amount, date: day() });
  await seed(page).category('Groceries');
  await seed(page).category('Dining');
  for (const offset of [0, -1]) await seed(page).transaction({ amount: '4.50', description: 'Coffee', date: day(offset) });
  for (const name of ['Netflix', 'Spotify'])
    await seed(page).bill({ name, amount: '10.00', frequency: 'monthly', dueDay: 1, nextDueDate: day(3) });
  for (const name of ['Bike', 'Laptop']) await seed(page).goal({ name, targetAmount: '500.00' });

  const screens = [
    ['/', 'Dashboard', 'Dashboard'],
    ['/accounts', 'Accounts', 'Set Visa as default'],
    ['/paycheck', 'Add Paycheck', 'Delete $1,100.00 paycheck'],
    ['/budget', 'Budget Allocation', 'Previous month'],
    ['/budget?tab=plan', 'Budget Allocation', 'Delete Dining'],
    ['/bills', 'Recurring Bills', 'Mark Netflix paid'],
    ['/goals', 'Savings Goals', 'Add contribution to Bike'],
    ['/transactions', 'Transactions', 'Delete Coffee of'],
    ['/reports', 'Reports', 'Reports'],
    ['/no/such/page', 'Page Not Found', 'Page Not Found'],
  ] as const;
  const duplicates: string[] = [];
  for (const [path, title, example] of screens) {
    await page.goto(path);
    await expect(page).toHaveTitle(`${title} · Budget`);
    if (example !== title) await expect(page.getByRole('button', { name: example }).first()).toBeVisible();
    const names = [...(await page.locator('main').ariaSnapshot()).matchAll(/- button "([^"]*)"/g)].map((m) => m[1]);
    duplicates.push(...names.filter((name, i) => names.indexOf(name) !== i).map((name) => `${path}: ${name}`));
  }
  expect(duplicates).toEqual([]);

  // A fresh load leaves focus alone; an in-app navigation moves it to the new screen's heading.
  await page.goto('/accounts');
  await expect(page.getByRole('heading', { level: 1, name: 'Accounts' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).not.toBeFocused();
  await page.getByRole('link', { name: 'Savings Goals' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Savings Goals' })).toBeFocused();

  // The skip link comes first and lands in the main area.
  await page.goto('/accounts');
  await expect(page.getByRole('heading', { level: 1, name: 'Accounts' })).toBeVisible();
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to main content' });
  await expect(skip).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.locator('main')).toBeFocused();
});

test('small things: a first-visit welcome, one category badge, round chart steps, the over-budget key and bars', async ({ page }) => {
  const profile = await signUp(page);
  await expect(page.getByText(`Welcome, ${profile.firstName}!`)).toBeVisible();

  await seed(page).paycheck({ amount: '5000.00', date: day() });
  const groceries = await seed(page).category('Groceries');
  await seed(page).allocations([{ id: groceries, allocatedAmount: '1000.00', allocatedPercentage: 20 }]);
  // $5,000 in and $3,800 spent: recharts' default axis steps would be $1,250.
  await seed(page).transaction({ amount: '3800.00', description: 'Weekly shop', date: day(), categoryId: groceries });
  await seed(page).bill({ name: 'Box', amount: '10.00', frequency: 'monthly', dueDay: 1, nextDueDate: day(3), categoryId: groceries });

  await page.reload();
  await expect(page.getByText(`Welcome back, ${profile.firstName}!`)).toBeVisible();
  const badgeStyle = async (path: string) => {
    await page.goto(path);
    // Rows with a bar (the Dashboard's budget progress) name the category without a badge.
    const badge = page
      .locator('main li')
      .filter({ hasNot: page.getByRole('progressbar') })
      .getByText('Groceries', { exact: true })
      .first();
    return badge.evaluate((el) => ({ background: getComputedStyle(el).backgroundColor, color: getComputedStyle(el).color }));
  };
  const onTransactions = await badgeStyle('/transactions');
  expect(await badgeStyle('/')).toEqual(onTransactions);
  expect(await badgeStyle('/bills')).toEqual(onTransactions);

  // The trend steps its money axis by 1, 2, 2.5 or 5 times a power of ten.
  await page.goto('/reports');
  const trend = page.locator('section').filter({ has: page.getByRole('heading', { name: 'Income vs Spending' }) });
  await trend.scrollIntoViewIfNeeded();
  // The chart's code loads as it comes into view: wait for its axis before reading it.
  await expect(trend.locator('.recharts-yAxis-tick-labels text').nth(2)).toBeVisible();
  const ticks = (await trend.locator('.recharts-yAxis-tick-labels text').allTextContents()).map((t) => Number(t.replace(/[$,]/g, '')));
  expect(ticks.length, 'money ticks').toBeGreaterThan(2);
  const step = ticks[1]! - ticks[0]!;
  expect([1, 2, 2.5, 5], `steps of ${ticks.join(', ')}`).toContain(Number((step / 10 ** Math.floor(Math.log10(step))).toFixed(6)));
  // Budget vs Actual: the key names the red, and Groceries' $3,800 of $1,000 is red, its bar the longest.
  // (A window sums what the months it covers assigned, part of a month for its days: this calendar month is the whole 20 %.)
  const month = day().slice(0, 7);
  const [y, m] = month.split('-').map(Number);
  await page.goto(`/reports?from=${month}-01&to=${month}-${new Date(y!, m!, 0).getDate()}`);
  const budgetVsActual = page.locator('section').filter({ has: page.getByRole('heading', { name: 'Budget vs Actual' }) });
  await expect(budgetVsActual).toContainText('Over budget');
  const overRow = budgetVsActual.getByRole('link', { name: 'Groceries: $3,800.00 spent of $1,000.00, over budget' });
  await expect(overRow.getByText('$3,800.00')).toHaveCSS('color', 'rgb(200, 36, 47)');
  const widths = await overRow.locator('[aria-hidden] > span').evaluateAll((bars) => bars.map((b) => b.getBoundingClientRect().width));
  expect(widths[1]! / widths[0]!).toBeCloseTo(3.8, 1);
});

test("sign-in pages: the app's theme choice and logo, whatever the system prefers", async ({ page }) => {
  await page.goto('/');
  const logo = await page.request.get('/favicon.svg');
  expect(logo.ok()).toBe(true);
  for (const [theme, system, background] of [
    ['dark', 'light', 'rgb(11, 16, 32)'],
    ['light', 'dark', 'rgb(246, 247, 251)'],
  ] as const) {
    await page.emulateMedia({ colorScheme: system });
    await page.evaluate((t) => localStorage.setItem('theme', t), theme);
    await page.goto('/api/login');
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe(background);
    await expect(page.locator('.brand img')).toHaveAttribute('src', '/favicon.svg');
  }
  await page.goto('/');
  await expect(page.getByRole('banner').locator('img')).toHaveAttribute('src', '/favicon.svg');
});

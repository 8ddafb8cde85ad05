import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, test } from './signed-in.ts';
import { day, seed } from './seed.ts';

// Reports you can move through (docs/product.md#reports): Previous / Next, a custom range and one
// account, all in the URL; bars that open the transactions behind them; exports of the window shown.

/** The day `months` calendar months from today (clamped to the month's end), as the server counts a report's months. */
function monthsFrom(months: number, from = new Date()) {
  const first = new Date(Date.UTC(from.getFullYear(), from.getMonth() + months, 1));
  const last = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  return new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth(), Math.min(from.getDate(), last)));
}
const iso = (d: Date) => d.toISOString().slice(0, 10);
const plusDay = (d: Date) => new Date(d.getTime() + 86_400_000);
/** Window `offset` of the Monthly tab: the day after the end of the one before, through its end. */
const monthWindow = (offset: number) => ({ from: iso(plusDay(monthsFrom(offset - 1))), to: iso(monthsFrom(offset)) });
const SHORT = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
const shown = (w: { from: string; to: string }) => SHORT.formatRange(new Date(`${w.from}T00:00:00Z`), new Date(`${w.to}T00:00:00Z`));

async function someMonths(page: Page) {
  const add = seed(page);
  const food = await add.category('Food');
  const fun = await add.category('Fun');
  const checking = await add.account({ name: 'Checking', type: 'checking', balance: '0' });
  const card = await add.account({ name: 'Card', type: 'credit', balance: '0' });
  const lastMonth = iso(monthsFrom(-1));
  await add.paycheck({ amount: '1000.00', date: day(0), accountId: checking });
  for (const [description, amount, date, categoryId, accountId] of [
    ['Groceries now', '30.00', day(0), food, checking],
    ['Movie now', '20.00', day(0), fun, card],
    ['Groceries then', '45.00', lastMonth, food, checking],
  ] as const)
    await add.transaction({ description, amount, date, categoryId, accountId });
  return { food };
}

const spent = (page: Page) => page.getByLabel('Total Spent');
const dates = (page: Page) => page.getByRole('navigation', { name: 'Report window' });
const chart = (page: Page, title: string) => page.locator('section').filter({ has: page.getByRole('heading', { name: title }) });

test('Previous / Next move the window; the URL keeps it; the export is of that window', async ({ page }) => {
  await someMonths(page);
  await page.goto('/reports');
  await expect(spent(page)).toContainText('$50.00');
  await expect(dates(page)).toContainText(shown(monthWindow(0)));
  await expect(page.getByRole('button', { name: 'Next' })).toBeDisabled();

  await page.getByRole('button', { name: 'Previous' }).click();
  await expect(page).toHaveURL(/\/reports\?offset=-1$/);
  await expect(dates(page)).toContainText(shown(monthWindow(-1)));
  await expect(spent(page)).toContainText('$45.00');
  await expect(spent(page)).toContainText('1 transaction');
  await page.reload();
  await expect(dates(page)).toContainText(shown(monthWindow(-1)));
  await expect(spent(page)).toContainText('$45.00');

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const file = await download;
  const w = monthWindow(-1);
  expect(file.suggestedFilename()).toBe(`transactions_${w.from}_to_${w.to}.csv`);
  expect(
    fs
      .readFileSync((await file.path())!, 'utf8')
      .trim()
      .split('\n'),
  ).toEqual(['Date,Description,Amount,Category', `${iso(monthsFrom(-1))},Groceries then,45.00,Food`]);

  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/\/reports$/);
  await expect(spent(page)).toContainText('$50.00');
  await page.goBack();
  await expect(spent(page)).toContainText('$45.00');

  // Weekly steps by 7 days.
  await page.getByRole('tab', { name: 'Weekly' }).click();
  await expect(page).toHaveURL(/\/reports\?period=WEEK$/);
  await expect(dates(page)).toContainText(shown({ from: day(-6), to: day(0) }));
  await page.getByRole('button', { name: 'Previous' }).click();
  await expect(dates(page)).toContainText(shown({ from: day(-13), to: day(-7) }));
});

test('a custom range and one account, kept in the URL', async ({ page }) => {
  await someMonths(page);
  await page.goto('/reports');
  await page.getByRole('tab', { name: 'Custom' }).click();
  const range = page.getByRole('form', { name: 'Custom range' });
  await expect(range.getByLabel('From')).toHaveValue(monthWindow(0).from);
  await range.getByLabel('From').fill(iso(monthsFrom(-3)));
  await range.getByLabel('To').fill(iso(monthsFrom(-4)));
  await range.getByRole('button', { name: 'Apply' }).click();
  await expect(range.getByText('The end date must be on or after the start date')).toBeVisible();
  await range.getByLabel('To').fill(day(0));
  await range.getByRole('button', { name: 'Apply' }).click();
  await expect(page).toHaveURL(new RegExp(`from=${iso(monthsFrom(-3))}&to=${day(0)}`));
  await expect(spent(page)).toContainText('$95.00');

  await page.getByLabel('Account').selectOption({ label: 'Card' });
  await expect(page).toHaveURL(/accountId=/);
  await expect(spent(page)).toContainText('$20.00');
  await expect(page.getByLabel('Total Income')).toContainText('$0.00');
  await page.reload();
  await expect(page.getByRole('tab', { name: 'Custom' })).toHaveAttribute('data-state', 'active');
  await expect(page.getByLabel('Account')).toHaveValue(/.+/);
  await expect(spent(page)).toContainText('$20.00');

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export Report' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`financial_report_custom_${iso(monthsFrom(-3))}_to_${day(0)}.html`);
  const html = fs.readFileSync((await file.path())!, 'utf8');
  expect(html).toContain('Movie now');
  expect(html).toContain('Account: Card');
  expect(html).not.toContain('Groceries');

  await page.getByLabel('Account').selectOption({ label: 'All accounts' });
  await expect(page).not.toHaveURL(/accountId=/);
  await expect(spent(page)).toContainText('$95.00');

  // A link limited to an account that is not there (deleted, or another user's): said, and undone in one click.
  await page.goto(
    `/reports?from=${iso(monthsFrom(-3))}&to=${day(0)}&accountId=${Buffer.from('Account:00000000-0000-7000-8000-000000000000').toString('base64')}`,
  );
  await expect(page.getByText('Account not found')).toBeVisible();
  await page.getByRole('button', { name: 'Show all accounts' }).click();
  await expect(page).not.toHaveURL(/accountId=/);
  await expect(spent(page)).toContainText('$95.00');
});

test("clicking a category's row opens its transactions of the window", async ({ page }) => {
  await someMonths(page);
  await page.goto('/reports');
  await expect(spent(page)).toContainText('$50.00');
  // Largest first, each row a link with its figure: Food ($30), then Fun ($20).
  const rows = chart(page, 'Spending by Category').getByRole('link');
  await expect(rows).toHaveText([/Food\s*\$30\.00/, /Fun\s*\$20\.00/]);
  await rows.first().click();
  const w = monthWindow(0);
  await expect(page).toHaveURL(new RegExp(`/transactions\\?categoryId=[^&]+&from=${w.from}&to=${w.to}$`));
  await expect(page.getByRole('heading', { level: 2, name: /^All Transactions/ })).toHaveText('All Transactions (1)');
  await expect(page.getByRole('list', { name: 'Transactions' }).getByRole('listitem')).toHaveText([/Groceries now/]);
  await expect(page.getByLabel('Filter by Category')).toHaveValue(/.+/);
  await expect(page.getByLabel('From')).toHaveValue(w.from);

  // Budget vs Actual of last month: the Food bars open last month's Food.
  await page.goto('/reports?offset=-1');
  await expect(spent(page)).toContainText('$45.00');
  // Food has no allocation: its $0.00 budget is exceeded.
  await chart(page, 'Budget vs Actual').getByRole('link', { name: 'Food: $45.00 spent of $0.00, over budget' }).click();
  await expect(page).toHaveURL(new RegExp(`from=${monthWindow(-1).from}&to=${monthWindow(-1).to}`));
  await expect(page.getByRole('list', { name: 'Transactions' }).getByRole('listitem')).toHaveText([/Groceries then/]);
});

test('the 12-month trend on Reports and on the Dashboard, whose chart code loads as the card comes into view', async ({ page }) => {
  await someMonths(page);
  const MONTH = new Intl.DateTimeFormat('en-US', { month: 'short', year: '2-digit', timeZone: 'UTC' });
  const thisMonth = MONTH.format(monthsFrom(0));
  const yearAgo = MONTH.format(monthsFrom(-11));
  const bars = (scope: ReturnType<typeof chart>) => scope.locator('.recharts-bar-rectangle');

  await page.goto('/reports');
  const onReports = chart(page, 'Income vs Spending');
  await onReports.scrollIntoViewIfNeeded();
  await expect(onReports.locator('.recharts-xAxis-tick-labels')).toContainText(thisMonth);
  await expect(onReports.locator('.recharts-xAxis-tick-labels')).toContainText(yearAgo);
  // This month's income and spending, last month's spending (months without money draw no bar).
  await expect(bars(onReports)).toHaveCount(3);

  await page.getByRole('link', { name: 'Dashboard', exact: true }).click();
  const card = chart(page, 'Income vs Spending · last 12 months').last(); // the card, not the page's section around the cards
  await card.scrollIntoViewIfNeeded();
  await expect(card.locator('.recharts-xAxis-tick-labels')).toContainText(thisMonth);
  await expect(bars(card)).toHaveCount(3);
  await card.getByRole('link', { name: 'View Reports' }).click();
  await expect(page).toHaveURL(/\/reports$/);
});

import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, test } from './signed-in.ts';
import { inEveryLook, toast } from './fixtures.ts';
import { day, seed } from './seed.ts';

// Finding transactions (docs/product.md#transactions): search and filters that live in the URL,
// the count and sum of what they match, and bulk changes of the rows chosen.
const OUT = 'test-results/screenshots';

async function someSpending(page: Page) {
  const add = seed(page);
  const food = await add.category('Food');
  const fun = await add.category('Fun');
  const card = await add.account({ name: 'Card', type: 'credit', balance: '0' });
  for (const [description, amount, offset, categoryId, accountId] of [
    ['Café de Flore', '12.50', -40, food, card],
    ['Whole Foods market', '80.00', -30, food, null],
    ['Cinema tickets', '24.00', -20, fun, card],
    ['Coffee beans', '15.25', -10, food, null],
    ['Parking downtown', '6.00', -5, null, card],
    ['Coffee to go', '3.75', -1, null, null],
  ] as const)
    await add.transaction({ description, amount, date: day(offset), categoryId, accountId });
  return { food, fun, card };
}

const rows = (page: Page) => page.getByRole('list', { name: 'Transactions' }).getByRole('listitem');
const heading = (page: Page) => page.getByRole('heading', { level: 2, name: /^All Transactions/ });

test('search with filters in the URL: back, reload and a shared link keep them; count and sum follow', async ({ page }) => {
  await someSpending(page);
  await page.goto('/transactions');
  await expect(heading(page)).toHaveText('All Transactions (6)');
  await expect(page.getByLabel('Total of these transactions')).toContainText('$141.50');

  // Case and accents do not matter, and words match inside words.
  await page.getByLabel('Search').fill('CAFE');
  await expect(page).toHaveURL(/\?q=CAFE$/);
  await expect(heading(page)).toHaveText('All Transactions (1)');
  await expect(rows(page)).toHaveText([/Café de Flore/]);
  await page.getByLabel('Search').fill('coffee');
  await expect(heading(page)).toHaveText('All Transactions (2)');
  await expect(page.getByLabel('Total of these transactions')).toContainText('$19.00');

  // More filters: days and amounts, with their own messages.
  await page.getByRole('button', { name: 'More filters' }).click();
  await page.getByLabel('Min amount').fill('10');
  await expect(heading(page)).toHaveText('All Transactions (1)');
  await expect(rows(page)).toHaveText([/Coffee beans/]);
  await page.getByLabel('Max amount').fill('5');
  await expect(page.getByText('The maximum amount must be at least the minimum')).toBeVisible();
  await page.getByLabel('Max amount').fill('');
  await expect(page.getByText('The maximum amount must be at least the minimum')).toHaveCount(0);
  // The URL takes a change once its list has loaded (useFilterUrl): the link below is the URL then.
  await expect(page).not.toHaveURL(/maxAmount/);

  // Reload, and coming back to the screen, keep the filters; the link opened in another tab shows the same list.
  const url = page.url();
  expect(url).toContain('q=coffee');
  expect(url).toContain('minAmount=10');
  await page.reload();
  await expect(page.getByLabel('Search')).toHaveValue('coffee');
  await expect(page.getByLabel('Min amount')).toHaveValue('10');
  await expect(heading(page)).toHaveText('All Transactions (1)');
  await page.getByRole('link', { name: 'Reports' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Reports' })).toBeVisible();
  await page.goBack();
  await expect(page.getByLabel('Min amount')).toHaveValue('10');
  await expect(heading(page)).toHaveText('All Transactions (1)');
  await page.getByLabel('Min amount').fill('');
  await expect(heading(page)).toHaveText('All Transactions (2)');
  const other = await page.context().newPage();
  await other.goto(url);
  await expect(heading(other)).toHaveText('All Transactions (1)');
  await other.close();

  // Category and account, then Clear filters.
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(page).toHaveURL(/\/transactions$/);
  await page.getByLabel('Filter by Account').selectOption({ label: 'Card' });
  await expect(heading(page)).toHaveText('All Transactions (3)');
  await page.getByLabel('Filter by Category').selectOption({ label: 'Uncategorized' });
  await expect(rows(page)).toHaveText([/Parking downtown/]);
  await page.getByLabel('From').fill(day(-3));
  await expect(page.getByRole('heading', { name: 'Nothing matches these filters' })).toBeVisible();
  await expect(page.getByLabel('Total of these transactions')).toContainText('$0.00');
});

for (const [width, height, size] of [
  [1280, 860, 'desktop'],
  [390, 844, 'mobile'],
] as const) {
  test(`bulk: choose rows (shift for a range, or all matching) and re-categorise or delete them at once, ${size}`, async ({ page }) => {
    await page.setViewportSize({ width, height });
    await someSpending(page);
    await page.goto('/transactions');
    const bar = page.getByRole('region', { name: 'Selected transactions' });
    await expect(bar).toHaveCount(0);
    await page.getByRole('checkbox', { name: /^Select Coffee to go/ }).click();
    await page.getByRole('checkbox', { name: /^Select Coffee beans/ }).click({ modifiers: ['Shift'] });
    await expect(bar).toContainText('3 selected');
    await expect(page.getByRole('checkbox', { name: /^Select Parking downtown/ })).toBeChecked();
    if (size === 'desktop') {
      fs.mkdirSync(OUT, { recursive: true });
      await page.screenshot({ path: `${OUT}/transactions-bulk-light-${size}.png`, animations: 'disabled' });
    }
    await bar.getByLabel('New category').selectOption({ label: 'Fun' });
    await bar.getByRole('button', { name: 'Apply' }).click();
    await expect(toast(page, 'Transactions updated')).toBeVisible();
    await expect(bar).toHaveCount(0);
    await page.getByLabel('Filter by Category').selectOption({ label: 'Fun' });
    await expect(heading(page)).toHaveText('All Transactions (4)');

    // Every one matching, loaded or not: delete them all, in one call.
    await page.getByRole('checkbox', { name: /^Select Coffee to go/ }).click();
    await bar.getByRole('button', { name: 'Select all 4 matching' }).click();
    await expect(bar).toContainText('4 selected');
    await bar.getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete 4 transactions?' });
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(toast(page, 'Transactions deleted')).toBeVisible();
    await expect(heading(page)).toHaveText('All Transactions (0)');
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect(heading(page)).toHaveText('All Transactions (2)');
    await expect(rows(page)).toHaveText([/Whole Foods market/, /Café de Flore/]);
  });
}

test('pictures of the filters, light and dark, desktop and 390 px', async ({ page }) => {
  fs.mkdirSync(OUT, { recursive: true });
  await someSpending(page);
  await inEveryLook(page, async ({ size, theme }) => {
    await page.goto(`/transactions?q=co&minAmount=1&from=${day(-60)}`);
    await expect(heading(page)).toHaveText('All Transactions (2)');
    await page.screenshot({ path: `${OUT}/transactions-filters-${theme}-${size}.png`, fullPage: true, animations: 'disabled' });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});

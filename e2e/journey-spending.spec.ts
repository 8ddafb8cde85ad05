import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { openDialog, signUp, toast } from './fixtures.ts';

function isoDay(offset = 0) {
  const d = new Date();
  d.setDate(d.getDate() + offset);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

async function addCategory(page: Page, name: string, type = 'expenses') {
  await page.goto('/budget?tab=plan');
  await page.getByLabel('Category name').fill(name);
  await page.getByLabel('Category type').selectOption(type);
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(page.getByRole('region', { name })).toBeVisible();
}

test('bills: add one, mark it paid, see the due date move and the expense appear', async ({ page }) => {
  await signUp(page);
  await addCategory(page, 'Utilities', 'bills');
  await page.getByRole('link', { name: 'Recurring Bills' }).click();
  const dialog = await openDialog(page, 'Add Bill', 'Add Bill');
  await dialog.getByLabel('Name').fill('Electricity');
  await dialog.getByLabel('Amount').fill('84.20');
  await dialog.getByLabel('Due day of the month').fill('15');
  await dialog.getByLabel('Next due date').fill(isoDay(-2));
  await dialog.getByLabel('Category (optional)').selectOption({ label: 'Utilities' });
  await dialog.getByRole('button', { name: 'Add Bill' }).click();
  await expect(toast(page, 'Bill added')).toBeVisible();
  const upcoming = page.getByRole('region', { name: 'Upcoming Bills' });
  await expect(upcoming.getByText('2 days overdue')).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Active Bills (1)' })).toBeVisible();
  await expect(page.getByText('Overdue', { exact: true })).toBeVisible();
  const pay = await openDialog(page, 'Mark Electricity paid', 'Record Payment');
  await expect(pay.getByLabel('Amount')).toHaveValue('84.20');
  await pay.getByRole('button', { name: 'Record Payment' }).click();
  await expect(toast(page, 'Payment recorded')).toBeVisible();
  await expect(upcoming.getByText(/Due in \d+ days/)).toBeVisible();
  await expect(page.getByText('Overdue', { exact: true })).toHaveCount(0);
  await page.getByRole('link', { name: 'Transactions' }).click();
  await expect(page.getByRole('heading', { name: 'All Transactions (1)' })).toBeVisible();
  const row = page.getByRole('listitem').filter({ hasText: 'Electricity' });
  await expect(row).toContainText('-$84.20');
  await expect(row).toContainText('Utilities');
});

test('goals: a contribution past the target moves the goal to Completed', async ({ page }) => {
  await signUp(page);
  await page.getByRole('link', { name: 'Savings Goals' }).click();
  await expect(page.getByRole('heading', { name: 'Completed Goals (0)' })).toBeVisible();
  const dialog = await openDialog(page, 'Add Goal', 'Add Goal');
  await dialog.getByLabel('Goal name').fill('Bike');
  await dialog.getByLabel('Target amount').fill('500');
  await dialog.getByLabel('Already saved (optional)').fill('120.50');
  await dialog.getByRole('button', { name: 'Create Goal' }).click();
  await expect(toast(page, 'Goal created')).toBeVisible();
  const card = page.getByRole('region', { name: 'Bike' });
  await expect(card).toContainText('24.1%');
  await expect(card).toContainText('$379.50 to go');
  await expect(card).toContainText('General');
  const contribute = await openDialog(page, 'Add Contribution', 'Add Contribution', card);
  await contribute.getByLabel('Amount').fill('400');
  await contribute.getByRole('button', { name: 'Add Contribution' }).click();
  await expect(toast(page, 'Contribution added')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Completed Goals (1)' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Active Goals (0)' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Bike' })).toContainText('Goal achieved!');
});

test('transactions: the suggestion is applied, filters count right, reports total and export', async ({ page }) => {
  await signUp(page);
  await addCategory(page, 'Groceries');
  await addCategory(page, 'Dining');
  await page.getByRole('link', { name: 'Transactions' }).click();
  const add = async (amount: string, description: string, apply: string | null) => {
    const dialog = await openDialog(page, 'Add Transaction', 'Add Transaction');
    await dialog.getByLabel('Amount').fill(amount);
    await dialog.getByLabel('Description').fill(description);
    if (apply) {
      await expect(dialog.getByText(`Suggested category: ${apply}`)).toBeVisible();
      await dialog.getByRole('button', { name: 'Apply' }).click();
      await expect(dialog.getByLabel('Category')).toHaveValue(/.+/);
    }
    await dialog.getByRole('button', { name: 'Add Transaction' }).click();
    await expect(toast(page, 'Transaction added')).toBeVisible();
  };
  await add('54.10', 'Weekly supermarket run', 'Groceries');
  await add('23.40', 'Pizza restaurant', 'Dining');
  await add('9.99', 'Phone case', null);
  await expect(page.getByRole('heading', { name: 'All Transactions (3)' })).toBeVisible();
  await page.getByLabel('Filter by Category').selectOption({ label: 'Uncategorized' });
  await expect(page.getByRole('heading', { name: 'All Transactions (1)' })).toBeVisible();
  await page.getByLabel('Filter by Category').selectOption({ label: 'Groceries' });
  await expect(page.getByRole('heading', { name: 'All Transactions (1)' })).toBeVisible();
  await expect(page.getByText('Weekly supermarket run')).toBeVisible();

  await page.getByRole('link', { name: 'Reports' }).click();
  await expect(page.getByRole('tab', { name: 'Monthly' })).toHaveAttribute('data-state', 'active');
  await expect(page.getByLabel('Total Spent')).toContainText('$87.49');
  await expect(page.getByLabel('Total Spent')).toContainText('3 transactions');
  await expect(page.getByLabel('Net Savings')).toContainText('-$87.49');
  await page.getByRole('tab', { name: 'Weekly' }).click();
  await expect(page.getByLabel('Total Spent')).toContainText('$87.49');

  const csv = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const csvFile = await csv;
  expect(csvFile.suggestedFilename()).toMatch(/^transactions_\d{4}-\d{2}-\d{2}\.csv$/);
  const lines = fs
    .readFileSync((await csvFile.path())!, 'utf8')
    .trim()
    .split('\n');
  expect(lines[0]).toBe('Date,Description,Amount,Category');
  expect(
    lines
      .slice(1)
      .map((l) => l.split(',').slice(1).join(','))
      .sort(),
  ).toEqual(['Phone case,9.99,Uncategorized', 'Pizza restaurant,23.40,Dining', 'Weekly supermarket run,54.10,Groceries']);
  await expect(toast(page, 'Export successful')).toBeVisible();

  const report = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export Report' }).click();
  const reportFile = await report;
  expect(reportFile.suggestedFilename()).toMatch(/^financial_report_weekly_\d{4}-\d{2}-\d{2}\.html$/);
  const html = fs.readFileSync((await reportFile.path())!, 'utf8');
  expect(html).toContain('Pizza restaurant');
  expect(html).toContain('$87.49');
});

test('live updates: a change in one browser shows in another without reload', async ({ browser, page }) => {
  const profile = await signUp(page);
  const other = await browser.newContext();
  await other.addCookies(await page.context().cookies());
  const second = await other.newPage();
  await second.goto('/transactions');
  await expect(second.getByRole('heading', { name: 'All Transactions (0)' })).toBeVisible();
  await page.goto('/transactions');
  const dialog = await openDialog(page, 'Add Transaction', 'Add Transaction');
  await dialog.getByLabel('Amount').fill('12.00');
  await dialog.getByLabel('Description').fill('Lunch with a friend');
  await dialog.getByRole('button', { name: 'Add Transaction' }).click();
  await expect(second.getByText('Lunch with a friend')).toBeVisible({ timeout: 5000 });
  await expect(second.getByRole('heading', { name: 'All Transactions (1)' })).toBeVisible();
  expect(profile.email).toContain('@');
  await other.close();
});

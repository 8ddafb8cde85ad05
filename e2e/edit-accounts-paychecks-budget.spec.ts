import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, test } from './signed-in.ts';
import { openDialog, toast } from './fixtures.ts';
import { day } from './seed.ts';

// Editing accounts, paychecks and budget categories in place, on a desktop and on a 390 px phone.
const VARIANTS = [
  [1280, 860, 'desktop'],
  [390, 844, 'mobile'],
] as const;

for (const [width, height, size] of VARIANTS) {
  test.describe(`on a ${size}`, () => {
    test.use({ viewport: { width, height } });

    test('accounts: edit a card from its Edit button; default and delete still work', async ({ page, add }) => {
      await add.account({ name: 'Checking', type: 'checking', balance: '100.00' });
      await add.account({ name: 'Visa', type: 'credit', balance: '-50.00', notes: 'Travel card' });
      await page.goto('/accounts');
      await expect(page.getByLabel('Total Balance')).toContainText('$50.00');

      // The Edit button opens the Add dialog's fields, prefilled; the create rules apply.
      const dialog = await openDialog(page, 'Edit Visa', 'Edit Account');
      await expect(dialog.getByLabel('Account Name')).toHaveValue('Visa');
      await expect(dialog.getByLabel('Account Type')).toHaveValue('credit');
      await expect(dialog.getByLabel('Current Balance')).toHaveValue('-50.00');
      await expect(dialog.getByLabel('Notes (optional)')).toHaveValue('Travel card');
      await dialog.getByLabel('Account Name').fill(' ');
      await dialog.getByLabel('Current Balance').fill('');
      await dialog.getByRole('button', { name: 'Save' }).click();
      await expect(dialog.getByText('Name is required')).toBeVisible();
      await expect(dialog.getByText('Balance must be a valid number')).toBeVisible();
      await dialog.getByLabel('Account Name').fill('Visa Rewards');
      await dialog.getByLabel('Current Balance').fill('-75.25');
      await dialog.getByLabel('Notes (optional)').fill('');
      await dialog.getByRole('button', { name: 'Save' }).click();
      await expect(toast(page, 'Account updated')).toBeVisible();
      await expect(dialog).toHaveCount(0);
      const visa = page.getByRole('region', { name: 'Visa Rewards' });
      await expect(visa).toContainText('-$75.25');
      await expect(visa.getByText('Travel card')).toHaveCount(0);
      await expect(visa.getByRole('button', { name: 'Edit Visa Rewards' })).toBeFocused();
      await expect(page.getByLabel('Total Balance')).toContainText('$24.75');

      // The Edit button of another card; Cancel changes nothing. (Clicking a card opens the account: account-ledgers.spec.ts.)
      const checking = page.getByRole('region', { name: 'Checking' });
      await checking.getByRole('button', { name: 'Edit Checking' }).click();
      await expect(dialog.getByLabel('Account Name')).toHaveValue('Checking');
      await dialog.getByLabel('Account Type').selectOption('savings');
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await expect(dialog).toHaveCount(0);
      await expect(checking.getByText('Savings')).toHaveCount(0);
      await checking.getByRole('button', { name: 'Edit Checking' }).click();
      await expect(dialog.getByLabel('Account Type')).toHaveValue('checking');
      await dialog.getByLabel('Account Type').selectOption('savings');
      await dialog.getByRole('button', { name: 'Save' }).click();
      await expect(toast(page, 'Account updated')).toBeVisible();
      await expect(checking.getByText('Savings')).toBeVisible();

      // Set as Default moves the star; Delete updates the count.
      await visa.getByRole('button', { name: 'Set Visa Rewards as default' }).click();
      await expect(toast(page, 'Default account updated')).toBeVisible();
      await expect(visa.getByLabel('Default account')).toBeVisible();
      await expect(checking.getByLabel('Default account')).toHaveCount(0);
      await checking.getByRole('button', { name: 'Delete Checking' }).click();
      await page.getByRole('dialog', { name: 'Delete account?' }).getByRole('button', { name: 'Delete' }).click();
      await expect(toast(page, 'Account deleted')).toBeVisible();
      await expect(page.getByLabel('Total Balance')).toContainText('Across 1 account');
      await expect(page.getByLabel('Total Balance')).toContainText('-$75.25');
    });

    test('paychecks: edit a recent paycheck by clicking it; the income totals follow', async ({ page, add }) => {
      await add.paycheck({ amount: '1000.00', date: day(-1), notes: 'Salary' });
      await page.goto('/paycheck');
      await page.getByRole('listitem').filter({ hasText: 'Salary' }).click();
      const dialog = page.getByRole('dialog', { name: 'Edit Paycheck' });
      await expect(dialog.getByLabel('Amount')).toHaveValue('1000.00');
      await expect(dialog.getByLabel('Date')).toHaveValue(day(-1));
      await expect(dialog.getByLabel('Notes (optional)')).toHaveValue('Salary');
      await dialog.getByLabel('Amount').fill('12.345');
      await dialog.getByRole('button', { name: 'Save' }).click();
      await expect(dialog.getByText('Amount must be a valid number')).toBeVisible();
      await dialog.getByLabel('Amount').fill('1250.75');
      await dialog.getByLabel('Date').fill(day(-2));
      await dialog.getByLabel('Notes (optional)').fill('Salary and bonus');
      await dialog.getByRole('button', { name: 'Save' }).click();
      await expect(toast(page, 'Paycheck updated')).toBeVisible();
      await expect(dialog).toHaveCount(0);
      const row = page.getByRole('listitem').filter({ hasText: 'Salary and bonus' });
      await expect(row).toContainText('$1,250.75');

      // The row's Edit button names it; the screen's add form is unchanged.
      const again = await openDialog(page, /^Edit \$1,250\.75 paycheck of /, 'Edit Paycheck');
      await expect(again.getByLabel('Date')).toHaveValue(day(-2));
      await again.getByRole('button', { name: 'Cancel' }).click();
      await page.getByLabel('Amount').fill('500');
      await page.getByRole('button', { name: 'Add Paycheck' }).click();
      await expect(toast(page, 'Paycheck added')).toBeVisible();
      await expect(page.getByRole('button', { name: /^Edit \$500\.00 paycheck of / })).toBeVisible();

      await page.goto('/budget');
      await expect(page.getByLabel('Total Income')).toContainText('$1,750.75');
    });

    test('budget: rename and retype a category; unsaved amounts stay and save', async ({ page, add }) => {
      await add.paycheck({ amount: '1000.00', date: day() });
      await add.category('Groceries');
      await add.category('Rent', 'bills');
      await page.goto('/budget');
      const bar = page.getByRole('region', { name: 'Unsaved changes' });
      await page.getByLabel('Rent amount').fill('400');
      await expect(bar).toContainText('1 unsaved change');

      const dialog = await openDialog(page, 'Edit Groceries', 'Edit Category');
      await expect(dialog.getByLabel('Category Name')).toHaveValue('Groceries');
      await expect(dialog.getByLabel('Category Type')).toHaveValue('expenses');
      await dialog.getByLabel('Category Name').fill('');
      await dialog.getByRole('button', { name: 'Save' }).click();
      await expect(dialog.getByText('Name is required')).toBeVisible();
      await dialog.getByLabel('Category Name').fill('Food & Dining');
      await dialog.getByLabel('Category Type').selectOption('debt');
      await dialog.getByRole('button', { name: 'Save' }).click();
      await expect(toast(page, 'Category updated')).toBeVisible();
      await expect(dialog).toHaveCount(0);
      const food = page.getByRole('region', { name: 'Food & Dining' });
      await expect(food.getByText('Debt Payments')).toBeVisible();
      await expect(page.getByLabel('Rent amount')).toHaveValue('400');
      await expect(bar).toContainText('1 unsaved change');
      await bar.getByRole('button', { name: 'Save Changes' }).click();
      await expect(toast(page, 'Budget updated')).toBeVisible();
      await expect(bar).toHaveCount(0);
      await expect(page.getByLabel('Allocated')).toContainText('$400.00');

      // Clicking a row's free space edits it too; its slider and amount stay its own.
      await food.click({ position: { x: 8, y: 8 } });
      await expect(dialog).toBeVisible();
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await food.getByLabel('Food & Dining amount').fill('100');
      await expect(dialog).toHaveCount(0);
      await expect(bar).toContainText('1 unsaved change');
    });
  });
}

test('no list is capped: accounts, paychecks and categories load more', async ({ page, add }) => {
  test.setTimeout(240_000);
  for (let i = 1; i <= 52; i++) await add.account({ name: `Account ${i}`, type: 'checking', balance: '1.00' });
  for (let i = 1; i <= 52; i++) await add.paycheck({ amount: `${i}.00`, date: day(-i) });
  for (let i = 1; i <= 101; i++) await add.category(`Category ${i}`);
  const more = page.getByRole('button', { name: 'Load more' });
  for (const [path, rows, first, all] of [
    ['/accounts', /^Edit Account \d+$/, 50, 52],
    ['/paycheck', /^Edit \$[\d.,]+ paycheck of /, 50, 52],
    ['/budget', /^Edit Category \d+$/, 100, 101],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('button', { name: rows })).toHaveCount(first);
    await more.click();
    await expect(page.getByRole('button', { name: rows })).toHaveCount(all);
    await expect(more).toHaveCount(0);
  }
  await page.goto('/accounts');
  await expect(page.getByLabel('Total Balance')).toContainText('Across 52 accounts');
});

test('pictures of the edit dialogs, light and dark, desktop and 390 px', async ({ page, add }) => {
  const OUT = 'test-results/screenshots';
  fs.mkdirSync(OUT, { recursive: true });
  await add.account({ name: 'Everyday Checking', type: 'checking', balance: '3250.75', notes: 'Joint account' });
  await add.paycheck({ amount: '2450.00', date: day(-3), notes: 'Salary' });
  await add.category('Groceries');
  const dialogs: [string, string | RegExp, string, string][] = [
    ['/accounts', 'Edit Everyday Checking', 'Edit Account', 'account'],
    ['/paycheck', /^Edit \$2,450\.00 paycheck of /, 'Edit Paycheck', 'paycheck'],
    ['/budget', 'Edit Groceries', 'Edit Category', 'category'],
  ];
  const shoot = async (p: Page, theme: string, size: string) => {
    for (const [path, button, title, name] of dialogs) {
      await p.goto(path);
      const dialog = await openDialog(p, button, title);
      await expect(dialog.getByRole('button', { name: 'Save' })).toBeVisible();
      await p.screenshot({ path: `${OUT}/edit-${name}-${theme}-${size}.png`, animations: 'disabled' });
    }
  };
  for (const [width, height, size] of VARIANTS) {
    await page.setViewportSize({ width, height });
    for (const theme of ['light', 'dark']) {
      await page.evaluate((t) => localStorage.setItem('theme', t), theme);
      await shoot(page, theme, size);
    }
  }
});

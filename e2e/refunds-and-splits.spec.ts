import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { inEveryLook, openDialog, signUp, toast } from './fixtures.ts';
import { seed } from './seed.ts';

// Refunds and splits (docs/product.md#refunds-and-splits) entered in the browser: the dialog's
// running remainder, the list's +amounts and split lines, the kind filter, and a report's figures.
const OUT = 'test-results/screenshots';

const row = (page: Page, description: string) =>
  page.getByRole('list', { name: 'Transactions' }).getByRole('listitem').filter({ hasText: description });

test('a split and a refund entered in the dialog show in the list, its filter and the report', async ({ page }) => {
  await signUp(page);
  const add = seed(page);
  await add.account({ name: 'Checking', type: 'checking', balance: '500.00' });
  await add.category('Groceries');
  await add.category('Household');
  await page.goto('/transactions');

  // A split: Save waits until the lines add up, and the remainder says how far they are.
  const dialog = await openDialog(page, 'Add Transaction', 'Add Transaction');
  const save = dialog.getByRole('button', { name: 'Add Transaction' });
  await dialog.getByLabel('Amount', { exact: true }).fill('60');
  await dialog.getByLabel('Description').fill('Big store');
  await dialog.getByRole('button', { name: 'Split' }).click();
  await dialog.getByLabel('Category of line 1').selectOption({ label: 'Groceries' });
  await dialog.getByLabel('Amount of line 1').fill('40');
  await expect(dialog.getByRole('status')).toHaveText('$20.00 left to split');
  await expect(save).toBeDisabled();
  await dialog.getByLabel('Category of line 2').selectOption({ label: 'Household' });
  await dialog.getByLabel('Amount of line 2').fill('25');
  await expect(dialog.getByRole('status')).toHaveText('Split lines are $5.00 over');
  await expect(save).toBeDisabled();
  await dialog.getByLabel('Amount of line 2').fill('20');
  await dialog.getByLabel('Note of line 2').fill('towels');
  await expect(dialog.getByRole('status')).toHaveText('Split lines add up to $60.00');
  await save.click();
  await expect(toast(page, 'Transaction added')).toBeVisible();
  await expect(dialog).toBeHidden();

  const split = row(page, 'Big store');
  await expect(split).toContainText('-$60.00');
  await split.getByRole('button', { name: /^Split \(2\)/ }).click();
  const lines = split.getByRole('list', { name: /^Lines of Big store/ }).getByRole('listitem');
  await expect(lines).toHaveText([/Groceries\s*-\$40\.00/, /Household\s*towels\s*-\$20\.00/]);
  fs.mkdirSync(OUT, { recursive: true });

  // A refund: a +amount, in green.
  const refund = await openDialog(page, 'Add Transaction', 'Add Transaction');
  await refund.getByLabel('Refund').check();
  await refund.getByLabel('Amount', { exact: true }).fill('15');
  await refund.getByLabel('Description').fill('Returned towels');
  await refund.getByLabel('Category', { exact: true }).selectOption({ label: 'Household' });
  await refund.getByRole('button', { name: 'Add Transaction' }).click();
  await expect(toast(page, 'Transaction added')).toBeVisible();
  await expect(row(page, 'Returned towels')).toContainText('+$15.00');
  await expect(page.getByLabel('Total of these transactions')).toContainText('$45.00');
  await page.screenshot({ path: `${OUT}/split-list-light-desktop.png` });

  // The kind filter, and a category filter that finds the split by its line.
  await page.getByLabel('Filter by Kind').selectOption({ label: 'Refunds' });
  await expect(page.getByRole('heading', { name: 'All Transactions (1)' })).toBeVisible();
  await expect(page).toHaveURL(/kind=refund/);
  await page.getByLabel('Filter by Kind').selectOption({ label: 'Expenses and refunds' });
  await page.getByLabel('Filter by Category').selectOption({ label: 'Groceries' });
  await expect(page.getByRole('heading', { name: 'All Transactions (1)' })).toBeVisible();
  await expect(row(page, 'Big store')).toBeVisible();

  // The report nets the refund and counts each line in its category.
  await page.goto('/reports');
  await expect(page.getByLabel('Total Spent')).toContainText('$45.00');
  const byCategory = page
    .locator('section')
    .filter({ has: page.getByRole('heading', { name: 'Spending by Category' }) })
    .getByRole('link');
  await expect(byCategory).toHaveText([/Groceries\s*\$40\.00/, /Household\s*\$5\.00/]);

  // The split opens in Edit Transaction with its lines; pictures of it in every look.
  await page.goto('/transactions');
  await inEveryLook(page, async ({ size, theme }) => {
    await page.reload();
    const edit = await openDialog(page, /^Edit Big store of /, 'Edit Transaction');
    await expect(edit.getByLabel('Amount of line 1')).toHaveValue('40.00');
    await expect(edit.getByRole('status')).toHaveText('Split lines add up to $60.00');
    await edit.getByLabel('Amount of line 2').fill('12.50');
    await expect(edit.getByRole('status')).toHaveText('$7.50 left to split');
    await page.screenshot({ path: `${OUT}/split-dialog-${theme}-${size}.png` });
    await edit.getByRole('button', { name: 'Cancel' }).click();
  });
});

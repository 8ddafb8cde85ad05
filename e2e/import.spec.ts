import { expect, test, type Page } from '@playwright/test';
import { openDialog, signUp, toast } from './fixtures.ts';
import { seed } from './seed.ts';

// Importing a bank file (docs/product.md#import): the file, its mapping, the preview's ticks and
// categories, the import and its totals, and undo from the history.
const SHOTS = process.env.IMPORT_SHOTS;

/** Every day 12 or less: the date format must be chosen. */
const CSV = [
  'Date,Description,Amount',
  '05/03/2026,Coffee Shop,-4.50',
  '07/03/2026,Whole Foods Market,-62.10',
  '10/03/2026,Salary ACME,2500.00',
  '11/03/2026,Cinema,-18.00',
  '12/03/2026,Parking,',
].join('\n');

async function setUp(page: Page) {
  await signUp(page);
  const add = seed(page);
  await add.category('Groceries');
  await add.category('Fun');
  const checking = await add.account({ name: 'Checking', type: 'checking', balance: '1000.00' });
  await add.transaction({ description: 'Coffee shop', amount: '4.50', date: '2026-03-05', accountId: checking });
}

async function upload(page: Page) {
  const dialog = await openDialog(page, 'Import', 'Import transactions');
  await dialog.getByLabel('File').setInputFiles({ name: 'bank.csv', mimeType: 'text/csv', buffer: Buffer.from(CSV) });
  await expect(dialog.getByText('These dates could be MM/DD/YYYY or DD/MM/YYYY: choose one')).toBeVisible();
  return dialog;
}

const totalOf = (page: Page) => page.getByLabel('Total of these transactions');

test('import a bank CSV into the default account: choose the date format, keep the duplicate out, change a category, import, undo', async ({
  page,
}) => {
  await setUp(page);
  // Another account, listed before the default one (Checking, the first created).
  await seed(page).account({ name: 'Brokerage', type: 'investment', balance: '0.00' });
  await page.goto('/transactions');
  await expect(totalOf(page)).toContainText('$4.50');
  const dialog = await upload(page);
  // Into the default account, as every dialog that records money starts.
  await expect(dialog.getByLabel('Account').locator('option:checked')).toHaveText('Checking');
  await expect(dialog.getByRole('button', { name: /^Import \d* ?rows$/ })).toBeDisabled();

  await dialog.getByLabel('Date format').selectOption('DD/MM/YYYY');
  await expect(dialog.getByText('These dates could be')).toHaveCount(0);
  const row = (name: string) => dialog.getByRole('list', { name: 'Rows to import' }).getByRole('listitem').filter({ hasText: name });
  // The coffee is already recorded (same amount, two days apart at most, similar description): unticked.
  await expect(row('Coffee Shop').getByText('Duplicate')).toBeVisible();
  const coffee = dialog.getByRole('checkbox', { name: /^Import Coffee Shop/ });
  await expect(coffee).not.toBeChecked();
  await coffee.check();
  await expect(dialog.getByLabel('Import totals')).toContainText('3 transactions, $84.60');
  await coffee.uncheck();
  await expect(dialog.getByLabel('Import totals')).toContainText('2 transactions, $80.10');
  await expect(dialog.getByLabel('Import totals')).toContainText('1 paycheck, $2,500.00');
  await expect(dialog.getByLabel('Import totals')).toContainText('1 duplicate skipped');
  await expect(row('Parking').getByText('Row 6: missing amount')).toBeVisible();
  await expect(dialog.getByRole('checkbox', { name: /^Import Parking/ })).toBeDisabled();

  // The suggestion, then a category of one's own choice.
  await expect(dialog.getByLabel(/^Category of Whole Foods Market/)).toHaveValue(/.+/);
  await expect(dialog.getByLabel(/^Category of Whole Foods Market/).locator('option:checked')).toHaveText('Groceries');
  await dialog.getByLabel(/^Category of Cinema/).selectOption({ label: 'Fun' });

  await dialog.getByRole('button', { name: 'Import 3 rows' }).click();
  await expect(toast(page, 'Imported 2 transactions and 1 paycheck (1 duplicate skipped)')).toBeVisible();
  await expect(dialog.getByRole('status')).toHaveText('Imported 2 transactions and 1 paycheck (1 duplicate skipped)');
  const history = dialog.getByRole('list', { name: 'Imports' });
  await expect(history.getByRole('listitem').first()).toContainText('bank.csv');
  await expect(history.getByRole('listitem').first()).toContainText('2 transactions, 1 paycheck, 1 duplicate skipped');
  await dialog.getByRole('button', { name: 'Done' }).click();

  // The list shows the imported rows, with the chosen category, and the new total.
  await expect(page.getByRole('heading', { level: 2, name: 'All Transactions (3)' })).toBeVisible();
  await expect(totalOf(page)).toContainText('$84.60');
  await expect(page.getByRole('list', { name: 'Transactions' }).getByRole('listitem').filter({ hasText: 'Cinema' })).toContainText('Fun');

  // Undo, after a confirmation: exactly the imported rows go.
  const again = await openDialog(page, 'Import', 'Import transactions');
  await again.getByRole('button', { name: 'Undo import of bank.csv' }).click();
  const confirm = page.getByRole('dialog', { name: 'Undo import?' });
  await confirm.getByRole('button', { name: 'Undo import' }).click();
  await expect(toast(page, 'Import undone')).toBeVisible();
  await expect(again.getByRole('list', { name: 'Imports' }).getByText('Undone')).toBeVisible();
  await again.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'All Transactions (1)' })).toBeVisible();
  await expect(totalOf(page)).toContainText('$4.50');
});

test('an account screen preselects its account, and the import moves its balance', async ({ page }) => {
  await setUp(page);
  await page.goto('/accounts');
  await page
    .getByRole('link', { name: /Checking/ })
    .first()
    .click();
  await expect(page.getByLabel('Balance', { exact: true })).toContainText('$995.50');
  const dialog = await upload(page);
  await expect(dialog.getByLabel('Account')).toHaveValue(/.+/);
  await dialog.getByLabel('Date format').selectOption('DD/MM/YYYY');
  await dialog.getByRole('button', { name: 'Import 3 rows' }).click();
  await expect(toast(page, 'Imported 2 transactions and 1 paycheck (1 duplicate skipped)')).toBeVisible();
  await dialog.getByRole('button', { name: 'Done' }).click();
  // 995.50 − 62.10 − 18.00 + 2500.00
  await expect(page.getByLabel('Balance', { exact: true })).toContainText('$3,415.40');
});

test('screenshots of the import dialog', async ({ page }) => {
  test.skip(!SHOTS, 'IMPORT_SHOTS=<folder> takes them');
  await setUp(page);
  for (const [width, theme] of [
    [1280, 'light'],
    [1280, 'dark'],
    [390, 'light'],
    [390, 'dark'],
  ] as const) {
    await page.setViewportSize({ width, height: 844 });
    await page.goto('/transactions');
    await page.evaluate((t) => localStorage.setItem('theme', t), theme);
    await page.reload();
    const dialog = await upload(page);
    await dialog.getByLabel('Date format').selectOption('DD/MM/YYYY');
    await expect(dialog.getByText('Duplicate', { exact: true })).toBeVisible();
    await dialog.getByRole('list', { name: 'Rows to import' }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/import-${theme}-${width}.png` });
  }
});

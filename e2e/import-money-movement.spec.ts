import { readFileSync } from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import { openDialog } from './fixtures.ts';
import { expect, test } from './signed-in.ts';

// Importing a card and a checking statement (docs/product.md#money-movement): the card's purchases
// typed by hand are matched, its return is a refund and its payment a transfer from checking; the
// checking statement's side of that payment is the same transfer, confirmed as matched.
const SHOTS = process.env.IMPORT_SHOTS;
const fixture = (name: string) => readFileSync(new URL(`../api/modules/imports/fixtures/${name}`, import.meta.url));

async function upload(page: Page, name: string, account: string) {
  const dialog = await openDialog(page, 'Import', 'Import transactions');
  await dialog.getByLabel('Account', { exact: true }).selectOption({ label: account });
  await dialog.getByLabel('File').setInputFiles({ name, mimeType: 'text/csv', buffer: fixture(name) });
  await expect(dialog.getByRole('list', { name: 'Rows to import' })).toBeVisible();
  return dialog;
}
/** The toast itself: the dialog shows the same words. */
const toast = (page: Page, title: string) => page.getByLabel('Notifications (F8)').getByText(title, { exact: true });
const row = (dialog: Locator, text: string) =>
  dialog.getByRole('list', { name: 'Rows to import' }).getByRole('listitem').filter({ hasText: text });

test('import a card and a checking statement: kinds, matches typed by hand, the card payment one transfer', async ({ page, add }) => {
  await add.account({ name: 'Checking', type: 'checking', balance: '1000.00' });
  await add.account({ name: 'Savings', type: 'savings', balance: '2000.00' });
  const card = await add.account({ name: 'Chase Sapphire', type: 'credit', balance: '0.00' });
  await add.transaction({ description: 'Whole Foods Market', amount: '87.12', date: '2024-11-18', accountId: card });
  await add.transaction({ description: 'Uber ride', amount: '23.40', date: '2024-11-17', accountId: card });
  await add.transaction({ description: 'Coffee', amount: '6.00', date: '2024-11-20', accountId: card });
  await page.goto('/transactions');

  const cardFile = await upload(page, 'chase-card-statement.csv', 'Chase Sapphire');
  await expect(row(cardFile, 'WHOLEFDS')).toContainText("Matches 'Whole Foods Market' on Nov 18, 2024, entered by hand");
  await expect(cardFile.getByRole('checkbox', { name: /^Import WHOLEFDS/ })).not.toBeChecked();
  await expect(row(cardFile, 'UBER')).toContainText("Matches 'Uber ride' on Nov 17, 2024, entered by hand");
  // The Uber ride takes the bank's date and description.
  await row(cardFile, 'UBER').getByLabel('Use the bank’s date and description').check();
  // The coffee was typed with its tip: matched by hand.
  await cardFile.getByLabel(/^Match STARBUCKS STORE 12345.* by hand/).selectOption({ label: 'Coffee · $6.00 · Nov 20, 2024' });
  await expect(row(cardFile, 'STARBUCKS')).toContainText("Matches 'Coffee' on Nov 20, 2024, entered by hand");
  await expect(cardFile.getByLabel(/^Kind of Payment Thank You/)).toHaveValue('TRANSFER');
  await expect(cardFile.getByLabel(/^From account of Payment Thank You/).locator('option:checked')).toHaveText('Checking');
  await expect(cardFile.getByLabel('Kind of AMAZON.COM*RT4KX1YZ2, 2024-11-22')).toHaveValue('REFUND');
  // The gas station's payee, as the user wants it named (the user's payees are offered as they type).
  await expect(cardFile.getByLabel(/^Payee of SHELL/)).toHaveValue(/Shell/);
  await cardFile.getByLabel(/^Payee of SHELL/).fill('Shell Gas');
  await expect(cardFile.getByLabel('Import totals')).toContainText('3 transactions, $38.40');
  await expect(cardFile.getByLabel('Import totals')).toContainText('1 transfer');
  await cardFile.getByRole('button', { name: 'Import 4 rows' }).click();
  await expect(toast(page, 'Imported 3 transactions, 0 paychecks and 1 transfer (3 duplicates skipped)')).toBeVisible();
  await cardFile.getByRole('button', { name: 'Done' }).click();

  const checkingFile = await upload(page, 'checking-statement.csv', 'Checking');
  // The card payment's checking side is the transfer the card statement made: matched, not written again.
  await expect(row(checkingFile, 'CHASE CREDIT CRD EPAY')).toContainText("Matches 'Payment Thank You-Mobile' on Nov 25, 2024");
  await expect(checkingFile.getByRole('checkbox', { name: /^Import CHASE CREDIT CRD EPAY/ })).not.toBeChecked();
  await expect(checkingFile.getByLabel(/^To account of Online Banking transfer/).locator('option:checked')).toHaveText('Savings');
  await expect(checkingFile.getByLabel(/^Kind of ACME CORP PAYROLL/)).toHaveValue('INCOME');
  await checkingFile.getByRole('button', { name: 'Import 3 rows' }).click();
  await expect(toast(page, 'Imported 1 transaction, 1 paycheck and 1 transfer (1 duplicate skipped)')).toBeVisible();
  await checkingFile.getByRole('button', { name: 'Done' }).click();

  // No spending doubled, no payment counted: the balances follow each record once.
  const balanceOf = async (name: string) => {
    await page.goto('/accounts');
    await page.getByRole('link', { name, exact: true }).first().click();
    return page.getByLabel('Balance', { exact: true });
  };
  // 1000 − 650 − 500 + 2500 − 112.34
  await expect(await balanceOf('Checking')).toContainText('$2,237.66');
  await expect(await balanceOf('Savings')).toContainText('$2,500.00');
  // −(87.12 + 23.40 + 6.00 typed) − (38.40 + 23.99) + 23.99 + 650
  await expect(await balanceOf('Chase Sapphire')).toContainText('$495.08');
  // The card's activity shows the payment as a transfer in from Checking, once.
  await expect(page.getByText('Transfer from Checking')).toHaveCount(1);
  // The payee chosen in the preview is the user's (the Rules screen lists their payees).
  await page.goto('/rules');
  await expect(page.getByText('Shell Gas', { exact: true })).toBeVisible();
});

test('screenshots of the money movement preview', async ({ page, add }) => {
  test.skip(!SHOTS, 'IMPORT_SHOTS=<folder> takes them');
  await add.account({ name: 'Checking', type: 'checking', balance: '1000.00' });
  const card = await add.account({ name: 'Chase Sapphire', type: 'credit', balance: '0.00' });
  await add.transaction({ description: 'Whole Foods Market', amount: '87.12', date: '2024-11-18', accountId: card });
  for (const [width, theme] of [
    [1280, 'light'],
    [1280, 'dark'],
    [390, 'light'],
  ] as const) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/transactions');
    await page.evaluate((t) => localStorage.setItem('theme', t), theme);
    await page.reload();
    const dialog = await upload(page, 'chase-card-statement.csv', 'Chase Sapphire');
    await row(dialog, 'WHOLEFDS').scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/money-movement-${theme}-${width}.png` });
    await dialog.getByRole('button', { name: 'Done' }).click();
  }
});

import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, test } from './signed-in.ts';
import { openDialog, toast } from './fixtures.ts';
import { day } from './seed.ts';

// Accounts that move with the money (docs/product.md#account-ledgers): spend from checking, get
// paid into savings, move money between them, and watch every balance follow, on a desktop and a phone.
const VARIANTS = [
  [1280, 860, 'desktop'],
  [390, 844, 'mobile'],
] as const;
const OUT = 'test-results/screenshots';

const balanceOf = (page: Page, name: string) => page.getByRole('region', { name });

for (const [width, height, size] of VARIANTS) {
  test(`on a ${size}: spend from checking, get paid into savings, transfer, and every balance follows`, async ({ page, add }) => {
    await page.setViewportSize({ width, height });
    await add.account({ name: 'Checking', type: 'checking', balance: '1000.00' });
    await add.account({ name: 'Savings', type: 'savings', balance: '0' });

    // An expense: the default account is preselected, "No account" is there too.
    await page.goto('/transactions');
    let dialog = await openDialog(page, 'Add Transaction', 'Add Transaction');
    const account = dialog.getByLabel('Account');
    await expect(account).toHaveValue(/.+/);
    await expect(account.locator('option:checked')).toHaveText('Checking');
    await expect(account.locator('option')).toHaveText(['No account', 'Checking', 'Savings']);
    await dialog.getByLabel('Amount').fill('25.50');
    await dialog.getByLabel('Description').fill('Groceries');
    await dialog.getByRole('button', { name: 'Add Transaction' }).click();
    await expect(toast(page, 'Transaction added')).toBeVisible();
    await expect(page.getByRole('listitem').filter({ hasText: 'Groceries' })).toContainText('Checking');

    // A paycheck into savings.
    await page.goto('/paycheck');
    await page.getByLabel('Amount').fill('2000');
    await page.getByLabel('Paid into').selectOption({ label: 'Savings' });
    await page.getByRole('button', { name: 'Add Paycheck' }).click();
    await expect(toast(page, 'Paycheck added')).toBeVisible();

    await page.goto('/accounts');
    await expect(balanceOf(page, 'Checking')).toContainText('$974.50');
    await expect(balanceOf(page, 'Savings')).toContainText('$2,000.00');
    await expect(page.getByLabel('Total Balance')).toContainText('$2,974.50');

    // A transfer: two different accounts, then the balances move in place.
    dialog = await openDialog(page, 'Transfer', 'Transfer');
    await dialog.getByLabel('From').selectOption({ label: 'Savings' });
    await dialog.getByLabel('To').selectOption({ label: 'Savings' });
    await dialog.getByLabel('Amount').fill('500');
    await dialog.getByRole('button', { name: 'Transfer' }).click();
    await expect(dialog.getByText('Choose two different accounts')).toBeVisible();
    await dialog.getByLabel('To').selectOption({ label: 'Checking' });
    await dialog.getByLabel('Notes (optional)').fill('Rent money');
    if (size === 'desktop') await page.screenshot({ path: `${OUT}/transfer-dialog-light-${size}.png`, animations: 'disabled' });
    await dialog.getByRole('button', { name: 'Transfer' }).click();
    await expect(toast(page, 'Transfer recorded')).toBeVisible();
    await expect(balanceOf(page, 'Checking')).toContainText('$1,474.50');
    await expect(balanceOf(page, 'Savings')).toContainText('$1,500.00');
    await expect(page.getByLabel('Total Balance')).toContainText('$2,974.50');

    // The account's own screen: its activity, newest first, with the balance after each row.
    await balanceOf(page, 'Checking').click();
    await expect(page).toHaveURL(/\/accounts\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Checking' })).toBeVisible();
    await expect(page.getByLabel('Balance', { exact: true })).toContainText('$1,474.50');
    const rows = page.getByRole('region', { name: 'Activity' }).getByRole('listitem');
    await expect(rows).toHaveCount(2);
    await expect(rows.nth(0)).toContainText('Transfer from Savings');
    await expect(rows.nth(0)).toContainText('+$500.00');
    await expect(rows.nth(0)).toContainText('Rent money');
    await expect(rows.nth(0).getByLabel('Balance after: $1,474.50')).toBeVisible();
    await expect(rows.nth(1)).toContainText('Groceries');
    await expect(rows.nth(1)).toContainText('-$25.50');
    await expect(rows.nth(1).getByLabel('Balance after: $974.50')).toBeVisible();
    await page.screenshot({ path: `${OUT}/account-light-${size}.png`, fullPage: true, animations: 'disabled' });

    // Editing a row from here moves the balance and every running balance.
    dialog = await openDialog(page, /^Edit Groceries of /, 'Edit Transaction');
    await expect(dialog.getByLabel('Account')).toHaveValue(/.+/);
    await dialog.getByLabel('Amount').fill('30');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(toast(page, 'Transaction updated')).toBeVisible();
    await expect(page.getByLabel('Balance', { exact: true })).toContainText('$1,470.00');
    await expect(rows.nth(1).getByLabel('Balance after: $970.00')).toBeVisible();

    // Deleting the transfer gives the money back to savings.
    await rows
      .nth(0)
      .getByRole('button', { name: /^Delete Transfer from Savings/ })
      .click();
    await page.getByRole('dialog', { name: 'Delete transfer?' }).getByRole('button', { name: 'Delete' }).click();
    await expect(toast(page, 'Transfer deleted')).toBeVisible();
    await expect(page.getByLabel('Balance', { exact: true })).toContainText('$970.00');
    await expect(rows).toHaveCount(1);
    await page.getByRole('link', { name: 'Accounts' }).first().click();
    await expect(balanceOf(page, 'Savings')).toContainText('$2,000.00');

    // Deleting an account says what happens to what it holds.
    await balanceOf(page, 'Checking').getByRole('button', { name: 'Delete Checking' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete account?' });
    await expect(confirm).toContainText('Its 1 transaction stays in your budget and reports, without an account.');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
  });
}

test('an account screen in light and dark, and one that does not exist', async ({ page, add }) => {
  fs.mkdirSync(OUT, { recursive: true });
  const checking = await add.account({ name: 'Everyday Checking', type: 'checking', balance: '3250.75' });
  const card = await add.account({ name: 'Visa Rewards', type: 'credit', balance: '0' });
  await add.paycheck({ amount: '2450.00', date: day(-6), notes: 'Salary', accountId: checking });
  for (const [amount, description, offset, accountId] of [
    ['86.42', 'Whole Foods Market', -5, checking],
    ['64.80', 'Sushi dinner', -3, card],
    ['12.99', 'Streaming subscription', -1, card],
  ] as const)
    await add.transaction({ amount, description, date: day(offset), accountId });
  await page.goto('/accounts');
  await page.getByRole('region', { name: 'Visa Rewards' }).click();
  await expect(page.getByLabel('Balance', { exact: true })).toContainText('-$77.79');
  await expect(page.getByText('Owed on this card')).toBeVisible();
  const url = page.url();
  for (const [w, h, size] of VARIANTS) {
    await page.setViewportSize({ width: w, height: h });
    for (const theme of ['light', 'dark']) {
      await page.evaluate((t) => localStorage.setItem('theme', t), theme);
      await page.goto(url);
      await expect(page.getByRole('region', { name: 'Activity' }).getByRole('listitem')).toHaveCount(2);
      await page.screenshot({ path: `${OUT}/account-card-${theme}-${size}.png`, fullPage: true, animations: 'disabled' });
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow).toBeLessThanOrEqual(0);
    }
  }
  await page.goto('/accounts/00000000-0000-7000-8000-000000000000');
  await expect(page.getByRole('heading', { level: 1, name: 'Account not found' })).toBeVisible();
});

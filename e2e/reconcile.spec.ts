import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { graphql, inEveryLook, openDialog, signUp, toast } from './fixtures.ts';
import { day, seed } from './seed.ts';

// Reconciling an account against a bank statement, with and without an adjustment, and net worth
// over time (docs/product.md#reconcile, docs/product.md#net-worth-over-time).
const OUT = 'test-results/screenshots';

const rows = (page: Page) => page.getByRole('region', { name: 'Activity' }).getByRole('listitem');
const row = (page: Page, text: string) => rows(page).filter({ hasText: text });

test('clear rows, reconcile against a statement, then again with an adjustment; a reconciled row asks before an edit', async ({ page }) => {
  await signUp(page);
  const id = await seed(page).account({ name: 'Checking', type: 'checking', balance: '1000.00', startingDate: day(-40) });
  await seed(page).transaction({ amount: '100.00', description: 'Groceries', date: day(-10), accountId: id });
  await seed(page).paycheck({ amount: '50.00', date: day(-8), accountId: id });
  await seed(page).transaction({ amount: '30.00', description: 'Pending lunch', date: day(-5), accountId: id });
  await seed(page).transaction({ amount: '12.00', description: 'Old coffee', date: day(-60), accountId: id });
  // The page's address holds the database's id; the seed answers the GraphQL global id ("Account:<id>" in base64).
  await page.goto(`/accounts/${Buffer.from(id, 'base64').toString().split(':')[1]}`);
  await expect(page.getByLabel('Balance', { exact: true })).toContainText('$920.00');
  await expect(page.getByText('Starting balance', { exact: true })).toBeVisible();
  await expect(page.getByRole('note')).toContainText(
    "1 older record is before this account's starting date and doesn't change its balance.",
  );
  await expect(row(page, 'Old coffee')).toContainText('Not counted');

  // A click toggles cleared.
  for (const name of [/^Cleared: Groceries/, /^Cleared: Paycheck/]) {
    await page.getByRole('button', { name }).click();
    await expect(page.getByRole('button', { name })).toHaveAttribute('aria-pressed', 'true');
  }

  // Without an adjustment: the difference is 0, Finish reconciles the cleared rows.
  let dialog = await openDialog(page, 'Reconcile', 'Reconcile');
  await dialog.getByLabel('Statement balance').fill('960.00');
  await expect(dialog.getByLabel('Reconciliation')).toContainText('$950.00');
  await expect(dialog.getByLabel('Reconciliation')).toContainText('$10.00');
  await expect(dialog.getByRole('button', { name: 'Add adjustment' })).toBeVisible();
  await dialog.getByLabel('Statement balance').fill('950.00');
  await expect(dialog.getByLabel('Reconciliation')).toContainText('$0.00');
  await inEveryLook(page, async ({ size, theme }) => {
    await page.screenshot({ path: `${OUT}/reconcile-${theme}-${size}.png`, animations: 'disabled' });
  });
  await page.setViewportSize({ width: 1280, height: 860 });
  await dialog.getByRole('button', { name: 'Finish' }).click();
  await expect(toast(page, 'Account reconciled')).toBeVisible();
  await expect(row(page, 'Groceries').getByLabel(/reconciled$/)).toBeVisible();
  await expect(row(page, 'Pending lunch').getByRole('button', { name: /^Cleared:/ })).toHaveAttribute('aria-pressed', 'false');

  // With an adjustment: the bank has $5 less than the cleared rows say.
  await page.getByRole('button', { name: /^Cleared: Pending lunch/ }).click();
  await expect(page.getByRole('button', { name: /^Cleared: Pending lunch/ })).toHaveAttribute('aria-pressed', 'true');
  dialog = await openDialog(page, 'Reconcile', 'Reconcile');
  await dialog.getByLabel('Statement balance').fill('915.00');
  await expect(dialog.getByLabel('Reconciliation')).toContainText('-$5.00');
  await dialog.getByRole('button', { name: 'Add adjustment' }).click();
  await expect(toast(page, 'Adjustment added and account reconciled')).toBeVisible();
  await expect(row(page, 'Reconciliation adjustment')).toContainText('-$5.00');
  await expect(page.getByLabel('Balance', { exact: true })).toContainText('$915.00');

  // Editing a reconciled row asks first.
  await row(page, 'Groceries').getByRole('button', { name: /^Edit/ }).click();
  const ask = page.getByRole('dialog', { name: 'Change a reconciled record?' });
  await expect(ask).toBeVisible();
  await ask.getByRole('button', { name: 'Edit anyway' }).click();
  await expect(page.getByRole('dialog', { name: 'Edit Transaction' })).toBeVisible();
  await page.keyboard.press('Escape');

  // Moving the starting date back makes the older record count.
  await page.getByRole('button', { name: 'Move starting date' }).click();
  const start = page.getByRole('dialog', { name: 'Starting balance' });
  await start.getByLabel('Starting date').fill(day(-90));
  await start.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Starting balance updated')).toBeVisible();
  await expect(page.getByRole('note')).toHaveCount(0);
  await expect(page.getByLabel('Balance', { exact: true })).toContainText('$915.00');
  fs.mkdirSync(OUT, { recursive: true });
  await inEveryLook(page, async ({ size, theme }) => {
    await page.reload();
    await expect(page.getByText('Starting balance', { exact: true })).toBeVisible();
    await page.screenshot({ path: `${OUT}/account-reconciled-${theme}-${size}.png`, fullPage: true, animations: 'disabled' });
  });
});

test('net worth over time on the Dashboard and on Reports', async ({ page }) => {
  await signUp(page);
  const checking = await seed(page).account({ name: 'Checking', type: 'checking', balance: '2000.00', startingDate: day(-400) });
  const card = await seed(page).account({ name: 'Card', type: 'credit', startingDate: day(-400) });
  for (let m = 12; m >= 0; m--) {
    await seed(page).paycheck({ amount: '3000.00', date: day(-30 * m), accountId: checking });
    await seed(page).transaction({
      amount: `${1800 + m * 37}.00`,
      description: `Rent ${m}`,
      date: day(Math.min(0, -30 * m + 2)),
      accountId: card,
    });
  }
  await page.goto('/');
  const card1 = page.getByRole('region', { name: 'Net worth' });
  await expect(card1.getByLabel('Net worth change')).toContainText('12 months');
  await card1.scrollIntoViewIfNeeded();
  await expect(card1.locator('.recharts-area')).toBeVisible();
  await inEveryLook(page, async ({ size, theme }) => {
    await page.reload();
    await card1.scrollIntoViewIfNeeded();
    await expect(card1.locator('.recharts-area')).toBeVisible();
    await card1.screenshot({ path: `${OUT}/net-worth-dashboard-${theme}-${size}.png`, animations: 'disabled' });
  });
  await page.setViewportSize({ width: 1280, height: 860 });
  await page.evaluate(() => localStorage.setItem('theme', 'light'));
  await page.goto('/reports');
  const section = page.getByRole('region', { name: 'Net worth over time' });
  await section.scrollIntoViewIfNeeded();
  await expect(section.locator('.recharts-area')).toBeVisible();
  await section.screenshot({ path: `${OUT}/net-worth-reports-light-desktop.png`, animations: 'disabled' });
});

test('Add Account takes the starting date (today unless changed); the Transactions page asks before changing a reconciled row', async ({
  page,
}) => {
  await signUp(page);
  await page.goto('/accounts');
  const dialog = await openDialog(page, 'Add First Account', 'Add Account');
  await expect(dialog.getByLabel('Starting date')).toHaveValue(day(0));
  await dialog.getByLabel('Account Name').fill('Savings');
  await dialog.getByLabel('Current Balance').fill('500.00');
  await dialog.getByLabel('Starting date').fill(day(-30));
  await dialog.getByRole('button', { name: 'Add Account' }).click();
  await expect(toast(page, 'Account added')).toBeVisible();
  const saved = await graphql(
    page,
    `
      {
        viewer {
          accounts(first: 1) {
            edges {
              node {
                name
                balance
                startingDate
                startingBalance
              }
            }
          }
        }
      }
    `,
  );
  expect(saved.viewer.accounts.edges[0].node).toEqual({
    name: 'Savings',
    balance: '500.00',
    startingDate: day(-30),
    startingBalance: '500.00',
  });

  const account = await seed(page).account({ name: 'Checking', type: 'checking', balance: '100.00' });
  await seed(page).transaction({ amount: '20.00', description: 'Books', date: day(-1), accountId: account, status: 'RECONCILED' });
  await seed(page).transaction({ amount: '10.00', description: 'Lunch', date: day(-1), accountId: account });
  await page.goto('/transactions');
  const list = page.getByRole('list', { name: 'Transactions' });
  await list.getByRole('button', { name: /^Edit Lunch/ }).click();
  await expect(page.getByRole('dialog', { name: 'Edit Transaction' })).toBeVisible();
  await page.keyboard.press('Escape');
  await list.getByRole('button', { name: /^Delete Books/ }).click();
  const ask = page.getByRole('dialog', { name: 'Change a reconciled record?' });
  await ask.getByRole('button', { name: 'Cancel' }).click();
  await expect(ask).toBeHidden();
  await list.getByRole('button', { name: /^Edit Books/ }).click();
  await ask.getByRole('button', { name: 'Edit anyway' }).click();
  await expect(page.getByRole('dialog', { name: 'Edit Transaction' })).toBeVisible();
});

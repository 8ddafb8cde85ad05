import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, test } from './signed-in.ts';
import { inEveryLook, openDialog, toast } from './fixtures.ts';
import { day, seed } from './seed.ts';

const VIEWPORTS = [
  { name: 'desktop', size: { width: 1280, height: 860 } },
  { name: '390 px', size: { width: 390, height: 844 } },
] as const;

/** Groceries and Dining, and two transactions: Lunch (Dining, today) and Coffee (uncategorized, yesterday). */
async function seedSpending(page: Page) {
  const add = seed(page);
  await add.category('Groceries');
  const dining = await add.category('Dining');
  await add.transaction({ amount: '12.00', description: 'Lunch', date: day(), categoryId: dining });
  await add.transaction({ amount: '4.50', description: 'Coffee', date: day(-1) });
}

for (const { name, size } of VIEWPORTS) {
  test(`transactions, ${name}: a row opens Edit Transaction prefilled; Save updates the row in place`, async ({ page }) => {
    await page.setViewportSize(size);
    await seedSpending(page);
    await page.goto('/transactions');
    await expect(page.getByRole('heading', { name: 'All Transactions (2)' })).toBeVisible();

    const dialog = await openDialog(page, /^Edit Lunch of /, 'Edit Transaction');
    await expect(dialog.getByLabel('Amount')).toHaveValue('12.00');
    await expect(dialog.getByLabel('Description')).toHaveValue('Lunch');
    await expect(dialog.getByLabel('Date')).toHaveValue(day());
    await expect(dialog.getByLabel('Category').locator('option:checked')).toHaveText('Dining');
    // An unchanged description suggests nothing: the category chosen for it stands.
    await expect(dialog.getByText(/Suggested category/)).toHaveCount(0);

    // The same messages as when adding.
    await dialog.getByLabel('Description').fill('');
    await dialog.getByLabel('Amount').fill('1.234');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByText('Description is required')).toBeVisible();
    await expect(dialog.getByText('Amount must be a valid number')).toBeVisible();

    await dialog.getByLabel('Amount').fill('54.10');
    await dialog.getByLabel('Description').fill('Weekly supermarket run');
    await expect(dialog.getByText('Suggested category: Groceries')).toBeVisible();
    await dialog.getByRole('button', { name: 'Apply' }).click();
    await expect(dialog.getByLabel('Category').locator('option:checked')).toHaveText('Groceries');
    await dialog.getByLabel('Date').fill(day(-2));
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(toast(page, 'Transaction updated')).toBeVisible();
    await expect(dialog).toBeHidden();

    const row = page.locator('main li').filter({ hasText: 'Weekly supermarket run' });
    await expect(row).toContainText('-$54.10');
    await expect(row).toContainText('Groceries');
    await expect(page.locator('main li').filter({ hasText: 'Lunch' })).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'All Transactions (2)' })).toBeVisible();
    // Focus goes back to the row's Edit button.
    await expect(page.getByRole('button', { name: /^Edit Weekly supermarket run of / })).toBeFocused();

    // Opened again, the dialog starts from the saved values; Cancel changes nothing.
    const again = await openDialog(page, /^Edit Weekly supermarket run of /, 'Edit Transaction');
    await expect(again.getByLabel('Amount')).toHaveValue('54.10');
    await expect(again.getByLabel('Date')).toHaveValue(day(-2));
    await again.getByLabel('Amount').fill('99.00');
    await again.getByRole('button', { name: 'Cancel' }).click();
    await expect(row).toContainText('-$54.10');

    // The Dashboard lists the edited transaction.
    await page.goto('/');
    await expect(page.locator('main li').filter({ hasText: 'Weekly supermarket run' })).toContainText('-$54.10');
  });
}

test('transactions: edits under a filter move rows out of it; adds, deletes and the count follow', async ({ page }) => {
  await seedSpending(page);
  await page.goto('/transactions');
  await page.getByLabel('Filter by Category').selectOption({ label: 'Dining' });
  await expect(page.getByRole('heading', { name: 'All Transactions (1)' })).toBeVisible();

  // Lunch moves to Groceries: it leaves the Dining list at once.
  const dialog = await openDialog(page, /^Edit Lunch of /, 'Edit Transaction');
  await dialog.getByLabel('Category').selectOption({ label: 'Groceries' });
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Transaction updated')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'All Transactions (0)' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Nothing matches these filters' })).toBeVisible();

  // An add outside the filter does not join the list; one inside it does.
  for (const [description, category] of [
    ['Bread', 'Groceries'],
    ['Dinner out', 'Dining'],
  ] as const) {
    const add = await openDialog(page, 'Add Transaction', 'Add Transaction');
    await add.getByLabel('Amount').fill('8.00');
    await add.getByLabel('Description').fill(description);
    await add.getByLabel('Category').selectOption({ label: category });
    await add.getByRole('button', { name: 'Add Transaction' }).click();
    await expect(toast(page, 'Transaction added').first()).toBeVisible();
  }
  await expect(page.getByRole('heading', { name: 'All Transactions (1)' })).toBeVisible();
  await expect(page.locator('main li')).toHaveText([/Dinner out/]);

  await page.getByLabel('Filter by Category').selectOption({ label: 'All Transactions' });
  await expect(page.getByRole('heading', { name: 'All Transactions (4)' })).toBeVisible();
  await page.getByRole('button', { name: /^Delete Coffee of / }).click();
  await page.getByRole('dialog', { name: 'Delete transaction?' }).getByRole('button', { name: 'Delete' }).click();
  await expect(toast(page, 'Transaction deleted')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'All Transactions (3)' })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Edit Coffee of / })).toHaveCount(0);
});

test('transactions: every page loads, none silently capped', async ({ page, add }) => {
  for (let i = 1; i <= 55; i++) await add.transaction({ amount: '1.00', description: `Item ${i}`, date: day(-i) });
  await page.goto('/transactions');
  await expect(page.getByRole('heading', { name: 'All Transactions (55)' })).toBeVisible();
  await expect(page.locator('main li')).toHaveCount(50);
  // Load more coming near loads the next page at once, before a click could (the keyboard's own: hardening-round-three.spec.ts).
  await page.getByRole('button', { name: 'Load more' }).scrollIntoViewIfNeeded();
  await expect(page.locator('main li')).toHaveCount(55);
  await expect(page.getByRole('button', { name: 'Load more' })).toHaveCount(0);
});

test('screenshots of Edit Transaction, light and dark, desktop and 390 px', async ({ page }) => {
  const out = 'test-results/screenshots';
  fs.mkdirSync(out, { recursive: true });
  await seedSpending(page);
  await inEveryLook(page, async ({ size, theme }) => {
    await page.goto('/transactions');
    const dialog = await openDialog(page, /^Edit Lunch of /, 'Edit Transaction');
    await dialog.getByLabel('Description').fill('Weekly supermarket run');
    await expect(dialog.getByText('Suggested category: Groceries')).toBeVisible();
    await page.screenshot({ path: `${out}/edit-transaction-${theme}-${size}.png` });
  });
});

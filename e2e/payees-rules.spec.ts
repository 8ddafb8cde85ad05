import type { Page } from '@playwright/test';
import { expect, test } from './signed-in.ts';
import { openDialog, toast } from './fixtures.ts';
import { day, seed } from './seed.ts';

/** Coffee and Groceries, and three uncategorized purchases at Blue Bottle (plus one elsewhere). */
async function seedPurchases(page: Page) {
  const add = seed(page);
  await add.category('Coffee');
  await add.category('Groceries');
  for (const [description, offset] of [
    ['Latte', 0],
    ['Cold brew', -1],
    ['Beans', -2],
  ] as const)
    await add.transaction({ amount: '4.50', description, date: day(offset), payee: 'Blue Bottle' });
  await add.transaction({ amount: '30.00', description: 'Weekly shop', date: day(-3), payee: 'Trader Joes' });
}

/** Opens a transaction's Edit dialog, picks `category`, saves. */
async function recategorise(page: Page, description: string, category: string) {
  const dialog = await openDialog(page, new RegExp(`^Edit ${description} of `), 'Edit Transaction');
  await expect(dialog.getByLabel('Payee (optional)')).toHaveValue('Blue Bottle');
  await dialog.getByLabel('Category').selectOption({ label: category });
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
}

test('re-categorising two records of a payee offers a rule, which then categorises new ones', async ({ page }) => {
  await seedPurchases(page);
  await page.goto('/transactions');
  await expect(page.getByRole('heading', { name: 'All Transactions (4)' })).toBeVisible();
  await expect(page.locator('main li').filter({ hasText: 'Latte' })).toContainText('Blue Bottle');

  await recategorise(page, 'Latte', 'Coffee');
  // Once is not a habit: nothing offered yet.
  await expect(page.getByRole('region', { name: 'Rule suggestion' })).toHaveCount(0);
  await recategorise(page, 'Cold brew', 'Coffee');
  const offer = page.getByRole('region', { name: 'Rule suggestion' });
  await expect(offer).toContainText('Always categorise Blue Bottle as Coffee?');
  await offer.getByRole('button', { name: 'Create rule' }).click();
  await expect(toast(page, 'Rule added')).toBeVisible();
  await expect(offer).toBeHidden();

  // The rule is on the Rules screen; applied to what is there, it changes the one left.
  await page.getByRole('link', { name: 'Rules' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Rules' })).toBeVisible();
  const rule = page.getByRole('listitem', { name: /When Payee is “Blue Bottle”: Category Coffee/ });
  await expect(rule).toBeVisible();
  await rule.getByRole('button', { name: 'Apply' }).click();
  const apply = page.getByRole('dialog', { name: 'Apply to existing records' });
  await apply.getByRole('button', { name: 'Apply to 1 matching record' }).click();
  await expect(toast(page, 'Rule applied')).toBeVisible();

  // A new purchase at Blue Bottle, added in the web app, is categorised by the rule.
  await page.goto('/transactions');
  const add = await openDialog(page, 'Add Transaction', 'Add Transaction');
  await add.getByLabel('Amount').fill('3.75');
  await add.getByLabel('Payee (optional)').fill('blue bottle');
  await add.getByLabel('Description').fill('Espresso');
  await add.getByRole('button', { name: 'Add Transaction' }).click();
  await expect(toast(page, 'Transaction added')).toBeVisible();
  const espresso = page.locator('main li').filter({ hasText: 'Espresso' });
  await expect(espresso).toContainText('Coffee');
  await expect(espresso).toContainText('Blue Bottle');
  await expect(page.locator('main li').filter({ hasText: 'Beans' })).toContainText('Coffee');
});

test('renames and merges payees; every record follows, and the filter and search take the payee', async ({ page }) => {
  await seedPurchases(page);
  await seed(page).transaction({ amount: '2.00', description: 'Muffin', date: day(), payee: 'BLUE BOTTLE COFFEE' });
  // Payee names are found whatever their case: "BLUE BOTTLE COFFEE" is a payee of its own.
  await page.goto('/rules');
  const payees = page.getByRole('list', { name: 'Your payees' });
  await expect(payees.getByRole('listitem')).toHaveCount(3);

  const rename = await openDialog(page, 'Rename Trader Joes', 'Rename Trader Joes');
  await rename.getByLabel('Name').fill("Trader Joe's");
  await rename.getByRole('button', { name: 'Rename' }).click();
  await expect(toast(page, 'Payee renamed')).toBeVisible();
  await expect(payees).toContainText("Trader Joe's");

  await payees.getByLabel('Choose Blue Bottle', { exact: true }).check();
  await payees.getByLabel('Choose BLUE BOTTLE COFFEE').check();
  const merge = await openDialog(page, 'Merge 2 payees', 'Merge 2 payees');
  await merge.getByLabel('Keep the name').selectOption({ label: 'Blue Bottle' });
  await merge.getByRole('button', { name: 'Merge' }).click();
  await expect(toast(page, 'Payees merged')).toBeVisible();
  await expect(payees.getByRole('listitem')).toHaveCount(2);
  await expect(payees.getByRole('listitem').filter({ hasText: 'Blue Bottle' })).toContainText('4 records');

  // Every record follows: the muffin is Blue Bottle's now; search finds records by payee.
  await page.goto('/transactions');
  await expect(page.locator('main li').filter({ hasText: 'Muffin' })).toContainText('Blue Bottle');
  await expect(page.locator('main li').filter({ hasText: 'Weekly shop' })).toContainText("Trader Joe's");
  await page.getByLabel('Search').fill('trader');
  await expect(page.getByRole('heading', { name: 'All Transactions (1)' })).toBeVisible();
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await page.getByRole('button', { name: 'More filters' }).click();
  await page.getByLabel('Filter by Payee').selectOption({ label: 'Blue Bottle' });
  await expect(page.getByRole('heading', { name: 'All Transactions (4)' })).toBeVisible();
});

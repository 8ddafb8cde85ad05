import fs from 'node:fs';
import { expect, test } from './signed-in.ts';
import { graphql, inEveryLook, openDialog, toast } from './fixtures.ts';
import { day } from './seed.ts';

// Records that stay right whatever is deleted or typed twice (docs/product.md#account-ledgers,
// #budget-allocation): each test failed before its fix.
const OUT = 'test-results/screenshots';

test('deleting an account leaves its transfers in the other account, labelled, and its balance still adds up', async ({ page, add }) => {
  fs.mkdirSync(OUT, { recursive: true });
  const checking = await add.account({ name: 'Checking', type: 'checking', balance: '1000.00' });
  const savings = await add.account({ name: 'Savings', type: 'savings', balance: '0' });
  const transfer = (fromAccountId: string, toAccountId: string, amount: string, date: string) =>
    graphql(page, 'mutation($i: AddTransferInput!) { addTransfer(input: $i) { transfer { id } } }', {
      i: { fromAccountId, toAccountId, amount, date },
    });
  await transfer(checking, savings, '250.00', day(-3));
  await transfer(savings, checking, '40.00', day(-1));

  await page.goto('/accounts');
  await page.getByRole('region', { name: 'Checking' }).getByRole('button', { name: 'Delete Checking' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete account?' });
  await expect(confirm).toContainText(
    'Its 2 transfers stay in your other accounts, shown as to or from a deleted account; their balances do not change.',
  );
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(toast(page, 'Account deleted')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Savings' })).toContainText('$210.00');

  // Savings' activity still holds both, with their amounts: $0 + $250 − $40 = $210.
  await page.getByRole('region', { name: 'Savings' }).click();
  const rows = page.getByRole('region', { name: 'Activity' }).getByRole('listitem');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toContainText('Transfer to a deleted account');
  await expect(rows.nth(0)).toContainText('-$40.00');
  await expect(rows.nth(0).getByLabel('Balance after: $210.00')).toBeVisible();
  await expect(rows.nth(1)).toContainText('Transfer from a deleted account');
  await expect(rows.nth(1)).toContainText('+$250.00');
  await expect(rows.nth(1).getByLabel('Balance after: $250.00')).toBeVisible();
  const url = page.url();
  await inEveryLook(page, async ({ size, theme }) => {
    await page.goto(url);
    await expect(rows).toHaveCount(2);
    await page.screenshot({ path: `${OUT}/deleted-account-transfers-${theme}-${size}.png`, fullPage: true, animations: 'disabled' });
  });

  // What is left can be edited: the deleted side is shown, not offered; the balance follows.
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.evaluate(() => localStorage.setItem('theme', 'light'));
  await page.goto(url);
  const dialog = await openDialog(page, /^Edit Transfer from a deleted account of /, 'Edit Transfer');
  await expect(dialog.getByLabel('From')).toHaveValue('A deleted account');
  await expect(dialog.getByLabel('From')).toBeDisabled();
  await expect(dialog.getByLabel('To')).toHaveValue(savings);
  await page.screenshot({ path: `${OUT}/deleted-account-transfer-edit-light-desktop.png`, animations: 'disabled' });
  await dialog.getByLabel('Amount').fill('300');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Transfer updated')).toBeVisible();
  await expect(page.getByLabel('Balance', { exact: true })).toContainText('$260.00');
  await expect(rows.nth(1)).toContainText('+$300.00');
});

test('the Add Category row refuses a name already taken, in any case, with the server’s message', async ({ page, add }) => {
  fs.mkdirSync(OUT, { recursive: true });
  await add.category('Groceries');
  await page.goto('/budget');
  const name = page.getByLabel('Category name');
  await name.fill('groceries');
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'A category named Groceries already exists' })).toBeVisible();
  await expect(name).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel(/ amount$/)).toHaveCount(1);
  await page.screenshot({ path: `${OUT}/category-name-taken-light-desktop.png`, animations: 'disabled' });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${OUT}/category-name-taken-light-mobile.png`, fullPage: true, animations: 'disabled' });
  // Another name is added, and the message goes.
  await name.fill('Dining out');
  await expect(page.getByRole('alert').filter({ hasText: 'already exists' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(toast(page, 'Category added')).toBeVisible();
  await expect(page.getByLabel(/ amount$/)).toHaveCount(2);
});

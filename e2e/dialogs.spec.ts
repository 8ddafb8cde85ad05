import { expect, test } from './signed-in.ts';
import { animationsDone, openDialog, toast } from './fixtures.ts';
import { seedEverything } from './seed.ts';

/** Every form dialog of the app: where it opens, how to open it, and its submit button. */
const DIALOGS = [
  { path: '/accounts', open: 'Add Account', title: 'Add Account', submit: 'Add Account' },
  { path: '/bills', open: 'Add Bill', title: 'Add Bill', submit: 'Add Bill' },
  { path: '/bills', open: /^Mark .* paid$/, title: 'Record Payment', submit: 'Record Payment' },
  { path: '/goals', open: 'Add Goal', title: 'Add Goal', submit: 'Create Goal' },
  { path: '/goals', open: /^Add contribution to /, title: 'Add Contribution', submit: 'Add Contribution' },
  { path: '/transactions', open: 'Add Transaction', title: 'Add Transaction', submit: 'Add Transaction' },
];

test('a goal can be created with "Already saved" and the target date left empty', async ({ page }) => {
  await page.goto('/goals');
  const dialog = await openDialog(page, 'Add Goal', 'Add Goal');
  await dialog.getByLabel('Goal name').fill('Laptop');
  await dialog.getByLabel('Target amount').fill('1200');
  await dialog.getByRole('button', { name: 'Create Goal' }).click();
  await expect(toast(page, 'Goal created')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Laptop' })).toContainText('$0.00 of $1,200.00');
});

test('a field error goes away as soon as the field is fixed', async ({ page }) => {
  await page.goto('/accounts');
  const account = await openDialog(page, 'Add First Account', 'Add Account');
  await account.getByRole('button', { name: 'Add Account' }).click();
  await expect(account.getByText('Name is required')).toBeVisible();
  await account.getByLabel('Account Name').fill('Checking');
  await expect(account.getByText('Name is required')).toHaveCount(0);
  await account.getByLabel('Current Balance').fill('12.345');
  await account.getByRole('button', { name: 'Add Account' }).click();
  await expect(account.getByText('Balance must be a valid number')).toBeVisible();
  await account.getByLabel('Current Balance').fill('12.34');
  await expect(account.getByText('Balance must be a valid number')).toHaveCount(0);
  await account.getByRole('button', { name: 'Close' }).click();

  await page.goto('/transactions');
  const transaction = await openDialog(page, 'Add Transaction', 'Add Transaction');
  await transaction.getByRole('button', { name: 'Add Transaction' }).click();
  await expect(transaction.getByText('Description is required')).toBeVisible();
  await expect(transaction.getByText('Amount must be a valid number')).toBeVisible();
  await transaction.getByLabel('Description').fill('Lunch');
  await expect(transaction.getByText('Description is required')).toHaveCount(0);
  await expect(transaction.getByText('Amount must be a valid number')).toBeVisible();
});

test("a new bill's due day follows its next due date until the day is set by hand", async ({ page }) => {
  await page.goto('/bills');
  const dialog = await openDialog(page, 'Add Bill', 'Add Bill');
  const today = await dialog.getByLabel('Next due date').inputValue();
  await expect(dialog.getByLabel('Due day of the month')).toHaveValue(String(Number(today.slice(8, 10))));
  await dialog.getByLabel('Next due date').fill('2027-03-17');
  await expect(dialog.getByLabel('Due day of the month')).toHaveValue('17');
  await dialog.getByLabel('Due day of the month').fill('5');
  await dialog.getByLabel('Next due date').fill('2027-03-20');
  await expect(dialog.getByLabel('Due day of the month')).toHaveValue('5');
});

test('after Apply on the suggestion the keyboard stays in the form, on the next field', async ({ page, add }) => {
  for (const name of ['Index Funds', 'Entertainment']) await add.category(name);
  await page.goto('/transactions');
  const dialog = await openDialog(page, 'Add Transaction', 'Add Transaction');
  await dialog.getByLabel('Description').fill('Concert tickets');
  await expect(dialog.getByText('Suggested category: Entertainment')).toBeVisible();
  await dialog.getByRole('button', { name: 'Apply' }).click();
  await expect(dialog.getByLabel('Category')).toHaveValue(/.+/);
  await expect(dialog.getByLabel('Category').locator('option:checked')).toHaveText('Entertainment');
  await expect(dialog.getByLabel('Date')).toBeFocused();
});

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
]) {
  test(`every dialog fits a ${viewport.width}×${viewport.height} window with its title and actions in view`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await seedEverything(page, (field) => `Sample ${field}`);
    for (const d of DIALOGS) {
      await page.goto(d.path);
      const dialog = await openDialog(page, d.open, d.title);
      await expect(dialog).toBeVisible();
      await animationsDone(page); // it rises into place
      const box = (await dialog.boundingBox())!;
      expect(box.y, d.title).toBeGreaterThanOrEqual(0);
      expect(box.y + box.height, d.title).toBeLessThanOrEqual(viewport.height + 0.5);
      await expect(dialog.getByRole('heading', { name: d.title }), d.title).toBeInViewport({ ratio: 1 });
      await expect(dialog.getByRole('button', { name: d.submit }), d.title).toBeInViewport({ ratio: 1 });
      await expect(dialog.getByRole('button', { name: 'Cancel' }), d.title).toBeInViewport({ ratio: 1 });
      await page.keyboard.press('Escape');
      await expect(dialog).toHaveCount(0);
    }
  });
}

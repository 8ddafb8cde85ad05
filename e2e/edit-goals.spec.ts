import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, test } from './signed-in.ts';
import { graphql, inEveryLook, openDialog, openWithoutReloads, toast, VIEWPORTS } from './fixtures.ts';
import { day } from './seed.ts';

const OUT = 'test-results/screenshots';

function contribute(page: Page, goalId: string, amount: string, contributionDate: string, notes?: string) {
  return graphql(page, 'mutation ($i: AddGoalContributionInput!) { addGoalContribution(input: $i) { goal { id } } }', {
    i: { goalId, amount, contributionDate, notes },
  });
}

for (const viewport of VIEWPORTS) {
  test.describe(`${viewport.width}×${viewport.height}`, () => {
    test.use({ viewport: viewport });

    test('editing a goal renames it, and a new target completes or reopens it in place', async ({ page, add }) => {
      await add.goal({ name: 'Bike', targetAmount: '500.00', currentAmount: '120.50', category: 'purchase', notes: 'Gravel' });
      const reloads = await openWithoutReloads(page, '/goals', 'Savings Goals', 'GoalsPageQuery');

      let dialog = await openDialog(page, 'Edit Bike', 'Edit Goal');
      await expect(dialog.getByLabel('Goal name')).toHaveValue('Bike');
      await expect(dialog.getByLabel('Target amount')).toHaveValue('500.00');
      await expect(dialog.getByLabel('Category (optional)')).toHaveValue('purchase');
      await expect(dialog.getByLabel('Notes (optional)')).toHaveValue('Gravel');
      await expect(dialog.getByLabel('Already saved (optional)')).toHaveCount(0);
      await dialog.getByLabel('Goal name').fill('');
      await dialog.getByLabel('Target amount').fill('12.345');
      await dialog.getByRole('button', { name: 'Save' }).click();
      await expect(dialog.getByText('Name is required')).toBeVisible();
      await expect(dialog.getByText('Amount must be a valid number')).toBeVisible();

      await dialog.getByLabel('Goal name').fill('Road bike');
      await dialog.getByLabel('Target amount').fill('100');
      await dialog.getByRole('button', { name: 'Save' }).click();
      await expect(toast(page, 'Goal updated')).toBeVisible();
      await expect(dialog).toHaveCount(0);
      await expect(page.getByRole('heading', { name: 'Active Goals (0)' })).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Completed Goals (1)' })).toBeVisible();
      const card = page.getByRole('region', { name: 'Road bike' });
      await expect(card).toContainText('Goal achieved!');
      await expect(card).toContainText('$120.50 of $100.00');

      dialog = await openDialog(page, 'Edit Road bike', 'Edit Goal');
      await dialog.getByLabel('Target amount').fill('400');
      await dialog.getByLabel('Category (optional)').selectOption({ label: 'General' });
      await dialog.getByRole('button', { name: 'Save' }).click();
      await expect(toast(page, 'Goal updated').first()).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Active Goals (1)' })).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Completed Goals (0)' })).toBeVisible();
      await expect(card).toContainText('30.1%');
      await expect(card).toContainText('$279.50 to go');
      await expect(card).toContainText('General');
      expect(reloads.count).toBe(0);

      // What was saved is what the server has.
      await page.reload();
      await expect(page.getByRole('region', { name: 'Road bike' })).toContainText('$120.50 of $400.00');
    });

    test("a goal's contributions are listed newest first, and deleting one lowers and reopens the goal", async ({ page, add }) => {
      const goalId = await add.goal({ name: 'Laptop', targetAmount: '300.00' });
      await contribute(page, goalId, '100.00', day(-10), 'Birthday money');
      await contribute(page, goalId, '150.00', day(-3));
      const reloads = await openWithoutReloads(page, '/goals', 'Savings Goals', 'GoalsPageQuery');

      // One more through the screen: it completes the goal and heads the list.
      const adding = await openDialog(page, 'Add contribution to Laptop', 'Add Contribution');
      await adding.getByLabel('Amount').fill('60');
      await adding.getByRole('button', { name: 'Add Contribution' }).click();
      await expect(toast(page, 'Contribution added')).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Completed Goals (1)' })).toBeVisible();

      const history = await openDialog(page, 'Contributions to Laptop', 'Contributions');
      const rows = history.getByRole('listitem');
      await expect(rows).toHaveCount(3);
      await expect(rows.nth(0)).toContainText('$60.00');
      await expect(rows.nth(1)).toContainText('$150.00');
      await expect(rows.nth(2)).toContainText('$100.00');
      await expect(rows.nth(2)).toContainText('Birthday money');

      await history.getByRole('button', { name: /^Delete contribution of \$150\.00 on / }).click();
      const confirm = page.getByRole('dialog', { name: 'Delete contribution?' });
      await confirm.getByRole('button', { name: 'Delete' }).click();
      await expect(toast(page, 'Contribution deleted')).toBeVisible();
      await expect(rows).toHaveCount(2);
      // The history stays open while the goal, back under its target, moves to Active Goals.
      await expect(history).toBeVisible();
      await history.getByRole('button', { name: 'Close' }).click();
      await expect(page.getByRole('heading', { name: 'Active Goals (1)' })).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Completed Goals (0)' })).toBeVisible();
      const card = page.getByRole('region', { name: 'Laptop' });
      await expect(card).toContainText('$160.00 of $300.00');
      await expect(card).toContainText('53.3%');
      expect(reloads.count).toBe(0);
    });
  });
}

test('edit and contributions dialogs, in light and dark, on a desktop and a 390 px phone, give focus back on close', async ({
  page,
  add,
}) => {
  fs.mkdirSync(OUT, { recursive: true });
  const goalId = await add.goal({
    name: 'Emergency fund',
    targetAmount: '10000.00',
    currentAmount: '6250.00',
    category: 'emergency',
    targetDate: day(200),
    notes: 'Six months of rent and groceries.',
  });
  await contribute(page, goalId, '250.00', day(-2), 'November paycheck');
  await contribute(page, goalId, '400.00', day(-30));
  await inEveryLook(page, async ({ size, theme }) => {
    await page.goto('/goals');
    const edit = await openDialog(page, 'Edit Emergency fund', 'Edit Goal');
    await expect(edit.getByLabel('Goal name')).toHaveValue('Emergency fund');
    await page.screenshot({ path: `${OUT}/edit-goal-${theme}-${size}.png`, animations: 'disabled' });
    await page.keyboard.press('Escape');
    await expect(page.getByRole('button', { name: 'Edit Emergency fund' })).toBeFocused();
    const history = await openDialog(page, 'Contributions to Emergency fund', 'Contributions');
    await expect(history.getByRole('listitem')).toHaveCount(2);
    await page.screenshot({ path: `${OUT}/edit-goal-contributions-${theme}-${size}.png`, animations: 'disabled' });
    await page.keyboard.press('Escape');
    await expect(page.getByRole('button', { name: 'Contributions to Emergency fund' })).toBeFocused();
  });
});

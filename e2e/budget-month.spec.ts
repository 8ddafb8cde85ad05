import fs from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './signed-in.ts';
import { inEveryLook, openDialog, toast } from './fixtures.ts';
import { day, seed } from './seed.ts';

// Budget: the month view, the plan, and the Dashboard's and Reports' figures from them
// (docs/product.md#budget-allocation, #dashboard, #reports).
const SHOTS = process.env.SHOTS_DIR ?? 'test-results/screenshots';

/** "YYYY-MM" of the month `by` months from this one (the browser's calendar, as the app's). */
function monthOf(by: number) {
  const now = new Date();
  const d = new Date(now.getFullYear(), now.getMonth() + by, 1);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}`;
}
const label = (month: string) =>
  new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${month}-01T00:00:00Z`));
/** The last day of a month, "YYYY-MM-DD". */
const lastDay = (month: string) => {
  const [y, m] = month.split('-').map(Number);
  return `${month}-${String(new Date(Date.UTC(y!, m!, 0)).getUTCDate()).padStart(2, '0')}`;
};

/**
 * Last month: 2000 income; Rent (a fixed 1200) 100 spent, Food (a fixed 500) 450 spent, Fun
 * (10 % of each month's income: 200) nothing. This month: 3000 income; Rent 1200 spent, Food 450,
 * Fun (300) 530, 20 uncategorized. Two upcoming bills, a goal, two accounts.
 */
async function seedTwoMonths(page: Page) {
  const add = seed(page);
  const [now, before] = [monthOf(0), monthOf(-1)];
  const rent = await add.category('Rent', 'bills');
  const food = await add.category('Food');
  const fun = await add.category('Fun');
  await add.allocations([
    { id: rent, allocatedAmount: '1200.00', allocatedPercentage: 24, planKind: 'AMOUNT' },
    { id: food, allocatedAmount: '500.00', allocatedPercentage: 10, planKind: 'AMOUNT' },
    { id: fun, allocatedAmount: '500.00', allocatedPercentage: 10, planKind: 'PERCENTAGE' },
  ]);
  await add.account({ name: 'Checking', type: 'checking', balance: '1500.00' });
  await add.account({ name: 'Card', type: 'credit', balance: '-200.00' });
  await add.paycheck({ amount: '3000.00', date: `${now}-01` });
  await add.paycheck({ amount: '2000.00', date: `${before}-05` });
  for (const [description, amount, date, categoryId] of [
    ['Rent', '1200.00', `${now}-01`, rent],
    ['Groceries', '450.00', `${now}-01`, food],
    ['Concert', '530.00', `${now}-01`, fun],
    ['Parking', '20.00', `${now}-01`, null],
    ['Groceries', '450.00', `${before}-10`, food],
    ['Rent', '100.00', `${before}-10`, rent],
  ] as const)
    await add.transaction({ description, amount, date, categoryId });
  const bill = (name: string, amount: string, offset: number, isActive = true) =>
    add.bill({ name, amount, frequency: 'monthly', dueDay: Number(day(offset).slice(8)), nextDueDate: day(offset), isActive });
  await bill('Internet', '60.00', 3);
  await bill('Gym', '35.00', 10);
  await bill('Paused', '9.00', 1, false);
  await add.goal({ name: 'Vacation', targetAmount: '1000.00', currentAmount: '250.00' });
  await add.goal({ name: 'Done', targetAmount: '10.00', currentAmount: '10.00' });
}

const monthView = (page: Page) => page.getByRole('region', { name: 'Budget month' });
const readyToAssign = (page: Page) => monthView(page).getByRole('region', { name: 'Ready to Assign' }).locator('strong');
const available = (row: Locator) => row.locator('[data-figure="Available"] > :last-child');

/** A row of the month view: its assigned amount (the field's, or the figure's), spent and available, and available's colour. */
async function expectRow(view: Locator, name: string, figures: { assigned: string; spent: string; available: string; tone?: string }) {
  const row = view.getByRole('listitem', { name, exact: true });
  // Uncategorized spending has nothing to assign: a dash, not a field.
  if (name === 'Uncategorized') await expect(row.locator('[data-figure="Assigned"] > :last-child')).toHaveText(figures.assigned);
  else await expect(row.getByRole('textbox', { name: `${name} assigned` })).toHaveValue(figures.assigned);
  await expect(row.locator('[data-figure="Spent"] span')).toHaveText(figures.spent);
  await expect(available(row)).toHaveText(figures.available);
  if (figures.tone) await expect(available(row)).toHaveAttribute('data-tone', figures.tone);
}

test('Budget: the month view rolls over what is left, takes overspending from Ready to Assign, month by month', async ({ page }) => {
  await seedTwoMonths(page);
  await page.goto('/budget');
  await expect(page.getByRole('tab', { name: 'Month' })).toHaveAttribute('aria-selected', 'true');
  const view = monthView(page);
  await expect(view.getByRole('heading', { name: label(monthOf(0)) })).toBeVisible();
  await expect(readyToAssign(page)).toHaveText('$1,100.00');
  // Left over from last month rolls in: Rent 1100 + 1200 − 1200; Food 50 + 500 − 450 (amber: over 80 % spent); Fun 200 + 300 − 530.
  await expectRow(view, 'Rent', { assigned: '1200.00', spent: '$1,200.00', available: '$1,100.00', tone: 'success' });
  await expectRow(view, 'Food', { assigned: '500.00', spent: '$450.00', available: '$100.00', tone: 'warning' });
  await expectRow(view, 'Fun', { assigned: '300.00', spent: '$530.00', available: '-$30.00', tone: 'danger' });
  await expectRow(view, 'Uncategorized', { assigned: '—', spent: '$20.00', available: '-$20.00', tone: 'danger' });
  await expect(view.getByRole('listitem', { name: 'Rent' })).toContainText(`$1,100.00 rolled over from ${label(monthOf(-1))}`);
  const total = view.getByRole('listitem', { name: 'Total' });
  await expect(total.locator('[data-figure="Assigned"] span')).toHaveText('$2,000.00');
  await expect(total.locator('[data-figure="Available"] span')).toHaveText('$1,150.00');

  await view.getByRole('button', { name: 'Previous month' }).click();
  await expect(page).toHaveURL(new RegExp(`month=${monthOf(-1)}`));
  await expect(view.getByRole('heading', { name: label(monthOf(-1)) })).toBeVisible();
  await expect(readyToAssign(page)).toHaveText('$100.00');
  await expectRow(view, 'Fun', { assigned: '200.00', spent: '$0.00', available: '$200.00', tone: 'success' });
  await expect(view.getByRole('listitem', { name: 'Uncategorized' })).toHaveCount(0);
  // The budget starts in the month of the first paycheck or transaction.
  await expect(view.getByRole('button', { name: 'Previous month' })).toBeDisabled();

  // Next month: the overspending (Fun's 30, the uncategorized 20) came out of Ready to Assign; the plan assigns more than the income.
  await view.getByRole('button', { name: 'Next month' }).click();
  await view.getByRole('button', { name: 'Next month' }).click();
  await expect(view.getByRole('heading', { name: label(monthOf(1)) })).toBeVisible();
  await expect(readyToAssign(page)).toHaveText('-$650.00');
  await expect(view.getByRole('region', { name: 'Ready to Assign' })).toHaveAttribute('data-negative', 'true');
  await expectRow(view, 'Fun', { assigned: '0.00', spent: '$0.00', available: '$0.00', tone: 'neutral' });
  await expectRow(view, 'Food', { assigned: '500.00', spent: '$0.00', available: '$600.00' });

  // Reload keeps the month; This month goes back.
  await page.reload();
  await expect(view.getByRole('heading', { name: label(monthOf(1)) })).toBeVisible();
  await view.getByRole('button', { name: 'This month' }).click();
  await expect(view.getByRole('heading', { name: label(monthOf(0)) })).toBeVisible();
  await expect(page).toHaveURL(/\/budget$/);
});

test('Dashboard: budget progress, upcoming bills with Mark Paid, goals and net worth', async ({ page }) => {
  await seedTwoMonths(page);
  await page.goto('/');
  const progress = page.getByRole('region', { name: 'Budget progress' });
  await expect(progress.getByRole('listitem').first()).toHaveText(/^Fun.*\$530\.00.*\$300\.00.*\$30\.00 overspent/);
  await expect(progress.getByRole('listitem', { name: 'Fun' }).getByRole('progressbar')).toHaveAttribute('data-tone', 'danger');
  await expect(progress.getByRole('listitem', { name: 'Food' })).toContainText('$100.00 available');
  await expect(progress.getByRole('link').filter({ hasText: 'Fun' })).toHaveAttribute('href', '/budget');

  const goals = page.getByRole('region', { name: 'Savings goals' });
  await expect(goals.getByRole('listitem')).toHaveText([/Vacation\s*\$250\.00 of \$1,000\.00/]);
  const netWorth = page.getByRole('region', { name: 'Net worth' });
  await expect(netWorth).toContainText('$1,300.00');
  await expect(netWorth).toContainText('Across 2 accounts');

  const bills = page.getByRole('region', { name: 'Upcoming bills' });
  await expect(bills.getByRole('listitem')).toHaveText([/Internet\s*Due in 3 days/, /Gym\s*Due in 10 days/]);
  const dialog = await openDialog(page, 'Mark Internet paid', 'Record Payment', bills);
  await expect(dialog.getByLabel('Amount')).toHaveValue('60.00');
  await dialog.getByRole('button', { name: 'Record Payment' }).click();
  await expect(toast(page, 'Payment recorded')).toBeVisible();
  await expect(dialog).toBeHidden();
  // Paid: its next due date moves a month on, past the upcoming window; the money left the default account.
  await expect(bills.getByRole('listitem')).toHaveText([/Gym/]);
  await expect(netWorth).toContainText('$1,240.00');
  await expect(page.getByRole('region', { name: 'Total Spent' })).toContainText('$2,260.00');
});

test('Dashboard without accounts has no net worth; on a phone the four figures sit two by two', async ({ page, add }) => {
  await add.paycheck({ amount: '100.00', date: day(0) });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/');
  await expect(page.getByRole('region', { name: 'Budget progress' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Net worth' })).toHaveCount(0);
  const box = async (name: string) => (await page.getByRole('region', { name, exact: true }).boundingBox())!;
  const [income, spent, remaining, rate, progress] = await Promise.all(
    ['Total Income', 'Total Spent', 'Remaining', 'Savings Rate', 'Budget progress'].map(box),
  );
  expect(Math.abs(income!.y - spent!.y)).toBeLessThan(2);
  expect(Math.abs(remaining!.y - rate!.y)).toBeLessThan(2);
  expect(remaining!.y).toBeGreaterThan(income!.y + income!.height - 1);
  expect(Math.abs(income!.x - remaining!.x)).toBeLessThan(2);
  expect(spent!.x).toBeGreaterThan(income!.x + income!.width - 1);
  expect(progress!.y).toBeGreaterThan(rate!.y + rate!.height - 1);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});

for (const width of [1280, 390]) {
  test(`journey at ${width} px: plan, assign, overspend, move money, a refund and a split, on Budget, Dashboard and Reports`, async ({
    page,
    add,
  }) => {
    // The worked example, last month and this month in place of September and October.
    const [now, before] = [monthOf(0), monthOf(-1)];
    await page.setViewportSize({ width, height: 900 });
    const [rent, groceries, dining] = [await add.category('Rent', 'bills'), await add.category('Groceries'), await add.category('Dining')];
    await add.paycheck({ amount: '3000.00', date: `${before}-01` });
    await add.paycheck({ amount: '3000.00', date: `${now}-01` });
    for (const [description, amount, categoryId] of [
      ['Rent', '1850.00', rent],
      ['Groceries', '500.00', groceries],
      ['Dinner out', '150.00', dining],
    ] as const)
      await add.transaction({ description, amount, date: `${before}-15`, categoryId });

    // The plan: a typed amount is a fixed amount a month, a moved slider a share of each month's income.
    await page.goto('/budget?tab=plan');
    await page.getByLabel('Rent amount').fill('1850');
    const rentRow = page.getByRole('region', { name: 'Rent' });
    await expect(rentRow.locator('[data-plan]')).toHaveText('$1,850.00 a month');
    const slider = page.getByRole('slider', { name: 'Groceries percentage' });
    await slider.focus();
    for (let i = 0; i < 10; i++) await page.keyboard.press('ArrowRight');
    const groceriesRow = page.getByRole('region', { name: 'Groceries' });
    await expect(groceriesRow.locator('[data-plan]')).toHaveText("10 % of each month's income");
    // Switching by hand: the slider's 10 % kept, as a fixed amount (of all income: $600.00).
    await groceriesRow.getByRole('button', { name: 'Groceries: use a fixed amount' }).click();
    await expect(groceriesRow.locator('[data-plan]')).toHaveText('$600.00 a month');
    await groceriesRow.getByRole('button', { name: 'Groceries: use a share of income' }).click();
    await slider.focus();
    for (let i = 0; i < 10; i++) await page.keyboard.press('ArrowRight');
    await expect(groceriesRow.locator('[data-plan]')).toHaveText("20 % of each month's income");
    await page.getByLabel('Dining amount').fill('100');
    await page.getByRole('region', { name: 'Unsaved changes' }).getByRole('button', { name: 'Save Changes' }).click();
    await expect(toast(page, 'Budget updated')).toBeVisible();
    await page.reload();
    await expect(rentRow.locator('[data-plan]')).toHaveText('$1,850.00 a month');
    await expect(groceriesRow.locator('[data-plan]')).toHaveText("20 % of each month's income");

    // Last month: Dining overspent by 50, which comes out of this month's Ready to Assign.
    await page.getByRole('tab', { name: 'Month' }).click();
    const view = monthView(page);
    await view.getByRole('button', { name: 'Previous month' }).click();
    await expect(view.getByRole('heading', { name: label(before) })).toBeVisible();
    await expectRow(view, 'Rent', { assigned: '1850.00', spent: '$1,850.00', available: '$0.00' });
    await expectRow(view, 'Groceries', { assigned: '600.00', spent: '$500.00', available: '$100.00', tone: 'warning' });
    await expectRow(view, 'Dining', { assigned: '100.00', spent: '$150.00', available: '-$50.00', tone: 'danger' });
    await expect(readyToAssign(page)).toHaveText('$450.00');

    // This month: a split receipt (650 groceries, 40 dining) and a 30 groceries refund.
    await enterSplitAndRefund(page, now);
    await page.goto('/budget');
    await expectRow(view, 'Rent', { assigned: '1850.00', spent: '$0.00', available: '$1,850.00', tone: 'success' });
    await expectRow(view, 'Groceries', { assigned: '600.00', spent: '$620.00', available: '$80.00', tone: 'warning' });
    await expectRow(view, 'Dining', { assigned: '100.00', spent: '$40.00', available: '$60.00', tone: 'success' });
    await expect(view.getByRole('listitem', { name: 'Groceries' })).toContainText(`$100.00 rolled over from ${label(before)}`);
    await expect(readyToAssign(page)).toHaveText('$850.00');

    // Assign in place: Dining 200 for this month; then back to the plan, and 200 again.
    const diningAssigned = view.getByRole('textbox', { name: 'Dining assigned' });
    await diningAssigned.fill('200');
    await diningAssigned.press('Enter');
    await expect(toast(page, 'Amount assigned')).toBeVisible();
    await expectRow(view, 'Dining', { assigned: '200.00', spent: '$40.00', available: '$160.00' });
    await expect(readyToAssign(page)).toHaveText('$750.00');
    await view.getByRole('button', { name: 'Dining: follow the plan again' }).click();
    await expectRow(view, 'Dining', { assigned: '100.00', spent: '$40.00', available: '$60.00' });
    await expect(readyToAssign(page)).toHaveText('$850.00');
    await diningAssigned.fill('200');
    await diningAssigned.blur();
    await expect(readyToAssign(page)).toHaveText('$750.00');

    // Move money: 50 from Rent to Groceries, Ready to Assign unchanged.
    const move = await openDialog(page, 'Move money', 'Move money', view);
    await move.getByLabel('From').selectOption({ label: 'Rent ($1,850.00)' });
    await move.getByLabel('To').selectOption({ label: 'Groceries ($80.00)' });
    await move.getByLabel('Amount').fill('50');
    await move.getByRole('button', { name: 'Move', exact: true }).click();
    await expect(toast(page, 'Money moved')).toBeVisible();
    await expectRow(view, 'Rent', { assigned: '1800.00', spent: '$0.00', available: '$1,800.00' });
    await expectRow(view, 'Groceries', { assigned: '650.00', spent: '$620.00', available: '$130.00' });
    await expect(readyToAssign(page)).toHaveText('$750.00');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

    // The Dashboard: spent of assigned, and what is available.
    await page.goto('/');
    const progress = page.getByRole('region', { name: 'Budget progress' });
    await expect(progress.getByRole('listitem', { name: 'Groceries' })).toContainText('$620.00 of $650.00');
    await expect(progress.getByRole('listitem', { name: 'Groceries' })).toContainText('$130.00 available');
    await expect(progress.getByRole('listitem', { name: 'Dining' })).toContainText('$40.00 of $200.00');

    // Reports, this calendar month: Budget vs Actual compares spent with assigned.
    await page.goto(`/reports?from=${now}-01&to=${lastDay(now)}`);
    const bars = page.getByRole('list', { name: 'Budget vs actual by category' });
    await expect(bars.getByRole('link', { name: 'Groceries: $620.00 spent of $650.00' })).toBeVisible();
    await expect(bars.getByRole('link', { name: 'Dining: $40.00 spent of $200.00' })).toBeVisible();
    await expect(bars.getByRole('link', { name: 'Rent: $0.00 spent of $1,800.00' })).toBeVisible();

    // Assign from plan puts this month back on the plan.
    await page.goto('/budget');
    await view.getByRole('button', { name: 'Assign from plan' }).click();
    await page
      .getByRole('dialog', { name: `Assign ${label(now)} from the plan?` })
      .getByRole('button', { name: 'Assign from plan' })
      .click();
    await expect(toast(page, 'Assigned from the plan')).toBeVisible();
    await expectRow(view, 'Rent', { assigned: '1850.00', spent: '$0.00', available: '$1,850.00' });
    await expectRow(view, 'Dining', { assigned: '100.00', spent: '$40.00', available: '$60.00' });
    await expect(readyToAssign(page)).toHaveText('$850.00');

    // Edit Category: Dining carries its overspending (last month's 50 stays in it, not in Ready to
    // Assign); Groceries gets a target of 700 a month, 100 more than it is assigned.
    await page.getByRole('tab', { name: 'Plan' }).click();
    let edit = await openDialog(page, 'Edit Dining', 'Edit Category');
    await edit.getByLabel('Carry overspending into next month').check();
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(toast(page, 'Category updated')).toBeVisible();
    edit = await openDialog(page, 'Edit Groceries', 'Edit Category');
    await edit.getByLabel('Target', { exact: true }).selectOption({ label: 'Save an amount by a date' });
    await edit.getByLabel('Target amount').fill('700');
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(edit.getByText('A save-by-date target needs a date')).toBeVisible();
    await edit.getByLabel('Target', { exact: true }).selectOption({ label: 'An amount every month' });
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(edit).toBeHidden();
    await page.getByRole('tab', { name: 'Month' }).click();
    const diningRow = view.getByRole('listitem', { name: 'Dining' });
    await expect(diningRow).toContainText(`-$50.00 overspent in ${label(before)}`);
    await expect(diningRow).toContainText('Carries overspending');
    await expectRow(view, 'Dining', { assigned: '100.00', spent: '$40.00', available: '$10.00' });
    await expect(readyToAssign(page)).toHaveText('$900.00');
    await expect(view.getByRole('listitem', { name: 'Groceries' })).toContainText('$700.00 every month · $100.00 underfunded');
  });
}

/**
 * Enters, through the Add Transaction dialog, a receipt split 650 groceries and 40 dining, and a
 * 30 groceries refund, both on the month's first day (never a day to come).
 */
async function enterSplitAndRefund(page: Page, month: string) {
  await page.goto('/transactions');
  const split = await openDialog(page, 'Add Transaction', 'Add Transaction');
  await split.getByLabel('Amount', { exact: true }).fill('690');
  await split.getByLabel('Description').fill('Warehouse store');
  await split.getByLabel('Date').fill(`${month}-01`);
  await split.getByRole('button', { name: 'Split' }).click();
  await split.getByLabel('Category of line 1').selectOption({ label: 'Groceries' });
  await split.getByLabel('Amount of line 1').fill('650');
  await split.getByLabel('Category of line 2').selectOption({ label: 'Dining' });
  await split.getByLabel('Amount of line 2').fill('40');
  await expect(split.getByRole('status')).toHaveText('Split lines add up to $690.00');
  await split.getByRole('button', { name: 'Add Transaction' }).click();
  await expect(toast(page, 'Transaction added')).toBeVisible();
  await expect(split).toBeHidden();

  const refund = await openDialog(page, 'Add Transaction', 'Add Transaction');
  await refund.getByLabel('Refund').check();
  await refund.getByLabel('Amount', { exact: true }).fill('30');
  await refund.getByLabel('Description').fill('Returned melon');
  await refund.getByLabel('Date').fill(`${month}-01`);
  await refund.getByLabel('Category', { exact: true }).selectOption({ label: 'Groceries' });
  await refund.getByRole('button', { name: 'Add Transaction' }).click();
  await expect(refund).toBeHidden();
}

test('screenshots: Dashboard and the Budget month view, light, dark and 390 px', async ({ page }) => {
  test.setTimeout(240_000);
  fs.mkdirSync(SHOTS, { recursive: true });
  await seedTwoMonths(page);
  await inEveryLook(page, async ({ width, size, theme }) => {
    for (const [path, name, region] of [
      ['/', 'dashboard', 'Budget progress'],
      ['/budget', 'budget-month', 'Budget month'],
      ['/budget?tab=plan', 'budget-plan', 'Total Income'],
    ] as const) {
      await page.goto(path);
      await expect(page.getByRole('region', { name: region })).toBeVisible();
      await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
      await page.screenshot({ path: `${SHOTS}/${name}-${theme}-${size}.png`, fullPage: true });
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    }
  });
});

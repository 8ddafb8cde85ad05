import fs from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './signed-in.ts';
import { inEveryLook, openDialog, toast } from './fixtures.ts';
import { day, seed } from './seed.ts';

// Budget: this month and the Dashboard's cards (docs/product.md#budget-this-month, #dashboard).
const SHOTS = process.env.SHOTS_DIR ?? 'test-results/screenshots';

/** "YYYY-MM" of the month `by` months from this one (the browser's calendar, as the app's). */
function monthOf(by: number) {
  const now = new Date();
  const d = new Date(now.getFullYear(), now.getMonth() + by, 1);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}`;
}
const label = (month: string) =>
  new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${month}-01T00:00:00Z`));

/**
 * This month: 3000 income; Rent 40 % (1200) all spent, Food 500 fixed with 300 spent, Fun 10 % (300)
 * with 330 spent, 20 uncategorized. Last month: 2000 income, Food 450 spent. Two upcoming bills,
 * a goal, two accounts.
 */
async function seedTwoMonths(page: Page) {
  const add = seed(page);
  const [now, before] = [monthOf(0), monthOf(-1)];
  const rent = await add.category('Rent', 'bills');
  const food = await add.category('Food');
  const fun = await add.category('Fun');
  await add.allocations([
    { id: rent, allocatedAmount: '1200.00', allocatedPercentage: 40 },
    { id: food, allocatedAmount: '500.00', allocatedPercentage: 0 },
    { id: fun, allocatedAmount: '300.00', allocatedPercentage: 10 },
  ]);
  await add.account({ name: 'Checking', type: 'checking', balance: '1500.00' });
  await add.account({ name: 'Card', type: 'credit', balance: '-200.00' });
  await add.paycheck({ amount: '3000.00', date: `${now}-01` });
  await add.paycheck({ amount: '2000.00', date: `${before}-05` });
  for (const [description, amount, date, categoryId] of [
    ['Rent', '1200.00', `${now}-01`, rent],
    ['Groceries', '300.00', `${now}-01`, food],
    ['Concert', '330.00', `${now}-01`, fun],
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

const monthCard = (page: Page) => page.getByRole('region', { name: 'This month' });
const figure = (row: Locator, name: string) => row.locator(`[data-figure="${name}"] span`);

async function expectRow(card: Locator, name: string, envelope: string, spent: string, remaining: string, tone?: string) {
  const row = card.getByRole('listitem', { name, exact: true });
  await expect(figure(row, 'Envelope')).toHaveText(envelope);
  await expect(figure(row, 'Spent')).toHaveText(spent);
  await expect(figure(row, 'Remaining')).toHaveText(remaining);
  if (tone) await expect(row.getByRole('progressbar')).toHaveAttribute('data-tone', tone);
}

test('Budget: this month shows envelopes, spending and what remains, amber and red, month by month', async ({ page }) => {
  await seedTwoMonths(page);
  await page.goto('/budget');
  const card = monthCard(page);
  await expect(card.getByText(label(monthOf(0)), { exact: true })).toBeVisible();
  await expectRow(card, 'Rent', '$1,200.00', '$1,200.00', '$0.00', 'warning');
  await expectRow(card, 'Food', '$500.00', '$300.00', '$200.00', 'primary');
  await expectRow(card, 'Fun', '$300.00', '$330.00', '-$30.00', 'danger');
  await expectRow(card, 'Uncategorized', '$0.00', '$20.00', '-$20.00');
  await expectRow(card, 'Total', '$2,000.00', '$1,850.00', '$150.00');

  await card.getByRole('button', { name: 'Previous month' }).click();
  await expect(page).toHaveURL(new RegExp(`month=${monthOf(-1)}`));
  await expect(card.getByText(label(monthOf(-1)), { exact: true })).toBeVisible();
  await expectRow(card, 'Rent', '$800.00', '$100.00', '$700.00', 'primary');
  await expectRow(card, 'Food', '$500.00', '$450.00', '$50.00', 'warning');
  await expect(card.getByRole('listitem', { name: 'Uncategorized' })).toHaveCount(0);

  await card.getByRole('button', { name: 'Next month' }).click();
  await card.getByRole('button', { name: 'Next month' }).click();
  await expect(card.getByText(label(monthOf(1)), { exact: true })).toBeVisible();
  await expectRow(card, 'Rent', '$0.00', '$0.00', '$0.00');
  await expectRow(card, 'Total', '$500.00', '$0.00', '$500.00');

  // Reload keeps the month; a change of allocations moves its envelopes at once.
  await page.reload();
  await expect(card.getByText(label(monthOf(1)), { exact: true })).toBeVisible();
  await page.goto('/budget');
  await page.getByRole('textbox', { name: 'Food amount' }).fill('600');
  await page.getByRole('button', { name: 'Save Changes' }).first().click();
  await expect(toast(page, 'Budget updated')).toBeVisible();
  // Typing an amount also sets its percentage (600 of all 5000 income: 12 %), and a percentage makes the envelope.
  await expectRow(card, 'Food', '$360.00', '$300.00', '$60.00', 'warning');
});

test('Dashboard: budget progress, upcoming bills with Mark Paid, goals and net worth', async ({ page }) => {
  await seedTwoMonths(page);
  await page.goto('/');
  const progress = page.getByRole('region', { name: 'Budget progress' });
  await expect(progress.getByRole('listitem')).toHaveText([/^Fun.*\$330\.00.*\$300\.00/, /^Rent/, /^Food/]);
  await expect(progress.getByRole('listitem', { name: 'Fun' }).getByRole('progressbar')).toHaveAttribute('data-tone', 'danger');
  await expect(progress.getByRole('listitem', { name: 'Rent' }).getByRole('progressbar')).toHaveAttribute('data-tone', 'warning');
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
  await expect(page.getByRole('region', { name: 'Total Spent' })).toContainText('$1,910.00');
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

test('screenshots: Dashboard and Budget this month, light, dark and 390 px', async ({ page }) => {
  test.setTimeout(240_000);
  fs.mkdirSync(SHOTS, { recursive: true });
  await seedTwoMonths(page);
  await inEveryLook(page, async ({ width, size, theme }) => {
    for (const [path, name, region] of [
      ['/', 'dashboard', 'Budget progress'],
      ['/budget', 'budget-month', 'This month'],
    ] as const) {
      await page.goto(path);
      await expect(page.getByRole('region', { name: region })).toBeVisible();
      await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
      await page.screenshot({ path: `${SHOTS}/${name}-${theme}-${size}.png`, fullPage: true });
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    }
  });
});

import fs from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './signed-in.ts';
import { graphql, inEveryLook, openDialog, openWithoutReloads, toast } from './fixtures.ts';
import { day } from './seed.ts';

// What a day of real use found (hardening, round three: docs/security.md): each test fails without its fix.
const OUT = 'test-results/screenshots';

const rows = (page: Page) => page.getByRole('list', { name: 'Transactions' }).getByRole('listitem');
const listHeading = (page: Page) => page.getByRole('heading', { level: 2, name: /^All Transactions/ });
/** React Router's own page for an error no screen caught: the app must never show it. */
const routerErrorPage = (page: Page) => page.getByText(/Unexpected Application Error|Hey developer/);
/** The toast on screen that says `text` (not Radix's copy of it for screen readers; an open dialog hides it from roles). */
const toastBox = (page: Page, text: string) => page.locator('li[data-swipe-direction]').filter({ hasText: text });

test('a bad filter value in the URL or typed shows its message beside the field, never a crash', async ({ page, add }) => {
  await add.transaction({ amount: '3.00', description: 'Coffee', date: day(-1) });
  await add.transaction({ amount: '2000.00', description: 'Laptop', date: day(-2) });

  // A link with a bad amount: the screen, the message beside the field, the list without that condition.
  await page.goto('/transactions?minAmount=1e3&maxAmount=5');
  await expect(listHeading(page)).toHaveText('All Transactions (1)');
  await expect(page.getByText('Amount must be a valid number')).toBeVisible();
  await expect(rows(page)).toHaveText([/Coffee/]);
  await expect(routerErrorPage(page)).toHaveCount(0);

  // Typed: Min 100, Max abc.
  await page.goto('/transactions');
  await page.getByRole('button', { name: 'More filters' }).click();
  await page.getByLabel('Min amount').fill('100');
  await expect(listHeading(page)).toHaveText('All Transactions (1)');
  await page.getByLabel('Max amount').fill('abc');
  await expect(page.getByText('Amount must be a valid number')).toBeVisible();
  await expect(rows(page)).toHaveText([/Laptop/]);
  // The URL takes the filter once its list has loaded (useFilterUrl); a reload before that keeps the old one.
  await expect(page).toHaveURL(/maxAmount=abc/);
  await page.reload();
  await expect(page.getByLabel('Max amount')).toHaveValue('abc');
  await expect(page.getByText('Amount must be a valid number')).toBeVisible();
  await expect(routerErrorPage(page)).toHaveCount(0);

  // The other screens' URL parameters: each with its own message, the screen still there.
  await page.goto('/reports?offset=abc');
  await expect(page.getByText('offset must be a whole number from -1000 to 0 (0 is the period ending today)')).toBeVisible();
  await page.goto('/reports?period=monthly&from=2026-02-30&to=2026-03-01');
  await expect(page.getByText('Date must be a valid date (YYYY-MM-DD)')).toBeVisible();
  await page.goto('/budget?month=2026-13');
  await expect(page.getByRole('heading', { level: 1, name: 'Budget Allocation' })).toBeVisible();
  await expect(page.getByText('Month must be a calendar month as YYYY-MM (for example 2026-11)')).toBeVisible();
  await page.goto('/accounts/%25%E2%82%AC%20no-such-id');
  await expect(page.getByRole('heading', { name: 'Account not found' })).toBeVisible();
  await expect(routerErrorPage(page)).toHaveCount(0);
});

test("a screen that cannot load shows the app's own error page, with a way back", async ({ page }) => {
  // The screen's query code does not download (a dropped connection, a release replaced meanwhile).
  await page.route('**/assets/SettingsPageQuery.graphql-*.js', (route) => route.abort());
  await page.goto('/settings');
  await expect(page.getByRole('heading', { name: 'Something went wrong' })).toBeVisible();
  await expect(routerErrorPage(page)).toHaveCount(0);
  await page.unroute('**/assets/SettingsPageQuery.graphql-*.js');
  await page.getByRole('link', { name: 'Go to the Dashboard' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
});

test('filters set within a moment of each other all stay; search finds every word, in any order', async ({ page, add }) => {
  const food = await add.category('Food');
  for (const [description, categoryId] of [
    ['UBER *EATS', food],
    ['STARBUCKS COFFEE #12', food],
    ['Coffee beans', null],
    ['Uber trip', null],
  ] as const)
    await add.transaction({ amount: '5.00', description, date: day(-1), categoryId });
  await page.goto('/transactions');
  await expect(listHeading(page)).toHaveText('All Transactions (4)');
  // The list answers slowly: a change made while the previous one loads must build on it.
  await page.route('**/graphql', async (route) => {
    if (route.request().postData()?.includes('TransactionsPage')) await new Promise((r) => setTimeout(r, 600));
    await route.continue().catch(() => undefined);
  });

  // Typing, then a category before typing pauses.
  await page.getByLabel('Search').fill('coffee');
  await page.getByLabel('Filter by Category').selectOption({ label: 'Food' });
  await expect(listHeading(page)).toHaveText('All Transactions (1)');
  await expect(rows(page)).toHaveText([/STARBUCKS COFFEE #12/]);
  await expect(page.getByLabel('Search')).toHaveValue('coffee');
  await expect(page.getByLabel('Filter by Category').locator('option:checked')).toHaveText('Food');
  expect(new URL(page.url()).searchParams.get('q')).toBe('coffee');

  // A category, then typing while it loads.
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(listHeading(page)).toHaveText('All Transactions (4)');
  await page.getByLabel('Filter by Category').selectOption({ label: 'Uncategorized' });
  await page.getByLabel('Search').fill('uber');
  await expect(listHeading(page)).toHaveText('All Transactions (1)');
  await expect(rows(page)).toHaveText([/Uber trip/]);
  await expect(page.getByLabel('Filter by Category').locator('option:checked')).toHaveText('Uncategorized');

  // Words, each anywhere and in any order.
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await page.getByLabel('Search').fill('uber eats');
  await expect(rows(page)).toHaveText([/UBER \*EATS/]);
  await page.getByLabel('Search').fill('coffee starbucks');
  await expect(rows(page)).toHaveText([/STARBUCKS COFFEE #12/]);
  await page.getByLabel('Search').fill('  COFFEE  ');
  await expect(listHeading(page)).toHaveText('All Transactions (2)');
});

/** The visible rows' texts of a list, top to bottom. */
const order = (list: Locator) => list.getByRole('listitem').allInnerTexts();

test('an added or changed record takes its place in its sorted list, without a reload', async ({ page, add }) => {
  for (const offset of [-1, -10]) await add.transaction({ amount: '1.00', description: `Spent ${-offset} days ago`, date: day(offset) });
  let reloads = await openWithoutReloads(page, '/transactions', 'Transactions', 'TransactionsPageQuery');
  let dialog = await openDialog(page, 'Add Transaction', 'Add Transaction');
  await dialog.getByLabel('Amount').fill('2.00');
  await dialog.getByLabel('Description').fill('Spent 5 days ago');
  await dialog.getByLabel('Date').fill(day(-5));
  await dialog.getByRole('button', { name: 'Add Transaction' }).click();
  await expect(toast(page, 'Transaction added')).toBeVisible();
  await expect(rows(page)).toHaveText([/Spent 1 days ago/, /Spent 5 days ago/, /Spent 10 days ago/]);
  // An edit that moves its date moves the row.
  dialog = await openDialog(page, /^Edit Spent 10 days ago of /, 'Edit Transaction');
  await dialog.getByLabel('Date').fill(day(0));
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Transaction updated')).toBeVisible();
  await expect(rows(page)).toHaveText([/Spent 10 days ago/, /Spent 1 days ago/, /Spent 5 days ago/]);
  expect(reloads.count).toBe(0);

  // Paychecks: newest first.
  for (const offset of [-2, -20]) await add.paycheck({ amount: `${-offset}00.00`, date: day(offset) });
  reloads = await openWithoutReloads(page, '/paycheck', 'Add Paycheck', 'PaycheckPageQuery');
  await page.getByLabel('Amount').fill('1000');
  await page.getByLabel('Date').fill(day(-9));
  await page.getByRole('button', { name: 'Add Paycheck' }).click();
  await expect(toast(page, 'Paycheck added')).toBeVisible();
  const paychecks = page.getByRole('list').filter({ hasText: '$2,000.00' });
  expect((await order(paychecks)).map((t) => t.match(/\$[\d,.]+/)?.[0])).toEqual(['$200.00', '$1,000.00', '$2,000.00']);
  expect(reloads.count).toBe(0);

  // Bills: soonest due first, also after Mark Paid moves one on.
  const monthly = (name: string, offset: number) => ({
    name,
    amount: '10.00',
    frequency: 'monthly',
    dueDay: Number(day(offset).slice(8, 10)),
    nextDueDate: day(offset),
  });
  await add.bill(monthly('Rent', 2));
  await add.bill(monthly('Phone', 20));
  reloads = await openWithoutReloads(page, '/bills', 'Recurring Bills', 'BillsPageQuery');
  const bills = page.getByRole('tabpanel');
  dialog = await openDialog(page, 'Add Bill', 'Add Bill');
  await dialog.getByLabel('Name').fill('Gym');
  await dialog.getByLabel('Amount').fill('30');
  await dialog.getByLabel('Next due date').fill(day(10));
  await dialog.getByRole('button', { name: 'Add Bill' }).click();
  await expect(toast(page, 'Bill added')).toBeVisible();
  const billNames = async () => (await order(bills)).map((t) => t.split('\n')[0]);
  await expect.poll(billNames).toEqual(['Rent', 'Gym', 'Phone']);
  await page.getByRole('button', { name: 'Mark Rent paid' }).click();
  await page.getByRole('dialog', { name: 'Record Payment' }).getByRole('button', { name: 'Record Payment' }).click();
  await expect(toast(page, 'Payment recorded')).toBeVisible();
  await expect.poll(billNames).toEqual(['Gym', 'Phone', 'Rent']);
  expect(reloads.count).toBe(0);
});

test('Budget: the month follows a category added, renamed or deleted', async ({ page, add }) => {
  await add.paycheck({ amount: '1000.00', date: day() });
  // Without categories the screen opens on the Plan tab; the Month tab has nothing yet.
  const reloads = await openWithoutReloads(page, '/budget', 'Budget Allocation', 'BudgetPageQuery');
  const [monthTab, planTab] = [page.getByRole('tab', { name: 'Month' }), page.getByRole('tab', { name: 'Plan' })];
  await expect(planTab).toHaveAttribute('aria-selected', 'true');
  const month = page.getByRole('region', { name: 'Budget month' });
  await monthTab.click();
  await expect(month).toContainText('No categories yet');
  await planTab.click();
  await page.getByLabel('Category name').fill('Groceries');
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(toast(page, 'Category added')).toBeVisible();
  await monthTab.click();
  await expect(month.getByLabel('Groceries', { exact: true })).toBeVisible();
  await planTab.click();
  await page.getByLabel('Category name').fill('Rent');
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  const edit = await openDialog(page, 'Edit Rent', 'Edit Category');
  await edit.getByLabel('Category Name').fill('Rent and utilities');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Category updated')).toBeVisible();
  await monthTab.click();
  await expect(month.getByLabel('Rent and utilities', { exact: true })).toBeVisible();
  await planTab.click();
  await page.getByRole('button', { name: 'Delete Groceries' }).click();
  await page.getByRole('dialog', { name: 'Delete category?' }).getByRole('button', { name: 'Delete' }).click();
  await expect(toast(page, 'Category deleted')).toBeVisible();
  await monthTab.click();
  await expect(month.getByLabel('Groceries', { exact: true })).toHaveCount(0);
  await expect(month.getByLabel('Rent and utilities', { exact: true })).toBeVisible();
  expect(reloads.count).toBe(0);
});

test('a raw or malformed account id in the URL: "Account not found", and Show all accounts', async ({ page, add }) => {
  const account = await add.account({ name: 'Checking', type: 'checking', balance: '0' });
  await add.transaction({ amount: '3.00', description: 'Snack', date: day(), accountId: account });
  const raw = '0190b3a4-0000-7000-8000-000000000000';
  for (const path of ['/reports', '/transactions'])
    for (const id of [raw, 'not-an-id', btoa('Account:no-such-account')]) {
      await page.goto(`${path}?accountId=${encodeURIComponent(id)}`);
      await expect(page.getByRole('heading', { name: 'Account not found' })).toBeVisible();
      await expect(page.getByText(/Check your connection/)).toHaveCount(0);
      await page.getByRole('button', { name: 'Show all accounts' }).click();
      await expect(page).not.toHaveURL(/accountId/);
      await expect(page.getByRole('heading', { name: 'Account not found' })).toHaveCount(0);
    }
  await expect(rows(page)).toHaveText([/Snack/]);
});

test("the server's reason shows under the failure toast; money fields take thousands separators and say when too large", async ({
  page,
  add,
}) => {
  await add.account({ name: 'Overdrawn', type: 'credit', balance: '-9999999999.00' });
  await add.transaction({ amount: '7.00', description: 'Small', date: day(), accountId: null });
  await page.goto('/transactions');
  let dialog = await openDialog(page, 'Add Transaction', 'Add Transaction');
  await dialog.getByLabel('Amount').fill('5');
  await dialog.getByLabel('Description').fill('One too many');
  await dialog.getByRole('button', { name: 'Add Transaction' }).click();
  const failure = toastBox(page, 'Failed to add transaction. Please try again.');
  await expect(failure).toContainText('Error');
  await expect(failure).toContainText('The amount is too large');
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  dialog = await openDialog(page, 'Add Transaction', 'Add Transaction');
  await dialog.getByLabel('Amount').fill('12345678901');
  await dialog.getByLabel('Description').fill('Big');
  await dialog.getByLabel('Account').selectOption({ label: 'No account' });
  await dialog.getByRole('button', { name: 'Add Transaction' }).click();
  await expect(dialog.getByText('The amount is too large: money values have at most 10 digits before the decimal point')).toBeVisible();
  await expect(dialog.getByText('Amount must be a valid number')).toHaveCount(0);
  await dialog.getByLabel('Amount').fill('2,500.00');
  await dialog.getByRole('button', { name: 'Add Transaction' }).click();
  await expect(toast(page, 'Transaction added')).toBeVisible();
  await expect(rows(page).filter({ hasText: 'Big' })).toContainText('-$2,500.00');

  // The filters' amounts too.
  await expect(listHeading(page)).toHaveText('All Transactions (2)');
  await page.getByRole('button', { name: 'More filters' }).click();
  await page.getByLabel('Min amount').fill('1,000');
  await expect(listHeading(page)).toHaveText('All Transactions (1)');
  expect(new URL(page.url()).searchParams.get('minAmount')).toBe('1000');
});

// Small things (21): one test each.

test('Escape after deleting a contribution closes the list at once (the toast does not take it)', async ({ page, add }) => {
  const goal = await add.goal({ name: 'Bike', targetAmount: '500.00' });
  for (const amount of ['10.00', '20.00'])
    await graphql(page, 'mutation ($i: AddGoalContributionInput!) { addGoalContribution(input: $i) { goal { id } } }', {
      i: { goalId: goal, amount, contributionDate: day(-1) },
    });
  await page.goto('/goals');
  const history = await openDialog(page, 'Contributions to Bike', 'Contributions');
  await history.getByRole('button', { name: /^Delete contribution of \$20\.00/ }).click();
  await page.getByRole('dialog', { name: 'Delete contribution?' }).getByRole('button', { name: 'Delete' }).click();
  await expect(toast(page, 'Contribution deleted')).toBeVisible();
  await expect(history.getByRole('listitem')).toHaveCount(1);
  await page.keyboard.press('Escape');
  await expect(history).toHaveCount(0);
});

test("the budget's toast leaves the sticky Save Changes in reach, on a phone too", async ({ page, add }) => {
  await add.paycheck({ amount: '1000.00', date: day() });
  for (const name of ['Rent', 'Groceries']) await add.category(name);
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 800 });
    await page.goto('/budget?tab=plan');
    await page.getByLabel('Groceries amount').fill('100');
    await page.getByLabel('Category name').fill(`Extra ${width}`);
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(toast(page, 'Category added')).toBeVisible();
    const save = page.getByRole('region', { name: 'Unsaved changes' }).getByRole('button', { name: 'Save Changes' });
    const [a, b] = [await save.boundingBox(), await toastBox(page, 'Category added').boundingBox()];
    const overlap = a && b && a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
    expect(overlap, `toast over Save Changes at ${width} px`).toBeFalsy();
    await page.getByRole('button', { name: 'Discard' }).click();
  }
});

test('names wrap between words on a phone: no word is cut where a line has room for it', async ({ page, add }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const account = await add.account({ name: 'Apartments', type: 'checking', balance: '0' });
  const apartments = await add.category('Apartments');
  await add.transaction({
    amount: '1234.56',
    description: 'Apartments deposit',
    date: day(),
    accountId: account,
    categoryId: apartments,
  });
  await add.bill({
    name: 'Apartments',
    amount: '1500.00',
    frequency: 'monthly',
    dueDay: 1,
    nextDueDate: day(3),
    categoryId: apartments,
  });
  for (const path of ['/accounts', '/budget', '/transactions', '/bills', '/']) {
    await page.goto(path);
    await expect(page.locator('main').getByText('Apartments').filter({ visible: true }).first()).toBeVisible();
    const broken = await page.evaluate(() => {
      const found: string[] = [];
      const walker = document.createTreeWalker(document.querySelector('main')!, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent ?? '';
        for (const m of text.matchAll(/\S+/g)) {
          const range = document.createRange();
          range.setStart(node, m.index);
          range.setEnd(node, m.index + m[0].length);
          const lines = new Set(
            Array.from(range.getClientRects())
              .filter((r) => r.width > 0)
              .map((r) => Math.round(r.top)),
          );
          if (lines.size > 1 && m[0].length < 20) found.push(m[0]);
        }
      }
      return found;
    });
    expect(broken, `words broken on ${path}`).toEqual([]);
  }
});

test('counts and their verbs agree: "Its 1 transaction stays"', async ({ page, add }) => {
  const account = await add.account({ name: 'Checking', type: 'checking', balance: '0' });
  await add.transaction({ amount: '4.00', description: 'Tea', date: day(), accountId: account });
  await page.goto('/accounts');
  await page.getByRole('button', { name: 'Delete Checking' }).click();
  await expect(page.getByRole('dialog', { name: 'Delete account?' })).toContainText(
    'Its 1 transaction stays in your budget and reports, without an account.',
  );
});

test('Transfer is offered only with two accounts', async ({ page, add }) => {
  await add.account({ name: 'Checking', type: 'checking', balance: '0' });
  await page.goto('/accounts');
  await expect(page.getByRole('button', { name: 'Set Checking as default' }).or(page.getByLabel('Default account'))).toBeVisible();
  await expect(page.getByRole('button', { name: 'Transfer' })).toHaveCount(0);
  await add.account({ name: 'Savings', type: 'savings', balance: '0' });
  await page.reload();
  await expect(page.getByRole('button', { name: 'Transfer' })).toBeEnabled();
});

test('a filtered list that matches nothing says so, and shows all again', async ({ page, add }) => {
  await add.transaction({ amount: '4.00', description: 'Tea', date: day() });
  await page.goto('/transactions?q=nothing-like-this');
  await expect(page.getByRole('heading', { name: 'Nothing matches these filters' })).toBeVisible();
  await expect(page.getByText('No transactions yet')).toHaveCount(0);
  await page.getByRole('button', { name: 'Show all transactions' }).click();
  await expect(listHeading(page)).toHaveText('All Transactions (1)');
});

test('a long list loads more as it scrolls; Load more stays for the keyboard', async ({ page }) => {
  test.slow();
  // 120 transactions, added from the page one after another.
  await page.evaluate(async () => {
    for (let i = 0; i < 120; i++) {
      await fetch('/graphql', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-graphql-yoga-csrf': '1' },
        body: JSON.stringify({
          query: 'mutation ($i: AddTransactionInput!) { addTransaction(input: $i) { transaction { id } } }',
          variables: { i: { amount: '1.00', description: `Item ${i + 1}`, date: '2026-01-01' } },
        }),
      });
    }
  });
  await page.goto('/transactions');
  await expect(rows(page)).toHaveCount(50);
  // Scrolling to the end of the list brings the next page (up to 200 more: here the 70 left), without a click.
  await rows(page).last().scrollIntoViewIfNeeded();
  await expect(rows(page)).toHaveCount(120);
  await expect(page.getByRole('button', { name: 'Load more' })).toHaveCount(0);

  // The button works from the keyboard, alone: here in a page that never reports scrolling near the end.
  await page.addInitScript(() => {
    window.IntersectionObserver = class {
      observe() {}
      unobserve() {}
      disconnect() {}
      takeRecords() {
        return [];
      }
    } as unknown as typeof IntersectionObserver;
  });
  await page.reload();
  await expect(rows(page)).toHaveCount(50);
  const more = page.getByRole('button', { name: 'Load more' });
  await more.focus();
  await page.keyboard.press('Enter');
  await expect(rows(page)).toHaveCount(120);
  await expect(more).toHaveCount(0);
});

test("pictures of this round's screens, light and dark, desktop and 390 px, no page wider than the phone", async ({ page, add }) => {
  test.slow();
  fs.mkdirSync(OUT, { recursive: true });
  const checking = await add.account({ name: 'Everyday Checking', type: 'checking', balance: '-9999998000.00' });
  const rent = await add.category('Apartments', 'bills');
  await add.paycheck({ amount: '2450.00', date: day(-3) });
  await add.transaction({
    amount: '1450.00',
    description: 'Apartments rent November',
    date: day(-2),
    categoryId: rent,
    accountId: checking,
  });
  await add.bill({ name: 'Apartments', amount: '1450.00', frequency: 'monthly', dueDay: 1, nextDueDate: day(3), categoryId: rent });
  await inEveryLook(page, async ({ width, size, theme }) => {
    const shot = async (name: string) => {
      expect(await page.evaluate(() => document.documentElement.scrollWidth), `${name} wider than the window`).toBeLessThanOrEqual(width);
      await page.screenshot({ path: `${OUT}/round-three-${name}-${theme}-${size}.png`, animations: 'disabled' });
    };
    await page.goto('/transactions?minAmount=100&maxAmount=abc&q=rent%20apartments');
    await expect(page.getByText('Amount must be a valid number')).toBeVisible();
    await shot('filters');
    await page.goto('/transactions?q=nothing');
    await expect(page.getByRole('heading', { name: 'Nothing matches these filters' })).toBeVisible();
    await shot('nothing-matches');
    await page.goto('/reports?accountId=raw-id');
    await expect(page.getByRole('heading', { name: 'Account not found' })).toBeVisible();
    await shot('account-not-found');
    await page.goto('/budget?month=2026-13&tab=plan');
    await page.getByLabel('Apartments amount').fill('1,470');
    await page.getByLabel('Category name').fill('Groceries');
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(toast(page, 'Category added')).toBeVisible();
    await shot('budget');
    await page.getByRole('button', { name: 'Discard' }).click();
    await page.getByRole('button', { name: 'Delete Groceries' }).click();
    await page.getByRole('dialog', { name: 'Delete category?' }).getByRole('button', { name: 'Delete' }).click();
    await expect(toast(page, 'Category deleted')).toBeVisible();
    await page.goto('/');
    await expect(page.getByRole('button', { name: 'Mark Apartments paid' })).toBeVisible();
    await shot('dashboard');
    await page.goto('/transactions');
    const add = await openDialog(page, 'Add Transaction', 'Add Transaction');
    await add.getByLabel('Amount').fill('600');
    await add.getByLabel('Description').fill('Too much');
    await add.getByRole('button', { name: 'Add Transaction' }).click();
    await expect(toastBox(page, 'The amount is too large')).toBeVisible();
    await shot('failure-toast');
    await add.getByRole('button', { name: 'Cancel' }).click();
    await page.route('**/assets/SettingsPageQuery.graphql-*.js', (route) => route.abort());
    await page.goto('/settings');
    await expect(page.getByRole('heading', { name: 'Something went wrong' })).toBeVisible();
    await shot('error-page');
    await page.unroute('**/assets/SettingsPageQuery.graphql-*.js');
  });
});

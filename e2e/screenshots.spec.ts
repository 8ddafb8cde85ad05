import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { signUp } from './fixtures.ts';
import { day, seed } from './seed.ts';

// Every screen with a realistic month of data, in light and dark at desktop width and at 390 px:
// a picture of each in test-results/screenshots to look at, and no page wider than the phone.
const SCREENS = [
  ['/', 'Dashboard'],
  ['/accounts', 'Accounts'],
  ['/paycheck', 'Add Paycheck'],
  ['/budget', 'Budget Allocation'],
  ['/bills', 'Recurring Bills'],
  ['/goals', 'Savings Goals'],
  ['/transactions', 'Transactions'],
  ['/reports', 'Reports'],
  ['/settings', 'Settings'],
  ['/no/such/page', '404 Page Not Found'],
] as const;
const VARIANTS = [
  [1280, 'desktop'],
  [390, 'mobile'],
] as const;
const OUT = 'test-results/screenshots';

async function seedMonth(page: Page) {
  const add = seed(page);
  await add.account({ name: 'Everyday Checking', type: 'checking', balance: '3250.75' });
  await add.account({ name: 'High-Yield Savings', type: 'savings', balance: '12800.00' });
  await add.account({ name: 'Visa Rewards', type: 'credit', balance: '-642.18' });
  for (const offset of [-20, -6]) await add.paycheck({ amount: '2450.00', date: day(offset), notes: 'Salary' });
  const rent = await add.category('Rent', 'bills');
  const groceries = await add.category('Groceries');
  const dining = await add.category('Dining Out');
  const savings = await add.category('Emergency Savings', 'savings');
  await add.allocations([
    { id: rent, allocatedAmount: '1470.00', allocatedPercentage: 30 },
    { id: groceries, allocatedAmount: '490.00', allocatedPercentage: 10 },
    { id: dining, allocatedAmount: '98.00', allocatedPercentage: 2 },
    { id: savings, allocatedAmount: '735.00', allocatedPercentage: 15 },
  ]);
  const spend = [
    ['1450.00', 'Rent November', rent, -19],
    ['86.42', 'Whole Foods Market', groceries, -12],
    ['54.10', 'Trader Joes', groceries, -5],
    ['64.80', 'Sushi dinner', dining, -4],
    ['48.25', 'Pizza night', dining, -2],
    ['12.99', 'Streaming subscription', null, -1],
    ['5.75', 'Coffee', dining, 0],
  ] as const;
  for (const [amount, description, categoryId, offset] of spend)
    await add.transaction({ amount, description, categoryId, date: day(offset) });
  await add.bill({ name: 'Rent', amount: '1450.00', frequency: 'monthly', dueDay: 1, nextDueDate: day(9), categoryId: rent });
  await add.bill({ name: 'Internet', amount: '59.99', frequency: 'monthly', dueDay: 15, nextDueDate: day(-2) });
  await add.bill({ name: 'Car insurance', amount: '318.00', frequency: 'quarterly', dueDay: 5, nextDueDate: day(24) });
  await add.bill({ name: 'Gym', amount: '35.00', frequency: 'biweekly', dueDay: 3, nextDueDate: day(5), isActive: false });
  await add.goal({
    name: 'Emergency fund',
    targetAmount: '10000.00',
    currentAmount: '6250.00',
    category: 'emergency',
    targetDate: day(200),
  });
  await add.goal({ name: 'Japan trip', targetAmount: '4000.00', currentAmount: '900.00', category: 'vacation', targetDate: day(300) });
  await add.goal({ name: 'New laptop', targetAmount: '1800.00', currentAmount: '1800.00', category: 'purchase' });
}

test('every screen, in light and dark, on a desktop and a 390 px phone', async ({ page }) => {
  test.setTimeout(240_000);
  fs.mkdirSync(OUT, { recursive: true });
  const overflow: string[] = [];
  /** Opens `path` in every variant, checks it rendered whole and no wider than the screen, takes its picture. */
  const shoot = async (path: string, heading: string, name: string) => {
    for (const [width, size] of VARIANTS) {
      await page.setViewportSize({ width, height: size === 'mobile' ? 844 : 860 });
      for (const theme of ['light', 'dark']) {
        await page.evaluate((t) => localStorage.setItem('theme', t), theme);
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1, name: heading, exact: true })).toBeVisible();
        await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
        await page.screenshot({ path: `${OUT}/${name}-${theme}-${size}.png`, fullPage: true });
        const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
        if (scrollWidth > width) overflow.push(`${path} ${theme} ${size}: ${scrollWidth}px wide`);
      }
    }
  };
  await page.goto('/');
  await shoot('/', 'Take Control of Your Financial Future', 'landing');
  await signUp(page);
  await seedMonth(page);
  for (const [path, heading] of SCREENS)
    await shoot(path, heading, path === '/' ? 'dashboard' : path.startsWith('/no/') ? 'not-found' : path.slice(1));
  expect(overflow).toEqual([]);
});

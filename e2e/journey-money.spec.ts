import { expect, test } from '@playwright/test';
import { openDialog, signUp, toast } from './fixtures.ts';

// A new user: empty dashboard → accounts → paychecks → budget → dashboard totals.
test('a new user sets up accounts, income and a budget', async ({ page }) => {
  await signUp(page);
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await expect(page.getByText('No transactions yet')).toBeVisible();
  await expect(page.getByLabel('Savings Rate')).toContainText('0.0%');

  // Accounts: the first is the default; Set as Default moves the star.
  await page.getByRole('link', { name: 'Accounts' }).click();
  await expect(page.getByText('No accounts yet')).toBeVisible();
  const dialog = await openDialog(page, 'Add First Account', 'Add Account');
  await dialog.getByLabel('Account Name').fill('Checking');
  await dialog.getByLabel('Current Balance').fill('abc');
  await dialog.getByRole('button', { name: 'Add Account' }).click();
  await expect(dialog.getByText('Balance must be a valid number')).toBeVisible();
  await dialog.getByLabel('Current Balance').fill('1200.50');
  await dialog.getByRole('button', { name: 'Add Account' }).click();
  await expect(toast(page, 'Account added')).toBeVisible();
  await page.getByRole('button', { name: 'Add Account' }).click();
  await dialog.getByLabel('Account Name').fill('Visa');
  await dialog.getByLabel('Account Type').selectOption('credit');
  await dialog.getByLabel('Current Balance').fill('-200.25');
  await dialog.getByRole('button', { name: 'Add Account' }).click();
  await expect(page.getByLabel('Total Balance')).toContainText('$1,000.25');
  await expect(page.getByLabel('Total Balance')).toContainText('Across 2 accounts');
  const visa = page.getByRole('region', { name: 'Visa' });
  await expect(visa.getByText('Credit Card')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Checking' }).getByLabel('Default account')).toBeVisible();
  await visa.getByRole('button', { name: 'Set Visa as default' }).click();
  await expect(toast(page, 'Default account updated')).toBeVisible();
  await expect(visa.getByLabel('Default account')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Checking' }).getByLabel('Default account')).toHaveCount(0);

  // Paychecks.
  await page.getByRole('link', { name: 'Add Paycheck' }).click();
  await expect(page.getByText('No paychecks yet')).toBeVisible();
  await page.getByLabel('Amount').fill('2000');
  await page.getByRole('button', { name: 'Add Paycheck' }).click();
  await expect(toast(page, 'Paycheck added')).toBeVisible();
  await page.getByLabel('Amount').fill('500.00');
  await page.getByLabel('Notes (optional)').fill('Side gig');
  await page.getByRole('button', { name: 'Add Paycheck' }).click();
  await expect(page.getByText('Side gig')).toBeVisible();

  // Budget: add categories, slide one, type the other, save.
  await page.getByRole('link', { name: 'Budget', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Budget Allocation' })).toBeVisible();
  await expect(page.getByText('No categories yet')).toBeVisible();
  const add = page.getByRole('button', { name: 'Add', exact: true });
  await expect(add).toBeDisabled();
  await page.getByLabel('Category name').fill('Rent');
  await page.getByLabel('Category type').selectOption('bills');
  await add.click();
  await expect(toast(page, 'Category added')).toBeVisible();
  await page.getByLabel('Category name').fill('Fun');
  await add.click();
  await expect(page.getByRole('region', { name: 'Fun' })).toBeVisible();
  const rentSlider = page.getByRole('slider', { name: 'Rent percentage' });
  await rentSlider.focus();
  for (let i = 0; i < 40; i++) await page.keyboard.press('ArrowRight');
  await expect(page.getByLabel('Rent amount')).toHaveValue('1000.00');
  await page.getByLabel('Fun amount').fill('1700');
  await expect(page.getByRole('region', { name: 'Fun' }).getByText('68%')).toBeVisible();
  await expect(page.getByLabel('Remaining')).toContainText('-$200.00');
  await page.getByRole('region', { name: 'Unsaved changes' }).getByRole('button', { name: 'Save Changes' }).click();
  await expect(toast(page, 'Budget updated')).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Rent amount')).toHaveValue('1000.00');
  await expect(page.getByLabel('Allocated')).toContainText('$2,700.00');

  // Dashboard: this month's income, no spending yet.
  await page.getByRole('link', { name: 'Dashboard' }).click();
  await expect(page.getByLabel('Total Income')).toContainText('$2,500.00');
  await expect(page.getByLabel('Savings Rate')).toContainText('100.0%');
});

test('theme and sidebar state survive a reload; Ctrl+B toggles the sidebar; Sign Out', async ({ page }) => {
  await signUp(page);
  await page.getByRole('button', { name: 'Switch to dark theme' }).click();
  await page.keyboard.press('Control+b');
  await expect(page.locator('aside[data-state="collapsed"]')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('button', { name: 'Switch to light theme' })).toBeVisible();
  await expect(page.locator('aside[data-state="collapsed"]')).toBeVisible();
  expect((await page.context().cookies()).find((c) => c.name === 'sidebar_state')?.value).toBe('false');
  await page.getByRole('button', { name: 'Toggle sidebar' }).click();
  await expect(page.locator('aside[data-state="expanded"]')).toBeVisible();
  // Sign Out from the sidebar: back on the landing page, signed out.
  await page.getByRole('link', { name: 'Sign Out' }).click();
  await expect(page.getByRole('heading', { name: 'Take Control of Your Financial Future' })).toBeVisible();
  expect((await page.request.get('/api/auth/user')).status()).toBe(401);
});

test('a signed-out visit to a protected screen ends at the sign-in page', async ({ page }) => {
  // The toast shows for 500 ms before the redirect: noted by the page itself as it appears, which a
  // busy machine's polling could miss.
  await page.addInitScript(() => {
    new MutationObserver(() => {
      if (document.body?.textContent?.includes('Unauthorized: You are logged out. Logging in again...'))
        sessionStorage.setItem('toast', 'shown');
    }).observe(document, { subtree: true, childList: true, characterData: true });
  });
  await page.goto('/accounts');
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  expect(await page.evaluate(() => sessionStorage.getItem('toast'))).toBe('shown');
});

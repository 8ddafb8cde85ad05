import type { Page } from '@playwright/test';
import { expect, test } from './signed-in.ts';
import { graphql } from './fixtures.ts';

// Transactions past three pages: only the rows near the screen in the document (docs/performance.md#the-transactions-list).
const COUNT = 400;
const list = (page: Page) => page.getByRole('list', { name: 'Transactions', exact: true });
const rows = (page: Page) => list(page).locator(':scope > li');
const row = (page: Page, description: string) => rows(page).filter({ has: page.getByText(description, { exact: true }) });

/** `COUNT` expenses, "Item 1" the oldest to "Item 400" the newest, a day apart, in one import. */
async function addMany(page: Page) {
  const first = Date.UTC(2024, 0, 1);
  const lines = Array.from(
    { length: COUNT },
    (_, i) => `${new Date(first + i * 86_400_000).toISOString().slice(0, 10)},Item ${i + 1},-1.00`,
  );
  await graphql(page, 'mutation ($input: CommitImportInput!) { commitImport(input: $input) { import { transactionCount } } }', {
    input: { fileName: 'long.csv', content: ['Date,Description,Amount', ...lines].join('\n') },
  });
}

/** Scrolls to the page's end until `description`'s row is on screen (the list loads as it goes). */
async function scrollTo(page: Page, description: string) {
  await expect(async () => {
    await page.keyboard.press('End');
    await expect(row(page, description)).toBeInViewport({ timeout: 500 });
  }).toPass();
}

test('a long list has only the rows near the screen, each with its place of all; scrolling reaches its end; printing has it whole', async ({
  page,
}) => {
  await addMany(page);
  await page.goto('/transactions');
  await expect(page.getByRole('heading', { level: 2, name: `All Transactions (${COUNT})` })).toBeVisible();
  await expect(rows(page).first()).toHaveAttribute('aria-posinset', '1');
  await expect(rows(page).first()).toHaveAttribute('aria-setsize', String(COUNT));

  await scrollTo(page, 'Item 1');
  await expect(row(page, 'Item 1')).toHaveAttribute('aria-posinset', String(COUNT));
  await expect(page.getByRole('button', { name: 'Load more' })).toHaveCount(0);
  expect(await rows(page).count()).toBeLessThan(100);

  // Printed, every row loaded is drawn; after, the window again.
  await page.evaluate(() => window.dispatchEvent(new Event('beforeprint')));
  await expect(rows(page)).toHaveCount(COUNT);
  await page.evaluate(() => window.dispatchEvent(new Event('afterprint')));
  await expect.poll(() => rows(page).count()).toBeLessThan(100);
  await expect(row(page, 'Item 1')).toBeInViewport();
});

test('Tab goes from row to row down the long list, the page following; a row far down opens for editing', async ({ page }) => {
  await addMany(page);
  await page.goto('/transactions');
  await page.getByRole('checkbox', { name: /^Select Item 400 of / }).focus();
  // Each row: its checkbox, Edit and Delete; 40 rows down is past the rows first drawn.
  for (let i = 0; i < 3 * 40; i++) await page.keyboard.press('Tab');
  const focused = page.locator(':focus');
  await expect(focused).toHaveAccessibleName(/^Select Item 360 of /);
  await expect(focused).toBeInViewport();

  await scrollTo(page, 'Item 2');
  await page.getByRole('button', { name: /^Edit Item 2 of / }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Transaction' });
  await dialog.getByLabel('Description').fill('Item two');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(row(page, 'Item two')).toHaveAttribute('aria-posinset', String(COUNT - 1));
  await expect(row(page, 'Item two')).toBeInViewport();
});

import { readFileSync } from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import { openDialog, toast } from './fixtures.ts';
import { expect, test } from './signed-in.ts';
import { finAccount, finTransaction, startSimpleFinServer } from '../api/test/simplefin-server.ts';

// Importing a card and a checking statement (docs/product.md#money-movement): the card's purchases
// typed by hand are matched, its return is a refund and its payment a transfer from checking; the
// checking statement's side of that payment is the same transfer, confirmed as matched. Then the
// user takes the rule offered after re-categorising a payee's records twice, and a bank sync's new
// purchase from that payee is categorised by it.
const SHOTS = process.env.IMPORT_SHOTS;
const fixture = (name: string) => readFileSync(new URL(`../api/modules/imports/fixtures/${name}`, import.meta.url));

async function upload(page: Page, name: string, account: string) {
  const dialog = await openDialog(page, 'Import', 'Import transactions');
  await dialog.getByLabel('Account', { exact: true }).selectOption({ label: account });
  await dialog.getByLabel('File').setInputFiles({ name, mimeType: 'text/csv', buffer: fixture(name) });
  await expect(dialog.getByRole('list', { name: 'Rows to import' })).toBeVisible();
  return dialog;
}
const row = (dialog: Locator, text: string) =>
  dialog.getByRole('list', { name: 'Rows to import' }).getByRole('listitem').filter({ hasText: text });

let bridge: Awaited<ReturnType<typeof startSimpleFinServer>>;
test.beforeAll(async () => {
  bridge = await startSimpleFinServer();
});
test.afterAll(() => bridge?.close());

test('import a card and a checking statement: kinds, matches typed by hand, the card payment one transfer; a rule from the suggestion; a bank sync', async ({
  page,
  add,
}) => {
  test.setTimeout(120_000);
  await add.category('Online orders');
  await add.account({ name: 'Checking', type: 'checking', balance: '1000.00' });
  await add.account({ name: 'Savings', type: 'savings', balance: '2000.00' });
  const card = await add.account({ name: 'Chase Sapphire', type: 'credit', balance: '0.00' });
  await add.transaction({ description: 'Whole Foods Market', amount: '87.12', date: '2024-11-18', accountId: card });
  await add.transaction({ description: 'Uber ride', amount: '23.40', date: '2024-11-17', accountId: card });
  await add.transaction({ description: 'Coffee', amount: '6.00', date: '2024-11-20', accountId: card });
  await page.goto('/transactions');

  const cardFile = await upload(page, 'chase-card-statement.csv', 'Chase Sapphire');
  await expect(row(cardFile, 'WHOLEFDS')).toContainText("Matches 'Whole Foods Market' on Nov 18, 2024, entered by hand");
  await expect(cardFile.getByRole('checkbox', { name: /^Import WHOLEFDS/ })).not.toBeChecked();
  await expect(row(cardFile, 'UBER')).toContainText("Matches 'Uber ride' on Nov 17, 2024, entered by hand");
  // The Uber ride takes the bank's date and description.
  await row(cardFile, 'UBER').getByLabel('Use the bank’s date and description').check();
  // The coffee was typed with its tip: matched by hand.
  await cardFile.getByLabel(/^Match STARBUCKS STORE 12345.* by hand/).selectOption({ label: 'Coffee · $6.00 · Nov 20, 2024' });
  await expect(row(cardFile, 'STARBUCKS')).toContainText("Matches 'Coffee' on Nov 20, 2024, entered by hand");
  await expect(cardFile.getByLabel(/^Kind of Payment Thank You/)).toHaveValue('TRANSFER');
  await expect(cardFile.getByLabel(/^From account of Payment Thank You/).locator('option:checked')).toHaveText('Checking');
  await expect(cardFile.getByLabel('Kind of AMAZON.COM*RT4KX1YZ2, 2024-11-22')).toHaveValue('REFUND');
  // The gas station's payee, as the user wants it named (the user's payees are offered as they type).
  await expect(cardFile.getByLabel(/^Payee of SHELL/)).toHaveValue(/Shell/);
  await cardFile.getByLabel(/^Payee of SHELL/).fill('Shell Gas');
  await expect(cardFile.getByLabel('Import totals')).toContainText('3 transactions, $38.40');
  await expect(cardFile.getByLabel('Import totals')).toContainText('1 transfer');
  await cardFile.getByRole('button', { name: 'Import 4 rows' }).click();
  await expect(toast(page, 'Imported 3 transactions, 0 paychecks and 1 transfer (3 duplicates skipped)')).toBeVisible();
  await cardFile.getByRole('button', { name: 'Done' }).click();

  const checkingFile = await upload(page, 'checking-statement.csv', 'Checking');
  // The card payment's checking side is the transfer the card statement made: matched, not written again.
  await expect(row(checkingFile, 'CHASE CREDIT CRD EPAY')).toContainText("Matches 'Payment Thank You-Mobile' on Nov 25, 2024");
  await expect(checkingFile.getByRole('checkbox', { name: /^Import CHASE CREDIT CRD EPAY/ })).not.toBeChecked();
  await expect(checkingFile.getByLabel(/^To account of Online Banking transfer/).locator('option:checked')).toHaveText('Savings');
  await expect(checkingFile.getByLabel(/^Kind of ACME CORP PAYROLL/)).toHaveValue('INCOME');
  await checkingFile.getByRole('button', { name: 'Import 3 rows' }).click();
  await expect(toast(page, 'Imported 1 transaction, 1 paycheck and 1 transfer (1 duplicate skipped)')).toBeVisible();
  await checkingFile.getByRole('button', { name: 'Done' }).click();

  // No spending doubled, no payment counted: the balances follow each record once.
  const balanceOf = async (name: string) => {
    await page.goto('/accounts');
    await page.getByRole('link', { name, exact: true }).first().click();
    return page.getByLabel('Balance', { exact: true });
  };
  // 1000 − 650 − 500 + 2500 − 112.34
  await expect(await balanceOf('Checking')).toContainText('$2,237.66');
  await expect(await balanceOf('Savings')).toContainText('$2,500.00');
  // −(87.12 + 23.40 + 6.00 typed) − (38.40 + 23.99) + 23.99 + 650
  await expect(await balanceOf('Chase Sapphire')).toContainText('$495.08');
  // The card's activity shows the payment as a transfer in from Checking, once.
  await expect(page.getByText('Transfer from Checking')).toHaveCount(1);
  // The payee chosen in the preview is the user's (the Rules screen lists their payees).
  await page.goto('/rules');
  await expect(page.getByText('Shell Gas', { exact: true })).toBeVisible();

  // The two Amazon records of the card (a purchase and its return), re-categorised: the second
  // time, the rule is offered, and taken.
  await page.goto('/transactions');
  for (const nth of [0, 1]) {
    await page
      .getByRole('button', { name: /^Edit AMAZON\.COM\*RT4KX1YZ2 of / })
      .nth(nth)
      .click();
    const edit = page.getByRole('dialog', { name: 'Edit Transaction' });
    await expect(edit.getByLabel('Payee (optional)')).toHaveValue('Amazon');
    await edit.getByLabel('Category').selectOption({ label: 'Online orders' });
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(edit).toBeHidden();
  }
  const offer = page.getByRole('region', { name: 'Rule suggestion' });
  await expect(offer).toContainText('Always categorise Amazon as Online orders?');
  await offer.getByRole('button', { name: 'Create rule' }).click();
  await expect(toast(page, 'Rule added')).toBeVisible();

  // The card's bank, connected: its new purchase at Amazon comes in categorised by that rule.
  const { token } = bridge.setupToken([
    finAccount('CARD-1', {
      name: 'Sapphire Preferred',
      balance: '-495.08',
      transactions: [finTransaction('SYNC-1', '-42.00', 'AMZN Mktp US*2K4', 1)],
    }),
  ]);
  await page.goto('/settings');
  const banks = page.getByRole('region', { name: 'Connected banks', exact: true });
  await banks.getByRole('button', { name: 'Connect Bank' }).click();
  const connect = page.getByRole('dialog', { name: 'Connect a Bank' });
  await connect.getByLabel('Setup token').fill(token);
  await connect.getByRole('button', { name: 'Connect' }).click();
  await expect(toast(page, 'Bank connected')).toBeVisible();
  const bank = banks.getByRole('region', { name: 'Test Bank' });
  await bank.getByLabel('Sync Sapphire Preferred into').selectOption({ label: 'Chase Sapphire' });
  await expect(toast(page, 'Account link saved')).toBeVisible();
  await bank.getByRole('button', { name: 'Sync now' }).click();
  await expect(toast(page, 'Synced: 1 new')).toBeVisible();
  await page.goto('/transactions');
  const synced = page.locator('main li').filter({ hasText: 'AMZN Mktp US*2K4' });
  await expect(synced).toContainText('Online orders');
  await expect(synced).toContainText('Amazon');
});

test('screenshots of the money movement preview', async ({ page, add }) => {
  test.skip(!SHOTS, 'IMPORT_SHOTS=<folder> takes them');
  await add.account({ name: 'Checking', type: 'checking', balance: '1000.00' });
  const card = await add.account({ name: 'Chase Sapphire', type: 'credit', balance: '0.00' });
  await add.transaction({ description: 'Whole Foods Market', amount: '87.12', date: '2024-11-18', accountId: card });
  for (const [width, theme] of [
    [1280, 'light'],
    [1280, 'dark'],
    [390, 'light'],
  ] as const) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/transactions');
    await page.evaluate((t) => localStorage.setItem('theme', t), theme);
    await page.reload();
    const dialog = await upload(page, 'chase-card-statement.csv', 'Chase Sapphire');
    await row(dialog, 'WHOLEFDS').scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/money-movement-${theme}-${width}.png` });
    await dialog.getByRole('button', { name: 'Done' }).click();
  }
});

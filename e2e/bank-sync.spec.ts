import fs from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from './signed-in.ts';
import { inEveryLook, toast } from './fixtures.ts';
import { finAccount, finTransaction, startSimpleFinServer } from '../api/test/simplefin-server.ts';

// Settings → Connected banks end to end (docs/product.md#bank-sync), against a SimpleFIN Bridge
// served by this test on 127.0.0.1: paste a setup token, link the bank's account to one of the
// user's, Sync now, see the rows; then the bridge revokes the access and the card says so.
const SHOTS = process.env.SHOTS_DIR ?? 'test-results/screenshots';

let bridge: Awaited<ReturnType<typeof startSimpleFinServer>>;
test.beforeAll(async () => {
  bridge = await startSimpleFinServer();
});
test.afterAll(() => bridge?.close());

test('Connected banks: paste a token, link, sync now, see the rows; a revoked access is shown', async ({ page, add }) => {
  test.setTimeout(180_000);
  fs.mkdirSync(SHOTS, { recursive: true });
  await add.account({ name: 'Joint Checking', type: 'checking', balance: '500.00' });
  const { token, access } = bridge.setupToken([
    finAccount('ACT-1', {
      name: 'Everyday Checking',
      balance: '2330.50',
      transactions: [
        finTransaction('TX-1', '-45.50', 'WHOLEFDS MKT 10234', 3),
        finTransaction('TX-2', '-24.00', 'UBER *TRIP', 2),
        finTransaction('TX-3', '2000.00', 'ACME PAYROLL', 2),
        finTransaction('TX-4', '-100.00', 'CITY WATER', 0, { posted: 0, pending: true, transacted_at: Math.floor(Date.now() / 1000) }),
      ],
    }),
  ]);

  await page.goto('/settings');
  const card = page.getByRole('region', { name: 'Connected banks', exact: true });
  await expect(card.getByText('No banks connected.')).toBeVisible();
  await card.getByRole('button', { name: 'Connect Bank' }).click();
  const dialog = page.getByRole('dialog', { name: 'Connect a Bank' });
  // A bad token is refused beside the field.
  await dialog.getByLabel('Setup token').fill('not a token!');
  await dialog.getByRole('button', { name: 'Connect' }).click();
  await expect(dialog.getByText(/not a SimpleFIN setup token/)).toBeVisible();
  await dialog.screenshot({ path: `${SHOTS}/bank-sync-connect-dialog.png`, animations: 'disabled' });
  await dialog.getByLabel('Setup token').fill(token);
  await dialog.getByRole('button', { name: 'Connect' }).click();
  await expect(toast(page, 'Bank connected')).toBeVisible();
  await expect(dialog).toBeHidden();

  const bank = card.getByRole('region', { name: 'Test Bank' });
  await expect(bank.getByText('Everyday Checking')).toBeVisible();
  await expect(bank.getByText('Not synced yet')).toBeVisible();
  await bank.getByLabel('Sync Everyday Checking into').selectOption({ label: 'Joint Checking' });
  await expect(toast(page, 'Account link saved')).toBeVisible();
  // 500.00 here, 2330.50 at the bank.
  await expect(bank.getByText('Differs by $1,830.50 from the bank')).toBeVisible();

  await bank.getByRole('button', { name: 'Sync now' }).click();
  await expect(toast(page, 'Synced: 4 new')).toBeVisible();
  await expect(bank.getByText(/Last synced/)).toBeVisible();
  // 500 − 45.50 − 24 + 2000 − 100 (pending, counted) = 2330.50: the bank's balance.
  await expect(bank.getByText('Balance matches')).toBeVisible();

  // Again: nothing new.
  await bank.getByRole('button', { name: 'Sync now' }).click();
  await expect(toast(page, 'Up to date: nothing new')).toBeVisible();

  await inEveryLook(page, async ({ size, theme, width }) => {
    await page.goto('/settings');
    await expect(bank.getByText('Balance matches')).toBeVisible();
    await bank.screenshot({ path: `${SHOTS}/bank-sync-${theme}-${size}.png`, animations: 'disabled' });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  });
  await page.setViewportSize({ width: 1280, height: 860 });
  await page.evaluate(() => localStorage.setItem('theme', 'light'));

  await page.goto('/transactions');
  for (const text of ['WHOLEFDS MKT 10234', 'UBER *TRIP', 'CITY WATER']) await expect(page.getByText(text).first()).toBeVisible();
  // The one the bank has not posted yet is marked.
  await expect(page.getByRole('listitem').filter({ hasText: 'CITY WATER' }).getByText('Pending')).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: 'UBER *TRIP' }).getByText('Pending')).toHaveCount(0);

  // The bridge revokes the access: the card says what happened, and since when it is not synced.
  access.revoked = true;
  await page.goto('/settings');
  await bank.getByRole('button', { name: 'Sync now' }).click();
  await expect(bank.getByRole('alert')).toContainText('refused access (403)');
  await expect(bank.getByText('Sync failed')).toBeVisible();
  await expect(bank.getByText(/Last synced/)).toBeVisible();
  await bank.screenshot({ path: `${SHOTS}/bank-sync-error-light-desktop.png`, animations: 'disabled' });
  // The card passes axe with its error shown, in both themes (WCAG 2.1 AA, no serious or critical violation).
  for (const theme of ['light', 'dark']) {
    await page.evaluate((t) => localStorage.setItem('theme', t), theme);
    await page.goto('/settings');
    await expect(bank.getByRole('alert')).toBeVisible();
    await page.waitForTimeout(300); // the theme's transitions
    const result = await new AxeBuilder({ page })
      .include('[aria-labelledby="settings-connected-banks"]')
      .withTags(['wcag2a', 'wcag2aa', 'wcag21aa'])
      .analyze();
    expect(result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${theme}: ${v.id}`)).toEqual([]);
  }
  await page.evaluate(() => localStorage.setItem('theme', 'light'));

  // Removed: the records stay.
  await bank.getByRole('button', { name: 'Remove' }).click();
  await page.getByRole('dialog', { name: 'Remove connection?' }).getByRole('button', { name: 'Remove' }).click();
  await expect(toast(page, 'Connection removed')).toBeVisible();
  await expect(card.getByText('No banks connected.')).toBeVisible();
});

import fs from 'node:fs';
import { expect, test } from './signed-in.ts';
import { animationsDone, graphql, inEveryLook, openDialog, openWithoutReloads, toast, VIEWPORTS } from './fixtures.ts';
import { day } from './seed.ts';

const OUT = 'test-results/screenshots';

/** A monthly bill due `offset` days from today, on that day of the month. */
function monthly(name: string, amount: string, offset: number, extra: Record<string, unknown> = {}) {
  const nextDueDate = day(offset);
  return { name, amount, frequency: 'monthly', dueDay: Number(nextDueDate.slice(8, 10)), nextDueDate, ...extra };
}

for (const viewport of VIEWPORTS) {
  test.describe(`${viewport.width}×${viewport.height}`, () => {
    test.use({ viewport: viewport });

    test('editing a bill changes it in place; Pause and Resume move it between the tabs', async ({ page, add }) => {
      const utilities = await add.category('Utilities', 'bills');
      await add.category('Streaming');
      await add.bill(monthly('Internet', '59.99', 5, { categoryId: utilities, notes: 'Fiber' }));
      const reloads = await openWithoutReloads(page, '/bills', 'Recurring Bills', 'BillsPageQuery');
      const upcoming = page.getByRole('region', { name: 'Upcoming Bills' });

      let dialog = await openDialog(page, 'Edit Internet', 'Edit Bill');
      await expect(dialog.getByLabel('Name')).toHaveValue('Internet');
      await expect(dialog.getByLabel('Amount')).toHaveValue('59.99');
      await expect(dialog.getByLabel('Frequency')).toHaveValue('monthly');
      await expect(dialog.getByLabel('Next due date')).toHaveValue(day(5));
      await expect(dialog.getByLabel('Due day of the month')).toHaveValue(String(Number(day(5).slice(8, 10))));
      await expect(dialog.getByLabel('Category (optional)').locator('option:checked')).toHaveText('Utilities');
      await expect(dialog.getByLabel('Notes (optional)')).toHaveValue('Fiber');
      await expect(dialog.getByLabel('Active')).toBeChecked();
      await dialog.getByLabel('Name').fill('');
      await dialog.getByLabel('Amount').fill('12.345');
      await dialog.getByRole('button', { name: 'Save' }).click();
      await expect(dialog.getByText('Name is required')).toBeVisible();
      await expect(dialog.getByText('Amount must be a valid number')).toBeVisible();

      await dialog.getByLabel('Name').fill('Fiber Internet');
      await dialog.getByLabel('Amount').fill('64.50');
      await dialog.getByLabel('Frequency').selectOption('quarterly');
      await dialog.getByLabel('Category (optional)').selectOption({ label: 'Streaming' });
      await dialog.getByRole('button', { name: 'Save' }).click();
      await expect(toast(page, 'Bill updated')).toBeVisible();
      await expect(dialog).toHaveCount(0);
      const row = page.getByRole('listitem').filter({ has: page.getByRole('button', { name: 'Edit Fiber Internet' }) });
      await expect(row).toContainText('$64.50');
      await expect(row).toContainText('Quarterly');
      await expect(row).toContainText('Streaming');
      await expect(upcoming).toContainText('Fiber Internet');
      await expect(upcoming).toContainText('$64.50');

      // The dialog opens again from the bill as it is now.
      dialog = await openDialog(page, 'Edit Fiber Internet', 'Edit Bill');
      await expect(dialog.getByLabel('Amount')).toHaveValue('64.50');
      await expect(dialog.getByLabel('Frequency')).toHaveValue('quarterly');
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await expect(page.getByRole('button', { name: 'Edit Fiber Internet' })).toBeFocused();

      await page.getByRole('button', { name: 'Pause Fiber Internet' }).click();
      await expect(toast(page, 'Bill paused')).toBeVisible();
      await expect(page.getByRole('tab', { name: 'Active Bills (0)' })).toBeVisible();
      await expect(page.getByRole('tab', { name: 'Inactive Bills (1)' })).toBeVisible();
      await expect(page.getByText('No active bills')).toBeVisible();
      await expect(upcoming).toContainText('Nothing due in the next 30 days.');
      await page.getByRole('tab', { name: 'Inactive Bills (1)' }).click();
      await expect(row).toContainText('Inactive');
      await expect(row.getByRole('button', { name: 'Mark Fiber Internet paid' })).toHaveCount(0);
      await row.getByRole('button', { name: 'Resume Fiber Internet' }).click();
      await expect(toast(page, 'Bill resumed')).toBeVisible();
      await expect(page.getByRole('tab', { name: 'Active Bills (1)' })).toBeVisible();
      await expect(page.getByText('No inactive bills')).toBeVisible();
      await page.getByRole('tab', { name: 'Active Bills (1)' }).click();
      await expect(row.getByRole('button', { name: 'Pause Fiber Internet' })).toBeVisible();
      await expect(upcoming).toContainText('Fiber Internet');

      // Unticking Active in the dialog pauses it too; a new inactive bill lands under Inactive.
      dialog = await openDialog(page, 'Edit Fiber Internet', 'Edit Bill');
      await dialog.getByLabel('Active').uncheck();
      await dialog.getByRole('button', { name: 'Save' }).click();
      await expect(toast(page, 'Bill updated')).toBeVisible();
      await expect(page.getByRole('tab', { name: 'Inactive Bills (1)' })).toBeVisible();
      dialog = await openDialog(page, 'Add Bill', 'Add Bill');
      await dialog.getByLabel('Name').fill('Gym');
      await dialog.getByLabel('Amount').fill('35');
      await dialog.getByLabel('Active').uncheck();
      await dialog.getByRole('button', { name: 'Add Bill' }).click();
      await expect(toast(page, 'Bill added')).toBeVisible();
      await expect(page.getByRole('tab', { name: 'Inactive Bills (2)' })).toBeVisible();
      await page.getByRole('tab', { name: 'Inactive Bills (2)' }).click();
      await expect(page.getByRole('button', { name: 'Edit Gym' })).toBeVisible();
      expect(reloads.count).toBe(0);

      await page.reload();
      await page.getByRole('tab', { name: 'Inactive Bills (2)' }).click();
      await expect(row).toContainText('$64.50');
    });

    test("a bill's payments, newest first; deleting the latest moves the due date back", async ({ page, add }) => {
      await add.bill(monthly('Rent', '1450.00', -2));
      const reloads = await openWithoutReloads(page, '/bills', 'Recurring Bills', 'BillsPageQuery');
      const row = page.getByRole('listitem').filter({ has: page.getByRole('button', { name: 'Edit Rent' }) });
      const nextDue = async () => (await row.getByText(/^Next due: /).textContent())!;
      const due0 = await nextDue();
      await expect(row).toContainText('Overdue');

      const payments = page.getByRole('region', { name: 'Payments of Rent' });
      await page.getByRole('button', { name: 'Payments of Rent' }).click();
      await expect(page.getByRole('button', { name: 'Payments of Rent' })).toHaveAttribute('aria-expanded', 'true');
      await expect(payments).toContainText('No payments yet.');

      let pay = await openDialog(page, 'Mark Rent paid', 'Record Payment');
      await pay.getByLabel('Paid date').fill(day(-1));
      await pay.getByLabel('Notes (optional)').fill('Paid by transfer');
      await pay.getByRole('button', { name: 'Record Payment' }).click();
      await expect(toast(page, 'Payment recorded')).toBeVisible();
      await expect(payments.getByRole('listitem')).toHaveCount(1);
      await expect(payments).toContainText('Paid by transfer');
      await expect(row).not.toContainText('Overdue');
      const due1 = await nextDue();
      expect(due1).not.toBe(due0);

      pay = await openDialog(page, 'Mark Rent paid', 'Record Payment');
      await pay.getByLabel('Amount').fill('1400');
      await pay.getByRole('button', { name: 'Record Payment' }).click();
      await expect(toast(page, 'Payment recorded')).toBeVisible();
      await expect(payments.getByRole('listitem')).toHaveCount(2);
      await expect(payments.getByRole('listitem').first()).toContainText('$1,400.00');
      await expect(payments.getByRole('listitem').last()).toContainText('$1,450.00');
      await expect(row.getByText(/^Next due: /)).not.toHaveText(due1);

      const confirm = await openDialog(page, /^Delete Rent payment of /, 'Delete payment?', payments);
      await expect(confirm).toContainText('$1,400.00');
      await confirm.getByRole('button', { name: 'Delete' }).click();
      await expect(toast(page, 'Payment deleted')).toBeVisible();
      await expect(payments.getByRole('listitem')).toHaveCount(1);
      await expect(payments).toContainText('$1,450.00');
      await expect(row.getByText(/^Next due: /)).toHaveText(due1);
      expect(reloads.count).toBe(0);

      // The deleted payment's expense went with it.
      await page.goto('/transactions');
      await expect(page.getByRole('heading', { name: 'All Transactions (1)' })).toBeVisible();
    });

    test('deleting a bill takes it out of its tab and the counts', async ({ page, add }) => {
      await add.bill(monthly('Netflix', '15.49', 3));
      await add.bill(monthly('Spotify', '10.99', 4));
      const reloads = await openWithoutReloads(page, '/bills', 'Recurring Bills', 'BillsPageQuery');
      await expect(page.getByRole('tab', { name: 'Active Bills (2)' })).toBeVisible();
      const confirm = await openDialog(page, 'Delete Netflix', 'Delete bill?');
      await confirm.getByRole('button', { name: 'Delete' }).click();
      await expect(toast(page, 'Bill deleted')).toBeVisible();
      await expect(page.getByRole('tab', { name: 'Active Bills (1)' })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Edit Netflix' })).toHaveCount(0);
      await expect(page.getByRole('region', { name: 'Upcoming Bills' })).not.toContainText('Netflix');
      expect(reloads.count).toBe(0);
    });
  });
}

test('a long list pages in with Load more', async ({ page, add }) => {
  test.setTimeout(240_000);
  for (let i = 1; i <= 52; i++) await add.bill(monthly(`Bill ${String(i).padStart(2, '0')}`, '1.00', 40 + i));
  await page.goto('/bills');
  await expect(page.getByRole('tab', { name: 'Active Bills (52)' })).toBeVisible();
  const rows = page.getByRole('tabpanel').getByRole('listitem');
  await expect(rows).toHaveCount(50);
  await page.getByRole('button', { name: 'Load more' }).click();
  await expect(rows).toHaveCount(52);
  await expect(page.getByRole('button', { name: 'Load more' })).toHaveCount(0);
});

test('Edit Bill and the payment history, in light and dark, on a desktop and a 390 px phone', async ({ page, add }) => {
  fs.mkdirSync(OUT, { recursive: true });
  const rent = await add.category('Rent', 'bills');
  const bill = await add.bill(monthly('Rent', '1450.00', 9, { categoryId: rent, notes: 'Landlord: Alex' }));
  await add.bill(monthly('Gym', '35.00', 5, { isActive: false }));
  for (const [paidDate, notes] of [
    [day(-21), 'Paid by transfer'],
    [day(-1), null],
  ])
    await graphql(page, 'mutation ($i: RecordBillPaymentInput!) { recordBillPayment(input: $i) { billPayment { id } } }', {
      i: { recurringBillId: bill, amount: '1450.00', paidDate, notes },
    });
  await inEveryLook(page, async ({ size, theme }) => {
    await page.goto('/bills');
    await page.getByRole('button', { name: 'Payments of Rent' }).click();
    await expect(page.getByRole('region', { name: 'Payments of Rent' }).getByRole('listitem')).toHaveCount(2);
    await page.screenshot({ path: `${OUT}/edit-bills-list-${theme}-${size}.png`, fullPage: true });
    const dialog = await openDialog(page, 'Edit Rent', 'Edit Bill');
    await expect(dialog.getByLabel('Notes (optional)')).toHaveValue('Landlord: Alex');
    await animationsDone(page);
    await page.screenshot({ path: `${OUT}/edit-bill-${theme}-${size}.png` });
    await page.keyboard.press('Escape');
  });
});

test('an open payment history shows a payment made elsewhere, without a reload', async ({ page, add }) => {
  const bill = await add.bill(monthly('Rent', '1450.00', 9));
  const pay = (paidDate: string) =>
    graphql(page, 'mutation ($i: RecordBillPaymentInput!) { recordBillPayment(input: $i) { billPayment { id } } }', {
      i: { recurringBillId: bill, amount: '1450.00', paidDate },
    });
  await pay(day(-21));
  await page.goto('/bills');
  await page.getByRole('button', { name: 'Payments of Rent' }).click();
  const payments = page.getByRole('region', { name: 'Payments of Rent' }).getByRole('listitem');
  await expect(payments).toHaveCount(1);
  // Not through this tab's own mutations (the request names no client): heard as another's change.
  await pay(day(-1));
  await expect(payments).toHaveCount(2);
});

import { expect, test } from './signed-in.ts';
import { inEveryLook, openDialog } from './fixtures.ts';
import { day, seed } from './seed.ts';

test('shots', async ({ page }) => {
  const add = seed(page);
  const coffee = await add.category('Coffee');
  const checking = await add.account({ name: 'Checking', type: 'checking' });
  for (const [d, o] of [['Latte', 0], ['Cold brew', -1]] as const) await add.transaction({ amount: '4.50', description: d, date: day(o), payee: 'Blue Bottle', categoryId: coffee });
  await add.transaction({ amount: '30', description: 'Weekly shop', date: day(-3), payee: 'Trader Joes' });
  await page.evaluate(async ([c, a]) => {
    const post = (body: unknown) => fetch('/api/rules', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    await post({ conditions: [{ field: 'payee', op: 'is', value: 'Blue Bottle' }], actions: { categoryId: c } });
    await post({ conditions: [{ field: 'description', op: 'contains', value: 'transfer to sav' }, { field: 'amount', op: 'between', value: ['10', '500'] }, { field: 'accountId', op: 'is', value: a }], actions: { payee: 'Savings', notes: 'Moved' } });
  }, [Buffer.from(coffee, 'base64').toString().split(':')[1]!, Buffer.from(checking, 'base64').toString().split(':')[1]!] as const);
  await inEveryLook(page, async ({ size, theme }) => {
    await page.goto('/rules');
    await expect(page.getByRole('heading', { level: 1, name: 'Rules' })).toBeVisible();
    await page.screenshot({ path: `/tmp/payees-rules-shots/rules-${size}-${theme}.png`, fullPage: true });
    const d = await openDialog(page, 'Add Rule', 'Add Rule');
    await d.getByRole('button', { name: 'Add condition' }).click();
    await d.getByLabel('Field').nth(1).selectOption('amount');
    await d.getByLabel('Test').nth(1).selectOption('between');
    await page.screenshot({ path: `/tmp/payees-rules-shots/rule-dialog-${size}-${theme}.png` });
    await d.getByRole('button', { name: 'Cancel' }).click();
    await page.goto('/transactions');
    await page.screenshot({ path: `/tmp/payees-rules-shots/transactions-${size}-${theme}.png` });
  });
});

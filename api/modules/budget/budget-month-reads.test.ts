import { describe, expect, it } from 'vitest';
import { createChangeEvents } from '../../lib/change-events.ts';
import { createReadMemo } from '../../lib/read-memo.ts';
import { useModuleHarness } from '../../test/module-harness.ts';
import { budgetMonth } from './budget-month.ts';

/** After a change, the Budget's month reads again only the months changed since its last read (docs/performance.md#the-budgets-month). */
const h = useModuleHarness();
type User = Awaited<ReturnType<typeof h.user>>;

const spend = (u: User, amount: string, date: string, categoryId: string | null = null) =>
  u.rest('POST', '/api/transactions', { amount, description: 'Spent', date, categoryId });

/** The figures of a month as a viewer that has never read them (a new process) computes them. */
const freshly = (u: User, month: string) => {
  return budgetMonth({ ...u.viewer, memo: createReadMemo(createChangeEvents()) }, month);
};

const figures = (m: Awaited<ReturnType<typeof budgetMonth>>) => JSON.stringify({ ...m, categories: m.categories.map((c) => ({ ...c })) });

describe('the month after a change', () => {
  it('reads again the months changed since the last read, and only those', async () => {
    const alice = await h.user();
    await alice.rest('POST', '/api/paychecks', { amount: '3000.00', date: '2026-01-15' });
    const food = (await alice.rest('POST', '/api/budget-categories', { name: 'Food', type: 'expenses', allocatedAmount: '500.00' })).body
      .id as string;
    await spend(alice, '100.00', '2026-01-10', food);
    await spend(alice, '40.00', '2026-02-10', food);
    const before = await budgetMonth(alice.viewer, '2026-03');
    expect(before.spent.toFixed(2)).toBe('0.00');
    expect(before.categories[0]!.available.toFixed(2)).toBe('1360.00'); // 3 × 500 − 140

    // January's total is changed behind the triggers' back, without a new revision: a read that
    // read every month again would see it; this one keeps what it read.
    await h.db.prisma
      .$executeRaw`UPDATE budget_month_spending SET amount = amount + 1000 WHERE user_id = ${alice.viewer.id} AND category_id = ${food} AND month = '2026-01-01T00:00:00Z'`;
    await spend(alice, '60.00', '2026-03-05', food);
    const after = await budgetMonth(alice.viewer, '2026-03');
    expect(after.spent.toFixed(2)).toBe('60.00');
    expect(after.categories[0]!.available.toFixed(2)).toBe('1300.00');
    // A viewer that has read nothing yet reads every month, January's change included.
    expect((await freshly(alice, '2026-03')).categories[0]!.available.toFixed(2)).toBe('900.00'); // January overspent: 0 carried
  });

  it('equals a read of every month after changes that empty a month, move rows and delete a category', async () => {
    const bob = await h.user();
    await bob.rest('POST', '/api/paychecks', { amount: '2000.00', date: '2026-01-15' });
    const add = async (name: string) =>
      (await bob.rest('POST', '/api/budget-categories', { name, type: 'expenses', allocatedAmount: '300.00' })).body.id as string;
    const [rent, fun] = [await add('Rent'), await add('Fun')];
    const t1 = (await spend(bob, '80.00', '2026-01-20', rent)).body.id as string;
    const t2 = (await spend(bob, '30.00', '2026-02-03', fun)).body.id as string;
    await spend(bob, '12.50', '2026-02-04');
    const same = async () => {
      for (const month of ['2026-01', '2026-02', '2026-03'])
        expect(figures(await budgetMonth(bob.viewer, month))).toBe(figures(await freshly(bob, month)));
    };
    await same();
    expect((await bob.rest('DELETE', `/api/transactions/${t1}`)).status).toBe(204); // January left with no spending at all
    await same();
    expect((await bob.rest('PATCH', `/api/transactions/${t2}`, { date: '2026-03-01' })).status).toBe(200); // February → March
    await same();
    expect((await bob.rest('DELETE', `/api/budget-categories/${fun}`)).status).toBe(204); // its rows become uncategorized
    await same();
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { encodeGlobalID } from '@pothos/plugin-relay';
import { useModuleHarness } from '../../test/module-harness.ts';

const h = useModuleHarness();
type User = Awaited<ReturnType<typeof h.user>>;

const MONTH = `query($month: String) { viewer { budgetMonth(month: $month) {
  month income envelopes spent remaining
  readyToAssign firstMonth
  categories { categoryId name type envelope spent remaining percentUsed status }
  tightestCategories(first: 2) { name status }
} } }`;

async function category(
  u: User,
  name: string,
  allocatedAmount: string,
  allocatedPercentage: number,
  planKind: 'amount' | 'percentage' = 'amount',
): Promise<string> {
  const res = await u.rest('POST', '/api/budget-categories', { name, type: 'expenses', allocatedAmount, allocatedPercentage, planKind });
  return res.body.id;
}
const paycheck = (u: User, amount: string, date: string) => u.rest('POST', '/api/paychecks', { amount, date });
const spend = (u: User, amount: string, date: string, categoryId: string | null = null) =>
  u.rest('POST', '/api/transactions', { amount, description: 'Spent', date, categoryId });

/**
 * Alice's November 2026: 3000 income, Rent 40 % (also 999 allocated), Food 500 fixed, Fun 10 %, and
 * some spending around it. October, the budget's first month, has nothing assigned, so November
 * carries nothing in (rollover: budget-month-example.test.ts).
 */
async function november(u: User) {
  await paycheck(u, '2000.00', '2026-11-01');
  await paycheck(u, '1000.00', '2026-11-30');
  await paycheck(u, '5000.00', '2026-10-31');
  const rent = await category(u, 'Rent', '999.00', 40, 'percentage');
  const food = await category(u, 'Food', '500.00', 0);
  const fun = await category(u, 'Fun', '0.00', 10, 'percentage');
  for (const id of [rent, food, fun]) await u.rest('PUT', `/api/budget/month/2026-10/categories/${id}`, { assigned: '0.00' });
  await spend(u, '1200.00', '2026-11-03', rent);
  await spend(u, '250.00', '2026-11-01', food);
  await spend(u, '160.50', '2026-11-30', food);
  await spend(u, '400.00', '2026-12-01', food);
  await spend(u, '80.00', '2026-10-31', food);
  await spend(u, '301.00', '2026-11-15', fun);
  await spend(u, '42.10', '2026-11-20');
  return { rent, food, fun };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('budget: this month', () => {
  it('envelopes follow the plan: the percentage of the month’s income, or the amount; spent and remaining per category and uncategorized', async () => {
    const alice = await h.user();
    const { rent, food, fun } = await november(alice);
    const res = await alice.gql(MONTH, { month: '2026-11' });
    expect(res.errors).toBeUndefined();
    const m = res.data.viewer.budgetMonth;
    expect(m).toMatchObject({ month: '2026-11', income: '3000.00', envelopes: '2000.00', spent: '1953.60', remaining: '46.40' });
    // 8000 income through November − 2000 assigned − October's 80 of Food overspending (nothing was assigned to it then).
    expect(m).toMatchObject({ firstMonth: '2026-10', readyToAssign: '5920.00' });
    expect(m.categories).toEqual([
      {
        categoryId: encodeGlobalID('BudgetCategory', rent),
        name: 'Rent',
        type: 'expenses',
        envelope: '1200.00',
        spent: '1200.00',
        remaining: '0.00',
        percentUsed: '100.0',
        status: 'NEAR',
      },
      {
        categoryId: encodeGlobalID('BudgetCategory', food),
        name: 'Food',
        type: 'expenses',
        envelope: '500.00',
        spent: '410.50',
        remaining: '89.50',
        percentUsed: '82.1',
        status: 'NEAR',
      },
      {
        categoryId: encodeGlobalID('BudgetCategory', fun),
        name: 'Fun',
        type: 'expenses',
        envelope: '300.00',
        spent: '301.00',
        remaining: '-1.00',
        percentUsed: '100.3',
        status: 'OVER',
      },
      {
        categoryId: null,
        name: 'Uncategorized',
        type: null,
        envelope: '0.00',
        spent: '42.10',
        remaining: '-42.10',
        percentUsed: null,
        status: 'NONE',
      },
    ]);
    expect(m.tightestCategories).toEqual([
      { name: 'Fun', status: 'OVER' },
      { name: 'Rent', status: 'NEAR' },
    ]);
  });

  it('a month without income: percentage envelopes are zero, fixed ones stay; what was left rolls over, overspending does not', async () => {
    const alice = await h.user();
    await november(alice);
    const m = (await alice.gql(MONTH, { month: '2026-12' })).data.viewer.budgetMonth;
    expect(m).toMatchObject({ month: '2026-12', income: '0.00', envelopes: '500.00', spent: '400.00', remaining: '100.00' });
    // Food brings 89.50 from November (so 400 of 589.50 is used: 67.9 %); Fun's 1.00 overspent starts December at 0.
    expect(m.categories.map((c: any) => [c.name, c.envelope, c.spent, c.remaining, c.percentUsed, c.status])).toEqual([
      ['Rent', '0.00', '0.00', '0.00', null, 'OK'],
      ['Food', '500.00', '400.00', '189.50', '67.9', 'OK'],
      ['Fun', '0.00', '0.00', '0.00', null, 'OK'],
    ]);
    // Half-cent envelopes round half up: 10 % of 0.05 is 0.005 → 0.01.
    await paycheck(alice, '0.05', '2027-01-10');
    const jan = (await alice.gql(MONTH, { month: '2027-01' })).data.viewer.budgetMonth;
    expect(jan.categories.find((c: any) => c.name === 'Fun').envelope).toBe('0.01');
  });

  it('without a month, the current calendar month in the user’s time zone', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-30T23:30:00Z') });
    const la = await h.user('America/Los_Angeles');
    const kiritimati = await h.user('Pacific/Kiritimati');
    await spend(la, '10.00', '2026-11-30');
    await spend(kiritimati, '10.00', '2026-11-30');
    await spend(kiritimati, '7.00', '2026-12-01');
    expect((await la.gql(MONTH)).data.viewer.budgetMonth).toMatchObject({ month: '2026-11', spent: '10.00' });
    expect((await kiritimati.gql(MONTH)).data.viewer.budgetMonth).toMatchObject({ month: '2026-12', spent: '7.00' });
    expect((await kiritimati.rest('GET', '/api/budget/month', undefined, { 'x-time-zone': 'Pacific/Kiritimati' })).body).toMatchObject({
      month: '2026-12',
      spent: '7.00',
    });
  });

  it("never counts another user's paychecks, categories or spending", async () => {
    const alice = await h.user();
    const bob = await h.user();
    await november(alice);
    const bobFood = await category(bob, 'Bob food', '100.00', 0);
    await spend(bob, '55.00', '2026-11-02', bobFood);
    await paycheck(bob, '10.00', '2026-11-02');
    const res = (await bob.rest('GET', '/api/budget/month?month=2026-11')).body;
    expect(res).toEqual({
      month: '2026-11',
      firstMonth: '2026-11',
      income: '10.00',
      readyToAssign: '-90.00',
      assigned: '100.00',
      available: '45.00',
      envelopes: '100.00',
      spent: '55.00',
      categories: [
        {
          categoryId: bobFood,
          name: 'Bob food',
          type: 'expenses',
          envelope: '100.00',
          assigned: '100.00',
          assignedSet: false,
          carried: '0.00',
          spent: '55.00',
          available: '45.00',
          remaining: '45.00',
          planKind: 'amount',
          carryOverspending: false,
          target: null,
          targetNeeded: null,
          underfunded: null,
        },
      ],
    });
  });

  it('a bad month answers 400 with a clear message (REST) and BAD_USER_INPUT (GraphQL)', async () => {
    const alice = await h.user();
    for (const month of ['2026-13', 'abc', '2026-1', '2026-00', '0999-01']) {
      const res = await alice.rest('GET', `/api/budget/month?month=${month}`);
      expect(res.status, month).toBe(400);
      expect(res.body.errors).toEqual([{ path: ['month'], message: 'Month must be a calendar month as YYYY-MM (for example 2026-11)' }]);
      const gql = await alice.gql(MONTH, { month });
      expect(gql.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
      expect(gql.errors?.[0]?.message).toBe('Month must be a calendar month as YYYY-MM (for example 2026-11)');
    }
  });

  it('GraphQL and REST agree', async () => {
    const alice = await h.user();
    await november(alice);
    for (const month of ['2026-10', '2026-11', '2026-12']) {
      const g = (await alice.gql(MONTH, { month })).data.viewer.budgetMonth;
      const r = (await alice.rest('GET', `/api/budget/month?month=${month}`)).body;
      expect(r).toMatchObject({
        month: g.month,
        firstMonth: g.firstMonth,
        readyToAssign: g.readyToAssign,
        income: g.income,
        envelopes: g.envelopes,
        spent: g.spent,
        categories: g.categories.map((c: any) => ({
          categoryId: c.categoryId && Buffer.from(c.categoryId, 'base64').toString().split(':')[1],
          name: c.name,
          type: c.type,
          envelope: c.envelope,
          spent: c.spent,
          remaining: c.remaining,
        })),
      });
    }
  });
});

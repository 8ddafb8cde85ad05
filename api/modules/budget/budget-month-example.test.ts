import { describe, expect, it } from 'vitest';
import { encodeGlobalID } from '@pothos/plugin-relay';
import { useModuleHarness } from '../../test/module-harness.ts';

/**
 * The worked example of docs/product.md#the-month, through REST and through GraphQL: two $3,000
 * paychecks, Rent $1,850 a month, Groceries 20 % of each month's income, Dining $100 a month.
 */
const h = useModuleHarness();
type User = Awaited<ReturnType<typeof h.user>>;

const MONTH = `query($month: String) { viewer { budgetMonth(month: $month) {
  month firstMonth income readyToAssign assigned available
  categories { categoryId name assigned assignedSet carried spent available planKind status }
} } }`;

const MONTH_FIELDS = `budgetMonth { month readyToAssign categories { categoryId name assigned assignedSet carried spent available } }`;

/** name → [assigned, carried, spent, available] of a month's rows. */
function figures(rows: { name: string; assigned: string; carried: string; spent: string; available: string }[]) {
  return Object.fromEntries(rows.map((r) => [r.name, [r.assigned, r.carried, r.spent, r.available]]));
}

async function historyThroughRest(u: User) {
  const post = async (path: string, body: object) => {
    const res = await u.rest('POST', path, body);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.id as string;
  };
  await post('/api/paychecks', { amount: '3000.00', date: '2026-09-15' });
  await post('/api/paychecks', { amount: '3000.00', date: '2026-10-15' });
  const rent = await post('/api/budget-categories', { name: 'Rent', type: 'bills', allocatedAmount: '1850.00', allocatedPercentage: 31 });
  const groceries = await post('/api/budget-categories', {
    name: 'Groceries',
    type: 'expenses',
    allocatedAmount: '1200.00',
    allocatedPercentage: 20,
  });
  const dining = await post('/api/budget-categories', { name: 'Dining', type: 'expenses', allocatedAmount: '100.00' });
  const spend = (amount: string, date: string, categoryId: string, kind = 'expense') =>
    post('/api/transactions', { amount, date, categoryId, kind, description: kind === 'refund' ? 'Returned' : 'Spent' });
  await spend('1850.00', '2026-09-01', rent);
  await spend('500.00', '2026-09-10', groceries);
  await spend('150.00', '2026-09-20', dining);
  await spend('650.00', '2026-10-05', groceries);
  await spend('30.00', '2026-10-06', groceries, 'refund');
  await spend('40.00', '2026-10-12', dining);
  return { rent, groceries, dining };
}

describe('the worked example', () => {
  it('through REST: the months, an assigned amount set, money moved, the plan again', async () => {
    const alice = await h.user('America/New_York');
    const { rent, groceries, dining } = await historyThroughRest(alice);
    // Without planKind the rule decides: 20 % of 6,000 total income is 1,200.00 → percentage; 31 % is not 1,850.00 → amount.
    const categories = (await alice.rest('GET', '/api/budget-categories')).body;
    expect(categories.map((c: any) => [c.name, c.planKind, c.carryOverspending, c.target])).toEqual([
      ['Rent', 'amount', false, null],
      ['Groceries', 'percentage', false, null],
      ['Dining', 'amount', false, null],
    ]);

    const september = (await alice.rest('GET', '/api/budget/month?month=2026-09')).body;
    expect(september).toMatchObject({ month: '2026-09', firstMonth: '2026-09', income: '3000.00', readyToAssign: '450.00' });
    expect(figures(september.categories)).toEqual({
      Rent: ['1850.00', '0.00', '1850.00', '0.00'],
      Groceries: ['600.00', '0.00', '500.00', '100.00'],
      Dining: ['100.00', '0.00', '150.00', '-50.00'],
    });

    const october = (await alice.rest('GET', '/api/budget/month?month=2026-10')).body;
    expect(october).toMatchObject({ month: '2026-10', income: '3000.00', readyToAssign: '850.00', spent: '660.00' });
    expect(figures(october.categories)).toEqual({
      Rent: ['1850.00', '0.00', '0.00', '1850.00'],
      Groceries: ['600.00', '100.00', '620.00', '80.00'],
      Dining: ['100.00', '0.00', '40.00', '60.00'],
    });

    const set = await alice.rest('PUT', `/api/budget/month/2026-10/categories/${dining}`, { assigned: '200.00' });
    expect(set.status).toBe(200);
    expect(set.body).toMatchObject({ categoryId: dining, name: 'Dining', assigned: '200.00', assignedSet: true, available: '160.00' });
    expect((await alice.rest('GET', '/api/budget/month?month=2026-10')).body.readyToAssign).toBe('750.00');

    const moved = await alice.rest('POST', '/api/budget/month/2026-10/move', {
      fromCategoryId: rent,
      toCategoryId: groceries,
      amount: '50.00',
    });
    expect(moved.status).toBe(200);
    expect(moved.body.from).toMatchObject({ categoryId: rent, assigned: '1800.00', assignedSet: true, available: '1800.00' });
    expect(moved.body.to).toMatchObject({ categoryId: groceries, assigned: '650.00', assignedSet: true, available: '130.00' });
    expect((await alice.rest('GET', '/api/budget/month?month=2026-10')).body.readyToAssign).toBe('750.00');
    // September is untouched by October's changes.
    expect((await alice.rest('GET', '/api/budget/month?month=2026-09')).body.readyToAssign).toBe('450.00');

    // Following the plan again: one category, then the whole month.
    const back = await alice.rest('PUT', `/api/budget/month/2026-10/categories/${dining}`, { assigned: null });
    expect(back.body).toMatchObject({ assigned: '100.00', assignedSet: false, available: '60.00' });
    const plan = await alice.rest('POST', '/api/budget/month/2026-10/assign-from-plan', {});
    expect(plan.status).toBe(200);
    expect(plan.body.readyToAssign).toBe('850.00');
    expect(figures(plan.body.categories)).toEqual(figures(october.categories));
  });

  it('through GraphQL: the same figures', async () => {
    const alice = await h.user();
    const gql = async (query: string, variables: Record<string, unknown> = {}) => {
      const res = await alice.gql(query, variables);
      expect(res.errors).toBeUndefined();
      return res.data;
    };
    const PAYCHECK = `mutation($input: AddPaycheckInput!) { addPaycheck(input: $input) { paycheck { id } } }`;
    await gql(PAYCHECK, { input: { amount: '3000.00', date: '2026-09-15' } });
    await gql(PAYCHECK, { input: { amount: '3000.00', date: '2026-10-15' } });
    const ADD = `mutation($input: AddBudgetCategoryInput!) { addBudgetCategory(input: $input) { budgetCategory { id planKind } } }`;
    const add = async (name: string, planKind: string) =>
      (await gql(ADD, { input: { name, type: 'expenses', planKind } })).addBudgetCategory.budgetCategory.id as string;
    const rent = await add('Rent', 'AMOUNT');
    const groceries = await add('Groceries', 'PERCENTAGE');
    const dining = await add('Dining', 'AMOUNT');
    const saved = await gql(
      `mutation($input: UpdateBudgetAllocationsInput!) { updateBudgetAllocations(input: $input) { budgetCategories { name planKind } } }`,
      {
        input: {
          allocations: [
            { id: rent, allocatedAmount: '1850.00', allocatedPercentage: 31, planKind: 'AMOUNT' },
            { id: groceries, allocatedAmount: '1200.00', allocatedPercentage: 20, planKind: 'PERCENTAGE' },
            { id: dining, allocatedAmount: '100.00', allocatedPercentage: 2 },
          ],
        },
      },
    );
    // Dining without a plan kind: 2 % of 6,000 is 120.00, not 100.00 → amount.
    expect(saved.updateBudgetAllocations.budgetCategories.map((c: any) => c.planKind)).toEqual(['AMOUNT', 'PERCENTAGE', 'AMOUNT']);
    const SPEND = `mutation($input: AddTransactionInput!) { addTransaction(input: $input) { transaction { id } } }`;
    const spend = (amount: string, date: string, categoryId: string) =>
      gql(SPEND, { input: { amount, date, categoryId, description: 'Spent' } });
    await spend('1850.00', '2026-09-01', rent);
    await spend('500.00', '2026-09-10', groceries);
    await spend('150.00', '2026-09-20', dining);
    await spend('650.00', '2026-10-05', groceries);
    await spend('40.00', '2026-10-12', dining);
    const raw = (id: string) => Buffer.from(id, 'base64').toString().split(':')[1]!;
    const refund = await alice.rest('POST', '/api/transactions', {
      amount: '30.00',
      date: '2026-10-06',
      categoryId: raw(groceries),
      kind: 'refund',
      description: 'Returned',
    });
    expect(refund.status).toBe(201);

    const september = (await gql(MONTH, { month: '2026-09' })).viewer.budgetMonth;
    expect(september).toMatchObject({ firstMonth: '2026-09', readyToAssign: '450.00', assigned: '2550.00', available: '50.00' });
    expect(figures(september.categories)).toEqual({
      Rent: ['1850.00', '0.00', '1850.00', '0.00'],
      Groceries: ['600.00', '0.00', '500.00', '100.00'],
      Dining: ['100.00', '0.00', '150.00', '-50.00'],
    });
    expect(september.categories.map((r: any) => [r.planKind, r.status])).toEqual([
      ['AMOUNT', 'NEAR'],
      ['PERCENTAGE', 'NEAR'],
      ['AMOUNT', 'OVER'],
    ]);
    const october = (await gql(MONTH, { month: '2026-10' })).viewer.budgetMonth;
    expect(october.readyToAssign).toBe('850.00');
    expect(figures(october.categories)).toEqual({
      Rent: ['1850.00', '0.00', '0.00', '1850.00'],
      Groceries: ['600.00', '100.00', '620.00', '80.00'],
      Dining: ['100.00', '0.00', '40.00', '60.00'],
    });

    const set = await gql(`mutation($input: SetAssignedInput!) { setAssigned(input: $input) { ${MONTH_FIELDS} } }`, {
      input: { month: '2026-10', categoryId: dining, assigned: '200.00' },
    });
    const afterSet = set.setAssigned.budgetMonth;
    expect(afterSet.readyToAssign).toBe('750.00');
    expect(afterSet.categories.find((r: any) => r.categoryId === dining)).toMatchObject({
      assigned: '200.00',
      assignedSet: true,
      available: '160.00',
    });

    const moved = (
      await gql(`mutation($input: MoveMoneyInput!) { moveMoney(input: $input) { ${MONTH_FIELDS} viewer { id } } }`, {
        input: { month: '2026-10', fromCategoryId: rent, toCategoryId: groceries, amount: '50.00' },
      })
    ).moveMoney.budgetMonth;
    expect(moved.readyToAssign).toBe('750.00');
    expect(figures(moved.categories)).toMatchObject({
      Rent: ['1800.00', '0.00', '0.00', '1800.00'],
      Groceries: ['650.00', '100.00', '620.00', '130.00'],
    });

    const plan = (
      await gql(`mutation($input: AssignFromPlanInput!) { assignFromPlan(input: $input) { ${MONTH_FIELDS} } }`, {
        input: { month: '2026-10' },
      })
    ).assignFromPlan.budgetMonth;
    expect(plan.readyToAssign).toBe('850.00');
    expect(plan.categories.every((r: any) => !r.assignedSet)).toBe(true);
    expect(plan.categories[0].categoryId).toBe(encodeGlobalID('BudgetCategory', raw(rent)));
  });
});

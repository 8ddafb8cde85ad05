import { describe, expect, it } from 'vitest';
import { useModuleHarness } from '../../test/module-harness.ts';

const h = useModuleHarness();
const ADD = `mutation($input: AddBudgetCategoryInput!) { addBudgetCategory(input: $input) { budgetCategory { id name type allocatedAmount allocatedPercentage } } }`;
const SAVE = `mutation($input: UpdateBudgetAllocationsInput!) { updateBudgetAllocations(input: $input) { budgetCategories { name allocatedAmount allocatedPercentage } viewer { budgetSummary { totalIncome allocated remaining } } } }`;
const SUMMARY = `{ viewer { budgetSummary { totalIncome allocated remaining } budgetCategories { totalCount edges { node { name allocatedAmount allocatedPercentage } } } } }`;

async function categories(gql: any, names: string[]) {
  const ids: string[] = [];
  for (const name of names) ids.push((await gql(ADD, { input: { name, type: 'expenses' } })).data.addBudgetCategory.budgetCategory.id);
  return ids;
}

describe('budget', () => {
  it('adds categories with nothing allocated and refuses a blank name', async () => {
    const { gql } = await h.user();
    const res = await gql(ADD, { input: { name: '  Groceries ', type: 'expenses' } });
    expect(res.data.addBudgetCategory.budgetCategory).toMatchObject({
      name: 'Groceries',
      type: 'expenses',
      allocatedAmount: '0.00',
      allocatedPercentage: 0,
    });
    const blank = await gql(ADD, { input: { name: '   ', type: 'bills' } });
    expect(blank.errors?.[0]?.extensions?.issues).toEqual([{ path: ['name'], message: 'Name is required' }]);
  });

  it('saves every allocation at once and computes the totals, remaining may be negative', async () => {
    const { gql } = await h.user();
    await gql(`mutation { addPaycheck(input: { amount: "1000.00", date: "2026-01-01" }) { paycheck { id } } }`);
    const [a, b] = await categories(gql, ['Rent', 'Food']);
    const res = await gql(SAVE, {
      input: {
        allocations: [
          { id: a, allocatedAmount: '700.10', allocatedPercentage: 70 },
          { id: b, allocatedAmount: '400.20', allocatedPercentage: 40 },
        ],
      },
    });
    expect(res.errors).toBeUndefined();
    expect(res.data.updateBudgetAllocations.viewer.budgetSummary).toEqual({
      totalIncome: '1000.00',
      allocated: '1100.30',
      remaining: '-100.30',
    });
  });

  it('is all-or-nothing: one bad row or a foreign id changes nothing', async () => {
    const alice = await h.user();
    const bob = await h.user();
    const [a, b] = await categories(alice.gql, ['A', 'B']);
    const [foreign] = await categories(bob.gql, ['Bob']);
    const bad = await alice.rest('PUT', '/api/budget-categories/bulk', [
      { id: fromGlobal(a!), allocatedAmount: '10', allocatedPercentage: 10 },
      { id: fromGlobal(b!), allocatedAmount: '12.345', allocatedPercentage: 10 },
    ]);
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual([{ path: ['1', 'allocatedAmount'], message: 'Amount must be a valid number' }]);
    const pct = await alice.rest('PUT', '/api/budget-categories/bulk', [
      { id: fromGlobal(a!), allocatedAmount: '1', allocatedPercentage: 101 },
    ]);
    expect(pct.body.errors[0]).toEqual({ path: ['0', 'allocatedPercentage'], message: 'Percentage must be a whole number from 0 to 100' });
    const stolen = await alice.rest('PUT', '/api/budget-categories/bulk', [
      { id: fromGlobal(a!), allocatedAmount: '10', allocatedPercentage: 10 },
      { id: fromGlobal(foreign!), allocatedAmount: '99', allocatedPercentage: 99 },
    ]);
    expect(stolen.status).toBe(404);
    const list = (await alice.gql(SUMMARY)).data.viewer.budgetCategories.edges.map((e: any) => e.node.allocatedAmount);
    expect(list).toEqual(['0.00', '0.00']);
    expect((await bob.gql(SUMMARY)).data.viewer.budgetCategories.edges[0].node.allocatedAmount).toBe('0.00');
  });

  it('accepts the whole list of categories as the Budget screen sends it, ignoring their other fields', async () => {
    const { rest } = await h.user();
    await rest('POST', '/api/budget-categories', { name: 'Savings', type: 'savings', allocatedAmount: '0', allocatedPercentage: 0 });
    const list = (await rest('GET', '/api/budget-categories')).body;
    const edited = list.map((c: any) => ({ ...c, allocatedAmount: '250.5', allocatedPercentage: 25 }));
    const res = await rest('PUT', '/api/budget-categories/bulk', edited);
    expect(res.status).toBe(200);
    expect(res.body[0]).toMatchObject({ name: 'Savings', allocatedAmount: '250.50', allocatedPercentage: 25 });
    expect((await rest('PUT', '/api/budget-categories/bulk', { categories: edited })).status).toBe(200);
  });

  it('deleting a category leaves its transactions and bills uncategorized', async () => {
    const { gql } = await h.user();
    const [id] = await categories(gql, ['Fun']);
    const tx = await gql(
      `mutation($c: ID) { addTransaction(input: { amount: "5", description: "Movie", date: "2026-01-02", categoryId: $c }) { transaction { id category { id } } } }`,
      { c: id },
    );
    expect(tx.data.addTransaction.transaction.category.id).toBe(id);
    const bill = await gql(
      `mutation($c: ID) { addRecurringBill(input: { name: "Netflix", amount: "9.99", frequency: monthly, dueDay: 5, nextDueDate: "2026-02-05", categoryId: $c }) { recurringBill { id category { id } } } }`,
      { c: id },
    );
    expect(bill.data.addRecurringBill.recurringBill.category.id).toBe(id);
    await gql(`mutation($id: ID!) { deleteBudgetCategory(id: $id) { deletedId } }`, { id });
    const after = await gql(
      `{ viewer { transactions { edges { node { category { id } } } } recurringBills { edges { node { category { id } } } } } }`,
    );
    expect(after.data.viewer.transactions.edges[0].node.category).toBeNull();
    expect(after.data.viewer.recurringBills.edges[0].node.category).toBeNull();
  });

  it('serializes concurrent saves: 50 at once leave every row from one save', async () => {
    const { rest } = await h.user();
    for (const name of ['A', 'B', 'C']) await rest('POST', '/api/budget-categories', { name, type: 'bills' });
    const ids = (await rest('GET', '/api/budget-categories')).body.map((c: any) => c.id);
    const saves = Array.from({ length: 50 }, (_, i) =>
      rest(
        'PUT',
        '/api/budget-categories/bulk',
        ids.map((id: string) => ({ id, allocatedAmount: `${i}.00`, allocatedPercentage: i })),
      ),
    );
    expect((await Promise.all(saves)).map((r) => r.status)).toEqual(Array(50).fill(200));
    const final = (await rest('GET', '/api/budget-categories')).body;
    expect(new Set(final.map((c: any) => `${c.allocatedAmount}/${c.allocatedPercentage}`)).size).toBe(1);
  });
});

function fromGlobal(id: string) {
  return Buffer.from(id, 'base64').toString().split(':')[1]!;
}

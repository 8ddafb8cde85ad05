import { describe, expect, it } from 'vitest';
import { Decimal } from '../../lib/money.ts';
import { useModuleHarness } from '../../test/module-harness.ts';

const h = useModuleHarness();
const ADD = `mutation($input: AddTransactionInput!) { addTransaction(input: $input) { transaction { id amount description date category { name } } } }`;
const PAGE = `query($first: Int!, $after: String, $filter: TransactionFilter) { viewer { transactions(first: $first, after: $after, filter: $filter) {
  totalCount pageInfo { hasNextPage endCursor } edges { node { id description date } } } } }`;

describe('transactions', () => {
  it("validates with the spec messages and never links another user's category", async () => {
    const alice = await h.user();
    const bob = await h.user();
    const bobCategory = (await bob.gql(`mutation { addBudgetCategory(input: { name: "Bob's", type: bills }) { budgetCategory { id } } }`))
      .data.addBudgetCategory.budgetCategory.id;
    const blank = await alice.gql(ADD, { input: { amount: '5', description: '  ', date: '2026-01-01' } });
    expect(blank.errors?.[0]?.extensions?.issues).toEqual([{ path: ['description'], message: 'Description is required' }]);
    const amount = await alice.rest('POST', '/api/transactions', { amount: 'NaN', description: 'x', date: '2026-01-01', categoryId: null });
    expect(amount.body.errors).toEqual([{ path: ['amount'], message: 'Amount must be a valid number' }]);
    const foreign = await alice.gql(ADD, { input: { amount: '5', description: 'x', date: '2026-01-01', categoryId: bobCategory } });
    expect(foreign.errors?.[0]?.extensions?.issues).toEqual([{ path: ['categoryId'], message: 'Category not found' }]);
    expect((await alice.rest('GET', '/api/transactions')).body).toEqual([]);
  });

  it('pages through 2,000 rows newest first without gaps or repeats, and filters', async () => {
    const { viewer, gql } = await h.user();
    const cat = await h.db.prisma.budgetCategory.create({ data: { userId: viewer.id, name: 'Food', type: 'expenses' } });
    await h.db.prisma.transaction.createMany({
      data: Array.from({ length: 2000 }, (_, i) => ({
        userId: viewer.id,
        amount: '1.01',
        description: `t${i}`,
        date: new Date(Date.UTC(2024, 0, 1 + (i % 400))),
        categoryId: i % 4 === 0 ? null : cat.id,
      })),
    });
    const seen: string[] = [];
    let after: string | undefined;
    let lastDate = '9999';
    for (;;) {
      const res = await gql(PAGE, { first: 200, after });
      const conn = res.data.viewer.transactions;
      expect(conn.totalCount).toBe(2000);
      for (const { node } of conn.edges) {
        expect(node.date <= lastDate).toBe(true);
        lastDate = node.date;
        seen.push(node.id);
      }
      if (!conn.pageInfo.hasNextPage) break;
      after = conn.pageInfo.endCursor;
    }
    expect(new Set(seen).size).toBe(2000);
    const uncategorized = await gql(PAGE, { first: 1, filter: { uncategorized: true } });
    expect(uncategorized.data.viewer.transactions.totalCount).toBe(500);
    const categoryId = Buffer.from(`BudgetCategory:${cat.id}`).toString('base64');
    expect((await gql(PAGE, { first: 1, filter: { categoryId } })).data.viewer.transactions.totalCount).toBe(1500);
  });

  it('streams the full REST list and keeps money exact', async () => {
    const { viewer, rest } = await h.user();
    let expected = new Decimal(0);
    await h.db.prisma.transaction.createMany({
      data: Array.from({ length: 5000 }, (_, i) => {
        const amount = `${i % 97}.${String(i % 100).padStart(2, '0')}`;
        expected = expected.plus(amount);
        return { userId: viewer.id, amount, description: `row ${i}`, date: new Date(Date.UTC(2025, 0, 1)) };
      }),
    });
    const list = (await rest('GET', '/api/transactions')).body;
    expect(list).toHaveLength(5000);
    expect(Object.keys(list[0]).sort()).toEqual([
      'amount',
      'categoryId',
      'createdAt',
      'date',
      'description',
      'id',
      'plaidItemId',
      'plaidTransactionId',
      'userId',
    ]);
    expect(list.reduce((sum: Decimal, t: any) => sum.plus(t.amount), new Decimal(0)).toFixed(2)).toBe(expected.toFixed(2));
    const two = await rest('POST', '/api/transactions', { amount: '0.10', description: 'a', date: '2026-01-01' });
    expect(two.status).toBe(201);
    expect(two.body).toMatchObject({ amount: '0.10', date: '2026-01-01', categoryId: null });
    expect((await rest('DELETE', `/api/transactions/${two.body.id}`)).status).toBe(204);
    expect((await rest('DELETE', `/api/transactions/${two.body.id}`)).status).toBe(404);
  });
});

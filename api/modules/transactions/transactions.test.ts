import { describe, expect, it } from 'vitest';
import { encodeGlobalID } from '@pothos/plugin-relay';
import { Decimal } from '../../lib/money.ts';
import { useModuleHarness } from '../../test/module-harness.ts';
import { exportTransactionBatches } from './transactions.service.ts';

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
    // An expense of nothing: refused (as an import refuses a row of zero).
    const zero = await alice.rest('POST', '/api/transactions', { amount: '0.00', description: 'x', date: '2026-01-01' });
    expect(zero.body.errors).toEqual([{ path: ['amount'], message: 'Amount must be greater than 0' }]);
    const zeroGql = await alice.gql(ADD, { input: { amount: '0', description: 'x', date: '2026-01-01' } });
    expect(zeroGql.errors?.[0]?.extensions?.issues).toEqual([{ path: ['amount'], message: 'Amount must be greater than 0' }]);
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
      'accountId',
      'amount',
      'categoryId',
      'createdAt',
      'date',
      'description',
      'fitid',
      'id',
      'importId',
      'importedDescription',
      'kind',
      'payee',
      'payeeId',
      'pending',
      'plaidItemId',
      'plaidTransactionId',
      'scheduleId',
      'splits',
      'status',
      'userId',
    ]);
    expect(list.reduce((sum: Decimal, t: any) => sum.plus(t.amount), new Decimal(0)).toFixed(2)).toBe(expected.toFixed(2));
    const two = await rest('POST', '/api/transactions', { amount: '0.10', description: 'a', date: '2026-01-01' });
    expect(two.status).toBe(201);
    expect(two.body).toMatchObject({ amount: '0.10', date: '2026-01-01', categoryId: null });
    expect((await rest('DELETE', `/api/transactions/${two.body.id}`)).status).toBe(204);
    expect((await rest('DELETE', `/api/transactions/${two.body.id}`)).status).toBe(404);
  });

  it("lets other requests run between a full read's batches (PGlite answers within one turn of the event loop)", async () => {
    const { viewer } = await h.user();
    await h.db.prisma.transaction.createMany({
      data: Array.from({ length: 5000 }, (_, i) => ({
        userId: viewer.id,
        amount: '1.00',
        description: `row ${i}`,
        date: new Date(Date.UTC(2025, 0, 1)),
      })),
    });
    // A callback queued like an incoming request's I/O: it must have run before the next batch comes.
    const gaps: boolean[] = [];
    let ran = true;
    let rows = 0;
    for await (const batch of exportTransactionBatches(viewer, 'csv')) {
      gaps.push(ran);
      rows += (JSON.parse(batch) as unknown[]).length;
      ran = false;
      setImmediate(() => (ran = true));
    }
    expect(rows).toBe(5000);
    expect(gaps).toEqual([true, true, true]); // batches of 2,000
  });
});

const UPDATE = `mutation($input: UpdateTransactionInput!) { updateTransaction(input: $input) { transaction { id amount description date category { name } } viewer { transactions { totalCount } } } }`;

describe('editing a transaction', () => {
  it('changes only the fields given, through GraphQL and REST; a null category uncategorizes it', async () => {
    const { gql, rest } = await h.user();
    const food = (await rest('POST', '/api/budget-categories', { name: 'Food', type: 'expenses' })).body;
    const fun = (await rest('POST', '/api/budget-categories', { name: 'Fun', type: 'expenses' })).body;
    const row = (
      await rest('POST', '/api/transactions', { amount: '12.00', description: 'Lunch', date: '2026-01-05', categoryId: food.id })
    ).body;
    const id = encodeGlobalID('Transaction', row.id);
    const edited = await gql(UPDATE, { input: { id, amount: '13.50', categoryId: encodeGlobalID('BudgetCategory', fun.id) } });
    expect(edited.data.updateTransaction).toEqual({
      transaction: { id, amount: '13.50', description: 'Lunch', date: '2026-01-05', category: { name: 'Fun' } },
      viewer: { transactions: { totalCount: 1 } },
    });
    // A missing category stays, null clears it.
    expect((await gql(UPDATE, { input: { id, description: 'Brunch' } })).data.updateTransaction.transaction.category).toEqual({
      name: 'Fun',
    });
    expect((await gql(UPDATE, { input: { id, categoryId: null } })).data.updateTransaction.transaction.category).toBeNull();

    const patched = await rest('PATCH', `/api/transactions/${row.id}`, { date: '2026-02-01', categoryId: food.id });
    expect(patched.status).toBe(200);
    expect(patched.body).toEqual({ ...row, amount: '13.50', description: 'Brunch', date: '2026-02-01', categoryId: food.id });
    expect((await rest('PATCH', `/api/transactions/${row.id}`, { categoryId: '' })).body.categoryId).toBeNull();
    expect((await rest('PATCH', `/api/transactions/${row.id}`, {})).body).toEqual({ ...patched.body, categoryId: null });
  });

  it("refuses bad values, another user's category and fields that cannot be changed, writing nothing", async () => {
    const { gql, rest } = await h.user();
    const stranger = await h.user();
    const theirs = (await stranger.rest('POST', '/api/budget-categories', { name: 'X', type: 'bills' })).body;
    const row = (await rest('POST', '/api/transactions', { amount: '1', description: 'Tea', date: '2026-01-01' })).body;
    const patch = (body: unknown) => rest('PATCH', `/api/transactions/${row.id}`, body);
    expect((await patch({ description: ' ' })).body).toEqual({
      message: 'Description is required',
      errors: [{ path: ['description'], message: 'Description is required' }],
    });
    expect((await patch({ description: null })).body.message).toBe('Description is required');
    expect((await patch({ description: 'x'.repeat(501) })).body.message).toBe('Description must be at most 500 characters');
    expect((await patch({ amount: '-1' })).body.message).toBe('Amount must be a valid number');
    expect((await patch({ amount: '0' })).body.message).toBe('Amount must be greater than 0');
    expect((await patch({ date: '2026-13-01' })).body.message).toBe('Date must be a valid date (YYYY-MM-DD)');
    expect((await patch({ amount: '2', categoryId: theirs.id })).body).toEqual({
      message: 'Category not found',
      errors: [{ path: ['categoryId'], message: 'Category not found' }],
    });
    for (const field of ['id', 'userId', 'createdAt', 'plaidTransactionId']) {
      const res = await patch({ amount: '2', [field]: 'x' });
      expect(res.status).toBe(400);
      expect(res.body.message).toContain(`"${field}"`);
    }
    const bad = await gql(UPDATE, {
      input: { id: encodeGlobalID('Transaction', row.id), categoryId: encodeGlobalID('BudgetCategory', theirs.id) },
    });
    expect(bad.errors?.[0]?.extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      issues: [{ path: ['categoryId'], message: 'Category not found' }],
    });
    expect((await rest('GET', '/api/transactions')).body).toEqual([row]);
  });

  it("answers another user's transaction exactly as a missing one, and leaves it alone", async () => {
    const alice = await h.user();
    const bob = await h.user();
    const row = (await alice.rest('POST', '/api/transactions', { amount: '1', description: 'Tea', date: '2026-01-01' })).body;
    for (const id of [row.id, 'missing']) {
      expect(await bob.rest('PATCH', `/api/transactions/${id}`, { amount: '9' })).toMatchObject({
        status: 404,
        body: { message: 'Not found' },
      });
      const res = await bob.gql(UPDATE, { input: { id: encodeGlobalID('Transaction', id), amount: '9' } });
      expect(res.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    }
    expect((await alice.rest('GET', '/api/transactions')).body).toEqual([row]);
  });

  it('applies 20 concurrent edits of different fields; an edit racing a delete of it or of its category never fails unexpectedly', async () => {
    const { rest } = await h.user();
    const category = (await rest('POST', '/api/budget-categories', { name: 'Food', type: 'expenses' })).body;
    const row = (await rest('POST', '/api/transactions', { amount: '1', description: 'Tea', date: '2026-01-01' })).body;
    const edits = Array.from(
      { length: 20 },
      (_, i) =>
        (
          [{ amount: `${i}.10` }, { description: `Item ${i}` }, { date: `2026-04-${10 + i}` }, { categoryId: category.id }] as Record<
            string,
            string
          >[]
        )[i % 4]!,
    );
    const answers = await Promise.all(edits.map((body) => rest('PATCH', `/api/transactions/${row.id}`, body)));
    expect(answers.map((a) => a.status)).toEqual(edits.map(() => 200));
    const [after] = (await rest('GET', '/api/transactions')).body;
    expect(after.categoryId).toBe(category.id);
    for (const field of ['amount', 'description', 'date'] as const) {
      expect(edits.flatMap((e) => (field in e ? [e[field]] : []))).toContain(after[field]);
    }

    for (let i = 0; i < 5; i++) {
      const { id } = (await rest('POST', '/api/transactions', { amount: '1', description: 'Tea', date: '2026-01-01' })).body;
      const [edit, removal] = await Promise.all([
        rest('PATCH', `/api/transactions/${id}`, { amount: '2' }),
        rest('DELETE', `/api/transactions/${id}`),
      ]);
      expect([200, 404]).toContain(edit.status);
      expect(removal.status).toBe(204);

      const doomed = (await rest('POST', '/api/budget-categories', { name: 'Doomed', type: 'expenses' })).body;
      const [linked, gone] = await Promise.all([
        rest('PATCH', `/api/transactions/${row.id}`, { categoryId: doomed.id }),
        rest('DELETE', `/api/budget-categories/${doomed.id}`),
      ]);
      expect(gone.status).toBe(204);
      if (linked.status !== 200) expect(linked).toMatchObject({ status: 400, body: { message: 'Category not found' } });
      // Either way the transaction does not point at the deleted category.
      expect((await rest('GET', '/api/transactions')).body.find((t: { id: string }) => t.id === row.id).categoryId).not.toBe(doomed.id);
    }
  });
});

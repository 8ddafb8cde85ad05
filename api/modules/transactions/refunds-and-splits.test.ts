import { describe, expect, it } from 'vitest';
import { encodeGlobalID } from '@pothos/plugin-relay';
import { useModuleHarness } from '../../test/module-harness.ts';
import { SPLIT_TOTAL_MESSAGE } from '../../../shared/inputs/transactions.ts';

// Refunds and splits (docs/product.md#refunds-and-splits) through REST and GraphQL: the rules, the
// balances they move, the filters, and the reports and exports that count them.
const h = useModuleHarness();

const DAY = '2026-03-10';
/** A custom window around DAY: the reports' figures for it. */
const WINDOW = 'period=month&from=2026-03-01&to=2026-03-31';

async function setUp() {
  const user = await h.user();
  const category = async (name: string) =>
    (await user.rest('POST', '/api/budget-categories', { name, type: 'expenses' })).body.id as string;
  const [groceries, household] = [await category('Groceries'), await category('Household')];
  const checking = (
    await user.rest('POST', '/api/accounts', { name: 'Checking', type: 'checking', balance: '1000.00', startingDate: '2000-01-01' })
  ).body.id as string;
  return { ...user, groceries, household, checking };
}

const balanceOf = async (rest: Awaited<ReturnType<typeof setUp>>['rest'], id: string) =>
  (await rest('GET', '/api/accounts')).body.find((a: { id: string }) => a.id === id).balance;

describe('refunds', () => {
  it('raise the account balance, net spending, and answer in lists and filters (REST)', async () => {
    const { rest, groceries, checking } = await setUp();
    const expense = await rest('POST', '/api/transactions', {
      amount: '80.00',
      description: 'Groceries',
      date: DAY,
      categoryId: groceries,
      accountId: checking,
    });
    // A client that sends no kind gets the spec's expense, and its row only gains kind and splits.
    expect(expense.status).toBe(201);
    expect(expense.body).toMatchObject({ kind: 'expense', splits: [], amount: '80.00', categoryId: groceries });
    const refund = await rest('POST', '/api/transactions', {
      amount: '30.00',
      description: 'Returned melon',
      date: DAY,
      categoryId: groceries,
      accountId: checking,
      kind: 'refund',
    });
    expect(refund.body).toMatchObject({ kind: 'refund', amount: '30.00' });
    expect(await balanceOf(rest, checking)).toBe('950.00');

    const list = (await rest('GET', '/api/transactions')).body;
    expect(list.map((t: { kind: string }) => t.kind).sort()).toEqual(['expense', 'refund']);
    expect((await rest('GET', '/api/transactions?kind=refund')).body.map((t: { id: string }) => t.id)).toEqual([refund.body.id]);
    expect((await rest('GET', '/api/transactions?kind=refund&limit=5')).body.items).toHaveLength(1);
    expect((await rest('GET', '/api/transactions/summary')).body).toEqual({ count: 2, total: '50.00' });
    expect((await rest('GET', '/api/transactions?kind=loan')).body.errors).toEqual([
      { path: ['kind'], message: 'Kind must be expense or refund' },
    ]);

    // The account's activity: the refund adds to the balance.
    const activity = (await rest('GET', `/api/accounts/${checking}/activity`)).body.items;
    expect(activity.map((a: { kind: string; change: string; balanceAfter: string }) => [a.kind, a.change, a.balanceAfter])).toEqual([
      ['refund', '30.00', '950.00'],
      ['expense', '-80.00', '920.00'],
    ]);

    // An expense becomes a refund: its effect turns round (80 back, 80 more).
    await rest('PATCH', `/api/transactions/${expense.body.id}`, { kind: 'refund' });
    expect(await balanceOf(rest, checking)).toBe('1110.00');
    expect((await rest('PATCH', `/api/transactions/${expense.body.id}`, { kind: null })).body.errors).toEqual([
      { path: ['kind'], message: 'Kind must be expense or refund' },
    ]);
    // Deleting them (one, then the rest in bulk) gives each its effect back.
    await rest('DELETE', `/api/transactions/${refund.body.id}`);
    expect(await balanceOf(rest, checking)).toBe('1080.00');
    await rest('POST', '/api/transactions/bulk-delete', { filter: { kind: 'refund' } });
    expect(await balanceOf(rest, checking)).toBe('1000.00');
  });

  it('an imported expense edited into a refund gives its own effect back when the import is undone', async () => {
    const { rest, checking } = await setUp();
    const imported = await rest('POST', '/api/imports', {
      fileName: 'bank.csv',
      content: 'Date,Description,Amount\n2026-03-01,Shoes,-40.00\n2026-03-02,Socks,-5.00\n',
      accountId: checking,
    });
    expect(imported.status).toBe(201);
    expect(await balanceOf(rest, checking)).toBe('955.00');
    const shoes = (await rest('GET', '/api/transactions?q=shoes')).body[0].id;
    await rest('PATCH', `/api/transactions/${shoes}`, { kind: 'refund' });
    expect(await balanceOf(rest, checking)).toBe('1035.00');
    expect((await rest('DELETE', `/api/imports/${imported.body.id}`)).status).toBe(204);
    expect(await balanceOf(rest, checking)).toBe('1000.00');
  });

  it('net the reports, the Dashboard and the trend; the net worth follows', async () => {
    const { rest, gql, groceries, checking } = await setUp();
    const today = new Date().toISOString().slice(0, 10);
    await rest('POST', '/api/paychecks', { amount: '500.00', date: today });
    await rest('POST', '/api/transactions', {
      amount: '80.00',
      description: 'Food',
      date: today,
      categoryId: groceries,
      accountId: checking,
    });
    await rest('POST', '/api/transactions', {
      amount: '30.00',
      description: 'Back',
      date: today,
      categoryId: groceries,
      kind: 'refund',
      accountId: checking,
    });
    const { data } = await gql(`{ viewer { netWorth dashboard { totalSpent remaining } report(period: MONTH) { totalSpent transactionCount
      spendingByCategory { name amount } budgetVsActual { category { name } spent } } } }`);
    expect(data.viewer.netWorth).toBe('950.00');
    expect(data.viewer.dashboard).toEqual({ totalSpent: '50.00', remaining: '450.00' });
    expect(data.viewer.report.totalSpent).toBe('50.00');
    expect(data.viewer.report.transactionCount).toBe(2);
    expect(data.viewer.report.spendingByCategory).toEqual([{ name: 'Groceries', amount: '50.00' }]);
    expect(data.viewer.report.budgetVsActual).toContainEqual({ category: { name: 'Groceries' }, spent: '50.00' });
    const trend = (await rest('GET', '/api/reports/trend?months=1')).body.months;
    expect(trend).toEqual([{ month: today.slice(0, 7), income: '500.00', spending: '50.00' }]);
  });
});

describe('splits', () => {
  it('take lines that add up exactly; anything else is a 400 that writes nothing (REST)', async () => {
    const { viewer, rest, groceries, household, checking } = await setUp();
    const other = await h.user();
    const theirs = (await other.rest('POST', '/api/budget-categories', { name: 'Theirs', type: 'expenses' })).body.id;
    const base = { amount: '60.00', description: 'Big store', date: DAY, accountId: checking };
    const bad: [object, { path: string[]; message: string }[]][] = [
      [
        {
          splits: [
            { categoryId: groceries, amount: '40.00' },
            { categoryId: household, amount: '19.99' },
          ],
        },
        [{ path: ['splits'], message: SPLIT_TOTAL_MESSAGE }],
      ],
      [{ splits: [{ categoryId: groceries, amount: '60.01' }] }, [{ path: ['splits'], message: SPLIT_TOTAL_MESSAGE }]],
      [
        { splits: [{ categoryId: groceries, amount: '60.00' }, { amount: '0.00' }] },
        [{ path: ['splits', '1', 'amount'], message: 'Amount must be greater than 0' }],
      ],
      [
        { categoryId: groceries, splits: [{ categoryId: household, amount: '60.00' }] },
        [{ path: ['categoryId'], message: 'A split transaction has its categories on its lines: leave its category empty' }],
      ],
      [
        { splits: [{ categoryId: groceries, amount: '60.00', colour: 'red' }] },
        [{ path: ['splits', '0'], message: 'Unrecognized key: "colour"' }],
      ],
      [{ splits: 'all of it' }, [{ path: ['splits'], message: 'splits must be a list of lines' }]],
      // Another user's category answers exactly as a missing one.
      [
        {
          splits: [
            { categoryId: groceries, amount: '30.00' },
            { categoryId: theirs, amount: '30.00' },
          ],
        },
        [{ path: ['splits', '1', 'categoryId'], message: 'Category not found' }],
      ],
      [
        {
          splits: [
            { categoryId: groceries, amount: '30.00' },
            { categoryId: '01a21838-0000-7000-8000-000000000000', amount: '30.00' },
          ],
        },
        [{ path: ['splits', '1', 'categoryId'], message: 'Category not found' }],
      ],
    ];
    for (const [input, errors] of bad) {
      const res = await rest('POST', '/api/transactions', { ...base, ...input });
      expect(res.status, JSON.stringify(input)).toBe(400);
      expect(res.body.errors, JSON.stringify(input)).toEqual(errors);
    }
    expect(await h.db.prisma.transactionSplit.count({ where: { userId: viewer.id } })).toBe(0);
    expect((await rest('GET', '/api/transactions')).body).toEqual([]);
    expect(await balanceOf(rest, checking)).toBe('1000.00');

    const split = await rest('POST', '/api/transactions', {
      ...base,
      splits: [
        { categoryId: groceries, amount: '40.00', notes: 'food' },
        { categoryId: household, amount: '15.5' },
        { categoryId: null, amount: '4.50' },
      ],
    });
    expect(split.status).toBe(201);
    expect(split.body).toMatchObject({
      categoryId: null,
      kind: 'expense',
      splits: [
        { categoryId: groceries, amount: '40.00', notes: 'food' },
        { categoryId: household, amount: '15.50', notes: null },
        { categoryId: null, amount: '4.50', notes: null },
      ],
    });
    // The balance moves by the transaction's amount, once.
    expect(await balanceOf(rest, checking)).toBe('940.00');
    // Reads carry the lines: the whole list, a page, and a category filter that matches a line.
    const [row] = (await rest('GET', '/api/transactions')).body;
    expect(row.splits).toEqual(split.body.splits);
    expect((await rest('GET', '/api/transactions?limit=10')).body.items[0].splits).toEqual(split.body.splits);
    expect((await rest('GET', `/api/transactions?categoryId=${household}`)).body).toHaveLength(1);
    expect((await rest('GET', '/api/transactions?uncategorized=true')).body).toHaveLength(1);
    expect((await rest('GET', `/api/transactions/summary?categoryId=${groceries}`)).body).toEqual({ count: 1, total: '60.00' });
    // The other user sees none of it.
    expect((await other.rest('GET', '/api/transactions')).body).toEqual([]);
  });

  it('are replaced, checked against the amount, removed and taken over by a category on PATCH', async () => {
    const { rest, groceries, household } = await setUp();
    const id = (
      await rest('POST', '/api/transactions', {
        amount: '50.00',
        description: 'Market',
        date: DAY,
        splits: [
          { categoryId: groceries, amount: '30.00' },
          { categoryId: household, amount: '20.00' },
        ],
      })
    ).body.id;
    const patch = (body: object) => rest('PATCH', `/api/transactions/${id}`, body);
    // A new amount that the lines no longer add up to: refused on the amount, nothing changed.
    expect((await patch({ amount: '55.00' })).body.errors).toEqual([{ path: ['amount'], message: SPLIT_TOTAL_MESSAGE }]);
    expect((await patch({ amount: '55.00', splits: [{ categoryId: groceries, amount: '50.00' }] })).body.errors).toEqual([
      { path: ['splits'], message: SPLIT_TOTAL_MESSAGE },
    ]);
    expect((await patch({ splits: [{ categoryId: groceries, amount: '49.00' }] })).body.errors).toEqual([
      { path: ['splits'], message: SPLIT_TOTAL_MESSAGE },
    ]);
    expect((await rest('GET', '/api/transactions')).body[0]).toMatchObject({
      amount: '50.00',
      splits: [{ amount: '30.00' }, { amount: '20.00' }],
    });
    // Amount and lines together; then other fields keep the lines.
    const replaced = await patch({
      amount: '55.00',
      splits: [
        { categoryId: household, amount: '5.00', notes: 'bags' },
        { categoryId: groceries, amount: '50.00' },
      ],
    });
    expect(replaced.status).toBe(200);
    expect(replaced.body.splits).toEqual([
      { categoryId: household, amount: '5.00', notes: 'bags' },
      { categoryId: groceries, amount: '50.00', notes: null },
    ]);
    expect((await patch({ description: 'Market hall' })).body.splits).toHaveLength(2);
    // A category for the whole of it: no longer split.
    const whole = await patch({ categoryId: household });
    expect(whole.body).toMatchObject({ categoryId: household, splits: [] });
    // Split again, then removed with []: uncategorized.
    await patch({ splits: [{ categoryId: groceries, amount: '55.00' }] });
    expect((await rest('GET', '/api/transactions')).body[0]).toMatchObject({ categoryId: null, splits: [{ categoryId: groceries }] });
    expect((await patch({ splits: [] })).body).toMatchObject({ categoryId: null, splits: [] });
    expect(await h.db.prisma.transactionSplit.count({ where: { transactionId: id } })).toBe(0);
  });

  it('leave their lines uncategorized when a category is deleted; a bulk category change unsplits', async () => {
    const { rest, groceries, household } = await setUp();
    const id = (
      await rest('POST', '/api/transactions', {
        amount: '10.00',
        description: 'Mixed',
        date: DAY,
        splits: [
          { categoryId: groceries, amount: '6.00' },
          { categoryId: household, amount: '4.00' },
        ],
      })
    ).body.id;
    expect((await rest('DELETE', `/api/budget-categories/${household}`)).status).toBe(204);
    const [row] = (await rest('GET', '/api/transactions')).body;
    expect(row.splits).toEqual([
      { categoryId: groceries, amount: '6.00', notes: null },
      { categoryId: null, amount: '4.00', notes: null },
    ]);
    expect((await rest('GET', '/api/transactions?uncategorized=true')).body.map((t: { id: string }) => t.id)).toEqual([id]);
    // Bulk: chosen by the category of one of its lines, the whole of it goes into the new category.
    const other = (await rest('POST', '/api/budget-categories', { name: 'Other', type: 'expenses' })).body.id;
    expect((await rest('PATCH', '/api/transactions', { filter: { categoryId: groceries }, categoryId: other })).body).toEqual({ count: 1 });
    expect((await rest('GET', '/api/transactions')).body[0]).toMatchObject({ categoryId: other, splits: [] });
  });

  it('count each line in its category in the reports, Budget vs Actual, the CSV, the HTML report and the JSON export', async () => {
    const { rest, groceries, household } = await setUp();
    await rest('POST', '/api/transactions', {
      amount: '60.00',
      description: 'Big store',
      date: DAY,
      splits: [
        { categoryId: groceries, amount: '40.00', notes: 'weekly shop' },
        { categoryId: household, amount: '20.00' },
      ],
    });
    await rest('POST', '/api/transactions', {
      amount: '15.00',
      description: 'Returned',
      date: DAY,
      kind: 'refund',
      splits: [
        { categoryId: groceries, amount: '10.00' },
        { categoryId: null, amount: '5.00' },
      ],
    });
    await rest('POST', '/api/transactions', { amount: '7.00', description: 'Milk', date: DAY, categoryId: groceries });
    const report = (await rest('GET', `/api/reports?${WINDOW}`)).body;
    expect(report.totalSpent).toBe('52.00');
    expect(report.transactionCount).toBe(3);
    expect(report.spendingByCategory.map((s: { name: string; amount: string }) => [s.name, s.amount])).toEqual([
      ['Groceries', '37.00'],
      ['Household', '20.00'],
      ['Uncategorized', '-5.00'],
    ]);
    expect(report.budgetVsActual.map((b: { name: string; spent: string }) => [b.name, b.spent])).toEqual([
      ['Groceries', '37.00'],
      ['Household', '20.00'],
    ]);
    // The budget's month reads the same lines.
    const month = (await rest('GET', '/api/budget/month?month=2026-03')).body;
    expect(month.categories.map((c: { name: string; spent: string }) => [c.name, c.spent])).toEqual([
      ['Groceries', '37.00'],
      ['Household', '20.00'],
      ['Uncategorized', '-5.00'],
    ]);

    const csv = (await rest('GET', '/api/export/transactions.csv?period=all')).text.trim().split('\n');
    expect(csv[0]).toBe('Date,Description,Amount,Category');
    expect(csv.slice(1).sort()).toEqual(
      [
        '2026-03-10,Big store — weekly shop,40.00,Groceries',
        '2026-03-10,Big store,20.00,Household',
        '2026-03-10,Returned,-10.00,Groceries',
        '2026-03-10,Returned,-5.00,Uncategorized',
        '2026-03-10,Milk,7.00,Groceries',
      ].sort(),
    );

    const html = (await rest('GET', `/api/export/report.html?${WINDOW}`)).text;
    expect(html).toContain('<td>Groceries</td><td class="num">$37.00</td>');
    expect(html).toContain('Groceries $40.00, Household $20.00');
    expect(html).toContain('<td class="num">$15.00</td>');

    const all = (await rest('GET', '/api/export/all.json')).body;
    expect(all.transactions.map((t: { kind: string }) => t.kind).sort()).toEqual(['expense', 'expense', 'refund']);
    expect(all.transactionSplits).toHaveLength(4);
    expect(all.transactionSplits[0]).toMatchObject({ categoryId: groceries, amount: '40.00', notes: 'weekly shop', position: 0 });
  });
});

const ADD = `mutation($input: AddTransactionInput!) { addTransaction(input: $input) { transaction { id kind amount category { name }
  splits { categoryId category { name } amount notes } } viewer { netWorth } } }`;
const UPDATE = `mutation($input: UpdateTransactionInput!) { updateTransaction(input: $input) { transaction { kind splits { amount category { name } } } } }`;
const LIST = `query($filter: TransactionFilter) { viewer { transactions(first: 10, filter: $filter) { totalCount
  edges { node { description kind splits { amount category { name } } } } } } }`;

describe('refunds and splits in GraphQL', () => {
  it('add, read, filter and edit them; bad input writes nothing', async () => {
    const { gql, groceries, household, checking } = await setUp();
    const other = await h.user();
    const theirs = (await other.rest('POST', '/api/budget-categories', { name: 'Theirs', type: 'expenses' })).body.id;
    const [g, hh, acct] = [
      encodeGlobalID('BudgetCategory', groceries),
      encodeGlobalID('BudgetCategory', household),
      encodeGlobalID('Account', checking),
    ];
    const bad = await gql(ADD, {
      input: {
        amount: '9.00',
        description: 'x',
        date: DAY,
        splits: [
          { categoryId: g, amount: '4.00' },
          { categoryId: hh, amount: '4.00' },
        ],
      },
    });
    expect(bad.errors?.[0]?.extensions?.issues).toEqual([{ path: ['splits'], message: SPLIT_TOTAL_MESSAGE }]);
    const foreign = await gql(ADD, {
      input: {
        amount: '8.00',
        description: 'x',
        date: DAY,
        splits: [{ categoryId: encodeGlobalID('BudgetCategory', theirs), amount: '8.00' }],
      },
    });
    expect(foreign.errors?.[0]?.extensions?.issues).toEqual([{ path: ['splits', '0', 'categoryId'], message: 'Category not found' }]);
    expect(await h.db.prisma.transaction.count({ where: { description: 'x' } })).toBe(0);

    const added = await gql(ADD, {
      input: {
        amount: '25.00',
        description: 'Refund of a split',
        date: DAY,
        kind: 'REFUND',
        accountId: acct,
        splits: [{ categoryId: g, amount: '20.00', notes: 'fruit' }, { amount: '5.00' }],
      },
    });
    expect(added.errors).toBeUndefined();
    const t = added.data.addTransaction.transaction;
    expect(t).toMatchObject({ kind: 'REFUND', amount: '25.00', category: null });
    expect(t.splits).toEqual([
      { categoryId: g, category: { name: 'Groceries' }, amount: '20.00', notes: 'fruit' },
      { categoryId: null, category: null, amount: '5.00', notes: null },
    ]);
    expect(added.data.addTransaction.viewer.netWorth).toBe('1025.00');
    await gql(ADD, { input: { amount: '3.00', description: 'Plain', date: DAY, categoryId: hh } });

    const list = async (filter: object) => (await gql(LIST, { filter })).data.viewer.transactions;
    expect((await list({ kind: 'REFUND' })).edges.map((e: { node: { description: string } }) => e.node.description)).toEqual([
      'Refund of a split',
    ]);
    expect((await list({ kind: 'EXPENSE' })).totalCount).toBe(1);
    expect((await list({ categoryId: g })).edges[0].node).toEqual({
      description: 'Refund of a split',
      kind: 'REFUND',
      splits: [
        { amount: '20.00', category: { name: 'Groceries' } },
        { amount: '5.00', category: null },
      ],
    });
    expect((await list({ uncategorized: true })).totalCount).toBe(1);

    const edit = await gql(UPDATE, { input: { id: t.id, kind: 'EXPENSE', splits: [{ categoryId: hh, amount: '25.00' }] } });
    expect(edit.data.updateTransaction.transaction).toEqual({
      kind: 'EXPENSE',
      splits: [{ amount: '25.00', category: { name: 'Household' } }],
    });
    const unsplit = await gql(UPDATE, { input: { id: t.id, splits: [] } });
    expect(unsplit.data.updateTransaction.transaction.splits).toEqual([]);
    const summary = await gql(`{ viewer { netWorth transactionSummary { count total } } }`);
    expect(summary.data.viewer).toEqual({ netWorth: '975.00', transactionSummary: { count: 2, total: '28.00' } });
  });
});

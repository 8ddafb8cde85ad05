import { describe, expect, it } from 'vitest';
import { encodeGlobalID } from '@pothos/plugin-relay';
import { useModuleHarness } from '../../test/module-harness.ts';

// Finding transactions (docs/product.md#transactions): filters on REST and GraphQL, their count
// and sum, and bulk changes that are all or nothing.
const h = useModuleHarness();
type User = Awaited<ReturnType<typeof h.user>>;

async function someTransactions(rest: User['rest']) {
  const food = (await rest('POST', '/api/budget-categories', { name: 'Food', type: 'expenses' })).body.id;
  const fun = (await rest('POST', '/api/budget-categories', { name: 'Fun', type: 'expenses' })).body.id;
  const card = (await rest('POST', '/api/accounts', { name: 'Card', type: 'credit', startingDate: '2000-01-01' })).body.id;
  const rows = [
    ['Café de Flore', '12.50', '2026-03-01', food, card],
    ['Whole Foods market', '80.00', '2026-03-05', food, null],
    ['Cinema tickets', '24.00', '2026-03-10', fun, card],
    ['Coffee beans', '15.25', '2026-04-02', food, null],
    ['Parking', '6.00', '2026-04-03', null, card],
  ] as const;
  const ids: string[] = [];
  for (const [description, amount, date, categoryId, accountId] of rows)
    ids.push((await rest('POST', '/api/transactions', { description, amount, date, categoryId, accountId })).body.id);
  return { food, fun, card, ids };
}

const names = (list: { description: string }[]) => list.map((t) => t.description);

describe('finding transactions', () => {
  it('filters the REST list by words, days, amounts, category and account, with its count and sum', async () => {
    const { rest } = await h.user();
    const { food, card } = await someTransactions(rest);
    const list = async (query: string) => names((await rest('GET', `/api/transactions?${query}`)).body);
    expect(await list('q=cafe')).toEqual(['Café de Flore']);
    expect(await list('q=FLO')).toEqual(['Café de Flore']);
    expect(await list('q=ee')).toEqual(['Coffee beans']);
    expect(await list('from=2026-03-05&to=2026-04-02')).toEqual(['Coffee beans', 'Cinema tickets', 'Whole Foods market']);
    expect(await list('minAmount=15.25&maxAmount=24')).toEqual(['Coffee beans', 'Cinema tickets']);
    expect(await list(`categoryId=${food}&to=2026-03-31`)).toEqual(['Whole Foods market', 'Café de Flore']);
    expect(await list('uncategorized=true')).toEqual(['Parking']);
    expect(await list(`accountId=${card}&q=c`)).toEqual(['Cinema tickets', 'Café de Flore']);
    expect((await rest('GET', `/api/transactions?categoryId=${food}&limit=2`)).body.items).toHaveLength(2);
    expect((await rest('GET', `/api/transactions/summary?categoryId=${food}`)).body).toEqual({ count: 3, total: '107.75' });
    expect((await rest('GET', '/api/transactions/summary?q=nothing')).body).toEqual({ count: 0, total: '0.00' });
    // Bad filters: a clear 400.
    expect((await rest('GET', '/api/transactions?from=2026-04-01&to=2026-03-01')).body).toEqual({
      message: 'The end date must be on or after the start date',
      errors: [{ path: ['to'], message: 'The end date must be on or after the start date' }],
    });
    expect((await rest('GET', '/api/transactions?minAmount=abc')).body.message).toBe('Amount must be a valid number');
    // A bad bound beside a good one is that bound's message, not a comparison of it (which once answered 500).
    for (const query of ['minAmount=100&maxAmount=abc', 'minAmount=1e3&maxAmount=5'])
      expect(await rest('GET', `/api/transactions/summary?${query}`)).toMatchObject({
        status: 400,
        body: { errors: [{ path: [query.includes('abc') ? 'maxAmount' : 'minAmount'], message: 'Amount must be a valid number' }] },
      });
    expect((await rest('GET', '/api/transactions/summary?uncategorized=maybe')).status).toBe(400);
  });

  it('finds every word of a search, each anywhere in the description and in any order, on REST and GraphQL', async () => {
    const { gql, rest } = await h.user();
    for (const description of ['UBER *EATS', 'STARBUCKS COFFEE #12', 'Coffee beans', 'Uber trip', 'Eats & treats'])
      await rest('POST', '/api/transactions', { description, amount: '5.00', date: '2026-03-01' });
    const list = async (q: string) => names((await rest('GET', `/api/transactions?q=${encodeURIComponent(q)}`)).body).sort();
    expect(await list('uber eats')).toEqual(['UBER *EATS']);
    expect(await list('eats uber')).toEqual(['UBER *EATS']);
    expect(await list('coffee starbucks')).toEqual(['STARBUCKS COFFEE #12']);
    expect(await list('  coffee   ')).toEqual(['Coffee beans', 'STARBUCKS COFFEE #12']);
    expect(await list('uber')).toEqual(['UBER *EATS', 'Uber trip']);
    expect(await list('eat')).toEqual(['Eats & treats', 'UBER *EATS']);
    expect(await list('uber coffee')).toEqual([]);
    expect((await rest('GET', `/api/transactions/summary?q=${encodeURIComponent('#12 star')}`)).body).toEqual({ count: 1, total: '5.00' });
    const res = await gql(
      `query($f: TransactionFilter) { viewer { transactions(first: 10, filter: $f) { edges { node { description } } }
        transactionSummary(filter: $f) { count } } }`,
      { f: { q: 'EATS uber' } },
    );
    expect(res.data.viewer).toEqual({
      transactions: { edges: [{ node: { description: 'UBER *EATS' } }] },
      transactionSummary: { count: 1 },
    });
    // A bulk change by filter takes the same rows.
    const bulk = await rest('POST', '/api/transactions/bulk-delete', { filter: { q: 'coffee starbucks' } });
    expect(bulk.body).toEqual({ count: 1 });
    expect(await list('coffee')).toEqual(['Coffee beans']);
  });

  it('filters the GraphQL list the same way, with transactionSummary', async () => {
    const { gql, rest } = await h.user();
    const { food } = await someTransactions(rest);
    const res = await gql(
      `query($f: TransactionFilter) { viewer { transactions(first: 10, filter: $f) { totalCount edges { node { description } } }
        transactionSummary(filter: $f) { count total } } }`,
      { f: { q: 'o', categoryId: encodeGlobalID('BudgetCategory', food), from: '2026-03-02', maxAmount: '100' } },
    );
    expect(res.data.viewer).toEqual({
      transactions: { totalCount: 2, edges: [{ node: { description: 'Coffee beans' } }, { node: { description: 'Whole Foods market' } }] },
      transactionSummary: { count: 2, total: '95.25' },
    });
    const bad = await gql(`{ viewer { transactionSummary(filter: { minAmount: "5", maxAmount: "1" }) { count } } }`);
    expect(bad.errors?.[0]).toMatchObject({
      message: 'The maximum amount must be at least the minimum',
      extensions: { code: 'BAD_USER_INPUT' },
    });
  });

  it('changes the category of many at once by ids or by filter, all or nothing', async () => {
    const { gql, rest } = await h.user();
    const other = await h.user();
    const { food, fun, ids } = await someTransactions(rest);
    const theirs = (await other.rest('POST', '/api/transactions', { description: 'x', amount: '1.00', date: '2026-01-01' })).body.id;
    const theirCategory = (await other.rest('POST', '/api/budget-categories', { name: 'Theirs', type: 'bills' })).body.id;

    expect(await rest('PATCH', '/api/transactions', { ids: [ids[0], ids[4]], categoryId: fun })).toMatchObject({
      status: 200,
      body: { count: 2 },
    });
    expect((await rest('GET', `/api/transactions/summary?categoryId=${fun}`)).body.count).toBe(3);
    // Another user's id among them: 404 for the whole call, nothing changed.
    const before = (await rest('GET', '/api/transactions')).body;
    expect(await rest('PATCH', '/api/transactions', { ids: [ids[1], theirs], categoryId: null })).toMatchObject({
      status: 404,
      body: { message: 'Not found' },
    });
    expect(await rest('PATCH', '/api/transactions', { ids: [ids[1]], categoryId: theirCategory })).toMatchObject({
      status: 400,
      body: { message: 'Category not found' },
    });
    expect((await rest('PATCH', '/api/transactions', { categoryId: null })).body.message).toBe('Send either ids or a filter');
    expect((await rest('PATCH', '/api/transactions', { ids: [], categoryId: null })).body.message).toBe('Choose at least one transaction');
    expect((await rest('PATCH', '/api/transactions', { ids: [ids[1]], filter: {}, categoryId: null })).status).toBe(400);
    expect((await rest('PATCH', '/api/transactions', { filter: { q: 'x', what: 1 }, categoryId: null })).status).toBe(400);
    expect((await rest('GET', '/api/transactions')).body).toEqual(before);
    expect((await other.rest('GET', '/api/transactions')).body[0].categoryId).toBe(null);

    // By filter, through GraphQL: every match, however many.
    const res = await gql(
      `mutation($input: UpdateTransactionsInput!) { updateTransactions(input: $input) { count viewer { transactionSummary(filter: { uncategorized: true }) { count } } } }`,
      { input: { filter: { from: '2026-04-01' }, categoryId: null } },
    );
    expect(res.data.updateTransactions).toEqual({ count: 2, viewer: { transactionSummary: { count: 2 } } });
    const byIds = await gql(`mutation($input: UpdateTransactionsInput!) { updateTransactions(input: $input) { count } }`, {
      input: { ids: [encodeGlobalID('Transaction', ids[3]!)], categoryId: encodeGlobalID('BudgetCategory', food) },
    });
    expect(byIds.data.updateTransactions.count).toBe(1);
    const foreign = await gql(`mutation($input: UpdateTransactionsInput!) { updateTransactions(input: $input) { count } }`, {
      input: { ids: [encodeGlobalID('Transaction', theirs)], categoryId: null },
    });
    expect(foreign.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
  });

  it('deletes many at once, all or nothing, and their amounts go back to their accounts', async () => {
    const { gql, rest } = await h.user();
    const other = await h.user();
    const { ids, card } = await someTransactions(rest);
    const theirs = (await other.rest('POST', '/api/transactions', { description: 'x', amount: '1.00', date: '2026-01-01' })).body.id;
    const balance = async () => (await rest('GET', '/api/accounts')).body[0].balance;
    expect(await balance()).toBe('-42.50');
    expect(await rest('POST', '/api/transactions/bulk-delete', { ids: [ids[0], theirs] })).toMatchObject({ status: 404 });
    expect((await rest('GET', '/api/transactions')).body).toHaveLength(5);
    expect(await rest('POST', '/api/transactions/bulk-delete', { ids: [ids[0], ids[1]] })).toMatchObject({
      status: 200,
      body: { count: 2 },
    });
    expect(await balance()).toBe('-30.00');
    const res = await gql(
      `mutation($input: DeleteTransactionsInput!) { deleteTransactions(input: $input) { count viewer { netWorth } } }`,
      {
        input: { filter: { accountId: encodeGlobalID('Account', card) } },
      },
    );
    expect(res.data.deleteTransactions).toEqual({ count: 2, viewer: { netWorth: '0.00' } });
    expect(names((await rest('GET', '/api/transactions')).body)).toEqual(['Coffee beans']);
    expect((await other.rest('GET', '/api/transactions')).body).toHaveLength(1);
  });
});

import { describe, expect, it } from 'vitest';
import { encodeGlobalID } from '@pothos/plugin-relay';
import { useModuleHarness } from '../../test/module-harness.ts';
import { Decimal } from '../../lib/money.ts';

// Balances follow the money (docs/product.md#account-ledgers), through REST and GraphQL.
const h = useModuleHarness();
type User = Awaited<ReturnType<typeof h.user>>;

async function twoAccounts(rest: User['rest']) {
  const checking = (
    await rest('POST', '/api/accounts', { name: 'Checking', type: 'checking', balance: '1000.00', startingDate: '2000-01-01' })
  ).body;
  const savings = (await rest('POST', '/api/accounts', { name: 'Savings', type: 'savings', balance: '50.00', startingDate: '2000-01-01' }))
    .body;
  return { checking, savings };
}

const balances = async (rest: User['rest']) =>
  Object.fromEntries((await rest('GET', '/api/accounts')).body.map((a: { name: string; balance: string }) => [a.name, a.balance]));

describe('account ledgers', () => {
  it('expenses lower, paychecks raise and transfers move balances; edits and deletes reverse their effect', async () => {
    const { rest } = await h.user();
    const { checking, savings } = await twoAccounts(rest);
    const expense = await rest('POST', '/api/transactions', {
      amount: '12.34',
      description: 'Lunch',
      date: '2026-03-01',
      accountId: checking.id,
    });
    expect(expense).toMatchObject({ status: 201, body: { accountId: checking.id } });
    const paycheck = await rest('POST', '/api/paychecks', { amount: '2000.00', date: '2026-03-02', accountId: savings.id });
    expect(paycheck).toMatchObject({ status: 201, body: { accountId: savings.id } });
    const transfer = await rest('POST', '/api/transfers', {
      fromAccountId: savings.id,
      toAccountId: checking.id,
      amount: '500.00',
      date: '2026-03-03',
      notes: 'Rent money',
    });
    expect(transfer).toMatchObject({
      status: 201,
      body: { fromAccountId: savings.id, toAccountId: checking.id, amount: '500.00', date: '2026-03-03', notes: 'Rent money' },
    });
    expect(await balances(rest)).toEqual({ Checking: '1487.66', Savings: '1550.00' });

    // Edits move balances from the old effect to the new one.
    await rest('PATCH', `/api/transactions/${expense.body.id}`, { amount: '20.00' });
    expect(await balances(rest)).toEqual({ Checking: '1480.00', Savings: '1550.00' });
    await rest('PATCH', `/api/transactions/${expense.body.id}`, { accountId: savings.id });
    expect(await balances(rest)).toEqual({ Checking: '1500.00', Savings: '1530.00' });
    await rest('PATCH', `/api/transactions/${expense.body.id}`, { accountId: null });
    expect(await balances(rest)).toEqual({ Checking: '1500.00', Savings: '1550.00' });
    await rest('PATCH', `/api/paychecks/${paycheck.body.id}`, { amount: '1000.00', accountId: checking.id });
    expect(await balances(rest)).toEqual({ Checking: '2500.00', Savings: '-450.00' });
    await rest('PATCH', `/api/transfers/${transfer.body.id}`, { fromAccountId: checking.id, toAccountId: savings.id, amount: '0.50' });
    expect(await balances(rest)).toEqual({ Checking: '1999.50', Savings: '50.50' });

    // Deletes give the money back.
    expect((await rest('DELETE', `/api/transfers/${transfer.body.id}`)).status).toBe(204);
    expect((await rest('DELETE', `/api/paychecks/${paycheck.body.id}`)).status).toBe(204);
    expect((await rest('DELETE', `/api/transactions/${expense.body.id}`)).status).toBe(204);
    expect(await balances(rest)).toEqual({ Checking: '1000.00', Savings: '50.00' });
  });

  it('does the same through GraphQL, and a payload reselects the balances it moved', async () => {
    const { gql, rest } = await h.user();
    const { checking, savings } = await twoAccounts(rest);
    const [c, s] = [encodeGlobalID('Account', checking.id), encodeGlobalID('Account', savings.id)];
    const added = await gql(
      `mutation($input: AddTransactionInput!) { addTransaction(input: $input) { transaction { id account { id name balance } } viewer { netWorth allAccounts { name balance } } } }`,
      { input: { amount: '100.00', description: 'Shoes', date: '2026-03-01', accountId: c } },
    );
    expect(added.data.addTransaction).toMatchObject({
      transaction: { account: { id: c, name: 'Checking', balance: '900.00' } },
      viewer: {
        netWorth: '950.00',
        allAccounts: [
          { name: 'Checking', balance: '900.00' },
          { name: 'Savings', balance: '50.00' },
        ],
      },
    });
    const paid = await gql(`mutation($input: AddPaycheckInput!) { addPaycheck(input: $input) { paycheck { id account { balance } } } }`, {
      input: { amount: '10.00', date: '2026-03-01', accountId: s },
    });
    expect(paid.data.addPaycheck.paycheck.account.balance).toBe('60.00');
    const moved = await gql(
      `mutation($input: AddTransferInput!) { addTransfer(input: $input) { transfer { id amount fromAccount { balance } toAccount { balance } } viewer { netWorth } } }`,
      { input: { fromAccountId: c, toAccountId: s, amount: '300.00', date: '2026-03-02' } },
    );
    expect(moved.data.addTransfer).toMatchObject({
      transfer: { amount: '300.00', fromAccount: { balance: '600.00' }, toAccount: { balance: '360.00' } },
      viewer: { netWorth: '960.00' },
    });
    const edited = await gql(
      `mutation($input: UpdateTransactionInput!) { updateTransaction(input: $input) { transaction { account { name } } viewer { allAccounts { balance } } } }`,
      { input: { id: added.data.addTransaction.transaction.id, accountId: s } },
    );
    expect(edited.data.updateTransaction).toEqual({
      transaction: { account: { name: 'Savings' } },
      viewer: { allAccounts: [{ balance: '700.00' }, { balance: '260.00' }] },
    });
    const transferEdit = await gql(
      `mutation($input: UpdateTransferInput!) { updateTransfer(input: $input) { transfer { amount notes } viewer { netWorth } } }`,
      { input: { id: moved.data.addTransfer.transfer.id, amount: '1.00', notes: 'fixed' } },
    );
    expect(transferEdit.data.updateTransfer).toEqual({ transfer: { amount: '1.00', notes: 'fixed' }, viewer: { netWorth: '960.00' } });
    const removed = await gql(`mutation($id: ID!) { deleteTransfer(id: $id) { deletedId viewer { allAccounts { balance } } } }`, {
      id: moved.data.addTransfer.transfer.id,
    });
    expect(removed.data.deleteTransfer.viewer.allAccounts).toEqual([{ balance: '1000.00' }, { balance: '-40.00' }]);
    const transfers = await gql(`{ viewer { transfers(first: 5) { totalCount } } }`);
    expect(transfers.data.viewer.transfers.totalCount).toBe(0);
  });

  it('refuses a transfer within one account, of nothing, or with an account that is not the user’s, writing nothing', async () => {
    const { gql, rest } = await h.user();
    const other = await h.user();
    const { checking, savings } = await twoAccounts(rest);
    const foreign = (
      await other.rest('POST', '/api/accounts', { name: 'Theirs', type: 'cash', balance: '5.00', startingDate: '2000-01-01' })
    ).body;
    const post = (body: Record<string, unknown>) =>
      rest('POST', '/api/transfers', { fromAccountId: checking.id, toAccountId: savings.id, amount: '1.00', date: '2026-01-01', ...body });
    expect((await post({ toAccountId: checking.id })).body).toEqual({
      message: 'Choose two different accounts',
      errors: [{ path: ['toAccountId'], message: 'Choose two different accounts' }],
    });
    expect((await post({ amount: '0.00' })).body.message).toBe('Amount must be greater than 0');
    expect((await post({ amount: '-5' })).body.message).toBe('Amount must be a valid number');
    expect((await post({ toAccountId: '' })).body.message).toBe('Choose the account the money goes to');
    expect((await post({ toAccountId: foreign.id })).body).toEqual({
      message: 'Account not found',
      errors: [{ path: ['toAccountId'], message: 'Account not found' }],
    });
    expect((await post({ fromAccountId: 'missing' })).body.errors).toEqual([{ path: ['fromAccountId'], message: 'Account not found' }]);
    const spent = await rest('POST', '/api/transactions', { amount: '1.00', description: 'x', date: '2026-01-01', accountId: foreign.id });
    expect(spent.body).toEqual({ message: 'Account not found', errors: [{ path: ['accountId'], message: 'Account not found' }] });
    const paycheck = await rest('POST', '/api/paychecks', { amount: '1.00', date: '2026-01-01', accountId: foreign.id });
    expect(paycheck.body).toEqual({ message: 'Account not found', errors: [{ path: ['accountId'], message: 'Account not found' }] });
    const gqlRes = await gql(`mutation($input: AddTransferInput!) { addTransfer(input: $input) { transfer { id } } }`, {
      input: {
        fromAccountId: encodeGlobalID('Account', checking.id),
        toAccountId: encodeGlobalID('Account', foreign.id),
        amount: '1.00',
        date: '2026-01-01',
      },
    });
    expect(gqlRes.errors?.[0]).toMatchObject({ message: 'Account not found', extensions: { code: 'BAD_USER_INPUT' } });
    const transfer = (await post({})).body;
    expect((await rest('PATCH', `/api/transfers/${transfer.id}`, { toAccountId: checking.id })).body.message).toBe(
      'Choose two different accounts',
    );
    expect((await rest('PATCH', `/api/transfers/${transfer.id}`, { userId: 'x' })).status).toBe(400);
    // Nothing written by any refusal: only the one transfer moved money.
    expect(await balances(rest)).toEqual({ Checking: '999.00', Savings: '51.00' });
    expect(await balances(other.rest)).toEqual({ Theirs: '5.00' });
    // Another user's transfer and account answer as missing ones.
    for (const [method, path] of [
      ['PATCH', `/api/transfers/${transfer.id}`],
      ['DELETE', `/api/transfers/${transfer.id}`],
      ['GET', `/api/accounts/${checking.id}/activity`],
    ] as const) {
      expect(await other.rest(method, path, method === 'PATCH' ? { amount: '2.00' } : undefined)).toMatchObject({
        status: 404,
        body: { message: 'Not found' },
      });
    }
  });

  it("lists an account's activity newest first with running balances, in pages, on REST and GraphQL", async () => {
    const { gql, rest } = await h.user();
    const { checking, savings } = await twoAccounts(rest);
    await rest('POST', '/api/paychecks', { amount: '100.00', date: '2026-01-01', notes: 'January', accountId: checking.id });
    await rest('POST', '/api/transactions', { amount: '30.00', description: 'Groceries', date: '2026-01-02', accountId: checking.id });
    await rest('POST', '/api/transfers', { fromAccountId: checking.id, toAccountId: savings.id, amount: '20.00', date: '2026-01-03' });
    await rest('POST', '/api/transfers', { fromAccountId: savings.id, toAccountId: checking.id, amount: '5.00', date: '2026-01-03' });
    // Not in this account: never listed.
    await rest('POST', '/api/transactions', { amount: '7.00', description: 'Cash', date: '2026-01-04' });

    const page1 = await rest('GET', `/api/accounts/${checking.id}/activity?limit=3`);
    expect(page1.status).toBe(200);
    expect(page1.body.items.map((i: Record<string, string>) => [i.kind, i.date, i.description, i.change, i.balanceAfter])).toEqual([
      ['transfer_in', '2026-01-03', 'Transfer from Savings', '5.00', '1055.00'],
      ['transfer_out', '2026-01-03', 'Transfer to Savings', '-20.00', '1050.00'],
      ['expense', '2026-01-02', 'Groceries', '-30.00', '1070.00'],
    ]);
    expect(page1.body.items[0]).toMatchObject({ otherAccountId: savings.id, amount: '5.00', notes: null });
    expect(page1.headers.get('link')).toContain('rel="next"');
    const page2 = await rest('GET', `/api/accounts/${checking.id}/activity?limit=3&cursor=${page1.body.nextCursor}`);
    expect(page2.body).toEqual({
      items: [
        expect.objectContaining({ kind: 'paycheck', description: 'Paycheck', notes: 'January', change: '100.00', balanceAfter: '1100.00' }),
      ],
      nextCursor: null,
    });
    expect((await rest('GET', `/api/accounts/${checking.id}/activity?cursor=nonsense`)).body.message).toBe('Invalid cursor');
    expect((await rest('GET', `/api/accounts/${checking.id}/activity?limit=0`)).status).toBe(400);

    // A balance set by hand (reconciliation) carries the history along.
    await rest('PATCH', `/api/accounts/${checking.id}`, { balance: '2000.00' });
    const after = (await rest('GET', `/api/accounts/${checking.id}/activity`)).body.items;
    expect(after.map((i: { balanceAfter: string }) => i.balanceAfter)).toEqual(['2000.00', '1995.00', '2015.00', '2045.00']);

    const ACTIVITY = `query($id: ID!, $after: String) { node(id: $id) { ... on Account { balance activity(first: 2, after: $after) {
      pageInfo { hasNextPage endCursor } edges { node { kind amount change balanceAfter description record {
        __typename ... on Transaction { description } ... on Paycheck { notes } ... on Transfer { fromAccount { name } toAccount { name } } } } } } } } }`;
    const id = encodeGlobalID('Account', checking.id);
    const first = (await gql(ACTIVITY, { id })).data.node;
    expect(first.activity.edges.map((e: { node: unknown }) => e.node)).toEqual([
      {
        kind: 'TRANSFER_IN',
        amount: '5.00',
        change: '5.00',
        balanceAfter: '2000.00',
        description: 'Transfer from Savings',
        record: { __typename: 'Transfer', fromAccount: { name: 'Savings' }, toAccount: { name: 'Checking' } },
      },
      {
        kind: 'TRANSFER_OUT',
        amount: '20.00',
        change: '-20.00',
        balanceAfter: '1995.00',
        description: 'Transfer to Savings',
        record: { __typename: 'Transfer', fromAccount: { name: 'Checking' }, toAccount: { name: 'Savings' } },
      },
    ]);
    const second = (await gql(ACTIVITY, { id, after: first.activity.pageInfo.endCursor })).data.node.activity;
    expect(
      second.edges.map((e: { node: { kind: string; balanceAfter: string; record: unknown } }) => [
        e.node.kind,
        e.node.balanceAfter,
        e.node.record,
      ]),
    ).toEqual([
      ['EXPENSE', '2015.00', { __typename: 'Transaction', description: 'Groceries' }],
      ['PAYCHECK', '2045.00', { __typename: 'Paycheck', notes: 'January' }],
    ]);
    expect(second.pageInfo.hasNextPage).toBe(false);
    const last = await gql(
      `query($id: ID!) { node(id: $id) { ... on Account { activity(last: 1) { edges { node { kind balanceAfter } } } } } }`,
      {
        id,
      },
    );
    expect(last.data.node.activity.edges).toEqual([{ node: { kind: 'PAYCHECK', balanceAfter: '2045.00' } }]);
    // Filtered lists: the account's transactions and transfers.
    expect(
      (await rest('GET', `/api/transactions?accountId=${checking.id}`)).body.map((t: { description: string }) => t.description),
    ).toEqual(['Groceries']);
    expect((await rest('GET', `/api/transactions?accountId=${checking.id}&limit=5`)).body.items).toHaveLength(1);
    expect((await rest('GET', `/api/transfers?accountId=${savings.id}`)).body).toHaveLength(2);
    const filtered = await gql(
      `query($a: ID) { viewer { transactions(first: 5, filter: { accountId: $a }) { totalCount edges { node { description } } } } }`,
      {
        a: id,
      },
    );
    expect(filtered.data.viewer.transactions).toEqual({ totalCount: 1, edges: [{ node: { description: 'Groceries' } }] });
  });

  it("answers each row's record with the relations the query selects of it (read with the page's records)", async () => {
    const { gql, rest } = await h.user();
    const { checking, savings } = await twoAccounts(rest);
    const food = (await rest('POST', '/api/budget-categories', { name: 'Food', type: 'expenses' })).body.id;
    const home = (await rest('POST', '/api/budget-categories', { name: 'Home', type: 'expenses' })).body.id;
    await rest('POST', '/api/paychecks', { amount: '900.00', date: '2026-02-01', payee: 'Acme Corp', accountId: checking.id });
    await rest('POST', '/api/transactions', {
      amount: '60.00',
      description: 'Market',
      date: '2026-02-02',
      accountId: checking.id,
      payee: 'Corner Market',
      splits: [
        { categoryId: food, amount: '45.00', notes: 'groceries' },
        { categoryId: home, amount: '15.00' },
      ],
    });
    await rest('POST', '/api/transactions', {
      amount: '9.00',
      description: 'Lunch',
      date: '2026-02-03',
      accountId: checking.id,
      categoryId: food,
    });
    await rest('POST', '/api/transfers', { fromAccountId: checking.id, toAccountId: savings.id, amount: '100.00', date: '2026-02-04' });

    const res = await gql(
      `query($id: ID!) { node(id: $id) { ... on Account { activity(first: 10) { edges { node { record {
        __typename
        ... on Transaction { description category { name } account { name } payee { name } splits { amount notes category { name } } }
        ... on Paycheck { amount payee { name } account { name } }
        ... on Transfer { amount fromAccount { name } toAccount { name } } } } } } } } }`,
      { id: encodeGlobalID('Account', checking.id) },
    );
    expect(res.errors).toBeUndefined();
    expect(res.data.node.activity.edges.map((e: { node: { record: unknown } }) => e.node.record)).toEqual([
      { __typename: 'Transfer', amount: '100.00', fromAccount: { name: 'Checking' }, toAccount: { name: 'Savings' } },
      {
        __typename: 'Transaction',
        description: 'Lunch',
        category: { name: 'Food' },
        account: { name: 'Checking' },
        payee: null,
        splits: [],
      },
      {
        __typename: 'Transaction',
        description: 'Market',
        category: null,
        account: { name: 'Checking' },
        payee: { name: 'Corner Market' },
        splits: [
          { amount: '45.00', notes: 'groceries', category: { name: 'Food' } },
          { amount: '15.00', notes: null, category: { name: 'Home' } },
        ],
      },
      { __typename: 'Paycheck', amount: '900.00', payee: { name: 'Acme Corp' }, account: { name: 'Checking' } },
    ]);
  });

  it('deleting an account keeps its transactions and paychecks without an account; its transfers stay in the other accounts', async () => {
    const { gql, rest } = await h.user();
    const { checking, savings } = await twoAccounts(rest);
    const t = (
      await rest('POST', '/api/transactions', { amount: '10.00', description: 'Kept', date: '2026-01-01', accountId: checking.id })
    ).body;
    const p = (await rest('POST', '/api/paychecks', { amount: '99.00', date: '2026-01-01', accountId: checking.id })).body;
    const moved = (
      await rest('POST', '/api/transfers', { fromAccountId: checking.id, toAccountId: savings.id, amount: '40.00', date: '2026-01-02' })
    ).body;
    const counts = await gql(
      `query($id: ID!) { node(id: $id) { ... on Account { activityCounts { transactions paychecks transfers } } } }`,
      {
        id: encodeGlobalID('Account', checking.id),
      },
    );
    expect(counts.data.node.activityCounts).toEqual({ transactions: 1, paychecks: 1, transfers: 1 });
    expect((await rest('DELETE', `/api/accounts/${checking.id}`)).status).toBe(204);
    expect(await balances(rest)).toEqual({ Savings: '90.00' });
    const [transaction] = (await rest('GET', '/api/transactions')).body;
    expect(transaction).toMatchObject({ id: t.id, accountId: null, amount: '10.00' });
    expect((await rest('GET', '/api/paychecks')).body).toEqual([expect.objectContaining({ id: p.id, accountId: null })]);
    // The transfer stays, as a record of the money Savings received, from an account that is no more.
    expect((await rest('GET', '/api/transfers')).body).toEqual([
      expect.objectContaining({ id: moved.id, fromAccountId: null, toAccountId: savings.id, amount: '40.00' }),
    ]);
    const activity = await gql(
      `query($id: ID!) { node(id: $id) { ... on Account { activity { edges { node { kind description amount change record { ... on Transfer { fromAccount { id } toAccount { name } } } } } } } } }`,
      { id: encodeGlobalID('Account', savings.id) },
    );
    expect(activity.data.node.activity.edges).toEqual([
      {
        node: {
          kind: 'TRANSFER_IN',
          description: 'Transfer from a deleted account',
          amount: '40.00',
          change: '40.00',
          record: { fromAccount: null, toAccount: { name: 'Savings' } },
        },
      },
    ]);
    // The kept records still count as spending and income.
    const totals = await gql(
      `{ viewer { transactions(first: 0) { totalCount } paychecks(first: 0) { totalCount } budgetSummary { totalIncome } } }`,
    );
    expect(totals.data.viewer).toEqual({
      transactions: { totalCount: 1 },
      paychecks: { totalCount: 1 },
      budgetSummary: { totalIncome: '99.00' },
    });
  });

  it('every account stays its opening balance plus its activity, whichever side of its transfers is deleted, and after editing or deleting what is left', async () => {
    const { gql, rest } = await h.user();
    const opening: Record<string, string> = { A: '1000.00', B: '50.00', C: '0.00' };
    const ids: Record<string, string> = {};
    for (const [name, balance] of Object.entries(opening))
      ids[name] = (await rest('POST', '/api/accounts', { name, type: 'checking', balance, startingDate: '2000-01-01' })).body.id;
    const transfer = async (from: string, to: string, amount: string) =>
      (await rest('POST', '/api/transfers', { fromAccountId: ids[from], toAccountId: ids[to], amount, date: '2026-02-01' })).body;
    await transfer('A', 'B', '40.00');
    const fromB = await transfer('B', 'A', '15.00');
    await transfer('B', 'C', '5.00');
    const intoC = await transfer('A', 'C', '10.00');
    await rest('POST', '/api/transactions', { amount: '12.34', description: 'Lunch', date: '2026-02-02', accountId: ids.A });
    await rest('POST', '/api/paychecks', { amount: '100.00', date: '2026-02-03', accountId: ids.B });

    /** Each account left: its balance, and its opening balance plus every change of its activity. */
    const ledgers = async () => {
      const accounts: { id: string; name: string; balance: string }[] = (await rest('GET', '/api/accounts')).body;
      return Promise.all(
        accounts.map(async (a) => {
          const items: { change: string; description: string }[] = (await rest('GET', `/api/accounts/${a.id}/activity?limit=500`)).body
            .items;
          const total = items.reduce((sum, i) => sum.plus(i.change), new Decimal(opening[a.name]!));
          return {
            name: a.name,
            balance: a.balance,
            openingPlusActivity: total.toFixed(2),
            rows: items.map((i) => `${i.description} ${i.change}`),
          };
        }),
      );
    };
    const holds = async () => {
      const all = await ledgers();
      for (const l of all) expect(l.balance, `${l.name}: ${l.rows.join(', ')}`).toBe(l.openingPlusActivity);
      return Object.fromEntries(all.map((l) => [l.name, l]));
    };
    await holds();

    // A is the "from" side of A→B and A→C, the "to" side of B→A.
    expect((await rest('DELETE', `/api/accounts/${ids.A}`)).status).toBe(204);
    const afterA = await holds();
    expect(afterA.B!.balance).toBe('170.00');
    expect(afterA.B!.rows).toEqual([
      'Paycheck 100.00',
      'Transfer to C -5.00',
      'Transfer to a deleted account -15.00',
      'Transfer from a deleted account 40.00',
    ]);
    expect(afterA.C!.rows).toEqual(['Transfer from a deleted account 10.00', 'Transfer from B 5.00']);
    // B's transfers that stay if B goes too: only the one with C (those with A would have no account left).
    const counts = await gql(`query($id: ID!) { node(id: $id) { ... on Account { activityCounts { transfers } } } }`, {
      id: encodeGlobalID('Account', ids.B!),
    });
    expect(counts.data.node.activityCounts).toEqual({ transfers: 1 });

    // What is left of a transfer can still be edited and deleted; the balance follows, the rule holds.
    expect((await rest('PATCH', `/api/transfers/${intoC.id}`, { amount: '12.50' })).status).toBe(200);
    expect((await rest('PATCH', `/api/transfers/${fromB.id}`, { notes: 'Paid back' })).status).toBe(200);
    expect((await holds()).C!.balance).toBe('17.50');
    expect((await rest('DELETE', `/api/transfers/${fromB.id}`)).status).toBe(204);
    expect((await holds()).B!.balance).toBe('185.00');

    // B goes too: C keeps both transfers it received; A↔B, with no account left on either side, is gone.
    expect((await rest('DELETE', `/api/accounts/${ids.B}`)).status).toBe(204);
    const afterB = await holds();
    expect(afterB.C!.rows).toEqual(['Transfer from a deleted account 12.50', 'Transfer from a deleted account 5.00']);
    const transfers: { fromAccountId: string | null; toAccountId: string | null }[] = (await rest('GET', '/api/transfers')).body;
    expect(transfers.map((t) => [t.fromAccountId, t.toAccountId])).toEqual([
      [null, ids.C],
      [null, ids.C],
    ]);
    // Net worth is still the sum of what is left.
    expect(await balances(rest)).toEqual({ C: '17.50' });
  });

  it('a bill payment from an account lowers it, and deleting the payment gives the money back', async () => {
    const { rest } = await h.user();
    const { checking } = await twoAccounts(rest);
    const bill = (
      await rest('POST', '/api/recurring-bills', {
        name: 'Rent',
        amount: '800.00',
        frequency: 'monthly',
        dueDay: 1,
        nextDueDate: '2026-02-01',
      })
    ).body;
    const payment = await rest('POST', '/api/bill-payments', {
      recurringBillId: bill.id,
      amount: '800.00',
      paidDate: '2026-02-01',
      accountId: checking.id,
    });
    expect(payment.status).toBe(201);
    expect(payment.body.transaction).toMatchObject({ accountId: checking.id, description: 'Rent' });
    expect((await balances(rest)).Checking).toBe('200.00');
    await rest('DELETE', `/api/bill-payments/${payment.body.id}`);
    expect((await balances(rest)).Checking).toBe('1000.00');
  });

  it('a credit card carries what is owed as a negative balance, and net worth counts it', async () => {
    const { gql, rest } = await h.user();
    const { checking } = await twoAccounts(rest);
    const card = (await rest('POST', '/api/accounts', { name: 'Card', type: 'credit', startingDate: '2000-01-01' })).body;
    await rest('POST', '/api/transactions', { amount: '250.00', description: 'Flight', date: '2026-01-01', accountId: card.id });
    await rest('POST', '/api/transfers', { fromAccountId: checking.id, toAccountId: card.id, amount: '100.00', date: '2026-01-05' });
    expect(await balances(rest)).toEqual({ Checking: '900.00', Savings: '50.00', Card: '-150.00' });
    expect((await gql(`{ viewer { netWorth totalBalance } }`)).data.viewer).toEqual({ netWorth: '800.00', totalBalance: '800.00' });
  });

  it('transfers change no income or spending total: dashboard and reports stay as they were', async () => {
    const { gql, rest } = await h.user();
    const { checking, savings } = await twoAccounts(rest);
    const today = new Date().toISOString().slice(0, 10);
    await rest('POST', '/api/paychecks', { amount: '1000.00', date: today, accountId: checking.id });
    await rest('POST', '/api/transactions', { amount: '100.00', description: 'Food', date: today, accountId: checking.id });
    const TOTALS = `{ viewer { dashboard { totalIncome totalSpent remaining savingsRate recentTransactions { id } }
      week: report(period: WEEK) { totalIncome totalSpent transactionCount netSavings spendingByCategory { amount } }
      year: report(period: YEAR) { totalIncome totalSpent transactionCount netSavings } budgetSummary { totalIncome } } }`;
    const before = (await gql(TOTALS)).data;
    await rest('POST', '/api/transfers', { fromAccountId: checking.id, toAccountId: savings.id, amount: '400.00', date: today });
    await rest('POST', '/api/transfers', { fromAccountId: savings.id, toAccountId: checking.id, amount: '25.00', date: today });
    expect((await gql(TOTALS)).data).toEqual(before);
    expect(before.viewer.dashboard).toMatchObject({ totalIncome: '1000.00', totalSpent: '100.00' });
  });
});

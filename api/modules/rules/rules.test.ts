import { describe, expect, it } from 'vitest';
import { encodeGlobalID } from '@pothos/plugin-relay';
import { useModuleHarness } from '../../test/module-harness.ts';

const h = useModuleHarness();

async function setUp() {
  const user = await h.user();
  const { rest } = user;
  const coffee = (await rest('POST', '/api/budget-categories', { name: 'Coffee', type: 'expenses' })).body.id as string;
  const shops = (await rest('POST', '/api/budget-categories', { name: 'Shopping', type: 'expenses' })).body.id as string;
  const checking = (await rest('POST', '/api/accounts', { name: 'Checking', type: 'checking', startingDate: '2000-01-01' })).body
    .id as string;
  const savings = (await rest('POST', '/api/accounts', { name: 'Savings', type: 'savings', startingDate: '2000-01-01' })).body.id as string;
  return { ...user, coffee, shops, checking, savings };
}

const csv = (rows: string[]) => ['Date,Description,Amount', ...rows].join('\n');

describe('rules (REST)', () => {
  it('creates, lists in order, changes, moves and deletes rules', async () => {
    const { rest, coffee, checking } = await setUp();
    const a = await rest('POST', '/api/rules', {
      conditions: [{ field: 'payee', op: 'contains', value: 'bottle' }],
      actions: { categoryId: coffee },
    });
    expect(a.status).toBe(201);
    expect(a.body).toMatchObject({
      position: 0,
      conditions: [{ field: 'payee', op: 'contains', value: 'bottle' }],
      actions: { categoryId: coffee },
    });
    const b = await rest('POST', '/api/rules', {
      conditions: [
        { field: 'amount', op: 'between', value: ['1', '20.5'] },
        { field: 'accountId', op: 'is', value: checking },
        { field: 'kind', op: 'is', value: 'expense' },
      ],
      actions: { payee: 'Cafe', notes: 'n' },
    });
    expect(b.body).toMatchObject({ position: 1, conditions: [{ value: ['1', '20.5'] }, { value: checking }, { value: 'expense' }] });
    const moved = await rest('PATCH', `/api/rules/${b.body.id}`, { position: 0 });
    expect(moved.body.position).toBe(0);
    expect((await rest('GET', '/api/rules')).body.map((r: { id: string; position: number }) => [r.id, r.position])).toEqual([
      [b.body.id, 0],
      [a.body.id, 1],
    ]);
    const changed = await rest('PATCH', `/api/rules/${a.body.id}`, { actions: { payee: 'Blue Bottle' } });
    expect(changed.body.actions).toEqual({ payee: 'Blue Bottle' });
    expect((await rest('DELETE', `/api/rules/${a.body.id}`)).status).toBe(204);
    expect((await rest('DELETE', `/api/rules/${a.body.id}`)).status).toBe(404);
    expect((await rest('GET', '/api/rules')).body).toHaveLength(1);
  });

  it('runs on every add: REST, GraphQL, refunds and paychecks; what the user chose wins over a rule’s category', async () => {
    const { rest, gql, coffee, shops } = await setUp();
    await rest('POST', '/api/rules', {
      conditions: [{ field: 'description', op: 'startsWith', value: 'SQ *BLUE' }],
      actions: { payee: 'Blue Bottle' },
    });
    await rest('POST', '/api/rules', { conditions: [{ field: 'payee', op: 'is', value: 'blue bottle' }], actions: { categoryId: coffee } });
    await rest('POST', '/api/rules', {
      conditions: [{ field: 'kind', op: 'is', value: 'income' }],
      actions: { payee: 'Employer', notes: 'Salary' },
    });
    const added = await rest('POST', '/api/transactions', { amount: '4.50', description: 'SQ *BLUE BOTTLE 123', date: '2026-01-02' });
    expect(added.body).toMatchObject({ payee: 'Blue Bottle', categoryId: coffee });
    const chosen = await rest('POST', '/api/transactions', {
      amount: '4.50',
      description: 'SQ *BLUE BOTTLE 9',
      date: '2026-01-02',
      categoryId: shops,
    });
    expect(chosen.body).toMatchObject({ payee: 'Blue Bottle', categoryId: shops });
    const refund = await gql(
      `mutation($input: AddTransactionInput!) { addTransaction(input: $input) { transaction { kind payee { name } category { name } } } }`,
      { input: { amount: '4.50', description: 'SQ *BLUE BOTTLE refund', date: '2026-01-03', kind: 'REFUND' } },
    );
    expect(refund.data.addTransaction.transaction).toEqual({
      kind: 'REFUND',
      payee: { name: 'Blue Bottle' },
      category: { name: 'Coffee' },
    });
    const pay = await rest('POST', '/api/paychecks', { amount: '1000', date: '2026-01-05' });
    expect(pay.body).toMatchObject({ payee: 'Employer', notes: 'Salary' });
    const noted = await rest('POST', '/api/paychecks', { amount: '1000', date: '2026-01-05', notes: 'Mine' });
    expect(noted.body).toMatchObject({ payee: 'Employer', notes: 'Mine' });
    // Unmatched adds are as they were.
    const plain = await rest('POST', '/api/transactions', { amount: '9', description: 'Groceries', date: '2026-01-02' });
    expect(plain.body).toMatchObject({ payee: null, categoryId: null });
  });

  it('a transfer action makes an import row a transfer, and changes nothing on a plain add', async () => {
    const { rest, checking, savings } = await setUp();
    const rule = await rest('POST', '/api/rules', {
      conditions: [{ field: 'description', op: 'contains', value: 'transfer to sav' }],
      actions: { transferAccountId: savings },
    });
    const plain = await rest('POST', '/api/transactions', {
      amount: '50',
      description: 'Online transfer to SAV',
      date: '2026-01-02',
      accountId: checking,
    });
    expect(plain.status).toBe(201);
    expect(plain.body).toMatchObject({ kind: 'expense', accountId: checking });
    const preview = await rest('POST', '/api/imports/preview', {
      fileName: 'c.csv',
      accountId: checking,
      content: csv(['2026-01-05,Online Banking transfer to SAV 1234,-100.00', '2026-01-06,SQ *BLUE BOTTLE COFFEE 123,-4.50']),
    });
    expect(preview.status).toBe(200);
    expect(preview.body.rows.map((r: { payee: string; ruleIds: string[] }) => [r.payee, r.ruleIds])).toEqual([
      ['Online Banking transfer to SAV', [rule.body.id]],
      ['Blue Bottle Coffee', []],
    ]);
    // The rule's transfer: a transfer with savings, never spending (docs/product.md#money-movement).
    expect(preview.body.rows.map((r: { movement: string; transferAccountId: string | null }) => [r.movement, r.transferAccountId])).toEqual(
      [
        ['transfer', savings],
        ['expense', null],
      ],
    );
  });

  it('runs on import preview (which says which rule changed a row) and the import writes payees and the bank text', async () => {
    const { rest, gql, coffee, checking } = await setUp();
    const rule = await rest('POST', '/api/rules', {
      conditions: [{ field: 'payee', op: 'contains', value: 'bottle' }],
      actions: { categoryId: coffee },
    });
    const body = {
      fileName: 'c.csv',
      accountId: checking,
      content: csv(['2026-01-06,SQ *BLUE BOTTLE COFFEE 123,-4.50', '2026-01-07,AMZN Mktp US*2K4,-20.00']),
    };
    const preview = await gql(
      `mutation($input: PreviewImportInput!) { previewImport(input: $input) { rows { payee ruleIds suggestedCategoryId } } }`,
      {
        input: { ...body, accountId: encodeGlobalID('Account', checking) },
      },
    );
    expect(preview.data.previewImport.rows).toEqual([
      {
        payee: 'Blue Bottle Coffee',
        ruleIds: [encodeGlobalID('Rule', rule.body.id)],
        suggestedCategoryId: encodeGlobalID('BudgetCategory', coffee),
      },
      { payee: 'Amazon', ruleIds: [], suggestedCategoryId: null },
    ]);
    expect((await rest('POST', '/api/imports', body)).status).toBe(201);
    const list = (await rest('GET', '/api/transactions')).body as {
      description: string;
      payee: string;
      importedDescription: string;
      categoryId: string;
    }[];
    expect(list.map((t) => [t.description, t.payee, t.importedDescription, t.categoryId])).toEqual([
      ['AMZN Mktp US*2K4', 'Amazon', 'AMZN Mktp US*2K4', null],
      ['SQ *BLUE BOTTLE COFFEE 123', 'Blue Bottle Coffee', 'SQ *BLUE BOTTLE COFFEE 123', coffee],
    ]);
  });

  it('applies to existing records on demand, after a preview of the count', async () => {
    const { rest, gql, coffee } = await setUp();
    for (const [description, payee] of [
      ['a', 'Blue Bottle'],
      ['b', 'blue bottle'],
      ['c', 'Deli'],
    ])
      await rest('POST', '/api/transactions', { amount: '4', description, date: '2026-01-02', payee });
    await rest('POST', '/api/transactions', {
      amount: '4',
      description: 'split',
      date: '2026-01-02',
      payee: 'Blue Bottle',
      splits: [{ amount: '4' }],
    });
    await rest('POST', '/api/paychecks', { amount: '10', date: '2026-01-02', payee: 'Blue Bottle' });
    const rule = await rest('POST', '/api/rules', {
      conditions: [{ field: 'payee', op: 'is', value: 'Blue Bottle' }],
      actions: { categoryId: coffee },
    });
    expect((await rest('GET', `/api/rules/${rule.body.id}/matches`)).body).toEqual({ matching: 2 });
    const count = await gql(`query($id: ID!) { node(id: $id) { ... on Rule { matchingCount } } }`, {
      id: encodeGlobalID('Rule', rule.body.id),
    });
    expect(count.data.node.matchingCount).toBe(2);
    expect((await rest('POST', `/api/rules/${rule.body.id}/apply`, {})).body).toEqual({ updated: 2 });
    const list = (await rest('GET', '/api/transactions')).body as { description: string; categoryId: string | null }[];
    expect(Object.fromEntries(list.map((t) => [t.description, t.categoryId]))).toEqual({ a: coffee, b: coffee, c: null, split: null });
    // Applied again, it changes nothing.
    const again = await gql(`mutation($id: ID!) { applyRule(id: $id) { updated } }`, { id: encodeGlobalID('Rule', rule.body.id) });
    expect(again.data.applyRule.updated).toBe(0);
    // A payee action renames the records it matches, paychecks too.
    const rename = await rest('POST', '/api/rules', {
      conditions: [{ field: 'payee', op: 'contains', value: 'bottle' }],
      actions: { payee: 'Ritual' },
    });
    expect((await rest('POST', `/api/rules/${rename.body.id}/apply`, {})).body).toEqual({ updated: 4 });
    expect((await rest('GET', '/api/paychecks')).body[0].payee).toBe('Ritual');
  });

  it('offers "Always categorise <payee> as <category>?" after the second re-categorisation, and not once a rule does it', async () => {
    const { rest, gql, coffee } = await setUp();
    const ids: string[] = [];
    for (const description of ['a', 'b', 'c'])
      ids.push((await rest('POST', '/api/transactions', { amount: '4', description, date: '2026-01-02', payee: 'Blue Bottle' })).body.id);
    const SUGGEST = `query($id: ID!) { viewer { ruleSuggestion(transactionId: $id) { payee { name } category { name } count } } }`;
    const ask = async (id: string) => (await gql(SUGGEST, { id: encodeGlobalID('Transaction', id) })).data.viewer.ruleSuggestion;
    expect(await ask(ids[0]!)).toBeNull();
    await rest('PATCH', `/api/transactions/${ids[0]}`, { categoryId: coffee });
    expect(await ask(ids[0]!)).toBeNull();
    await rest('PATCH', `/api/transactions/${ids[1]}`, { categoryId: coffee });
    expect(await ask(ids[1]!)).toEqual({ payee: { name: 'Blue Bottle' }, category: { name: 'Coffee' }, count: 2 });
    const created = await gql(
      `mutation($input: CreateRuleInput!) { createRule(input: $input) { rule { conditions { field op value } actions { categoryId } } } }`,
      {
        input: {
          conditions: [{ field: 'PAYEE', op: 'IS', value: ['Blue Bottle'] }],
          actions: { categoryId: encodeGlobalID('BudgetCategory', coffee) },
        },
      },
    );
    expect(created.data.createRule.rule).toEqual({
      conditions: [{ field: 'PAYEE', op: 'IS', value: ['Blue Bottle'] }],
      actions: { categoryId: encodeGlobalID('BudgetCategory', coffee) },
    });
    expect(await ask(ids[1]!)).toBeNull();
  });

  it('refuses bad rules with a clear 400, writing nothing', async () => {
    const { rest, gql, coffee, savings } = await setUp();
    const cases: [unknown, string[], string][] = [
      [{ conditions: [], actions: { categoryId: coffee } }, ['conditions'], 'A rule needs at least one condition'],
      [{ conditions: [{ field: 'payee', op: 'contains', value: 'x' }], actions: {} }, ['actions'], 'A rule needs at least one action'],
      [
        { conditions: [{ field: 'memo', op: 'is', value: 'x' }], actions: { categoryId: coffee } },
        ['conditions', '0', 'field'],
        'field must be one of payee, description, amount, accountId, kind',
      ],
      [
        { conditions: [{ field: 'payee', op: 'between', value: 'x' }], actions: { categoryId: coffee } },
        ['conditions', '0', 'op'],
        'payee takes contains or is or startsWith',
      ],
      [
        { conditions: [{ field: 'amount', op: 'is', value: 'abc' }], actions: { categoryId: coffee } },
        ['conditions', '0', 'value'],
        'Amount must be a valid number',
      ],
      [
        { conditions: [{ field: 'amount', op: 'between', value: ['9', '1'] }], actions: { categoryId: coffee } },
        ['conditions', '0', 'value'],
        'The highest amount must be at least the lowest',
      ],
      [
        { conditions: [{ field: 'kind', op: 'is', value: 'gift' }], actions: { categoryId: coffee } },
        ['conditions', '0', 'value'],
        'Kind must be one of expense, refund, income, transfer',
      ],
      [
        { conditions: [{ field: 'payee', op: 'is', value: ' ' }], actions: { categoryId: coffee } },
        ['conditions', '0', 'value'],
        'The text to look for is required',
      ],
      [
        { conditions: [{ field: 'payee', op: 'is', value: 'x' }], actions: { categoryId: coffee, transferAccountId: savings } },
        ['actions', 'transferAccountId'],
        'A transfer has no category: choose a category or a transfer, not both',
      ],
      [
        { conditions: [{ field: 'payee', op: 'is', value: 'x' }], actions: { categoryId: 'nope' } },
        ['actions', 'categoryId'],
        'Category not found',
      ],
      [
        { conditions: [{ field: 'payee', op: 'is', value: 'x' }], actions: { transferAccountId: 'nope' } },
        ['actions', 'transferAccountId'],
        'Account not found',
      ],
      [
        { conditions: [{ field: 'accountId', op: 'is', value: 'nope' }], actions: { categoryId: coffee } },
        ['conditions', '0', 'value'],
        'Account not found',
      ],
      [
        { conditions: [{ field: 'payee', op: 'is', value: 'x' }], actions: { categoryId: coffee }, extra: 1 },
        [],
        'Unrecognized key: "extra"',
      ],
    ];
    for (const [body, path, message] of cases) {
      const res = await rest('POST', '/api/rules', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.errors[0], JSON.stringify(body)).toEqual({ path, message });
    }
    const gqlBad = await gql(`mutation($input: CreateRuleInput!) { createRule(input: $input) { rule { id } } }`, {
      input: { conditions: [{ field: 'AMOUNT', op: 'IS', value: ['x'] }], actions: { payee: 'A' } },
    });
    expect(gqlBad.errors?.[0]?.extensions?.issues?.[0]).toEqual({
      path: ['conditions', '0', 'value'],
      message: 'Amount must be a valid number',
    });
    expect((await rest('GET', '/api/rules')).body).toEqual([]);
    const rule = (
      await rest('POST', '/api/rules', { conditions: [{ field: 'payee', op: 'is', value: 'x' }], actions: { categoryId: coffee } })
    ).body;
    const badEdit = await rest('PATCH', `/api/rules/${rule.id}`, { conditions: [], actions: { payee: 'y' } });
    expect(badEdit.status).toBe(400);
    expect((await rest('GET', '/api/rules')).body[0]).toMatchObject({ conditions: [{ value: 'x' }], actions: { categoryId: coffee } });
  });

  it("answers another user's rule as a missing one, and refuses their category or account in a rule", async () => {
    const alice = await setUp();
    const bob = await setUp();
    const rule = (
      await alice.rest('POST', '/api/rules', {
        conditions: [{ field: 'payee', op: 'is', value: 'x' }],
        actions: { categoryId: alice.coffee },
      })
    ).body;
    for (const [method, path, body] of [
      ['PATCH', `/api/rules/${rule.id}`, { actions: { payee: 'y' } }],
      ['DELETE', `/api/rules/${rule.id}`, undefined],
      ['POST', `/api/rules/${rule.id}/apply`, {}],
      ['GET', `/api/rules/${rule.id}/matches`, undefined],
    ] as const) {
      const res = await bob.rest(method, path, body);
      expect(res.status, `${method} ${path}`).toBe(404);
    }
    expect((await bob.rest('GET', '/api/rules')).body).toEqual([]);
    const refusals: [unknown, string[]][] = [
      [{ categoryId: alice.coffee }, ['actions', 'categoryId']],
      [{ transferAccountId: alice.savings }, ['actions', 'transferAccountId']],
    ];
    for (const [actions, path] of refusals) {
      const res = await bob.rest('POST', '/api/rules', { conditions: [{ field: 'payee', op: 'is', value: 'x' }], actions });
      expect(res.status).toBe(400);
      expect(res.body.errors[0].path).toEqual(path);
    }
    const foreignAccount = await bob.rest('POST', '/api/rules', {
      conditions: [{ field: 'accountId', op: 'is', value: alice.checking }],
      actions: { payee: 'x' },
    });
    expect(foreignAccount.status).toBe(400);
    const gqlApply = await bob.gql(`mutation($id: ID!) { applyRule(id: $id) { updated } }`, { id: encodeGlobalID('Rule', rule.id) });
    expect(gqlApply.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    const node = await bob.gql(`query($id: ID!) { node(id: $id) { id } }`, { id: encodeGlobalID('Rule', rule.id) });
    expect(node.data.node).toBeNull();
    expect((await alice.rest('GET', '/api/rules')).body).toHaveLength(1);
  });
});

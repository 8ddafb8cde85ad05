import { describe, expect, it } from 'vitest';
import { encodeGlobalID } from '@pothos/plugin-relay';
import { useModuleHarness } from '../../test/module-harness.ts';
import { readMigrations } from '../../db/migrate.ts';

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

const UPDATE = `mutation($input: UpdateBudgetCategoryInput!) { updateBudgetCategory(input: $input) { budgetCategory { id name type allocatedAmount allocatedPercentage } viewer { budgetCategories { totalCount } } } }`;

describe('editing a budget category', () => {
  it('renames or retypes it, through GraphQL and REST, leaving its allocation', async () => {
    const { gql, rest } = await h.user();
    const [id] = await categories(gql, ['Food']);
    await gql(SAVE, { input: { allocations: [{ id, allocatedAmount: '50', allocatedPercentage: 10 }] } });
    const edited = await gql(UPDATE, { input: { id, name: ' Groceries ' } });
    expect(edited.data.updateBudgetCategory).toEqual({
      budgetCategory: { id, name: 'Groceries', type: 'expenses', allocatedAmount: '50.00', allocatedPercentage: 10 },
      viewer: { budgetCategories: { totalCount: 1 } },
    });
    const [row] = (await rest('GET', '/api/budget-categories')).body;
    const patched = await rest('PATCH', `/api/budget-categories/${row.id}`, { type: 'bills' });
    expect(patched.status).toBe(200);
    expect(patched.body).toEqual({ ...row, type: 'bills', updatedAt: patched.body.updatedAt });
    expect((await rest('PATCH', `/api/budget-categories/${row.id}`, {})).body).toEqual(patched.body);
    // The bulk save keeps its own path and method.
    expect((await rest('PATCH', '/api/budget-categories/bulk', { name: 'x' })).status).toBe(404);
    expect((await rest('PUT', '/api/budget-categories/bulk', [{ id: row.id, allocatedAmount: '1', allocatedPercentage: 1 }])).status).toBe(
      200,
    );
  });

  it('refuses bad values and the allocation or other fields, writing nothing', async () => {
    const { gql, rest } = await h.user();
    const row = (await rest('POST', '/api/budget-categories', { name: 'Rent', type: 'bills' })).body;
    const patch = (body: unknown) => rest('PATCH', `/api/budget-categories/${row.id}`, body);
    expect((await patch({ name: '  ' })).body).toEqual({
      message: 'Name is required',
      errors: [{ path: ['name'], message: 'Name is required' }],
    });
    expect((await patch({ name: 'x'.repeat(101) })).body.message).toBe('Name must be at most 100 characters');
    expect((await patch({ type: null })).body.message).toBe('Type must be one of: bills, expenses, debt, investment, savings');
    for (const field of ['allocatedAmount', 'allocatedPercentage', 'id', 'userId', 'createdAt']) {
      const res = await patch({ name: 'Changed', [field]: '1' });
      expect(res.status).toBe(400);
      expect(res.body.message).toContain(`"${field}"`);
    }
    const bad = await gql(UPDATE, { input: { id: encodeGlobalID('BudgetCategory', row.id), name: '' } });
    expect(bad.errors?.[0]?.extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      issues: [{ path: ['name'], message: 'Name is required' }],
    });
    expect((await rest('GET', '/api/budget-categories')).body).toEqual([row]);
  });

  it("answers another user's category exactly as a missing one; concurrent edits all apply; an edit racing a delete is 200 or 404", async () => {
    const alice = await h.user();
    const bob = await h.user();
    const row = (await alice.rest('POST', '/api/budget-categories', { name: 'Rent', type: 'bills' })).body;
    for (const id of [row.id, 'missing']) {
      expect(await bob.rest('PATCH', `/api/budget-categories/${id}`, { name: 'Mine' })).toMatchObject({
        status: 404,
        body: { message: 'Not found' },
      });
      const res = await bob.gql(UPDATE, { input: { id: encodeGlobalID('BudgetCategory', id), name: 'Mine' } });
      expect(res.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    }
    expect((await alice.rest('GET', '/api/budget-categories')).body).toEqual([row]);

    const edits = Array.from({ length: 20 }, (_, i) => (i % 2 ? { name: `Name ${i}` } : { type: 'debt' }));
    const answers = await Promise.all(edits.map((body) => alice.rest('PATCH', `/api/budget-categories/${row.id}`, body)));
    expect(answers.map((a) => a.status)).toEqual(edits.map(() => 200));
    const [after] = (await alice.rest('GET', '/api/budget-categories')).body;
    expect(after.type).toBe('debt');
    expect(edits.map((e) => e.name)).toContain(after.name);

    for (let i = 0; i < 5; i++) {
      const { id } = (await alice.rest('POST', '/api/budget-categories', { name: 'Temp', type: 'savings' })).body;
      const [edit, removal] = await Promise.all([
        alice.rest('PATCH', `/api/budget-categories/${id}`, { name: 'Renamed' }),
        alice.rest('DELETE', `/api/budget-categories/${id}`),
      ]);
      expect([200, 404]).toContain(edit.status);
      expect(removal.status).toBe(204);
    }
  });
});

describe('category names', () => {
  const taken = (name: string) => ({
    message: `A category named ${name} already exists`,
    errors: [{ path: ['name'], message: `A category named ${name} already exists` }],
  });

  it('are unique whatever their case: refused on adding and on renaming (REST and GraphQL), naming the category that has it', async () => {
    const { gql, rest } = await h.user();
    const other = await h.user();
    const groceries = (await rest('POST', '/api/budget-categories', { name: 'Groceries', type: 'expenses' })).body;
    const rent = (await rest('POST', '/api/budget-categories', { name: 'Rent', type: 'bills' })).body;
    for (const name of ['Groceries', 'groceries', ' GROCERIES ']) {
      const res = await rest('POST', '/api/budget-categories', { name, type: 'savings' });
      expect(res.status, name).toBe(400);
      expect(res.body, name).toEqual(taken('Groceries'));
    }
    const viaGraphql = await gql(ADD, { input: { name: 'gRoCeRiEs', type: 'expenses' } });
    expect(viaGraphql.errors?.[0]).toMatchObject({
      message: 'A category named Groceries already exists',
      extensions: { code: 'BAD_USER_INPUT', issues: [{ path: ['name'], message: 'A category named Groceries already exists' }] },
    });
    const renamed = await rest('PATCH', `/api/budget-categories/${rent.id}`, { name: 'groceries' });
    expect(renamed).toMatchObject({ status: 400, body: taken('Groceries') });
    const renamedGql = await gql(UPDATE, { input: { id: encodeGlobalID('BudgetCategory', rent.id), name: 'GROCERIES' } });
    expect(renamedGql.errors?.[0]?.extensions?.issues).toEqual([{ path: ['name'], message: 'A category named Groceries already exists' }]);
    // A category may change the case of its own name; another user's names are theirs.
    expect((await rest('PATCH', `/api/budget-categories/${groceries.id}`, { name: 'GROCERIES' })).body.name).toBe('GROCERIES');
    expect((await other.rest('POST', '/api/budget-categories', { name: 'Groceries', type: 'expenses' })).status).toBe(201);
    // A name with LIKE's wildcards is compared as written.
    expect((await rest('POST', '/api/budget-categories', { name: 'Fun_%', type: 'expenses' })).status).toBe(201);
    expect((await rest('POST', '/api/budget-categories', { name: 'FunXY', type: 'expenses' })).status).toBe(201);
    expect((await rest('GET', '/api/budget-categories')).body.map((c: { name: string }) => c.name)).toEqual([
      'GROCERIES',
      'Rent',
      'Fun_%',
      'FunXY',
    ]);
    // The bulk save never renames: names sent along with the allocations are ignored, taken or not.
    const list = (await rest('GET', '/api/budget-categories')).body;
    const saved = await rest(
      'PUT',
      '/api/budget-categories/bulk',
      list.map((c: object) => ({ ...c, name: 'Groceries', allocatedAmount: '1', allocatedPercentage: 1 })),
    );
    expect(saved.status).toBe(200);
    expect(saved.body.map((c: { name: string }) => c.name)).toEqual(['GROCERIES', 'Rent', 'Fun_%', 'FunXY']);
  });

  it('are unique in the database too: adds and renames racing for one name leave one category with it, the others 400', async () => {
    const { rest } = await h.user();
    const rows = await Promise.all(
      ['A', 'B', 'C', 'D'].map(async (name) => (await rest('POST', '/api/budget-categories', { name, type: 'bills' })).body),
    );
    const answers = await Promise.all([
      ...Array.from({ length: 12 }, (_, i) =>
        rest('POST', '/api/budget-categories', { name: i % 2 ? 'Travel' : 'TRAVEL', type: 'savings' }),
      ),
      ...rows.map((r: { id: string }) => rest('PATCH', `/api/budget-categories/${r.id}`, { name: 'travel' })),
    ]);
    const ok = answers.filter((a) => a.status === 200 || a.status === 201);
    expect(ok).toHaveLength(1);
    const winner = ok[0]!.body.name as string;
    for (const refused of answers.filter((a) => a !== ok[0])) expect(refused).toMatchObject({ status: 400, body: taken(winner) });
    const names = (await rest('GET', '/api/budget-categories')).body.map((c: { name: string }) => c.name.toLowerCase());
    expect(names.filter((n: string) => n === 'travel')).toHaveLength(1);
  });

  it('taken twice before the rule came are told apart by the migration, nothing lost', async () => {
    const { viewer } = await h.user();
    const other = await h.user();
    const index = 'budget_categories_user_id_lower_name_key';
    const migration = readMigrations().find((m) => m.name.endsWith('_category_names_unique'))!;
    const long = 'L'.repeat(100);
    await h.db.transaction((sql) => sql.exec(`DROP INDEX "${index}"`));
    try {
      const at = (i: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, i));
      const rows = [
        ['Groceries', 1],
        ['groceries', 2],
        ['Groceries (2)', 3],
        ['GROCERIES', 4],
        [long, 5],
        [long.toLowerCase(), 6],
      ] as const;
      await h.db.prisma.budgetCategory.createMany({
        data: [
          ...rows.map(([name, i]) => ({ userId: viewer.id, name, type: 'expenses', allocatedAmount: `${i}.00`, createdAt: at(i) })),
          { userId: other.viewer.id, name: 'groceries', type: 'expenses', createdAt: at(0) },
        ],
      });
      await h.db.transaction((sql) => sql.exec(migration.sql));
    } finally {
      await h.db.transaction((sql) =>
        sql.exec(`CREATE UNIQUE INDEX IF NOT EXISTS "${index}" ON "budget_categories" ("user_id", lower("name"))`),
      );
    }
    const after = await h.db.prisma.budgetCategory.findMany({ where: { userId: viewer.id }, orderBy: { createdAt: 'asc' } });
    expect(after.map((c) => [c.name, c.allocatedAmount.toFixed(2)])).toEqual([
      ['Groceries', '1.00'],
      ['groceries (3)', '2.00'],
      ['Groceries (2)', '3.00'],
      ['GROCERIES (4)', '4.00'],
      [long, '5.00'],
      [`${'l'.repeat(96)} (2)`, '6.00'],
    ]);
    expect((await h.db.prisma.budgetCategory.findMany({ where: { userId: other.viewer.id } })).map((c) => c.name)).toEqual(['groceries']);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/database.ts';
import { createTestDatabase } from '../test/test-database.ts';
import { createTestViewer, graphqlAs } from '../test/graphql-client.ts';
import {
  getNullableType,
  isInputObjectType,
  isInterfaceType,
  isListType,
  isNonNullType,
  isObjectType,
  type GraphQLInputType,
} from 'graphql';
import { encodeGlobalID } from '@pothos/plugin-relay';
import { QUERY_LIMITS } from './yoga.ts';
import { LIST_LIMITS } from './operation-limits.ts';
import { schema } from './schema.ts';
import { operationNameOf, readTrustedDocuments } from './trusted-documents.ts';

let db: Database;
let gql: ReturnType<typeof graphqlAs>;
beforeAll(async () => {
  db = await createTestDatabase();
  gql = graphqlAs(db, await createTestViewer(db));
});
afterAll(() => db?.close());

/** Every operation the web app sends, as the Relay compiler persisted them. */
function webOperations(): { name: string; text: string }[] {
  return [...readTrustedDocuments().values()].map((text) => ({ name: operationNameOf(text) ?? 'unknown', text }));
}

describe('query limits', () => {
  it('accept every operation of the web app', async () => {
    const operations = webOperations();
    expect(operations.length).toBeGreaterThan(10);
    for (const { name, text } of operations) {
      // A subscription answers an endless stream (the web app's one is `changes { at }`).
      if (text.startsWith('subscription')) continue;
      const res = await gql(text, {});
      const refused = (res.errors ?? []).filter((e) => /limit|exceeded|depth|aliases|tokens/i.test(e.message));
      expect(refused, name).toEqual([]);
    }
  });

  it('refuse documents that are too deep, too aliased, too costly or too long, before running them', async () => {
    let deep = 'id';
    for (let i = 0; i < QUERY_LIMITS.maxDepth; i++) deep = `recurringBill { payments(first: 1) { edges { node { ${deep} } } } }`;
    deep = `{ viewer { billPayments(first: 1) { edges { node { ${deep} } } } } }`;
    const costly = `{ viewer { ${Array.from({ length: QUERY_LIMITS.maxAliases }, (_, i) => `t${i}: transactions(first: 200) { edges { node { id amount description date category { id name type allocatedAmount } } } }`).join(' ')} } }`;
    const aliases = `{ viewer { ${Array.from({ length: QUERY_LIMITS.maxAliases + 1 }, (_, i) => `a${i}: id`).join(' ')} } }`;
    const tokens = `{ viewer { ${'id '.repeat(QUERY_LIMITS.maxTokens)} } }`;
    const documents = { deep, aliases, costly, tokens };
    for (const query of Object.values(documents)) {
      const res = await gql(query);
      // Refused in validation, before any resolver (or the database) runs: no `data` at all.
      expect(res.data, query.slice(0, 60)).toBeUndefined();
      expect(res.errors?.[0]?.message).toMatch(/limit|exceeded|aliases|tokens/i);
    }
    console.log(
      `query limits: ${Object.keys(documents).length} abusive documents (${Object.keys(documents).join(', ')}) refused before execution, failures: 0`,
    );
  });
});

/** Every list argument and list input field of the schema, by coordinate ("Query.nodes(ids:)", "CommitImportInput.rows"). */
function listCoordinates(): string[] {
  const hasList = (type: GraphQLInputType): boolean => {
    const t = getNullableType(type);
    return isListType(t) || (isNonNullType(type) && hasList(type.ofType));
  };
  const found: string[] = [];
  for (const type of Object.values(schema.getTypeMap())) {
    if (type.name.startsWith('__')) continue;
    if (isObjectType(type) || isInterfaceType(type))
      for (const field of Object.values(type.getFields()))
        for (const arg of field.args) if (hasList(arg.type)) found.push(`${type.name}.${field.name}(${arg.name}:)`);
    if (isInputObjectType(type))
      for (const field of Object.values(type.getFields())) if (hasList(field.type)) found.push(`${type.name}.${field.name}`);
  }
  return found.sort();
}

describe('list arguments', () => {
  const ids = (n: number) => Array.from({ length: n }, (_, i) => encodeGlobalID('Transaction', `missing-${i}`));
  const refusedBeforeRunning = (
    res: { status: number; data?: unknown; errors?: { message: string; extensions?: object }[] },
    message: string,
  ) => {
    expect(res.data).toBeUndefined();
    expect(res.status).toBe(400);
    expect(res.errors).toEqual([expect.objectContaining({ message, extensions: expect.objectContaining({ code: 'BAD_USER_INPUT' }) })]);
  };

  it('each has a cap (enumerated from the schema)', () => {
    expect(listCoordinates()).toEqual(Object.keys(LIST_LIMITS).sort());
    console.log(
      `list arguments: ${Object.entries(LIST_LIMITS)
        .map(([c, l]) => `${c} ≤ ${l.max}`)
        .join(', ')}`,
    );
  });

  it('nodes(ids:) takes at most 100 ids, in the document or in variables, refused before anything runs', async () => {
    const literal = (n: number) =>
      `{ nodes(ids: [${ids(n)
        .map((id) => `"${id}"`)
        .join(', ')}]) { id } }`;
    const variables = `query($ids: [ID!]!) { nodes(ids: $ids) { id } }`;
    expect((await gql(literal(100))).data.nodes).toHaveLength(100);
    expect((await gql(variables, { ids: ids(100) })).data.nodes).toHaveLength(100);
    refusedBeforeRunning(await gql(literal(101)), 'At most 100 ids at once');
    refusedBeforeRunning(await gql(variables, { ids: ids(101) }), 'At most 100 ids at once');
    // The attack: 14,000 ids in 1 MB of variables.
    const started = performance.now();
    refusedBeforeRunning(await gql(variables, { ids: ids(14_000) }), 'At most 100 ids at once');
    console.log(`list arguments: nodes(ids:) with 14,000 ids in variables refused in ${Math.round(performance.now() - started)} ms`);
  });

  it("every other list is refused past its cap the same way, with its input's own message", async () => {
    const over = (coordinate: string) => LIST_LIMITS[coordinate]!.max + 1;
    const transactionIds = ids(over('DeleteTransactionsInput.ids'));
    refusedBeforeRunning(
      await gql(`mutation($ids: [ID!]) { deleteTransactions(input: { ids: $ids }) { count } }`, { ids: transactionIds }),
      LIST_LIMITS['DeleteTransactionsInput.ids']!.message,
    );
    refusedBeforeRunning(
      await gql(`mutation($input: UpdateTransactionsInput!) { updateTransactions(input: $input) { count } }`, {
        input: { ids: transactionIds, categoryId: null },
      }),
      LIST_LIMITS['UpdateTransactionsInput.ids']!.message,
    );
    const allocations = Array.from({ length: over('UpdateBudgetAllocationsInput.allocations') }, (_, i) => ({
      id: encodeGlobalID('BudgetCategory', `c${i}`),
      allocatedAmount: '1',
      allocatedPercentage: 1,
    }));
    refusedBeforeRunning(
      await gql(
        `mutation($a: [BudgetAllocationInput!]!) { updateBudgetAllocations(input: { allocations: $a }) { budgetCategories { id } } }`,
        {
          a: allocations,
        },
      ),
      LIST_LIMITS['UpdateBudgetAllocationsInput.allocations']!.message,
    );
    const rows = Array.from({ length: over('CommitImportInput.rows') }, (_, index) => ({ index, include: false }));
    refusedBeforeRunning(
      await gql(`mutation($input: CommitImportInput!) { commitImport(input: $input) { viewer { id } } }`, {
        input: { fileName: 'a.csv', content: 'Date,Amount\n', rows },
      }),
      LIST_LIMITS['CommitImportInput.rows']!.message,
    );
    // A lone value where a list is expected counts as a list of one (GraphQL's input coercion).
    const one = await gql(`mutation($ids: [ID!]) { deleteTransactions(input: { ids: $ids }) { count } }`, {
      ids: transactionIds[0],
    });
    expect(one.errors?.[0]?.extensions?.code).not.toBe('BAD_USER_INPUT');
  });

  it('count in the cost: a list of ids multiplies what is asked of each, as first: does, in the document or in variables', async () => {
    const heavy = `activity(first: 200) { edges { node { id amount change balanceAfter date description notes } } }`;
    const viaVariables = `query($ids: [ID!]!) { nodes(ids: $ids) { ... on Account { ${heavy} } } }`;
    const res = await gql(viaVariables, { ids: ids(100) });
    expect(res.data).toBeUndefined();
    expect(res.errors?.[0]?.message).toMatch(/^Query cost limit of 20000 exceeded, found \d+\.$/);
    // first: from a variable counts as a literal one does.
    const pages = `query($n: Int) { viewer { ${Array.from({ length: 10 }, (_, i) => `t${i}: transactions(first: $n) { edges { node { id amount description date } } }`).join(' ')} } }`;
    expect((await gql(pages, { n: 10 })).errors).toBeUndefined();
    expect((await gql(pages, { n: 500 })).errors?.[0]?.message).toMatch(/cost limit/);
    expect((await gql(`query($ids: [ID!]!) { nodes(ids: $ids) { id } }`, { ids: ids(3) })).errors).toBeUndefined();
  });
});

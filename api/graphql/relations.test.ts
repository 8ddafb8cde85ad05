import { describe, expect, it } from 'vitest';
import type { PrismaClient } from '../generated/prisma/client.ts';
import { graphqlAs } from '../test/graphql-client.ts';
import { useModuleHarness } from '../test/module-harness.ts';

const h = useModuleHarness();
const LIST = `query($first: Int!) { viewer { transactions(first: $first) { totalCount edges { node { description category { name } account { name } } } } } }`;

/** A GraphQL client for a new user whose Prisma client records each operation (model.operation) it runs. */
async function countingUser() {
  const operations: string[] = [];
  const prisma = h.db.prisma.$extends({
    query: {
      $allOperations({ model, operation, args, query }) {
        operations.push(model ? `${model}.${operation}` : operation);
        return query(args);
      },
    },
  }) as unknown as PrismaClient;
  const { viewer } = await h.user();
  const gql = graphqlAs({ ...h.db, prisma }, { ...viewer, prisma });
  return { viewer, operations, gql };
}

describe('relations through the Prisma plugin', () => {
  it("loads a page of transactions with their categories and accounts in the page's own statement, however long the page", async () => {
    const { viewer, operations, gql } = await countingUser();
    const names = ['Food', 'Rent', 'Fun'];
    const categories = await Promise.all(
      names.map((name) => h.db.prisma.budgetCategory.create({ data: { userId: viewer.id, name, type: 'expenses' } })),
    );
    const account = await h.db.prisma.account.create({ data: { userId: viewer.id, name: 'Wallet', type: 'cash' } });
    const categoryOf = (i: number) => (i % 4 === 0 ? null : i % 3);
    const accountOf = (i: number) => (i % 2 === 0 ? { name: 'Wallet' } : null);
    await h.db.prisma.transaction.createMany({
      data: Array.from({ length: 300 }, (_, i) => ({
        userId: viewer.id,
        amount: '1.00',
        description: `t${i}`,
        date: new Date(Date.UTC(2026, 0, 1)),
        categoryId: categoryOf(i) === null ? null : categories[categoryOf(i)!]!.id,
        accountId: accountOf(i) && account.id,
      })),
    });

    const run = async (first: number) => {
      operations.length = 0;
      const res = await gql(LIST, { first });
      // totalCount's summary (count and sum, by kind: kept totals when unfiltered) is memoized per user between changes: only the reads of the page matter here.
      const reads = operations.filter((o) => o !== 'Transaction.groupBy' && o !== 'TransactionTotal.findMany').sort();
      type Node = { description: string; category: { name: string } | null; account: { name: string } | null };
      return { edges: res.data.viewer.transactions.edges as { node: Node }[], reads };
    };
    const page = await run(200);
    expect(page.edges).toHaveLength(200);
    for (const { node } of page.edges) {
      const i = Number(node.description.slice(1));
      expect(node.category).toEqual(categoryOf(i) === null ? null : { name: names[categoryOf(i)!] });
      expect(node.account).toEqual(accountOf(i));
    }
    // The page, its categories and accounts included, in one statement (transaction-page.ts): no
    // query per row, per category or per account, none for the viewer.
    expect(page.reads).toEqual(['$queryRaw']);
    expect((await run(10)).reads).toEqual(page.reads);
  });

  it("reads the viewer's row only for the columns a query selects", async () => {
    const { viewer, operations, gql } = await countingUser();
    expect((await gql('{ viewer { id __typename } }')).data.viewer.__typename).toBe('User');
    expect(operations).toEqual([]);
    const res = await gql('{ viewer { email displayName initials } }');
    expect(res.data.viewer).toEqual({ email: `${viewer.id}@example.com`, displayName: 'Test User', initials: 'TU' });
    expect(operations).toEqual(['User.findUniqueOrThrow']);
  });

  it("answers a bill's and a dashboard transaction's category, and null once the category is deleted", async () => {
    const { viewer, operations, gql } = await countingUser();
    const food = await h.db.prisma.budgetCategory.create({ data: { userId: viewer.id, name: 'Food', type: 'expenses' } });
    const rent = await h.db.prisma.budgetCategory.create({ data: { userId: viewer.id, name: 'Rent', type: 'bills' } });
    await h.db.prisma.transaction.create({
      data: { userId: viewer.id, amount: '2.00', description: 'lunch', date: new Date(), categoryId: food.id },
    });
    await h.db.prisma.recurringBill.create({
      data: {
        userId: viewer.id,
        name: 'Flat',
        amount: '900.00',
        frequency: 'monthly',
        dueDay: 1,
        nextDueDate: new Date(),
        categoryId: rent.id,
      },
    });
    const QUERY = `{ viewer {
      dashboard { recentTransactions { category { name } } }
      recurringBills(first: 5) { edges { node { category { name } } } }
    } }`;
    expect((await gql(QUERY)).data.viewer).toEqual({
      dashboard: { recentTransactions: [{ category: { name: 'Food' } }] },
      recurringBills: { edges: [{ node: { category: { name: 'Rent' } } }] },
    });
    // The Dashboard is two statements: the month's totals, then its latest transactions with their
    // category and account (none of their own).
    operations.length = 0;
    await gql('{ viewer { dashboard { totalSpent recentTransactions { category { name } account { name } } } } }');
    expect(operations).toEqual(['$queryRaw', '$queryRaw']);
    await h.db.prisma.budgetCategory.deleteMany({ where: { userId: viewer.id } });
    expect((await gql(QUERY)).data.viewer).toEqual({
      dashboard: { recentTransactions: [{ category: null }] },
      recurringBills: { edges: [{ node: { category: null } }] },
    });
  });
});

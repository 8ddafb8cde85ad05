// The benchmark's HTTP scenarios (docs/performance.md#scenarios) over one signed-in client: what
// `npm run bench` measures (bench/run.ts), and bench/million.ts compares across two dataset sizes.
import { trustedDocumentId } from '../api/graphql/trusted-documents.ts';

/** A scenario: its name, the request it repeats, and at most how many of them (the full reads). */
export type Scenario = [string, () => Promise<Response>, number?];

/** The query a screen of the web app sends: its id, as the Relay compiler persisted it (at install). */
function screenQuery(name: string) {
  return { id: trustedDocumentId(name) };
}

/** GraphQL requests of one signed-in user; `fresh` makes every answer computed afresh (Cache-Control: no-cache), not from the response cache. */
export function benchClient(base: string, cookie: string) {
  const headers = { 'content-type': 'application/json', 'x-graphql-yoga-csrf': '1', cookie, 'x-time-zone': 'America/New_York' };
  const client = {
    base,
    cookie,
    fresh: false,
    gql:
      (query: string | { id: string }, variables: Record<string, unknown> = {}) =>
      () =>
        fetch(`${base}/graphql`, {
          method: 'POST',
          headers: client.fresh ? { ...headers, 'cache-control': 'no-cache' } : headers,
          // A screen's query as the web app sends it (by id), or a document of the benchmark's own.
          body: JSON.stringify(
            typeof query === 'string'
              ? { query, variables }
              : { variables, extensions: { persistedQuery: { version: 1, sha256Hash: query.id } } },
          ),
        }),
    async once(query: string, variables: Record<string, unknown> = {}) {
      const body = (await (await client.gql(query, variables)()).json()) as { data?: any; errors?: unknown };
      if (body.errors) throw new Error(JSON.stringify(body.errors));
      return body.data;
    },
  };
  return client;
}

/** The scenarios, their cursors and ids read first (page 50's cursor, a category, the default account). */
export async function scenarioList(client: ReturnType<typeof benchClient>): Promise<Scenario[]> {
  const { gql, base, cookie } = client;
  const gqlOnce = client.once;
  // A page of what a filter finds, with the count and sum the Transactions screen shows over it.
  const FOUND = `query($filter: TransactionFilter) { viewer { transactionSummary(filter: $filter) { count total } transactions(first: 50, filter: $filter) { edges { node { id description date amount category { name } } } } } }`;
  const yearAgo = new Date(Date.now() - 365 * 86_400_000).toISOString().slice(0, 10);
  const PAGE = `query($after: String, $filter: TransactionFilter) { viewer { transactions(first: 50, after: $after, filter: $filter) { totalCount pageInfo { endCursor hasNextPage } edges { node { id description date amount category { name } } } } } }`;
  let cursor: string | null = null;
  for (let page = 1; page < 50; page++) cursor = (await gqlOnce(PAGE, { after: cursor })).viewer.transactions.pageInfo.endCursor;
  const categoryId = (await gqlOnce(`{ viewer { budgetCategories(first: 1) { edges { node { id } } } } }`)).viewer.budgetCategories.edges[0]
    .node.id;
  // The default (checking) account holds most of the activity: ~55% of the transactions, the paychecks, every transfer.
  const accountId = (await gqlOnce(`{ viewer { allAccounts { id } } }`)).viewer.allAccounts[0].id;
  const ACTIVITY = `query($id: ID!, $after: String) { node(id: $id) { ... on Account { balance activity(first: 50, after: $after) { pageInfo { endCursor } edges { node { kind amount balanceAfter date description } } } } } }`;
  let activityCursor: string | null = null;
  for (let page = 1; page < 50; page++)
    activityCursor = (await gqlOnce(ACTIVITY, { id: accountId, after: activityCursor })).node.activity.pageInfo.endCursor;

  const scenarios: Scenario[] = [
    [
      'dashboard',
      gql(`{ viewer { dashboard { totalIncome totalSpent remaining savingsRate recentTransactions { id description date amount } } } }`),
    ],
    ['Dashboard screen (every card)', gql(screenQuery('DashboardPageQuery'))],
    ['transactions page 1 (50)', gql(PAGE)],
    ['transactions page 50 (cursor)', gql(PAGE, { after: cursor })],
    ['transactions by category', gql(PAGE, { filter: { categoryId } })],
    ['transactions search "whole foods" + sum', gql(FOUND, { filter: { q: 'whole foods' } })],
    ['transactions search "coffee" + sum', gql(FOUND, { filter: { q: 'coffee' } })],
    ['filtered page (year, ≥ $50, category) + sum', gql(FOUND, { filter: { from: yearAgo, minAmount: '50', categoryId } })],
    ['account activity page 1 (50)', gql(ACTIVITY, { id: accountId })],
    ['account activity page 50 (cursor)', gql(ACTIVITY, { id: accountId, after: activityCursor })],
    [
      'budget month',
      gql(
        `{ viewer { budgetMonth { month firstMonth income readyToAssign assigned available spent categories { categoryId name assigned assignedSet carried spent available percentUsed status planKind targetNeeded underfunded } } } }`,
      ),
    ],
    [
      'yearly report',
      gql(
        `{ viewer { report(period: YEAR) { totalIncome totalSpent transactionCount netSavings savingsRate spendingByCategory { name amount } budgetVsActual { allocated spent overBudget } } } }`,
      ),
    ],
    ['12-month trend', gql(`{ viewer { trend(months: 12) { month income spending } } }`)],
    // Every account's month ends over ten years, from the ledger in one statement (docs/performance.md).
    ['ten years of net worth history', gql(`{ viewer { netWorthHistory(months: 120) { month total accounts { balance } } } }`)],
    ['Reports screen, previous month', gql(screenQuery('ReportsPageQuery'), { period: 'MONTH', offset: -1 })],
    [
      'category suggestion',
      gql(`query($d: String!) { viewer { categorySuggestion(description: $d) { name } } }`, { d: 'whole foods market run' }),
    ],
    [
      'upcoming bills',
      gql(`{ viewer { upcomingBills(first: 5) { totalCount edges { node { name amount nextDueDate daysUntilDue } } } } }`),
    ],
    ['GET /api/transactions (all)', () => fetch(`${base}/api/transactions`, { headers: { cookie } }), 20],
  ];
  return scenarios;
}

import {
  getNamedType,
  isEnumType,
  isInputObjectType,
  isListType,
  isNonNullType,
  isScalarType,
  type GraphQLArgument,
  type GraphQLField,
  type GraphQLInputType,
} from 'graphql';
import type { Express, Router } from 'express';
import { schema } from '../graphql/schema.ts';
import type { HttpClient } from '../test/sign-in.ts';

/** A marker in every text of user A's data: a response that contains it leaked A's data. */
export const SECRET = 'A-SECRET';

type GraphQLCall = (query: string, variables?: Record<string, unknown>) => Promise<{ data?: any; errors?: unknown }>;

/** Tells apart the names that must be unique (a user's category names) across calls. */
let made = 0;

/** One of every entity for a user (in the budget the client acts on), created through the API; returns their global and raw ids. */
export async function createOneOfEverything(client: HttpClient | GraphQLCall) {
  const n = ++made;
  const call: GraphQLCall = typeof client === 'function' ? client : (q, v) => client.graphql(q, v);
  const run = async (query: string, variables: Record<string, unknown> = {}) => {
    const res = await call(query, variables);
    if (res.errors) throw new Error(JSON.stringify(res.errors));
    return res.data;
  };
  const account = (
    await run(
      `mutation { createAccount(input: { name: "${SECRET} account", type: checking, balance: "10.00", notes: "${SECRET}" }) { account { id } } }`,
    )
  ).createAccount.account.id;
  const savings = (
    await run(`mutation { createAccount(input: { name: "${SECRET} savings", type: savings, notes: "${SECRET}" }) { account { id } } }`)
  ).createAccount.account.id;
  const paycheck = (
    await run(
      `mutation($a: ID) { addPaycheck(input: { amount: "100.00", date: "2026-01-01", notes: "${SECRET}", accountId: $a }) { paycheck { id } } }`,
      { a: account },
    )
  ).addPaycheck.paycheck.id;
  const category = (
    await run(`mutation { addBudgetCategory(input: { name: "${SECRET} category ${n}", type: bills }) { budgetCategory { id } } }`)
  ).addBudgetCategory.budgetCategory.id;
  const added = (
    await run(
      `mutation($c: ID, $a: ID) { addTransaction(input: { amount: "5.00", description: "${SECRET} coffee", date: "2026-01-02", categoryId: $c, accountId: $a, payee: "${SECRET} payee" }) { transaction { id payee { id } } } }`,
      { c: category, a: account },
    )
  ).addTransaction.transaction;
  const transaction = added.id;
  const payee = added.payee.id;
  // A rule of Alice's naming her category and account (docs/product.md#rules).
  const rule = (
    await run(
      `mutation($c: ID!, $a: [String!]!) { createRule(input: { conditions: [{ field: PAYEE, op: CONTAINS, value: ["${SECRET}"] }, { field: ACCOUNT_ID, op: IS, value: $a }],
        actions: { categoryId: $c, notes: "${SECRET}" } }) { rule { id } } }`,
      { c: category, a: [account] },
    )
  ).createRule.rule.id;
  // A month's own assigned amount of Alice's (budget_assignments), which nothing of Bob's may read or change.
  await run(`mutation($c: ID!) { setAssigned(input: { month: "2026-01", categoryId: $c, assigned: "42.00" }) { budgetMonth { month } } }`, {
    c: category,
  });
  // A refund split across the category and none (docs/product.md#refunds-and-splits): its lines are the user's rows too.
  await run(
    `mutation($c: ID) { addTransaction(input: { amount: "4.00", description: "${SECRET} returned", date: "2026-01-02", kind: REFUND,
      splits: [{ categoryId: $c, amount: "3.00", notes: "${SECRET}" }, { amount: "1.00" }] }) { transaction { id } } }`,
    { c: category },
  );
  const bill = (
    await run(
      `mutation($c: ID) { addRecurringBill(input: { name: "${SECRET} bill", amount: "20.00", frequency: monthly, dueDay: 3, nextDueDate: "2026-02-03", categoryId: $c }) { recurringBill { id } } }`,
      { c: category },
    )
  ).addRecurringBill.recurringBill.id;
  const payment = (
    await run(
      `mutation($b: ID!) { recordBillPayment(input: { recurringBillId: $b, amount: "20.00", paidDate: "2026-01-03", notes: "${SECRET}" }) { billPayment { id } } }`,
      { b: bill },
    )
  ).recordBillPayment.billPayment.id;
  const goal = (
    await run(
      `mutation { createSavingsGoal(input: { name: "${SECRET} goal", targetAmount: "1000.00", notes: "${SECRET}" }) { savingsGoal { id } } }`,
    )
  ).createSavingsGoal.savingsGoal.id;
  const contribution = (
    await run(
      `mutation($g: ID!) { addGoalContribution(input: { goalId: $g, amount: "1.00", contributionDate: "2026-01-04" }) { contribution { id } } }`,
      { g: goal },
    )
  ).addGoalContribution.contribution.id;
  const transfer = (
    await run(
      `mutation($from: ID!, $to: ID!) { addTransfer(input: { fromAccountId: $from, toAccountId: $to, amount: "3.00", date: "2026-01-05", notes: "${SECRET}" }) { transfer { id } } }`,
      { from: account, to: savings },
    )
  ).addTransfer.transfer.id;
  const schedule = (
    await run(
      `mutation($a: ID!, $c: ID!) { addSchedule(input: { kind: expense, amount: "4.00", payee: "${SECRET}", accountId: $a, categoryId: $c, frequency: monthly, startDate: "2026-01-08" }) { schedule { id } } }`,
      { a: account, c: category },
    )
  ).addSchedule.schedule.id;
  // Its first occurrence skipped: a handled occurrence, and nothing posted that would change the other rows.
  await run(`mutation($s: ID!) { skipScheduleOccurrence(input: { id: $s, date: "2026-01-08" }) { schedule { id } } }`, { s: schedule });
  const imported = (
    await run(`mutation($input: CommitImportInput!) { commitImport(input: $input) { import { id } } }`, {
      input: {
        fileName: `${SECRET}.csv`,
        content: `Date,Description,Amount\n2026-01-06,${SECRET} imported,-7.00\n2026-01-07,${SECRET} refund,2.00\n`,
        accountId: account,
      },
    })
  ).commitImport.import.id;
  const apiToken = (await run(`mutation { createApiToken(input: { name: "${SECRET} token", access: read }) { apiToken { id } } }`))
    .createApiToken.apiToken.id;
  const { id: user, currentBudget } = (await run(`{ viewer { id currentBudget { id activity(first: 1) { edges { node { id } } } } } }`))
    .viewer;
  const globalIds = {
    user,
    // The budget all of it is in (a personal budget's raw id is its user's), and an entry of its activity log.
    budget: currentBudget.id as string,
    activity: currentBudget.activity.edges[0].node.id as string,
    account,
    savings,
    paycheck,
    category,
    transaction,
    bill,
    payment,
    goal,
    contribution,
    transfer,
    schedule,
    payee,
    rule,
    import: imported,
    apiToken,
  };
  const rawIds = Object.fromEntries(
    Object.entries(globalIds).map(([k, v]) => [
      k,
      Buffer.from(v as string, 'base64')
        .toString()
        .split(':')
        .slice(1)
        .join(':'),
    ]),
  ) as Record<keyof typeof globalIds, string>;
  return { globalIds, rawIds };
}

let names = 0;

/** A valid sample value for an input type, with `id` wherever an ID goes. */
export function sampleValue(type: GraphQLInputType, id: string, depth = 0, field = ''): unknown {
  if (isNonNullType(type)) return sampleValue(type.ofType, id, depth, field);
  if (isListType(type)) return [sampleValue(type.ofType, id, depth, field)];
  const named = getNamedType(type);
  if (isEnumType(named)) return named.getValues()[0]!.value;
  if (isInputObjectType(named)) {
    if (depth > 3) return undefined;
    return Object.fromEntries(Object.values(named.getFields()).map((f) => [f.name, sampleValue(f.type, id, depth + 1, f.name)]));
  }
  if (isScalarType(named)) {
    return {
      ID: id,
      // A name each time another: a name a user may have once (a category's) is taken by the first call.
      String: field === 'name' ? `sample ${++names}` : field === 'month' ? '2026-01' : 'sample',
      Int: 1,
      Float: 1,
      Boolean: true,
      Money: '1.00',
      Date: '2026-01-01',
      DateTime: '2026-01-01T00:00:00Z',
    }[named.name];
  }
  return undefined;
}

/** A document calling a root field with its arguments as variables and a selection of its result. */
export function operationFor(kind: 'query' | 'mutation', field: GraphQLField<unknown, unknown>, id: string) {
  const args = field.args as readonly GraphQLArgument[];
  const defs = args.map((a) => `$${a.name}: ${a.type.toString()}`).join(', ');
  const call = args.map((a) => `${a.name}: $${a.name}`).join(', ');
  const variables = Object.fromEntries(args.map((a) => [a.name, sampleValue(a.type, id)]));
  const selection = isScalarType(getNamedType(field.type)) || isEnumType(getNamedType(field.type)) ? '' : '{ __typename }';
  const text = `${kind}${defs ? `(${defs})` : ''} { ${field.name}${call ? `(${call})` : ''} ${selection} }`;
  return { text, variables };
}

export function rootFields(kind: 'query' | 'mutation') {
  const type = kind === 'query' ? schema.getQueryType() : schema.getMutationType();
  return Object.values(type!.getFields());
}

/** Every field of the User type (the viewer's data) that takes arguments, with sample arguments. */
export function viewerFieldsWithArgs() {
  const user = schema.getType('User') as import('graphql').GraphQLObjectType;
  return Object.values(user.getFields()).filter((f) => f.args.length > 0);
}

/** Every REST route the app mounts under /api, read from Express's router. */
export function restRoutes(app: Express): { method: string; path: string }[] {
  const found: { method: string; path: string }[] = [];
  const walk = (stack: Router['stack'], prefix: string) => {
    for (const layer of stack) {
      const route = (layer as { route?: { path: string; methods: Record<string, boolean> } }).route;
      if (route) {
        for (const method of Object.keys(route.methods)) found.push({ method: method.toUpperCase(), path: prefix + route.path });
      } else if ((layer as { handle?: { stack?: Router['stack'] } }).handle?.stack) {
        // A mounted router: its mount path is the layer's raw path ('/' for routers mounted at the root).
        const mount = (layer as unknown as { rawPath?: string }).rawPath;
        const sub = typeof mount === 'string' && mount !== '/' ? mount : '';
        walk((layer as unknown as { handle: { stack: Router['stack'] } }).handle.stack, prefix + sub);
      }
    }
  };
  walk((app as unknown as { router: { stack: Router['stack'] } }).router.stack, '');
  return found.filter((r) => r.path.startsWith('/api'));
}
